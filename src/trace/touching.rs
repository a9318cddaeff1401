//! Which pairs can touch within a horizon, decided without explaining them: the test behind
//! `explain --touching` and the debugger's pair list.

use std::fmt::Write as _;

use nalgebra::Vector3;

use super::PairRecord;
use crate::dynamics::world::TOUCHING;
use crate::sat::Robustness;
use crate::scene::{BodySpec, ShapeSpec};

impl PairRecord {
    /// Whether the bodies intersect now, rest on each other (apart by no more than the resting
    /// gap) or first touch within the horizon.
    pub fn touches(&self) -> bool {
        self.intersecting || self.resting_gap.is_some() || self.contact.is_some()
    }
}

/// The centre and radius of a sphere enclosing the body (`None` for a plane, which is unbounded).
pub fn enclosing_ball(body: &BodySpec) -> Option<(Vector3<f64>, f64)> {
    match &body.shape {
        &ShapeSpec::Box { half_extents } => Some((body.center, half_extents.norm())),
        &ShapeSpec::Sphere { radius } => Some((body.center, radius)),
        ShapeSpec::Plane { .. } => None,
        ShapeSpec::Convex(convex) => Some((body.center, convex.reach())),
        ShapeSpec::Triangle { .. } | ShapeSpec::Mesh(_) => {
            let boxes = body.shape.triangles_at(&body.center);
            let aabb = boxes
                .iter()
                .map(crate::geometry::Triangle::aabb)
                .reduce(|a, b| a.union(&b))?;
            Some((aabb.center(), 0.5 * (aabb.max - aabb.min).norm()))
        }
    }
}

/// Whether two bodies may touch within `horizon` seconds; false only when they certainly do not.
///
/// # Algorithm
/// 1. Enclosing spheres (rotation does not move them) moving at the bodies' constant velocities:
///    apart all along the horizon means apart (a plane passes this step).
/// 2. A lower bound on the distance now (the largest gap of the separating-axis table for two
///    boxes, the exact distance for a sphere or a plane) against how far any point of either body
///    can move in the horizon, `(|v| + |ω| r) · horizon` each: farther apart than that means apart.
///
/// Both steps keep a hair of slack, since the exact tests count a gap within 1e-9 of the sizes
/// as touching.
pub fn may_touch(a: &BodySpec, b: &BodySpec, horizon: f64) -> bool {
    let horizon = horizon.max(0.0);
    let balls = (enclosing_ball(a), enclosing_ball(b));
    if let (Some((ca, ra)), Some((cb, rb))) = balls {
        let d = cb - ca;
        let v = velocity(b) - velocity(a);
        // The closest approach of `d + v t` for t in [0, horizon].
        let speed2 = v.norm_squared();
        let t = if speed2 > 0.0 {
            (-d.dot(&v) / speed2).clamp(0.0, horizon)
        } else {
            0.0
        };
        if (d + v * t).norm() > slack(ra + rb) {
            return false;
        }
    }
    let size = [a, b].map(|body| enclosing_ball(body).map_or(0.0, |(_, r)| r));
    let travel = |body: &BodySpec, radius: f64| {
        if body.fixed {
            0.0
        } else {
            (body.velocity.norm() + body.angular_velocity.norm() * radius) * horizon
        }
    };
    let reach = travel(a, size[0]) + travel(b, size[1]);
    gap_at_least(a, b) <= slack(reach + size[0] + size[1]) - size[0] - size[1]
}

/// `length` widened by the exact tests' tolerance.
fn slack(length: f64) -> f64 {
    length * (1.0 + 1e-6) + 1e-9
}

/// A body's velocity as the explanations move it (zero for a fixed body).
fn velocity(body: &BodySpec) -> Vector3<f64> {
    if body.fixed {
        Vector3::zeros()
    } else {
        body.velocity
    }
}

/// A lower bound on the distance between two bodies now (zero or less when they may touch).
fn gap_at_least(a: &BodySpec, b: &BodySpec) -> f64 {
    use ShapeSpec::{Box, Plane, Sphere};
    let obb =
        |body: &BodySpec, half_extents| crate::Obb::new(body.center, body.rotation, half_extents);
    let to_plane = |normal: Vector3<f64>, offset: f64, body: &BodySpec| {
        let distance = (normal.dot(&body.center) - offset).abs();
        match body.shape {
            Box { half_extents } => distance - obb(body, half_extents).projected_radius(&normal),
            Sphere { radius } => distance - radius,
            _ => f64::NEG_INFINITY,
        }
    };
    if a.shape.is_surface() || b.shape.is_surface() {
        // The contact table's separation is a lower bound of the distance; two surfaces, which
        // it never tests, may touch.
        let (pa, pb) = (super::shapes::place(a), super::shapes::place(b));
        let gap = crate::contact::separation(&pa, &pb);
        return if gap.is_finite() {
            gap
        } else {
            f64::NEG_INFINITY
        };
    }
    match (&a.shape, &b.shape) {
        (&Box { half_extents: ha }, &Box { half_extents: hb }) => {
            let trace = crate::sat::trace_with(&obb(a, ha), &obb(b, hb), Robustness::default());
            trace
                .largest_gap()
                .and_then(|row| row.gap)
                .unwrap_or(f64::NEG_INFINITY)
        }
        (&Sphere { radius: ra }, &Sphere { radius: rb }) => (b.center - a.center).norm() - ra - rb,
        (&Sphere { radius }, &Box { half_extents }) => {
            obb(b, half_extents).distance_to_point(&a.center) - radius
        }
        (&Box { half_extents }, &Sphere { radius }) => {
            obb(a, half_extents).distance_to_point(&b.center) - radius
        }
        (&Plane { normal, offset }, _) => to_plane(normal, offset, b),
        (_, &Plane { normal, offset }) => to_plane(normal, offset, a),
        _ => f64::NEG_INFINITY,
    }
}

/// Notes a pair apart by no more than [`TOUCHING`]: `simulate` holds it as a resting contact,
/// so the sentence says so (a first touch a sweep finds from such a gap comes of rounding).
pub(super) fn note_resting(record: &mut PairRecord, a: &BodySpec, b: &BodySpec) {
    let (shape_a, shape_b) = (super::shapes::place(a), super::shapes::place(b));
    let Some(found) = crate::contact::contact(&shape_a, &shape_b, TOUCHING) else {
        return;
    };
    if found.gap > 0.0 {
        record.resting_gap = Some(found.gap);
        let _ = write!(
            record.sentence,
            "; they are {:.1e} m apart, within the {TOUCHING:.0e} m at which `simulate` holds \
             a resting contact",
            found.gap
        );
    }
}
