//! A convex shape on a flat face: the contact takes the face's own normal when the shapes'
//! separation along it is GJK's distance (or EPA's depth), so that a cylinder lying on a
//! triangle is held along the triangle's normal, not along GJK's nearly equal one.

use nalgebra::Vector3;

use super::PairContact;
use crate::geometry::gjk::pair_tolerance;
use crate::geometry::support::SupportMap;
use crate::geometry::{Convex, Obb, Triangle};
use crate::sat::Region;

/// How much (times the pair's GJK tolerance) a face's separation may fall short of GJK's
/// distance and still be taken as the contact's normal.
const FACE_SLACK: f64 = 100.0;

/// How near (times the shapes' sizes) GJK's point must be to the support point on the face's
/// side to be taken as that point.
const NEAR_SUPPORT: f64 = 1e-3;

/// The outward unit normals of a box's six faces.
pub(super) fn box_faces(b: &Obb) -> Vec<Vector3<f64>> {
    (0..3).flat_map(|i| [b.axis(i), -b.axis(i)]).collect()
}

/// A triangle's two sides.
pub(super) fn triangle_faces(t: &Triangle) -> Vec<Vector3<f64>> {
    let n = t.unit_normal();
    vec![n, -n]
}

/// The flat faces of an ellipsoid (none), a cylinder (its two caps) or a k-DOP (its slabs).
pub(super) fn convex_faces(c: &Convex) -> Vec<Vector3<f64>> {
    match c {
        Convex::Ellipsoid(_) => Vec::new(),
        Convex::Cylinder(c) => {
            let axis = c.rotation * Vector3::y();
            vec![axis, -axis]
        }
        Convex::Kdop(k) => k.directions.iter().flat_map(|&d| [d, -d]).collect(),
    }
}

/// The separation of `a` and `b` along the unit `axis` pointing from `a` towards `b`.
fn separation_along<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(
    a: &A,
    b: &B,
    axis: &Vector3<f64>,
) -> f64 {
    axis.dot(&b.support(&-axis)) - axis.dot(&a.support(axis))
}

/// The contact `found` (GJK or EPA, normal from `a` towards `b`) turned onto the face normal
/// that separates the shapes best, when its separation is within the pair's slack of `found`'s.
///
/// # Algorithm
/// For each face normal of `b` (outward, so the axis from `a` is its opposite) and of `a` (the
/// two lists of `faces`), the separation along it is `axis·s_B(-axis) - axis·s_A(axis)`; it
/// never exceeds the true distance (a lower bound when apart, an upper bound on the overlap's
/// depth). The best axis
/// whose separation is `found.gap` within the slack is the normal; the gap is its separation.
/// The point is halfway between the two supporting planes, over the other shape's support
/// point along the axis when GJK's point is near it (GJK's is a little off; exact, it adds no
/// spurious lever), else over GJK's (a side or face lying on the face, where the support point
/// is one end of it).
pub(super) fn on_face<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(
    a: &A,
    b: &B,
    (b_faces, a_faces): (Vec<Vector3<f64>>, Vec<Vector3<f64>>),
    found: PairContact,
) -> PairContact {
    let slack = FACE_SLACK * pair_tolerance(a, b);
    let from_b = b_faces.into_iter().map(|n| (-n, true));
    let best = from_b
        .chain(a_faces.into_iter().map(|n| (n, false)))
        .map(|(axis, on_b)| (separation_along(a, b, &axis), axis, on_b))
        .max_by(|x, y| x.0.total_cmp(&y.0));
    let Some((gap, axis, on_b)) = best.filter(|&(gap, ..)| gap >= found.gap - slack) else {
        return found;
    };
    let support = if on_b {
        a.support(&axis)
    } else {
        b.support(&-axis)
    };
    let off = found.point - support;
    let sideways = (off - axis * axis.dot(&off)).norm();
    let base = if sideways <= NEAR_SUPPORT * (a.bounding_radius() + b.bounding_radius()) {
        support
    } else {
        found.point
    };
    let middle = axis.dot(&a.support(&axis)) + 0.5 * gap;
    let point = base + axis * (middle - axis.dot(&base));
    PairContact {
        gap,
        normal: axis,
        point,
        region: Region::point(point),
        ..found
    }
}
