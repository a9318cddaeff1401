//! How two placed bodies touch: their gap, the normal, and the points a resting contact holds.

use nalgebra::Vector3;

use super::TOUCHING;
use crate::dynamics::toi::separation;
use crate::dynamics::{BodyShape, BodyState};
use crate::geometry::Obb;
use crate::math::sign;
use crate::sat::{self, AxisId, AxisRow, SatTrace};

/// Corners within this share of the smallest half-extent above the lowest one join a box's manifold.
const MANIFOLD_DEPTH: f64 = 0.5;
/// A cross axis stands for the contact only when its gap beats every face axis's by this much
/// (metres): an edge parallel to the other box's face gives a cross axis the face's own gap up
/// to rounding, and its one crossing point would stand for the whole face.
const FACE_PREFERENCE: f64 = 1e-9;

/// Two bodies near contact: signed gap, unit normal from A to B, and the contact points.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Touch {
    /// Positive apart, negative overlapping (box-box: the largest SAT gap).
    pub gap: f64,
    /// Unit normal pointing from A towards B.
    pub normal: Vector3<f64>,
    /// The manifold: points near contact, each with its own separation along the normal.
    pub points: Vec<(Vector3<f64>, f64)>,
    /// The SAT axis of the gap, for two boxes.
    pub axis: Option<AxisId>,
}

impl Touch {
    /// The same contact seen from the other body.
    fn flipped(mut self) -> Self {
        self.normal = -self.normal;
        self
    }
}

/// The box of half-extents `half` placed at `s`.
fn obb(half: Vector3<f64>, s: &BodyState) -> Obb {
    Obb::new(s.position, s.rotation, half)
}

/// How the shapes touch when their separation is at most [`TOUCHING`], else `None` (two boxes
/// are traced by SAT once for both the separation and the touch).
pub(super) fn touching(
    a: &BodyShape,
    sa: &BodyState,
    b: &BodyShape,
    sb: &BodyState,
) -> Option<Touch> {
    if let (BodyShape::Box(h), BodyShape::Box(k)) = (*a, *b) {
        let (oa, ob) = (obb(h, sa), obb(k, sb));
        let trace = sat::trace(&oa, &ob);
        return (trace.max_gap() <= TOUCHING).then(|| box_box(&oa, &ob, &trace));
    }
    if separation(a, sa, b, sb) <= TOUCHING {
        touch(a, sa, b, sb)
    } else {
        None
    }
}

/// How the shapes `a` at `sa` and `b` at `sb` touch; `None` for two planes.
pub(super) fn touch(a: &BodyShape, sa: &BodyState, b: &BodyShape, sb: &BodyState) -> Option<Touch> {
    use BodyShape::{Box, Plane, Sphere};
    Some(match (*a, *b) {
        (Plane { .. }, Plane { .. }) => return None,
        (Plane { normal, offset }, Box(h)) => box_plane(&obb(h, sb), &normal, offset),
        (Box(h), Plane { normal, offset }) => box_plane(&obb(h, sa), &normal, offset).flipped(),
        (Plane { normal, offset }, Sphere(r)) => sphere_plane(&sb.position, r, &normal, offset),
        (Sphere(r), Plane { normal, offset }) => {
            sphere_plane(&sa.position, r, &normal, offset).flipped()
        }
        (Sphere(r), Sphere(s)) => sphere_sphere(&sa.position, r, &sb.position, s),
        (Box(h), Sphere(r)) => box_sphere(&obb(h, sa), &sb.position, r),
        (Sphere(r), Box(h)) => box_sphere(&obb(h, sb), &sa.position, r).flipped(),
        (Box(h), Box(k)) => {
            let (oa, ob) = (obb(h, sa), obb(k, sb));
            box_box(&oa, &ob, &sat::trace(&oa, &ob))
        }
    })
}

/// A box above a plane: the lowest corner's height, and the corners near the plane.
fn box_plane(o: &Obb, normal: &Vector3<f64>, offset: f64) -> Touch {
    let corners = o.vertices();
    let height = |v: &Vector3<f64>| normal.dot(v) - offset;
    let gap = corners.iter().map(height).fold(f64::INFINITY, f64::min);
    let band = MANIFOLD_DEPTH * o.half_extents().min();
    Touch {
        gap,
        normal: *normal,
        points: corners
            .into_iter()
            .map(|v| (v, height(&v)))
            .filter(|&(_, h)| h <= gap + band)
            .collect(),
        axis: None,
    }
}

/// A sphere above a plane: the centre's height minus the radius; the point below the centre.
fn sphere_plane(c: &Vector3<f64>, r: f64, normal: &Vector3<f64>, offset: f64) -> Touch {
    let height = normal.dot(c) - offset;
    Touch {
        gap: height - r,
        normal: *normal,
        points: vec![(c - normal * height, height - r)],
        axis: None,
    }
}

/// Two spheres: the distance between the surfaces along the line of centres.
fn sphere_sphere(c: &Vector3<f64>, r: f64, d: &Vector3<f64>, s: f64) -> Touch {
    let between = d - c;
    let normal = between.try_normalize(1e-300).unwrap_or_else(Vector3::x);
    let gap = between.norm() - r - s;
    Touch {
        gap,
        normal,
        points: vec![(c + normal * (r + 0.5 * gap), gap)],
        axis: None,
    }
}

/// A box and a sphere: the box point closest to the centre (the nearest face when inside).
fn box_sphere(o: &Obb, c: &Vector3<f64>, r: f64) -> Touch {
    let closest = o.closest_point(c);
    let outside = c - closest;
    let (gap, normal, point) = if let Some(n) = outside.try_normalize(1e-12) {
        (outside.norm() - r, n, closest)
    } else {
        let local = o.to_local(c);
        let room = o.half_extents() - local.abs();
        let i = room.imin();
        let n = o.axis(i) * local[i].signum();
        (-room[i] - r, n, c + n * room[i])
    };
    Touch {
        gap,
        normal,
        points: vec![(point, gap)],
        axis: None,
    }
}

/// Two boxes with their SAT trace: the axis with the largest gap; on a face axis, the incident
/// face clipped to the reference face (each corner with its depth), on an edge axis the edges'
/// crossing point.
fn box_box(a: &Obb, b: &Obb, trace: &SatTrace) -> Touch {
    let gap_of = |r: &AxisRow| r.gap.filter(|_| !r.skipped).unwrap_or(f64::NEG_INFINITY);
    let faces = trace.rows().into_iter().take(6);
    let row = match faces.reduce(|b, r| if gap_of(&b) >= gap_of(&r) { b } else { r }) {
        Some(face) if gap_of(&face) + FACE_PREFERENCE >= trace.max_gap() => Some(face),
        _ => trace.largest_gap(),
    };
    let Some(row) = row else {
        let normal = (b.center() - a.center())
            .try_normalize(1e-300)
            .unwrap_or_else(Vector3::y);
        let point = 0.5 * (a.center() + b.center());
        return Touch {
            gap: 0.0,
            normal,
            points: vec![(point, 0.0)],
            axis: None,
        };
    };
    let gap = row.gap.unwrap_or(0.0);
    let (reference, incident, i, towards_b) = match row.axis {
        AxisId::FaceA(i) => (a, b, i, 1.0),
        AxisId::FaceB(j) => (b, a, j, -1.0),
        AxisId::Edge(..) => {
            let contact = sat::contact_at(a, b, Some(row.axis), 0.0);
            return Touch {
                gap,
                normal: contact.normal,
                points: vec![(contact.point, gap)],
                axis: Some(row.axis),
            };
        }
    };
    let side = sign(
        reference
            .axis(i)
            .dot(&(incident.center() - reference.center())),
    );
    let n = reference.axis(i) * side;
    let band = MANIFOLD_DEPTH * a.half_extents().min().min(b.half_extents().min());
    let depth = |p: &Vector3<f64>| n.dot(&(p - reference.center())) - reference.half_extents()[i];
    let points = clip_to_face(reference, i, &incident_face(incident, &n))
        .into_iter()
        .map(|p| (p, depth(&p)))
        .filter(|&(_, d)| d <= gap + band)
        .collect();
    Touch {
        gap,
        normal: n * towards_b,
        points,
        axis: Some(row.axis),
    }
}

/// The corners of the face of `o` whose outward normal is most opposed to `n`.
fn incident_face(o: &Obb, n: &Vector3<f64>) -> Vec<Vector3<f64>> {
    let k = (0..3)
        .max_by(|&p, &q| o.axis(p).dot(n).abs().total_cmp(&o.axis(q).dot(n).abs()))
        .unwrap_or(0);
    let h = o.half_extents();
    let centre = o.center() - o.axis(k) * (h[k] * sign(o.axis(k).dot(n)));
    let (u, v) = (
        o.axis((k + 1) % 3) * h[(k + 1) % 3],
        o.axis((k + 2) % 3) * h[(k + 2) % 3],
    );
    vec![
        centre - u - v,
        centre + u - v,
        centre + u + v,
        centre - u + v,
    ]
}

/// Sutherland–Hodgman: the polygon clipped to the four side planes of face `i` of `o`.
fn clip_to_face(o: &Obb, i: usize, polygon: &[Vector3<f64>]) -> Vec<Vector3<f64>> {
    let mut out = polygon.to_vec();
    for k in [(i + 1) % 3, (i + 2) % 3] {
        for s in [1.0, -1.0] {
            let (u, limit) = (
                o.axis(k) * s,
                o.half_extents()[k] + o.axis(k).dot(&o.center()) * s,
            );
            let inside = |p: &Vector3<f64>| u.dot(p) - limit;
            let input = std::mem::take(&mut out);
            for (m, current) in input.iter().enumerate() {
                let previous = &input[(m + input.len() - 1) % input.len()];
                let (dp, dc) = (inside(previous), inside(current));
                if (dp <= 0.0) != (dc <= 0.0) {
                    out.push(previous + (current - previous) * (dp / (dp - dc)));
                }
                if dc <= 0.0 {
                    out.push(*current);
                }
            }
        }
    }
    out
}
