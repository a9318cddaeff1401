//! The contact point and features of a box and a triangle that touch, from the last
//! separating axis of their table (docs/methods.md §15.1).

use nalgebra::Vector3;

use super::box_triangle::{box_axis_cross, box_triangle_trace, BoxFrame};
use super::region::Region;
use super::shape_axis::{ShapeAxis, ShapeRow};
use super::shape_sweep::ShapeContact;
use super::ContactKind;
use crate::geometry::clip::{clip_polygon, HalfPlane, Polygon};
use crate::geometry::line_distance::segment_segment;
use crate::geometry::triangle::Triangle;
use crate::geometry::Obb;
use crate::math::sign;

/// Points this close outside a side (times the side normal's length) still count as inside:
/// touching features meet up to rounding, and a dropped end would lose the contact.
const CLIP_SLACK: f64 = 1e-12;

/// A box axis (scaled by its edge length) or a vertex height this small lies flat on the
/// touched face: the touching feature is an edge or a face rather than a vertex.
const FLAT: f64 = 1e-10;

/// A feature: one point, a segment's two ends, or a convex polygon's corners in order.
type Feature = Polygon<3>;

/// The contact of a still box and triangle that touch or overlap; `None` when some row's gap
/// exceeds `tolerance`.
///
/// # Algorithm
/// The table's rows: when the largest gap is at most `tolerance`, the first row in table order
/// whose gap is within `tolerance` of zero is the touching axis and [`box_triangle_contact`]
/// gives the point; when every gap is below `-tolerance` the shapes overlap.
pub fn box_triangle_touch(obb: &Obb, triangle: &Triangle, tolerance: f64) -> Option<ShapeContact> {
    let trace = box_triangle_trace(obb, triangle);
    if trace.max_gap() > tolerance {
        return None;
    }
    let axis = trace
        .rows
        .iter()
        .find(|row| row.gap.is_some_and(|gap| gap >= -tolerance))
        .map(|row| row.axis);
    Some(box_triangle_contact(obb, triangle, axis))
}

/// The contact of a box and a triangle touching along `axis` (or overlapping, for `None`).
///
/// # Algorithm
/// In box coordinates, with `σ` the side of the triangle's shadow centre:
/// 1. `T`: the box's feature nearest the triangle's plane (a vertex, an edge or a face, by how
///    many box axes lie flat on the plane) clipped by the triangle's three sides.
/// 2. `Ai`: the triangle's vertices nearest that face (a vertex, an edge or the whole triangle)
///    clipped to the face rectangle.
/// 3. `Ai × Ej`: the closest points of the box edge along `Ai` facing the triangle and the
///    triangle's edge `j` (segment–segment).
/// 4. `None`: the triangle clipped by the box; the point is the centre of that region, the
///    normal the axis of least overlap.
pub fn box_triangle_contact(
    obb: &Obb,
    triangle: &Triangle,
    axis: Option<ShapeAxis>,
) -> ShapeContact {
    let frame = BoxFrame::new(obb, triangle);
    let k = axis.and_then(|a| ShapeAxis::BOX_TRIANGLE.iter().position(|&b| b == a));
    let (region, kind, normal) = match k {
        Some(0) => box_feature_on_triangle(&frame),
        Some(face @ 1..=3) => triangle_feature_on_box_face(&frame, face - 1),
        Some(n) => edge_crossing(&frame, (n - 4) / 3, (n - 4) % 3),
        None => overlap_region(&frame),
    };
    let point = centre(&region).unwrap_or_else(|| fallback_point(&frame));
    let world = |p: &Vector3<f64>| obb.to_world(p);
    ShapeContact {
        time: 0.0,
        point: world(&point),
        axis,
        kind,
        normal: obb.direction_to_world(&normal),
        region: if region.len() <= 1 {
            Region::point(world(&point))
        } else {
            Region::from_points(region.iter().map(world))
        },
    }
}

/// `σ L̂` for row `k`: the unit axis pointing from the box towards the triangle's shadow.
fn facing_axis(frame: &BoxFrame, k: usize) -> Vector3<f64> {
    let l = frame.axis(k);
    let ((lo, hi), _) = frame.shadows(&l);
    l.normalize() * sign(lo + hi)
}

type Found = (Feature, ContactKind, Vector3<f64>);

/// The part of `feature` within the half-spaces `normal·x <= offset`, each moved out by
/// [`CLIP_SLACK`] times `|normal|` (the sides' normals are not unit vectors): [`clip_polygon`].
fn within(feature: &Feature, sides: impl IntoIterator<Item = HalfPlane<3>>) -> Feature {
    let grown = sides
        .into_iter()
        .map(|(normal, offset)| (normal, offset + CLIP_SLACK * normal.norm()));
    clip_polygon(feature, grown, 0.0)
}

/// The average of the points: inside a convex region they span; `None` when empty.
fn centre(points: &[Vector3<f64>]) -> Option<Vector3<f64>> {
    (!points.is_empty()).then(|| points.iter().sum::<Vector3<f64>>() / points.len() as f64)
}

/// The six half-spaces `±x_i <= h_i` of a box in its own coordinates.
fn box_planes(h: &Vector3<f64>) -> [HalfPlane<3>; 6] {
    std::array::from_fn(|k| {
        let sign = if k % 2 == 0 { 1.0 } else { -1.0 };
        (Vector3::ith(k / 2, sign), h[k / 2])
    })
}

/// The box's vertex, edge or face nearest the triangle's plane, clipped to the triangle.
fn box_feature_on_triangle(frame: &BoxFrame) -> Found {
    let n = facing_axis(frame, 0);
    let h = frame.h;
    let free: Vec<usize> = (0..3)
        .filter(|&i| (n[i] * 2.0 * h[i]).abs() < FLAT)
        .collect();
    let corner = Vector3::from_fn(|i, _| {
        if free.contains(&i) {
            0.0
        } else {
            sign(n[i]) * h[i]
        }
    });
    let (feature, kind) = match free[..] {
        [] => (Polygon::from_corners([corner]), ContactKind::VertexFace),
        [i] => {
            let step = Vector3::ith(i, h[i]);
            (
                Polygon::from_corners([corner - step, corner + step]),
                ContactKind::EdgeFace,
            )
        }
        _ => {
            let (a, b) = (
                Vector3::ith(free[0], h[free[0]]),
                Vector3::ith(free[1], h[free[1]]),
            );
            let square = Polygon::from_corners([
                corner - a - b,
                corner + a - b,
                corner + a + b,
                corner - a + b,
            ]);
            (square, ContactKind::FaceFace)
        }
    };
    let t = frame.e[0].cross(&frame.e[1]);
    let sides = (0..3).map(|j| {
        let inward = t.cross(&frame.e[j]);
        (-inward, -inward.dot(&frame.v[j]))
    });
    (within(&feature, sides), kind, n)
}

/// The triangle's vertex, edge or whole face nearest box face `i`, clipped to the face.
fn triangle_feature_on_box_face(frame: &BoxFrame, i: usize) -> Found {
    let n = facing_axis(frame, i + 1);
    let depth = frame.v.map(|v| n[i] * v[i]);
    let nearest = depth[0].min(depth[1]).min(depth[2]);
    let feature = Polygon::from_corners(
        (0..3)
            .filter(|&k| depth[k] - nearest < FLAT)
            .map(|k| frame.v[k]),
    );
    let kind = match feature.len() {
        1 => ContactKind::VertexFace,
        2 => ContactKind::EdgeFace,
        _ => ContactKind::FaceFace,
    };
    let sides = box_planes(&frame.h)
        .into_iter()
        .filter(|(normal, _)| normal[i] == 0.0);
    (within(&feature, sides), kind, n)
}

/// The closest points of the box edge along `A_i` facing the triangle and triangle edge `j`.
fn edge_crossing(frame: &BoxFrame, i: usize, j: usize) -> Found {
    let n = facing_axis(frame, 4 + 3 * i + j);
    let l = box_axis_cross(i, &frame.e[j]);
    let sigma = sign(n.dot(&l));
    let h = frame.h;
    let edge_mid = Vector3::from_fn(|c, _| {
        if c == i {
            0.0
        } else {
            sigma * sign(l[c]) * h[c]
        }
    });
    let step = Vector3::ith(i, h[i]);
    let closest = segment_segment(
        &(edge_mid - step),
        &(edge_mid + step),
        &frame.v[j],
        &frame.v[(j + 1) % 3],
    );
    let point = 0.5 * (closest.closest_on_first + closest.closest_on_second);
    (Polygon::from_corners([point]), ContactKind::EdgeEdge, n)
}

/// The triangle clipped by the box, with the unit axis of least overlap (box to triangle).
fn overlap_region(frame: &BoxFrame) -> Found {
    let region = within(&Polygon::from_corners(frame.v), box_planes(&frame.h));
    let rows: Vec<ShapeRow> = (0..13)
        .map(|k| {
            let l = frame.axis(k);
            let (shadow, r0) = frame.shadows(&l);
            ShapeRow::from_shadows(
                ShapeAxis::BOX_TRIANGLE[k],
                l,
                l.norm(),
                (-r0, r0),
                shadow,
                frame.degenerate(k, &l),
            )
        })
        .collect();
    let least = super::shape_axis::largest_gap(&rows).map_or(0, |row| {
        ShapeAxis::BOX_TRIANGLE
            .iter()
            .position(|&a| a == row.axis)
            .unwrap_or(0)
    });
    let normal = facing_axis(frame, least);
    (region, ContactKind::Overlap, normal)
}

/// When clipping lost the region to rounding: the triangle's point nearest the box centre,
/// pulled onto the box.
fn fallback_point(frame: &BoxFrame) -> Vector3<f64> {
    let triangle = Triangle::new(frame.v[0], frame.v[1], frame.v[2]);
    let (on_triangle, _) = triangle.closest_point(&Vector3::zeros());
    let h = frame.h;
    Vector3::from_fn(|i, _| on_triangle[i].clamp(-h[i], h[i]))
}
