//! Two boxes: the separating-axis test decides, by the one rule of [`crate::sat::contact`].

use nalgebra::Vector3;

use super::{ManifoldPoint, PairContact};
use crate::geometry::Obb;
use crate::sat;

/// The largest gap of the 15 tested axes: a lower bound of the distance, negative overlapping.
pub(super) fn separation(a: &Obb, b: &Obb) -> f64 {
    sat::trace(a, b).max_gap()
}

/// The contact of the placed boxes, or `None` when their largest gap exceeds `max_gap`.
///
/// # Algorithm
/// 1. Boxes overlapping deeper than the tie tolerance, found from the 15 projections alone: a
///    point inside both, the normal along the axis of least overlap.
/// 2. Otherwise the 15 rows of Table 2.1, once for the gap and the contact.
/// 3. The axis by the one rule of [`sat::contact`]: the first axis in table order within the
///    tie tolerance of the largest gap whose features meet; overlapping boxes get a point
///    inside both and the normal along the axis of least overlap.
/// 4. The touching features along it: a corner, an edge or a face clipped to the other's face,
///    or two crossing edges.
pub(super) fn contact(a: &Obb, b: &Obb, max_gap: f64) -> Option<PairContact> {
    if let Some(overlap) = sat::overlap_at_rest(a, b).filter(|c| c.gap <= max_gap) {
        return Some(PairContact::of_boxes(overlap));
    }
    let rows = sat::trace(a, b);
    (rows.max_gap() <= max_gap)
        .then(|| PairContact::of_boxes(sat::contact_from_trace(a, b, &rows, 0.0)))
}

/// The first contact of the translating boxes: [`sat::first_contact`] (the sweep of the 15
/// axes, the contact at its time by the same rule).
pub(super) fn first_contact(
    a: &Obb,
    va: Vector3<f64>,
    b: &Obb,
    vb: Vector3<f64>,
    t_max: f64,
) -> Option<PairContact> {
    sat::first_contact(a, va, b, vb, t_max).map(PairContact::of_boxes)
}

/// The incident face clipped to the reference face of the contact's depth axis, each point with
/// its depth ([`sat::manifold`]).
pub(super) fn manifold(a: &Obb, b: &Obb, contact: &PairContact) -> Vec<ManifoldPoint> {
    sat::manifold(a, b, contact.depth_axis, contact.gap, &contact.point)
}
