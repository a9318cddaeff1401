//! Numbers written in prose: finding the ones precise enough to be engine values, and telling
//! whether a value of the engine, rounded as written, gives them.

use std::ops::Range;

use super::model::Place;

/// The fewest significant digits a written number needs for the prose check to compare it.
pub const CHECKED_DIGITS: usize = 3;

/// A number as the author wrote it.
#[derive(Clone, Debug, PartialEq)]
pub struct Quoted {
    /// As written, sign included (`-0.112`, `1.6e17`).
    pub written: String,
    /// Its magnitude (the check ignores the sign).
    pub magnitude: f64,
    /// The power of ten of its last written digit (`-3` for `0.375`, `16` for `1.6e17`).
    pub last_digit: i32,
    /// Where it starts in the file.
    pub place: Place,
    /// Where it starts in the prose (bytes).
    pub offset: usize,
}

impl Quoted {
    /// Whether `value` rounded to the written number of digits gives the written number, up to
    /// one in the last digit, whatever the sign.
    pub fn matches(&self, value: f64) -> bool {
        if !value.is_finite() {
            return false;
        }
        let scale = 10f64.powi(-self.last_digit);
        let written = (self.magnitude * scale).round();
        let rounded = (value.abs() * scale).round();
        (written - rounded).abs() <= 1.0
    }
}

/// The numbers of `text` outside the `skipped` byte ranges with at least [`CHECKED_DIGITS`]
/// significant digits; `place_of` locates a byte of `text` in the file.
///
/// # Algorithm
/// A number is a run of digits with at most one decimal point and an optional exponent
/// (`1.6e17`), with a `-` just before it taken as its sign. Digits glued to a letter or `_`
/// before them belong to a name (`A1xB2`, `v_0`), and a run right after `§` or with two points
/// is a section number (`§11.1`, `2.2.3`): neither is a number. Leading zeros are never significant, trailing zeros of a
/// whole number neither (`100` has one significant digit, `1.00` three).
pub fn quoted(
    text: &str,
    skipped: &[Range<usize>],
    place_of: impl Fn(usize) -> Place,
) -> Vec<Quoted> {
    scan(text, skipped, CHECKED_DIGITS, place_of)
}

/// The magnitude of every number written in `text` (the numbers of a record's sentence).
pub fn magnitudes(text: &str) -> Vec<f64> {
    scan(text, &[], 1, |_| Place::default())
        .into_iter()
        .map(|q| q.magnitude)
        .collect()
}

/// The numbers of `text` outside `skipped` with at least `digits` significant digits.
fn scan(
    text: &str,
    skipped: &[Range<usize>],
    digits: usize,
    place_of: impl Fn(usize) -> Place,
) -> Vec<Quoted> {
    let bytes = text.as_bytes();
    let digit = |k: usize| bytes.get(k).is_some_and(u8::is_ascii_digit);
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if let Some(range) = skipped.iter().find(|r| r.contains(&at)) {
            at = range.end;
            continue;
        }
        let starts = digit(at) || (bytes[at] == b'.' && digit(at + 1));
        if !starts {
            at += 1;
            continue;
        }
        let glued = text[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.' || c == '§');
        let mut end = at;
        while digit(end) || bytes.get(end) == Some(&b'.') {
            end += 1;
        }
        while end > at && bytes[end - 1] == b'.' {
            end -= 1;
        }
        let mantissa = &text[at..end];
        let exponent_end = exponent(bytes, end);
        let next = end.max(exponent_end);
        if glued || mantissa.matches('.').count() > 1 {
            at = next.max(at + 1);
            continue;
        }
        let power: i32 = if exponent_end > end {
            text[end + 1..exponent_end].parse().unwrap_or(0)
        } else {
            0
        };
        let signed = at > 0 && bytes[at - 1] == b'-';
        let start = if signed { at - 1 } else { at };
        let decimals =
            i32::try_from(mantissa.split_once('.').map_or(0, |(_, d)| d.len())).unwrap_or(i32::MAX);
        if significant(mantissa) >= digits {
            out.push(Quoted {
                written: text[start..next].to_string(),
                magnitude: text[at..next].parse().unwrap_or(f64::NAN),
                last_digit: power - decimals,
                place: place_of(start),
                offset: start,
            });
        }
        at = next;
    }
    out
}

/// Where an exponent `e-3` after a mantissa ending at `end` ends (`end` when there is none).
pub(crate) fn exponent(bytes: &[u8], end: usize) -> usize {
    if !matches!(bytes.get(end), Some(b'e' | b'E')) {
        return end;
    }
    let mut k = end + 1;
    if matches!(bytes.get(k), Some(b'-' | b'+')) {
        k += 1;
    }
    let digits = bytes[k.min(bytes.len())..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    let after = bytes.get(k + digits);
    let clean = after.is_none_or(|b| !b.is_ascii_alphanumeric());
    if digits > 0 && clean {
        k + digits
    } else {
        end
    }
}

/// The significant digits of a number written in decimal (its exponent aside).
pub(crate) fn significant(written: &str) -> usize {
    let mantissa = written.split(['e', 'E']).next().unwrap_or(written);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let digits = digits.trim_start_matches('0');
    if mantissa.contains('.') {
        digits.len()
    } else {
        digits.trim_end_matches('0').len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<String> {
        quoted(text, &[], |_| Place::default())
            .into_iter()
            .map(|q| q.written)
            .collect()
    }

    #[test]
    fn only_numbers_with_three_significant_digits_are_found() {
        assert_eq!(
            found("gap 0.375, t = 1.5, -0.112 and 100 or 1.00, §2.2.3, §11.1, A1xB2, v_100, 0.06"),
            ["0.375", "-0.112", "1.00"]
        );
        assert_eq!(
            found("ends at 1.556. Then 1.6e17 and 1.667e-6, 2e5x"),
            ["1.556", "1.667e-6"]
        );
        assert_eq!(found("1234 apples, 0.000, 2026-04"), ["1234", "2026"]);
    }

    #[test]
    fn a_number_matches_values_that_round_to_it_within_one_in_the_last_digit() {
        let q = |text: &str| quoted(text, &[], |_| Place::default()).remove(0);
        assert!(q("0.375").matches(0.3749) && q("0.375").matches(-0.3752));
        assert!(q("0.375").matches(0.376) && !q("0.375").matches(0.377));
        assert!(q("1.667e-6").matches(1.6668e-6) && !q("1.667e-6").matches(1.67e-6));
        assert!(q("2.00").matches(1.995) && !q("2.00").matches(2.1));
        assert!(!q("0.375").matches(f64::NAN));
    }

    #[test]
    fn skipped_ranges_hide_numbers() {
        let text = "a [[1.5 / 4 = 0.375]] b 0.125";
        let skipped = [Range { start: 2, end: 21 }];
        let found: Vec<String> = quoted(text, &skipped, |_| Place::default())
            .into_iter()
            .map(|q| q.written)
            .collect();
        assert_eq!(found, ["0.125"]);
    }
}
