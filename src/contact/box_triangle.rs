//! A box and a triangle: the 13-row table decides (docs/methods.md §15.1).

use nalgebra::Vector3;

use super::{ManifoldPoint, PairContact};
use crate::geometry::triangle::TriangleFeature;
use crate::geometry::{Obb, Triangle};
use crate::sat::{
    box_triangle_contact, box_triangle_first_contact, box_triangle_trace, BoxTriangleTrace,
    ShapeAxis,
};

/// Corners within this share of the smallest half-extent of the nearest join the manifold.
const MANIFOLD_DEPTH: f64 = 0.5;

/// The largest gap of the 13 tested axes: a lower bound of the distance, negative overlapping.
pub(super) fn separation(o: &Obb, t: &Triangle) -> f64 {
    box_triangle_trace(o, t).max_gap()
}

/// Gaps within this of the largest tie, for a pair of this size (as for two boxes).
pub(super) fn tie(o: &Obb, t: &Triangle) -> f64 {
    let longest = t.edges().iter().map(Vector3::norm).fold(0.0, f64::max);
    1e-9 * (1.0 + o.half_extents().sum() + longest)
}

/// The axis a contact of the pair is taken along: the first row in table order whose gap is
/// within the tie tolerance of the largest; `None` when every row overlaps deeper than that.
pub(crate) fn touching_axis(trace: &BoxTriangleTrace, tie: f64) -> Option<ShapeAxis> {
    let largest = trace.max_gap();
    if largest < -tie {
        return None;
    }
    trace
        .rows
        .iter()
        .find(|row| row.gap.is_some_and(|gap| gap >= largest - tie))
        .map(|row| row.axis)
}

/// The contact of the box with the triangle, the normal from the box towards the triangle;
/// `None` when their largest gap exceeds `max_gap`.
///
/// # Algorithm
/// 1. The 13 rows; the largest gap is the separation.
/// 2. The axis: the first row in table order within the tie tolerance of the largest gap, or
///    none when every row overlaps deeper (the shapes overlap).
/// 3. The touching features along it ([`box_triangle_contact`]): the box's nearest feature
///    clipped to the triangle (`T`), the triangle's nearest feature clipped to a box face
///    (`Ai`), two crossing edges (`Ai x Ej`), or the triangle clipped by the box (overlap).
pub(super) fn contact(o: &Obb, t: &Triangle, max_gap: f64) -> Option<PairContact> {
    let trace = box_triangle_trace(o, t);
    let gap = trace.max_gap();
    if gap > max_gap {
        return None;
    }
    let axis = touching_axis(&trace, tie(o, t));
    Some(PairContact::of_box_triangle(
        box_triangle_contact(o, t, axis),
        gap,
    ))
}

/// The first contact of the translating box and triangle: the sweep of the 13 axes
/// ([`box_triangle_first_contact`]), with the gap of the table at that time.
pub(super) fn first_contact(
    o: &Obb,
    vo: Vector3<f64>,
    t: &Triangle,
    vt: Vector3<f64>,
    t_max: f64,
) -> Option<PairContact> {
    let found = box_triangle_first_contact(o, vo, t, vt, t_max)?;
    let time = found.time;
    let gap = separation(&o.translated(&(vo * time)), &t.translated(&(vt * time)));
    Some(PairContact::of_box_triangle(found, gap))
}

/// The points a resting box holds on the triangle, each with its separation along the normal.
///
/// # Algorithm
/// 1. Normal along the triangle's normal: the box corners within half the smallest half-extent
///    of the contact's gap whose foot on the triangle's plane is inside the triangle.
/// 2. Normal along a box face normal: the triangle's vertices within that band of the face whose
///    foot on the face is inside it.
/// 3. Otherwise, or when none is found: the contact point with its gap.
pub(super) fn manifold(o: &Obb, t: &Triangle, contact: &PairContact) -> Vec<ManifoldPoint> {
    let mut points = held(o, t, &contact.normal, contact.gap);
    if points.is_empty() {
        points.push((contact.point, contact.gap));
    }
    points
}

/// Steps 1 and 2 of [`manifold`] for the normal `n` (box towards triangle) and the gap `gap`.
pub(super) fn held(o: &Obb, t: &Triangle, n: &Vector3<f64>, gap: f64) -> Vec<ManifoldPoint> {
    let band = MANIFOLD_DEPTH * o.half_extents().min();
    let mut points = Vec::new();
    if n.dot(&t.unit_normal()).abs() > 1.0 - 1e-9 {
        // How far each corner is from the triangle's plane along the normal.
        let plane = n.dot(&t.vertices[0]);
        for corner in o.vertices() {
            let height = plane - n.dot(&corner);
            let foot = corner + n * height;
            // A corner over an edge (a mesh's shared edge, say) is held too, to rounding.
            let (nearest, feature) = t.closest_point(&foot);
            let over = feature == TriangleFeature::Face
                || (nearest - foot).norm() <= 1e-9 * (1.0 + o.half_extents().max());
            if height <= gap + band && over {
                points.push((corner, height));
            }
        }
    } else if let Some(i) = (0..3).find(|&i| n.dot(&o.axis(i)).abs() > 1.0 - 1e-9) {
        let face = n.dot(&o.center()) + o.half_extents()[i];
        for v in t.vertices {
            let height = n.dot(&v) - face;
            let local = o.to_local(&v);
            let inside = (0..3)
                .filter(|&k| k != i)
                .all(|k| local[k].abs() <= o.half_extents()[k] * (1.0 + 1e-9));
            if height <= gap + band && inside {
                points.push((v, height));
            }
        }
    }
    points
}
