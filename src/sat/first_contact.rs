//! The first contact of two moving boxes, in stages: the six face axes first, which decide
//! almost every miss on their own, then the nine edge axes.

use nalgebra::Vector3;

use super::contact::{tie_tolerance, Contact};
use super::kernel::{for_each_axis, in_frame_of, PairFrame};
use super::overlap::deep_overlap;
use super::sweep::{misses, narrow, touching_axes, Line, UNBOUNDED};
use super::swept_contact::{swept_contact, SweptPair};
use super::AxisId;
use crate::geometry::Obb;

/// The first contact of the moving boxes within `[0, t_max]`, with its point and features.
///
/// # Algorithm
/// The computation of [`super::sweep`] (entry and exit times per axis, contact at the largest
/// entry if it comes before every exit and `t_max`), ordered to stop early:
/// 1. The six face axes, whose numbers are cheapest; if their window already misses
///    `[0, t_max]`, no axis can bring the boxes together.
/// 2. The nine edge axes narrow the window; contact is at its start (clamped to 0).
/// 3. Overlapping at time 0 deeper than the tie tolerance: a point inside both boxes from the
///    edges of one clipped by the other, the normal along the axis of least overlap.
/// 4. The last separating axis is the first in table order that just touches then, within
///    the tie tolerance of the one rule of [`super::contact`] (the edge axes are tested only
///    when no face axis touches); the point comes from the course's formulas in A's frame
///    ([`swept_contact`]), or from [`super::contact_at`] when the features along that axis
///    need clipping or may not meet (a graze).
#[inline]
pub fn first_contact(
    a: &Obb,
    va: Vector3<f64>,
    b: &Obb,
    vb: Vector3<f64>,
    t_max: f64,
) -> Option<Contact> {
    let frame = PairFrame::new(a, b);
    let d = in_frame_of(a, &(b.center() - a.center()));
    let w = in_frame_of(a, &(vb - va));
    let faces = for_each_axis!(faces: axis => Line::new(&frame, axis, &d, &w));
    let window = narrow(UNBOUNDED, &faces);
    if misses(window, t_max) {
        return None;
    }
    let edges = for_each_axis!(edges: axis => Line::new(&frame, axis, &d, &w));
    let window = narrow(window, &edges);
    if misses(window, t_max) {
        return None;
    }
    let time = window.0.max(0.0);
    let tolerance = tie_tolerance(a, b);
    if window.0 < 0.0 {
        // Every axis overlaps at time 0: an overlap, unless the least overlap is within the
        // tolerance (the boxes just touch, and the touching axes decide as below).
        if let Some(contact) = deep_overlap(a, b, &frame, &d, (&faces, &edges)) {
            return Some(contact);
        }
    }
    let touching = touching_axes(&faces, &edges, time, tolerance);
    let axis = (touching != 0).then(|| AxisId::ALL[touching.trailing_zeros() as usize]);
    let pair = SweptPair {
        a,
        va,
        b,
        vb,
        offset_in_a: std::array::from_fn(|i| d[i] + time * w[i]),
        time,
    };
    Some(swept_contact(&frame, &pair, axis))
}
