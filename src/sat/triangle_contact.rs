//! The first contact of two moving triangles: its time from the sweep, its point and its
//! touching features (docs/methods.md §15.2).

use nalgebra::Vector3;

use super::region::Region;
use super::shape_axis::ShapeAxis;
use super::shape_sweep::ShapeContact;
use super::triangle_sweep::sweep_triangles;
use super::ContactKind;
use crate::geometry::line_distance::segment_segment;
use crate::geometry::triangle::Triangle;

/// A vertex this close to the touching extreme (times the size of its triangle) touches too:
/// two such vertices make an edge, three a face.
const FLAT: f64 = 1e-9;

/// The first contact of the two moving triangles within `[0, t_max]`, with its point.
///
/// # Algorithm
/// [`sweep_triangles`] for the time and the last separating axis; both triangles moved to that
/// time; the point is the middle of the closest pair of points of the two (vertex against
/// triangle, edge against edge, edge through the other's face); the features from the last
/// separating axis: along a normal, one, two or three vertices of the other triangle at the
/// touching extreme (vertex-, edge- or face-face); an edge product or an in-plane row, edge-edge.
pub fn triangles_first_contact(
    a: &Triangle,
    v_a: Vector3<f64>,
    b: &Triangle,
    v_b: Vector3<f64>,
    t_max: f64,
) -> Option<ShapeContact> {
    let sweep = sweep_triangles(a, v_a, b, v_b, t_max);
    let time = sweep.first_contact?;
    let (a_then, b_then) = (a.translated(&(v_a * time)), b.translated(&(v_b * time)));
    let point = closest_middle(&a_then, &b_then);
    let axis = sweep.last_separating_axis;
    let row = axis.and_then(|x| sweep.rows.iter().find(|row| row.axis == x));
    let (kind, normal) = if let (Some(axis), Some(row)) = (axis, row) {
        let l = axis_vector(&a_then, &b_then, axis);
        let toward_b = if row.distance + time * row.speed < 0.0 {
            -l
        } else {
            l
        };
        let unit = toward_b.try_normalize(0.0).unwrap_or_else(Vector3::zeros);
        (touching_kind(&a_then, &b_then, axis, &unit), unit)
    } else {
        (ContactKind::Overlap, a_then.unit_normal())
    };
    Some(ShapeContact {
        time,
        point,
        axis,
        kind,
        normal,
        region: Region::point(point),
    })
}

/// The direction of `axis` for the two triangles.
fn axis_vector(a: &Triangle, b: &Triangle, axis: ShapeAxis) -> Vector3<f64> {
    let (ea, eb) = (a.edges(), b.edges());
    let (na, nb) = (a.normal(), b.normal());
    match axis {
        ShapeAxis::NormalB => nb,
        ShapeAxis::EdgeEdge(i, j) => ea[i].cross(&eb[j]),
        ShapeAxis::InPlaneA(i) => na.cross(&ea[i]),
        ShapeAxis::InPlaneB(j) => nb.cross(&eb[j]),
        _ => na,
    }
}

/// The touching features along the unit `normal` (from A towards B) of the last separating
/// axis.
fn touching_kind(
    a: &Triangle,
    b: &Triangle,
    axis: ShapeAxis,
    normal: &Vector3<f64>,
) -> ContactKind {
    let touching = |t: &Triangle, toward: f64| {
        let along = t.vertices.map(|v| toward * v.dot(normal));
        let extreme = along.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let scale = t.vertices.iter().map(Vector3::norm).fold(1.0, f64::max);
        along
            .iter()
            .filter(|&&x| extreme - x <= FLAT * scale)
            .count()
    };
    // Along A's normal B's lowest vertices touch; along B's, A's highest.
    let count = match axis {
        ShapeAxis::NormalA => touching(b, -1.0),
        ShapeAxis::NormalB => touching(a, 1.0),
        _ => return ContactKind::EdgeEdge,
    };
    match count {
        1 => ContactKind::VertexFace,
        2 => ContactKind::EdgeFace,
        _ => ContactKind::FaceFace,
    }
}

/// The middle of the closest pair of points of the two triangles: vertex against triangle,
/// edge against edge, and an edge through the other triangle's face.
fn closest_middle(a: &Triangle, b: &Triangle) -> Vector3<f64> {
    let mut best = (f64::INFINITY, a.vertices[0]);
    let mut offer = |p: Vector3<f64>, q: Vector3<f64>| {
        let d = (p - q).norm();
        if d < best.0 {
            best = (d, 0.5 * (p + q));
        }
    };
    for (one, other) in [(a, b), (b, a)] {
        for v in &one.vertices {
            offer(*v, other.closest_point(v).0);
        }
        let n = other.normal();
        for k in 0..3 {
            let (p, q) = (one.vertices[k], one.vertices[(k + 1) % 3]);
            let (dp, dq) = (
                n.dot(&(p - other.vertices[0])),
                n.dot(&(q - other.vertices[0])),
            );
            if dp * dq < 0.0 {
                let crossing = p + (q - p) * (dp / (dp - dq));
                offer(crossing, other.closest_point(&crossing).0);
            }
        }
    }
    for i in 0..3 {
        for j in 0..3 {
            let s = segment_segment(
                &a.vertices[i],
                &a.vertices[(i + 1) % 3],
                &b.vertices[j],
                &b.vertices[(j + 1) % 3],
            );
            offer(s.closest_on_first, s.closest_on_second);
        }
    }
    best.1
}
