//! The batch "why": box pairs dumped one a line (JSON Lines or CSV), each explained as
//! `explain` explains the same pair written as a scene of two boxes A and B at frame 0, streamed
//! in input order on every core (`sepax explain --pairs FILE`).
//!
//! # Input
//! JSON Lines, one object a line:
//! `{"id": .., "a": {"center": [x, y, z], "rotation": [w, x, y, z], "half_extents": [..],
//! "velocity": [..]}, "b": {..}, "horizon": 1.0}`. `velocity` (zero) and `horizon` are optional;
//! `id` is any JSON value, written back as it was, and the line's number when absent or `null`.
//! Other keys are errors (a misspelt `velocity` must not silently mean zero).
//!
//! CSV, one pair a line: box A's `cx,cy,cz,qw,qx,qy,qz,hx,hy,hz` then box B's (20 numbers);
//! optionally both velocities (26: `vax,vay,vaz,vbx,vby,vbz`) and the horizon last (21 or 27).
//! The id is the line's number. A first line none of whose fields is a number is a header;
//! lines starting with `#` are comments.
//!
//! The rotation is a quaternion of any length (a zero one is an error), half-extents are greater
//! than 0 and every number is finite, as in a scene. Blank lines are skipped. Without a
//! horizon the contact is searched over the run's default horizon (0 unless given: then only a
//! pair that touches or overlaps now has a contact, at time 0). Lines are numbered from 1.
//!
//! # Output
//! One JSON line per pair, in input order: `{"id", "intersecting", "stage",
//! "separating_axis", "gap", "contact": {"time", "point", "axis", "kind"} | null}` and with
//! `full` the 15 `axes` rows as `explain --json` writes them. `stage`, `separating_axis`,
//! `contact` are `explain`'s; `gap` is the gap its sentence states (see [`BoxVerdict::gap`]). A
//! bad line gives `{"line": N, "error": "SOURCE:LINE:COLUMN: message"}` in its place and the
//! run goes on.
//!
//! [`BoxVerdict::gap`]: crate::trace::BoxVerdict::gap

mod csv;
mod input;
mod json;
mod json_fast;
mod read;
mod record;
mod stream;
mod summary;

pub use csv::{is_csv_header, parse_csv_line};
pub use input::{BoxInput, LineError, PairId, PairInput};
pub use json::parse_json_line;
pub use read::MAX_LINE_BYTES;
pub use record::{write_error, write_pair};
pub use stream::{explain_stream, Options, Report, StreamError, KEPT_ERRORS};
pub use summary::Summary;

/// How the pairs are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One JSON object a line.
    Json,
    /// Comma-separated numbers, one pair a line.
    Csv,
}

impl Format {
    /// The format by name (`json`, `csv`); `None` otherwise.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "json" | "jsonl" => Some(Format::Json),
            "csv" => Some(Format::Csv),
            _ => None,
        }
    }

    /// The format a path's extension names (`.csv`; `.json`, `.jsonl`, `.ndjson`).
    pub fn from_path(path: &std::path::Path) -> Option<Self> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "csv" => Some(Format::Csv),
            "json" | "jsonl" | "ndjson" => Some(Format::Json),
            _ => None,
        }
    }
}
