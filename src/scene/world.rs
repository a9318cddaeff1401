//! The `[world]` table: time step, frame count and gravity.

use std::ops::Range;

use nalgebra::Vector3;
use toml::de::DeTable;

use super::fields::Fields;
use super::model::WorldSettings;
use super::value::Report;

/// Frames simulated when `frames` is not given.
pub const DEFAULT_FRAMES: usize = 600;

/// The largest `frames` a scene may ask for.
pub const MAX_FRAMES: u64 = 1_000_000;

/// Validates the `[world]` table whose header is at `span`.
pub(crate) fn validate(
    table: &DeTable<'_>,
    span: Range<usize>,
    r: &mut Report<'_>,
) -> Option<WorldSettings> {
    let mut f = Fields::new(table, span, "[world]");
    let dt = f
        .positive(r, "dt")
        .or_else(|| f.missing("dt", "seconds per frame, > 0"));
    let frames = f
        .count(r, "frames", (1, MAX_FRAMES))
        .unwrap_or(DEFAULT_FRAMES);
    let gravity = f.vec3(r, "gravity").unwrap_or_else(Vector3::zeros);
    if !f.finish(r) {
        return None;
    }
    Some(WorldSettings {
        dt: dt?,
        frames,
        gravity,
    })
}
