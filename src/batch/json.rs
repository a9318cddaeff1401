//! A pair written as one JSON object:
//! `{"id": .., "a": {"center", "rotation", "half_extents", "velocity"?}, "b": {..}, "horizon"?}`.
//!
//! `serde_json` reads the structure and checks the syntax; each number is kept as the text it was
//! written as and parsed with correct rounding (`serde_json`'s default fast float parsing is off by
//! one unit in the last place on about one shortest-written number in ten, and `explain` of the
//! same pair written as a scene reads the numbers exactly). Usual lines take a faster path that
//! reads them the same way in one pass ([`super::json_fast`]).

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;

use super::input::{
    check_horizon, finite, identity_rotation, BoxNumbers, LineError, PairId, PairInput,
};
use super::json_fast::parse_usual;

#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a pair object with boxes `a` and `b`"
)]
struct Line<'a> {
    #[serde(borrow, default)]
    id: Option<&'a RawValue>,
    #[serde(borrow)]
    a: BoxFields<'a>,
    #[serde(borrow)]
    b: BoxFields<'a>,
    #[serde(borrow, default)]
    horizon: Option<&'a RawValue>,
}

#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a box object with `center`, `half_extents` and maybe `rotation` and `velocity`"
)]
struct BoxFields<'a> {
    #[serde(borrow)]
    center: Numbers<'a, 3>,
    #[serde(borrow, default)]
    rotation: Option<Numbers<'a, 4>>,
    #[serde(borrow)]
    half_extents: Numbers<'a, 3>,
    #[serde(borrow, default)]
    velocity: Option<Numbers<'a, 3>>,
}

/// The words of a wrong-length array's message, before `N numbers, found n`; the field's name
/// is put before them where the line is read ([`syntax_error`]).
const WRONG_LENGTH: &str = "must be an array of ";

/// An array of exactly `N` values, each kept as written; a wrong length is reported as such
/// (serde's own arrays call an extra element "trailing characters").
struct Numbers<'a, const N: usize>([&'a RawValue; N]);

impl<'de: 'a, 'a, const N: usize> Deserialize<'de> for Numbers<'a, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(NumbersVisitor::<N>(PhantomData))
    }
}

struct NumbersVisitor<'a, const N: usize>(PhantomData<&'a ()>);

impl<'de: 'a, 'a, const N: usize> Visitor<'de> for NumbersVisitor<'a, N> {
    type Value = Numbers<'a, N>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "an array of {N} numbers")
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
        let mut values: [Option<&'a RawValue>; N] = [None; N];
        let mut count = 0;
        while let Some(value) = seq.next_element::<&'a RawValue>()? {
            if let Some(slot) = values.get_mut(count) {
                *slot = Some(value);
            }
            count += 1;
        }
        match values[0] {
            // With `N` values every slot is filled.
            Some(first) if count == N => Ok(Numbers(values.map(|v| v.unwrap_or(first)))),
            _ => Err(de::Error::custom(format!(
                "{WRONG_LENGTH}{N} numbers, found {count}"
            ))),
        }
    }
}

/// The pair on JSON line `number` (its text without the line break).
///
/// # Algorithm
/// A line of the usual shape is read in one pass over its bytes ([`parse_usual`]); any other
/// line, and every line with an error, is read by `serde_json`, whose messages locate the error.
pub fn parse_json_line(line: &str, number: u64) -> Result<PairInput<'_>, LineError> {
    match parse_usual(line.as_bytes(), number) {
        Some(pair) => Ok(pair),
        None => parse_with_serde(line, number),
    }
}

/// The pair on JSON line `number`, read by `serde_json`.
pub(crate) fn parse_with_serde(line: &str, number: u64) -> Result<PairInput<'_>, LineError> {
    let parsed: Line = serde_json::from_str(line).map_err(|e| syntax_error(line, &e))?;
    let a = box_numbers(line, &parsed.a, "a")?.check("a")?;
    let b = box_numbers(line, &parsed.b, "b")?.check("b")?;
    let horizon = match parsed.horizon {
        Some(raw) => {
            let column = column_of(line, raw);
            let value = number_of(line, raw, &|| "the horizon".to_string())?;
            Some(check_horizon(value, column)?)
        }
        None => None,
    };
    Ok(PairInput {
        id: parsed.id.map_or(PairId::Line(number), PairId::Given),
        a,
        b,
        horizon,
    })
}

/// `serde_json`'s message without its location, at its column; a wrong-length array is named
/// as a scene names it (`` `a.center` must be an array of 3 numbers, found 2 ``).
fn syntax_error(line: &str, error: &serde_json::Error) -> LineError {
    let message = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    let message = message.strip_suffix(&suffix).unwrap_or(&message);
    let message = if message.starts_with(WRONG_LENGTH) {
        match field_before(line, error.column()) {
            Some(field) => format!("`{field}` {message}"),
            None => format!("the array {message}"),
        }
    } else if error.is_data() {
        message.to_string()
    } else {
        format!("not a JSON object: {message}")
    };
    LineError::new(error.column().max(1), message)
}

/// The field whose value ends at 1-based `column` of `line`, as `a.center`: the last quoted key
/// before it, and the box (`a` or `b`) whose object holds it.
fn field_before(line: &str, column: usize) -> Option<String> {
    let before = line.get(..column.min(line.len()))?;
    let keys: Vec<(usize, &str)> = before
        .match_indices('"')
        .collect::<Vec<_>>()
        .chunks_exact(2)
        .filter_map(|q| {
            let (open, close) = (q[0].0, q[1].0);
            let after = before[close + 1..].trim_start();
            after
                .starts_with(':')
                .then(|| (open, &before[open + 1..close]))
        })
        .collect();
    let &(_, key) = keys.last()?;
    let owner = keys
        .iter()
        .rev()
        .skip(1)
        .find(|(_, k)| *k == "a" || *k == "b")
        .map(|(_, k)| *k);
    Some(match owner {
        Some(owner) => format!("{owner}.{key}"),
        None => key.to_string(),
    })
}

/// The 1-based column where `raw` starts in `line`.
fn column_of(line: &str, raw: &RawValue) -> usize {
    raw.get().as_ptr() as usize - line.as_ptr() as usize + 1
}

/// The finite number `raw` holds, or an error naming `what`.
fn number_of(line: &str, raw: &RawValue, what: &dyn Fn() -> String) -> Result<f64, LineError> {
    let text = raw.get();
    let column = column_of(line, raw);
    if !text.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
        return Err(LineError::new(
            column,
            format!(
                "{} must be a number, found `{}`",
                what(),
                super::input::shown(text)
            ),
        ));
    }
    finite(text, what, column)
}

fn numbers<const N: usize>(
    line: &str,
    raws: &[&RawValue; N],
    name: &str,
    key: &str,
) -> Result<[(f64, usize); N], LineError> {
    let mut out = [(0.0, 0); N];
    for (k, raw) in raws.iter().enumerate() {
        out[k] = (
            number_of(line, raw, &|| format!("{name}.{key}[{k}]"))?,
            column_of(line, raw),
        );
    }
    Ok(out)
}

fn box_numbers(line: &str, raw: &BoxFields<'_>, name: &str) -> Result<BoxNumbers, LineError> {
    Ok(BoxNumbers {
        center: numbers(line, &raw.center.0, name, "center")?,
        rotation: match &raw.rotation {
            Some(r) => numbers(line, &r.0, name, "rotation")?,
            None => identity_rotation(column_of(line, raw.center.0[0])),
        },
        half_extents: numbers(line, &raw.half_extents.0, name, "half_extents")?,
        velocity: match &raw.velocity {
            Some(v) => Some(numbers(line, &v.0, name, "velocity")?),
            None => None,
        },
    })
}
