//! The output line of a pair, and the one of a bad line.

use serde::Serialize;
use serde_json::ser::{CompactFormatter, Formatter as _};

use super::input::PairId;
use crate::math::arr3;
use crate::sat::AxisId;
use crate::trace::{BoxVerdict, Stage};

/// The scene time of the explained frame: a pair is explained as a scene at frame 0, and
/// `explain` writes contact times as that time plus the time found.
const FRAME_TIME: f64 = 0.0;

#[derive(Serialize)]
struct ErrorLine<'a> {
    line: u64,
    error: &'a str,
}

/// The names of the 15 axes in table order, as `AxisId` displays them.
const AXIS_NAMES: [&str; 15] = [
    "A0", "A1", "A2", "B0", "B1", "B2", "A0xB0", "A0xB1", "A0xB2", "A1xB0", "A1xB1", "A1xB2",
    "A2xB0", "A2xB1", "A2xB2",
];

/// Appends the JSON line of a pair: `id`, `intersecting`, `stage`, `separating_axis`, `gap` and
/// `contact` (`time`, `point`, `axis`, `kind`, or `null`), and with `full` the 15 `axes` rows
/// as `explain --json` writes them. The line is what `serde_json` writes for these fields (its
/// number formatting, `null` for a number that is not finite), written out directly.
pub fn write_pair(out: &mut Vec<u8>, id: &PairId<'_>, verdict: &BoxVerdict, full: bool) {
    out.extend_from_slice(b"{\"id\":");
    match id {
        PairId::Given(raw) => out.extend_from_slice(raw.get().as_bytes()),
        PairId::Line(number) => number_u64(out, *number),
    }
    out.extend_from_slice(if verdict.intersecting() {
        b",\"intersecting\":true,\"stage\":"
    } else {
        b",\"intersecting\":false,\"stage\":"
    });
    string(out, stage_name(verdict.stage));
    out.extend_from_slice(b",\"separating_axis\":");
    axis(out, verdict.separating_axis());
    out.extend_from_slice(b",\"gap\":");
    number(out, verdict.gap());
    out.extend_from_slice(b",\"contact\":");
    match &verdict.contact {
        Some(contact) => {
            out.extend_from_slice(b"{\"time\":");
            number(out, FRAME_TIME + contact.time);
            out.extend_from_slice(b",\"point\":[");
            for (k, x) in arr3(&contact.point).into_iter().enumerate() {
                if k > 0 {
                    out.push(b',');
                }
                number(out, x);
            }
            out.extend_from_slice(b"],\"axis\":");
            axis(out, contact.axis);
            out.extend_from_slice(b",\"kind\":");
            string(out, contact.kind.name());
            out.push(b'}');
        }
        None => out.extend_from_slice(b"null"),
    }
    if full {
        out.extend_from_slice(b",\"axes\":");
        // Rows of numbers, strings and booleans written to memory: nothing can fail.
        let _ = serde_json::to_writer(&mut *out, &verdict.trace.rows());
    }
    out.extend_from_slice(b"}\n");
}

/// A number as `serde_json` writes it (`null` when not finite).
fn number(out: &mut Vec<u8>, x: f64) {
    if x.is_finite() {
        let _ = CompactFormatter.write_f64(out, x);
    } else {
        out.extend_from_slice(b"null");
    }
}

fn number_u64(out: &mut Vec<u8>, n: u64) {
    let _ = CompactFormatter.write_u64(out, n);
}

/// A string that needs no escapes (every name written here).
fn string(out: &mut Vec<u8>, text: &str) {
    out.push(b'"');
    out.extend_from_slice(text.as_bytes());
    out.push(b'"');
}

fn axis(out: &mut Vec<u8>, axis: Option<AxisId>) {
    match axis {
        Some(axis) => string(out, AXIS_NAMES[axis.index()]),
        None => out.extend_from_slice(b"null"),
    }
}

/// The stage's name in JSON, as `Stage` serialises.
pub(crate) fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Spheres => "spheres",
        Stage::Aabbs => "aabbs",
        Stage::Sat => "sat",
        Stage::Exact => "exact",
    }
}

/// Appends the JSON line of a bad line: `{"line": N, "error": "SOURCE:LINE:COLUMN: message"}`.
pub fn write_error(out: &mut Vec<u8>, line: u64, message: &str) {
    let record = ErrorLine {
        line,
        error: message,
    };
    // Written to memory: nothing can fail.
    let _ = serde_json::to_writer(&mut *out, &record);
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::{stage_name, AXIS_NAMES};
    use crate::sat::AxisId;
    use crate::trace::Stage;

    #[test]
    fn names_are_the_ones_serde_writes() {
        for axis in AxisId::ALL {
            assert_eq!(AXIS_NAMES[axis.index()], axis.to_string());
        }
        for stage in [Stage::Spheres, Stage::Aabbs, Stage::Sat, Stage::Exact] {
            let json = serde_json::to_string(&stage).unwrap();
            assert_eq!(json, format!("\"{}\"", stage_name(stage)));
        }
    }
}
