//! A pair written as one line of comma-separated numbers: box A's
//! `cx,cy,cz,qw,qx,qy,qz,hx,hy,hz`, then box B's (20 numbers); optionally the velocities of A and
//! B (6 more), and after those, or straight after the 20, the horizon. The id is the line number.

use super::input::{check_horizon, shown, BoxNumbers, LineError, PairId, PairInput};

/// The numbers of one box, in order.
const BOX_COLUMNS: [&str; 10] = [
    "center[0]",
    "center[1]",
    "center[2]",
    "rotation[0]",
    "rotation[1]",
    "rotation[2]",
    "rotation[3]",
    "half_extents[0]",
    "half_extents[1]",
    "half_extents[2]",
];

/// The most fields a line has: 20 box numbers, 6 velocities and the horizon.
const MOST_FIELDS: usize = 27;

/// Whether a CSV line is a header rather than a pair: none of its fields is a number.
pub fn is_csv_header(line: &str) -> bool {
    line.split(',')
        .all(|field| field.trim().parse::<f64>().is_err())
}

/// The pair on CSV line `number` (its text without the line break).
pub fn parse_csv_line(line: &str, number: u64) -> Result<PairInput<'static>, LineError> {
    parse_csv_bytes(line.as_bytes(), number)
}

/// [`parse_csv_line`] on the line's bytes (a byte that is not ASCII is never part of a number).
pub(crate) fn parse_csv_bytes(bytes: &[u8], number: u64) -> Result<PairInput<'static>, LineError> {
    let mut values = [(0.0, 0); MOST_FIELDS];
    let mut count = 0;
    let mut at = 0;
    // Each number is parsed where it starts and must end at a comma or the line's end, so the
    // line is read once.
    loop {
        at += spaces(&bytes[at..]);
        if count == MOST_FIELDS {
            count += 1;
            break;
        }
        let start = at;
        let (value, used) = field(bytes, start, count)?;
        values[count] = (value, start + 1);
        count += 1;
        at += used;
        at += spaces(&bytes[at..]);
        match bytes.get(at) {
            None => break,
            Some(b',') => at += 1,
            Some(_) => return Err(not_a_number(bytes, start, count - 1)),
        }
    }
    let (velocities, horizon) = match count {
        20 => (false, None),
        21 => (false, Some(values[20])),
        26 => (true, None),
        27 => (true, Some(values[26])),
        _ => {
            let found = if count > MOST_FIELDS {
                "more".to_string()
            } else {
                count.to_string()
            };
            return Err(LineError::new(
                1,
                format!(
                    "a CSV line has 20 numbers (box A's cx,cy,cz,qw,qx,qy,qz,hx,hy,hz, then box \
                     B's), 21 (and the horizon), 26 (and the velocities of A and B) or 27 (and \
                     then the horizon); this one has {found}"
                ),
            ));
        }
    };
    let box_of = |first: usize, velocity: usize| BoxNumbers {
        center: std::array::from_fn(|k| values[first + k]),
        rotation: std::array::from_fn(|k| values[first + 3 + k]),
        half_extents: std::array::from_fn(|k| values[first + 7 + k]),
        velocity: velocities.then(|| std::array::from_fn(|k| values[velocity + k])),
    };
    Ok(PairInput {
        id: PairId::Line(number),
        a: box_of(0, 20).check("a")?,
        b: box_of(10, 23).check("b")?,
        horizon: match horizon {
            Some((value, column)) => Some(check_horizon(value, column)?),
            None => None,
        },
    })
}

/// How many spaces or tabs `bytes` starts with.
#[inline]
fn spaces(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count()
}

/// The finite number field `k` starts with at byte `at`, and how many bytes it takes.
#[inline]
fn field(bytes: &[u8], at: usize, k: usize) -> Result<(f64, usize), LineError> {
    match fast_float2::parse_partial::<f64, _>(&bytes[at..]) {
        Ok((value, used)) if used > 0 && value.is_finite() => Ok((value, used)),
        Ok((_, used)) if used > 0 => {
            let text = String::from_utf8_lossy(&bytes[at..at + used]);
            Err(LineError::new(
                at + 1,
                format!(
                    "{} must be a finite number, found `{}`",
                    column_name(k),
                    shown(&text)
                ),
            ))
        }
        _ => Err(not_a_number(bytes, at, k)),
    }
}

/// The error of field `k` starting at byte `at` that is not a number.
fn not_a_number(bytes: &[u8], at: usize, k: usize) -> LineError {
    let end = memchr::memchr(b',', &bytes[at..]).map_or(bytes.len(), |n| at + n);
    let text = String::from_utf8_lossy(bytes[at..end].trim_ascii());
    LineError::new(
        at + 1,
        format!(
            "{} must be a number, found `{}`",
            column_name(k),
            shown(&text)
        ),
    )
}

/// The name of field `k` (0-based) in messages, e.g. `b.rotation[2]` or `the horizon`.
fn column_name(k: usize) -> String {
    match k {
        0..20 => format!("{}.{}", ["a", "b"][k / 10], BOX_COLUMNS[k % 10]),
        20 => "field 21 (a.velocity[0], or the horizon on a line of 21 fields)".to_string(),
        21..26 => format!("{}.velocity[{}]", ["a", "b"][(k - 20) / 3], (k - 20) % 3),
        _ => "the horizon".to_string(),
    }
}
