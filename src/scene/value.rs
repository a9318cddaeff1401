//! Typed reads of single raw TOML values, each problem reported at the value's place.

use nalgebra::Vector3;
use toml::de::{DeTable, DeValue};
use toml::Spanned;

use super::diagnostic::suggest;
pub(crate) use super::report::Report;

/// A raw value of the spanned TOML tree.
pub(crate) type Raw<'i> = Spanned<DeValue<'i>>;

/// How a value of the wrong type is named in a message ("a string", "an array").
pub(crate) fn kind(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date-time",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

/// The string in `raw`, which may hold no control character but tab and line ends (it would
/// reach the terminal); `what` names the value in the message.
pub(crate) fn string<'t>(r: &mut Report<'_>, what: &str, raw: &'t Raw<'_>) -> Option<&'t str> {
    if let DeValue::String(s) = raw.get_ref() {
        let control = s
            .chars()
            .find(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'));
        if let Some(c) = control {
            let code = u32::from(c);
            r.error(
                raw.span(),
                format!("{what} must not contain a control character, found U+{code:04X}"),
            );
            return None;
        }
        return Some(s);
    }
    r.error(
        raw.span(),
        format!("{what} must be a string, found {}", kind(raw.get_ref())),
    );
    None
}

/// The boolean in `raw`.
pub(crate) fn boolean(r: &mut Report<'_>, what: &str, raw: &Raw<'_>) -> Option<bool> {
    if let DeValue::Boolean(b) = raw.get_ref() {
        return Some(*b);
    }
    r.error(
        raw.span(),
        format!(
            "{what} must be true or false, found {}",
            kind(raw.get_ref())
        ),
    );
    None
}

/// The finite number (integer or float) in `raw`, within the report's limits if it has any.
pub(crate) fn number(r: &mut Report<'_>, what: &str, raw: &Raw<'_>) -> Option<f64> {
    let (parsed, spelling) = match raw.get_ref() {
        DeValue::Float(f) => (f.as_str().parse::<f64>().ok(), f.as_str().to_string()),
        DeValue::Integer(i) => {
            let parsed = i64::from_str_radix(i.as_str(), i.radix()).ok();
            (parsed.map(|i| i as f64), i.to_string())
        }
        other => {
            let found = kind(other);
            r.error(
                raw.span(),
                format!("{what} must be a number, found {found}"),
            );
            return None;
        }
    };
    let Some(x) = parsed.filter(|x| x.is_finite()) else {
        r.error(
            raw.span(),
            format!("{what} must be a finite number, found `{spelling}`"),
        );
        return None;
    };
    match r.limits() {
        Some(limits) if !limits.admit(x) => {
            let range = limits.describe();
            r.error(
                raw.span(),
                format!("{what} must be {range} (the scene limits), found `{spelling}`"),
            );
            None
        }
        _ => Some(x),
    }
}

/// The number in `raw`, which must be greater than zero.
pub(crate) fn positive(r: &mut Report<'_>, what: &str, raw: &Raw<'_>) -> Option<f64> {
    let x = number(r, what, raw)?;
    if x > 0.0 {
        return Some(x);
    }
    r.error(
        raw.span(),
        format!("{what} must be greater than 0, found {x}"),
    );
    None
}

/// The number in `raw`, which must not be negative.
pub(crate) fn non_negative(r: &mut Report<'_>, what: &str, raw: &Raw<'_>) -> Option<f64> {
    let x = number(r, what, raw)?;
    if x >= 0.0 {
        return Some(x);
    }
    r.error(
        raw.span(),
        format!("{what} must not be negative, found {x}"),
    );
    None
}

/// The number in `raw`, which must lie in the closed interval `[lo, hi]`.
pub(crate) fn within(
    r: &mut Report<'_>,
    what: &str,
    raw: &Raw<'_>,
    (lo, hi): (f64, f64),
) -> Option<f64> {
    let x = number(r, what, raw)?;
    if (lo..=hi).contains(&x) {
        return Some(x);
    }
    r.error(
        raw.span(),
        format!("{what} must be between {lo} and {hi}, found {x}"),
    );
    None
}

/// The whole number in `raw`, between `min` and `max`.
pub(crate) fn count(
    r: &mut Report<'_>,
    what: &str,
    raw: &Raw<'_>,
    (min, max): (u64, u64),
) -> Option<usize> {
    let DeValue::Integer(i) = raw.get_ref() else {
        r.error(
            raw.span(),
            format!(
                "{what} must be a whole number, found {}",
                kind(raw.get_ref())
            ),
        );
        return None;
    };
    match u64::from_str_radix(i.as_str(), i.radix()) {
        Ok(n) if (min..=max).contains(&n) => usize::try_from(n).ok(),
        _ => {
            r.error(
                raw.span(),
                format!("{what} must be between {min} and {max}, found {i}"),
            );
            None
        }
    }
}

/// The `N` numbers of the array in `raw`; every element's problem is reported.
pub(crate) fn numbers<const N: usize>(
    r: &mut Report<'_>,
    what: &str,
    raw: &Raw<'_>,
) -> Option<[f64; N]> {
    let DeValue::Array(items) = raw.get_ref() else {
        let found = kind(raw.get_ref());
        r.error(
            raw.span(),
            format!("{what} must be an array of {N} numbers, found {found}"),
        );
        return None;
    };
    if items.len() != N {
        let n = items.len();
        r.error(
            raw.span(),
            format!("{what} must be an array of {N} numbers, found {n}"),
        );
    }
    let parsed: Vec<Option<f64>> = items.iter().map(|item| number(r, what, item)).collect();
    let parsed: Option<Vec<f64>> = parsed.into_iter().collect();
    parsed?.try_into().ok()
}

/// The 3-vector in `raw`.
pub(crate) fn vec3(r: &mut Report<'_>, what: &str, raw: &Raw<'_>) -> Option<Vector3<f64>> {
    numbers::<3>(r, what, raw).map(Vector3::from)
}

/// The 3-vector in `raw`, every component of which must be greater than zero.
pub(crate) fn positive_vec3(r: &mut Report<'_>, what: &str, raw: &Raw<'_>) -> Option<Vector3<f64>> {
    let v = vec3(r, what, raw)?;
    let DeValue::Array(items) = raw.get_ref() else {
        return None;
    };
    let mut ok = true;
    for (x, item) in v.iter().zip(items.iter()) {
        if *x <= 0.0 {
            r.error(
                item.span(),
                format!("{what} must be greater than 0, found {x}"),
            );
            ok = false;
        }
    }
    ok.then_some(v)
}

/// The table in `raw`.
pub(crate) fn table<'t, 'i>(
    r: &mut Report<'_>,
    what: &str,
    raw: &'t Raw<'i>,
) -> Option<&'t DeTable<'i>> {
    if let DeValue::Table(t) = raw.get_ref() {
        return Some(t);
    }
    r.error(
        raw.span(),
        format!("{what} must be a table, found {}", kind(raw.get_ref())),
    );
    None
}

/// The name in `raw` among `options`, else a message listing them and the closest.
pub(crate) fn choice(
    r: &mut Report<'_>,
    (key, label): (&str, &str),
    raw: &Raw<'_>,
    options: &[&'static str],
) -> Option<&'static str> {
    let word = string(r, &format!("`{key}` in {label}"), raw)?;
    if let Some(found) = options.iter().find(|o| **o == word) {
        return Some(found);
    }
    let head = format!("unknown {key} `{word}` in {label}");
    let tail = format!("expected one of: {}", options.join(", "));
    r.error(raw.span(), suggest(&head, word, options, &tail));
    None
}
