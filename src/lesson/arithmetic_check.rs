//! Recomputing the arithmetic of prose: each expression of a chain must give, rounded to the
//! printed digits, the number it is written equal to.

use super::arithmetic::{bare, evaluate, number, Chain, Segment, Token};
use super::model::Place;

/// A number as the screen shows it: its value and the power of ten of its last digit.
pub(crate) type Printed = (f64, i32);

/// The printed number a shown placeholder text reads as (`None` for a vector or a word).
pub(crate) fn printed(text: &str) -> Option<Printed> {
    let (sign, digits) = text
        .strip_prefix('-')
        .map_or((1.0, text), |rest| (-1.0, rest));
    let plain = !digits.is_empty()
        && digits
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+'));
    match (plain, number(digits)) {
        (true, Token::Number(x, last)) if x.is_finite() => Some((sign * x, last)),
        _ => None,
    }
}

/// One expression whose value does not round to the number it is written equal to.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Wrong {
    /// Where the expression starts.
    pub place: Place,
    /// The expression's value from its operands as written.
    pub value: f64,
    /// The printed result it should give, and that result's last digit.
    pub result: Printed,
}

/// The expressions of `chain` that do not give their result; `value(k)` is placeholder `k` as
/// the screen prints it.
///
/// # Algorithm
/// An expression with an operator is compared with the next bare number (or placeholder) of the
/// chain after it, else the nearest before it: its value, computed from the operands as written,
/// must be within half a unit of the result's last printed digit. An expression with a
/// placeholder that is not a number is not compared.
pub(crate) fn wrong(chain: &Chain, value: &dyn Fn(usize) -> Option<Printed>) -> Vec<Wrong> {
    let results: Vec<Option<Printed>> = chain
        .segments
        .iter()
        .map(|s| {
            if !bare(&s.tokens) {
                return None;
            }
            let negative = s.tokens[0] == Token::Op('-');
            let (x, last) = match s.tokens.last()? {
                Token::Number(x, last) => (*x, *last),
                Token::Value(k) => value(*k)?,
                _ => return None,
            };
            Some((if negative { -x } else { x }, last))
        })
        .collect();
    let mut out = Vec::new();
    for (k, segment) in chain.segments.iter().enumerate() {
        if results[k].is_some() {
            continue;
        }
        let after = results[k + 1..].iter().flatten().next();
        let before = results[..k].iter().rev().flatten().next();
        let Some(&result) = after.or(before) else {
            continue;
        };
        let Some(x) = value_of(segment, value) else {
            continue;
        };
        if !follows(x, result) {
            out.push(Wrong {
                place: segment.place(),
                value: x,
                result,
            });
        }
    }
    out
}

fn value_of(segment: &Segment, value: &dyn Fn(usize) -> Option<Printed>) -> Option<f64> {
    evaluate(&segment.tokens, &|k| value(k).map(|(x, _)| x))
}

/// Whether `x` rounds to the printed `result` (within half a unit of its last digit).
pub(crate) fn follows(x: f64, (result, last): Printed) -> bool {
    let half = 0.5 * 10f64.powi(last);
    x.is_finite() && (x - result).abs() <= half * (1.0 + 1e-9) + 1e-12 * result.abs()
}

/// `x` written with the digits of `result` (`5.877` for 5.8768 against `5.876`).
pub(crate) fn rounded_as(x: f64, (_, last): Printed) -> String {
    if last >= 0 {
        let unit = 10f64.powi(last);
        format!("{}", (x / unit).round() * unit)
    } else {
        let decimals = usize::try_from(-last).unwrap_or(0).min(12);
        format!("{x:.decimals$}")
    }
}

#[cfg(test)]
mod tests {
    use super::super::arithmetic::chains;
    use super::*;

    fn findings(text: &str) -> Vec<String> {
        chains(text, &[])
            .iter()
            .flat_map(|c| wrong(c, &|_| None))
            .map(|w| rounded_as(w.value, w.result))
            .collect()
    }

    #[test]
    fn a_wrong_product_is_found_whatever_its_digits() {
        assert_eq!(findings("[[0.8 × 7.346 = 5.876]] m/s"), ["5.877"]);
        assert_eq!(findings("0.2 × 7 = 1.5"), ["1.4"]);
        assert_eq!(findings("3 + 4 = 8"), ["7"]);
    }

    #[test]
    fn right_sums_and_chains_pass() {
        assert!(findings("[[1.5 + 0.5 + 0.5 = 2.5 = 2.097 + 0.3055 + 0.09756]]").is_empty());
        assert!(findings("t = 1.5 / 4 = 0.375 s; 400 - 8 × (52 - 1) = -8").is_empty());
        assert!(findings("[[(9 - sqrt 13.2525) / 9 = (9 - 3.6404) / 9 = 0.5955]]").is_empty());
        assert!(findings("[[12.5 × 2^60 = 1.4e19]] J").is_empty());
    }

    #[test]
    fn every_expression_of_a_chain_is_compared() {
        assert_eq!(findings("1 + 1 = 2 + 1 = 3"), ["2"]);
    }

    #[test]
    fn printed_placeholders_read_as_numbers() {
        assert_eq!(printed("7.348"), Some((7.348, -3)));
        assert_eq!(printed("-0.50"), Some((-0.5, -2)));
        assert_eq!(printed("(1, 2, 3)"), None);
        assert_eq!(printed("none"), None);
    }
}
