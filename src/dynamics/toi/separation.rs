//! The signed separation of two placed shapes and where they touch when it reaches zero.

use nalgebra::Vector3;

use crate::dynamics::{BodyShape, BodyState};
use crate::geometry::{Obb, Plane, Sphere};
use crate::sat::{self, AxisId, ContactKind};

/// Which two shapes meet, whatever their order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PairKind {
    /// Two boxes (separation: the largest SAT gap of the 15 axes).
    BoxBox,
    /// A box and a plane (signed distance of the lowest corner).
    BoxPlane,
    /// A box and a sphere (signed distance of the centre to the box, minus the radius).
    BoxSphere,
    /// A sphere and a plane.
    SpherePlane,
    /// Two spheres.
    SphereSphere,
    /// Two planes: never tested (planes never move).
    PlanePlane,
}

impl PairKind {
    /// The pair formed by two shapes.
    pub fn of(a: &BodyShape, b: &BodyShape) -> Self {
        use BodyShape::{Box, Plane, Sphere};
        match (a, b) {
            (Box(_), Box(_)) => PairKind::BoxBox,
            (Box(_), Plane { .. }) | (Plane { .. }, Box(_)) => PairKind::BoxPlane,
            (Box(_), Sphere(_)) | (Sphere(_), Box(_)) => PairKind::BoxSphere,
            (Sphere(_), Plane { .. }) | (Plane { .. }, Sphere(_)) => PairKind::SpherePlane,
            (Sphere(_), Sphere(_)) => PairKind::SphereSphere,
            (Plane { .. }, Plane { .. }) => PairKind::PlanePlane,
        }
    }

    /// The kebab-case name used in text and JSON.
    pub fn name(self) -> &'static str {
        match self {
            PairKind::BoxBox => "box-box",
            PairKind::BoxPlane => "box-plane",
            PairKind::BoxSphere => "box-sphere",
            PairKind::SpherePlane => "sphere-plane",
            PairKind::SphereSphere => "sphere-sphere",
            PairKind::PlanePlane => "plane-plane",
        }
    }
}

/// Where and how two bodies touch at the time of impact.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ImpactContact {
    /// A point on both bodies (one of many for edge and face contacts).
    pub point: Vector3<f64>,
    /// Unit contact normal pointing from A towards B.
    pub normal: Vector3<f64>,
    /// The touching box features; `None` when a sphere touches (always at one point).
    pub features: Option<ContactKind>,
    /// The SAT axis that closed last (box-box only), first in table order among those at ~0.
    pub axis: Option<AxisId>,
    /// The contact region: one point, a segment's ends or a polygon.
    pub region: Vec<Vector3<f64>>,
}

/// A shape placed in the world at one instant.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Placed {
    Box(Obb),
    Sphere(Sphere),
    Plane(Plane),
}

impl Placed {
    /// The shape at the given state.
    pub fn new(shape: &BodyShape, state: &BodyState) -> Self {
        match *shape {
            BodyShape::Box(half) => Placed::Box(Obb::new(state.position, state.rotation, half)),
            BodyShape::Sphere(radius) => Placed::Sphere(Sphere {
                center: state.position,
                radius,
            }),
            BodyShape::Plane { normal, offset } => Placed::Plane(Plane { normal, offset }),
        }
    }
}

/// Signed separation of two shapes at two states: positive apart, 0 touching, negative overlapping.
pub fn separation(a: &BodyShape, sa: &BodyState, b: &BodyShape, sb: &BodyState) -> f64 {
    placed_separation(&Placed::new(a, sa), &Placed::new(b, sb))
}

/// Signed separation of two placed shapes (box-box: the largest tested SAT gap, a lower bound of
/// the distance with the right sign).
pub(crate) fn placed_separation(a: &Placed, b: &Placed) -> f64 {
    use Placed::{Box, Plane, Sphere};
    match (a, b) {
        (Box(a), Box(b)) => sat::trace(a, b).max_gap(),
        (Box(o), Plane(p)) | (Plane(p), Box(o)) => {
            p.normal.dot(&o.center()) - p.offset - o.projected_radius(&p.normal)
        }
        (Sphere(s), Plane(p)) | (Plane(p), Sphere(s)) => {
            p.normal.dot(&s.center) - p.offset - s.radius
        }
        (Sphere(s), Sphere(t)) => (t.center - s.center).norm() - s.radius - t.radius,
        (Sphere(s), Box(o)) | (Box(o), Sphere(s)) => signed_box_distance(o, &s.center) - s.radius,
        (Plane(_), Plane(_)) => f64::INFINITY,
    }
}

/// Distance from `p` to the box surface, negative inside.
fn signed_box_distance(o: &Obb, p: &Vector3<f64>) -> f64 {
    let q = o.to_local(p).abs() - o.half_extents();
    let outside = q.map(|x| x.max(0.0)).norm();
    outside + q.max().min(0.0)
}

/// The contact of two shapes that touch (the normal points from `a` towards `b`).
pub(crate) fn contact(a: &Placed, b: &Placed, time: f64) -> Option<ImpactContact> {
    use Placed::{Box, Plane, Sphere};
    let flipped = |mut c: ImpactContact| {
        c.normal = -c.normal;
        c
    };
    Some(match (a, b) {
        (Box(a), Box(b)) => box_box(a, b, time),
        (Plane(p), Box(o)) => box_plane(o, p),
        (Box(o), Plane(p)) => flipped(box_plane(o, p)),
        (Plane(p), Sphere(s)) => sphere_plane(s, p),
        (Sphere(s), Plane(p)) => flipped(sphere_plane(s, p)),
        (Sphere(s), Sphere(t)) => sphere_sphere(s, t),
        (Box(o), Sphere(s)) => box_sphere(o, s),
        (Sphere(s), Box(o)) => flipped(box_sphere(o, s)),
        (Plane(_), Plane(_)) => return None,
    })
}

/// Box-box: `sat::contact_at` on the first axis (table order) whose gap is within rounding of the
/// largest, or its overlap point when the boxes already overlap deeper than rounding.
fn box_box(a: &Obb, b: &Obb, time: f64) -> ImpactContact {
    let rows = sat::trace(a, b).rows();
    let tested = || rows.iter().filter(|row| !row.skipped);
    let largest = tested()
        .filter_map(|row| row.gap)
        .fold(f64::NEG_INFINITY, f64::max);
    let tolerance = 1e-9 * (1.0 + a.half_extents().norm() + b.half_extents().norm());
    let axis = tested()
        .find(|row| row.gap.is_some_and(|gap| gap >= largest - tolerance))
        .map(|row| row.axis)
        .filter(|_| largest >= -tolerance);
    let c = sat::contact_at(a, b, axis, time);
    ImpactContact {
        point: c.point,
        normal: c.normal,
        features: Some(c.kind),
        axis: c.axis,
        region: c.region.to_vec(),
    }
}

/// Box on a plane: the lowest corners (1, 2 or 4) and their centroid; normal = plane normal.
fn box_plane(o: &Obb, p: &Plane) -> ImpactContact {
    let height = |v: &Vector3<f64>| p.normal.dot(v) - p.offset;
    let corners = o.vertices();
    let lowest = corners.iter().map(height).fold(f64::INFINITY, f64::min);
    let tolerance = 1e-9 * (1.0 + o.half_extents().norm());
    let mut region: Vec<Vector3<f64>> = corners
        .into_iter()
        .filter(|v| height(v) <= lowest + tolerance)
        .collect();
    let point = region.iter().sum::<Vector3<f64>>() / region.len() as f64;
    order_around(&mut region, &point, &p.normal);
    let features = match region.len() {
        1 => ContactKind::VertexFace,
        2 => ContactKind::EdgeFace,
        _ => ContactKind::FaceFace,
    };
    ImpactContact {
        point,
        normal: p.normal,
        features: Some(features),
        axis: None,
        region,
    }
}

/// Sorts points of a planar polygon by angle about `centre` in the plane normal to `n`.
fn order_around(points: &mut [Vector3<f64>], centre: &Vector3<f64>, n: &Vector3<f64>) {
    let u = n
        .cross(&Vector3::x())
        .try_normalize(1e-6)
        .unwrap_or_else(|| n.cross(&Vector3::y()).normalize());
    let w = n.cross(&u);
    let angle = |p: &Vector3<f64>| (w.dot(&(p - centre))).atan2(u.dot(&(p - centre)));
    points.sort_by(|p, q| angle(p).total_cmp(&angle(q)));
}

/// Sphere on a plane: the centre projected on the plane.
fn sphere_plane(s: &Sphere, p: &Plane) -> ImpactContact {
    let point = s.center - (p.normal.dot(&s.center) - p.offset) * p.normal;
    single(point, p.normal)
}

/// Two spheres: the point halfway between both surfaces on the line of centres.
fn sphere_sphere(s: &Sphere, t: &Sphere) -> ImpactContact {
    let d = t.center - s.center;
    let normal = d.try_normalize(1e-300).unwrap_or_else(Vector3::x);
    let gap = d.norm() - s.radius - t.radius;
    single(s.center + normal * (s.radius + 0.5 * gap), normal)
}

/// Box and sphere: the box point closest to the centre; normal from the box to the sphere.
fn box_sphere(o: &Obb, s: &Sphere) -> ImpactContact {
    let point = o.closest_point(&s.center);
    let normal = (s.center - point)
        .try_normalize(1e-12)
        .unwrap_or_else(|| deepest_face_normal(o, &s.center));
    single(point, normal)
}

/// The outward normal of the box face nearest to an inside point.
fn deepest_face_normal(o: &Obb, p: &Vector3<f64>) -> Vector3<f64> {
    let local = o.to_local(p);
    let room = o.half_extents() - local.abs();
    let i = room.imin();
    o.axis(i) * local[i].signum()
}

/// A one-point contact of a sphere.
fn single(point: Vector3<f64>, normal: Vector3<f64>) -> ImpactContact {
    ImpactContact {
        point,
        normal,
        features: None,
        axis: None,
        region: vec![point],
    }
}
