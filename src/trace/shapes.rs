//! Records for pairs that are not two boxes: spheres and planes.

use super::PairRecord;
use crate::scene::BodySpec;

/// Explains a pair involving a sphere or a plane; `None` for two planes.
pub(crate) fn other_pair(
    _a: &BodySpec,
    _b: &BodySpec,
    _time: f64,
    _horizon: f64,
) -> Option<PairRecord> {
    None
}
