//! The usual JSON pair line read in one pass over its bytes: objects with the documented keys,
//! arrays of plain numbers, an `id` that is a number, a string without escapes, `true`, `false`
//! or `null`. Anything else (escapes, an unknown or repeated key, a bad number, any error) is
//! left to `serde_json`, so that every line the fast path accepts reads exactly as `serde_json`
//! reads it, and every message comes from one place.

use super::input::{identity_rotation, BoxNumbers, PairId, PairInput};

/// The pair on JSON line `number` when the line has the usual shape and no error; `None` sends
/// the line to `serde_json`.
pub(crate) fn parse_usual(line: &[u8], number: u64) -> Option<PairInput<'_>> {
    let mut cursor = Cursor { bytes: line, at: 0 };
    let (mut id, mut a, mut b, mut horizon) = (None, None, None, None);
    let mut seen = [false; 4];
    cursor.object(|cursor, key| {
        let slot = ["id", "a", "b", "horizon"].iter().position(|&k| k == key)?;
        if std::mem::replace(&mut seen[slot], true) {
            return None;
        }
        match slot {
            0 => id = Some(cursor.id(number)?),
            1 => a = Some(cursor.box_numbers()?),
            2 => b = Some(cursor.box_numbers()?),
            _ if cursor.null() => horizon = None,
            _ => horizon = Some(cursor.number()?),
        }
        Some(())
    })?;
    cursor.space();
    if cursor.at != cursor.bytes.len() {
        return None;
    }
    let horizon = match horizon {
        Some((value, _)) if value >= 0.0 => Some(value),
        Some(_) => return None,
        None => None,
    };
    Some(PairInput {
        id: id.unwrap_or(PairId::Line(number)),
        a: a?.check("a").ok()?,
        b: b?.check("b").ok()?,
        horizon,
    })
}

/// A position in a line's bytes.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// Skips JSON white space.
    fn space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// Takes `byte` after white space.
    fn expect(&mut self, byte: u8) -> Option<()> {
        self.space();
        (self.peek() == Some(byte)).then(|| self.at += 1)
    }

    /// Takes `word` (`true`, `null`, ...).
    fn word(&mut self, word: &[u8]) -> Option<()> {
        self.bytes[self.at..]
            .starts_with(word)
            .then(|| self.at += word.len())
    }

    /// A string without escapes or control characters, without its quotes.
    fn plain_string(&mut self) -> Option<&'a str> {
        self.expect(b'"')?;
        let start = self.at;
        let length = self.bytes[start..]
            .iter()
            .position(|&b| b == b'"' || b == b'\\' || b < 0x20)?;
        self.at = start + length;
        self.expect(b'"')?;
        std::str::from_utf8(&self.bytes[start..start + length]).ok()
    }

    /// An object: `member` reads the value of each key, returning `None` to give up.
    fn object(&mut self, mut member: impl FnMut(&mut Self, &str) -> Option<()>) -> Option<()> {
        self.expect(b'{')?;
        self.space();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Some(());
        }
        loop {
            let key = self.plain_string()?;
            self.expect(b':')?;
            self.space();
            member(self, key)?;
            self.space();
            match self.peek()? {
                b',' => self.at += 1,
                b'}' => {
                    self.at += 1;
                    return Some(());
                }
                _ => return None,
            }
            self.space();
        }
    }

    /// Takes `null` if it comes next.
    fn null(&mut self) -> bool {
        self.space();
        self.word(b"null").is_some()
    }

    /// A finite JSON number and its 1-based column.
    fn number(&mut self) -> Option<(f64, usize)> {
        self.space();
        let start = self.at;
        let digits = |cursor: &mut Self| {
            let first = cursor.at;
            while cursor.peek().is_some_and(|b| b.is_ascii_digit()) {
                cursor.at += 1;
            }
            cursor.at > first
        };
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        if self.peek() == Some(b'0') {
            self.at += 1;
        } else if !digits(self) {
            return None;
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            digits(self).then_some(())?;
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            digits(self).then_some(())?;
        }
        let value: f64 = fast_float2::parse(&self.bytes[start..self.at]).ok()?;
        value.is_finite().then_some((value, start + 1))
    }

    /// An array of exactly `N` numbers.
    fn numbers<const N: usize>(&mut self) -> Option<[(f64, usize); N]> {
        self.expect(b'[')?;
        let mut out = [(0.0, 0); N];
        for (k, slot) in out.iter_mut().enumerate() {
            if k > 0 {
                self.expect(b',')?;
            }
            *slot = self.number()?;
        }
        self.expect(b']')?;
        Some(out)
    }

    /// A box object.
    fn box_numbers(&mut self) -> Option<BoxNumbers> {
        let (mut center, mut rotation, mut half_extents, mut velocity) = (None, None, None, None);
        let mut seen = [false; 4];
        self.object(|cursor, key| {
            let keys = ["center", "rotation", "half_extents", "velocity"];
            let slot = keys.iter().position(|&k| k == key)?;
            if std::mem::replace(&mut seen[slot], true) {
                return None;
            }
            match slot {
                0 => center = Some(cursor.numbers()?),
                1 => rotation = Some(cursor.numbers()?),
                2 => half_extents = Some(cursor.numbers()?),
                _ if cursor.null() => velocity = None,
                _ => velocity = Some(cursor.numbers()?),
            }
            Some(())
        })?;
        let center: [(f64, usize); 3] = center?;
        Some(BoxNumbers {
            center,
            rotation: rotation.unwrap_or_else(|| identity_rotation(center[0].1)),
            half_extents: half_extents?,
            velocity,
        })
    }

    /// An `id` that is a number, a plain string, `true` or `false`, or `null` (then the line's
    /// `number`).
    fn id(&mut self, number: u64) -> Option<PairId<'a>> {
        let start = self.at;
        match self.peek()? {
            b'"' => {
                self.plain_string()?;
            }
            b't' => self.word(b"true")?,
            b'f' => self.word(b"false")?,
            b'n' => {
                self.word(b"null")?;
                return Some(PairId::Line(number));
            }
            _ => {
                self.number()?;
            }
        }
        let text = std::str::from_utf8(&self.bytes[start..self.at]).ok()?;
        serde_json::from_str(text).ok().map(PairId::Given)
    }
}

#[cfg(test)]
#[path = "json_fast_tests.rs"]
mod tests;
