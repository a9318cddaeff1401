//! How two placed bodies touch for the resting pass: the contact table's record with the points
//! a resting contact holds.

use nalgebra::Vector3;

use super::TOUCHING;
use crate::contact;
use crate::dynamics::toi::place;
use crate::dynamics::{BodyShape, BodyState};
use crate::sat::AxisId;

/// Two bodies near contact: signed gap, unit normal from A to B, and the contact points.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Touch {
    /// Positive apart, negative overlapping (box-box: the largest SAT gap).
    pub gap: f64,
    /// Unit normal pointing from A towards B.
    pub normal: Vector3<f64>,
    /// The manifold: points near contact, each with its own separation along the normal.
    pub points: Vec<(Vector3<f64>, f64)>,
    /// The SAT axis of the gap and the normal, for two boxes.
    pub axis: Option<AxisId>,
}

/// How the shapes touch when their separation is at most [`TOUCHING`], else `None`.
pub(super) fn touching(
    a: &BodyShape,
    sa: &BodyState,
    b: &BodyShape,
    sb: &BodyState,
) -> Option<Touch> {
    touch_within(a, sa, b, sb, TOUCHING)
}

/// How the shapes `a` at `sa` and `b` at `sb` touch; `None` for two planes.
pub(super) fn touch(a: &BodyShape, sa: &BodyState, b: &BodyShape, sb: &BodyState) -> Option<Touch> {
    touch_within(a, sa, b, sb, f64::INFINITY)
}

/// The contact of the placed shapes ([`contact::contact`], the function `explain` and the
/// time-of-impact search use) with its manifold, when they are at most `max_gap` apart.
fn touch_within(
    a: &BodyShape,
    sa: &BodyState,
    b: &BodyShape,
    sb: &BodyState,
    max_gap: f64,
) -> Option<Touch> {
    let (pa, pb) = (place(a, sa), place(b, sb));
    let found = contact::contact(&pa, &pb, max_gap)?;
    Some(Touch {
        gap: found.gap,
        normal: found.normal,
        points: contact::manifold(&pa, &pb, &found),
        axis: found.depth_axis,
    })
}
