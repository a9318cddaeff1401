//! Rays and spheres against a plane, static and moving, and the plane sweep shared with boxes
//! (docs/methods.md §6.1, §9.5).

use nalgebra::Vector3;

use super::spheres::SweepOutcome;
use super::{Plane, Sphere};

/// `|N·d| <= PARALLEL_TOLERANCE · |d|` counts as a direction parallel to the plane.
pub const PARALLEL_TOLERANCE: f64 = 1e-12;

/// The ray `S + t d` against the plane `N·X = d0`, with the two dot products.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayPlane {
    /// `N · S`.
    pub normal_dot_start: f64,
    /// `N · d`; (nearly) zero means parallel.
    pub normal_dot_direction: f64,
    /// `t = (d0 - N·S)/(N·d)`, `None` when parallel; negative values are behind the start.
    pub t: Option<f64>,
    /// The crossing point `S + t d`, `None` when parallel.
    pub point: Option<Vector3<f64>>,
}

impl RayPlane {
    /// Whether the crossing lies on the ray (`t >= 0`).
    pub fn hits_ray(&self) -> bool {
        self.t.is_some_and(|t| t >= 0.0)
    }
}

/// Where the line `S + t d` crosses the plane (docs/methods.md §6.1): `t = (d0 - N·S)/(N·d)`.
pub fn ray_plane(start: &Vector3<f64>, direction: &Vector3<f64>, plane: &Plane) -> RayPlane {
    let normal_dot_start = plane.normal.dot(start);
    let normal_dot_direction = plane.normal.dot(direction);
    let parallel = normal_dot_direction.abs() <= PARALLEL_TOLERANCE * direction.norm();
    let t = (!parallel).then(|| (plane.offset - normal_dot_start) / normal_dot_direction);
    RayPlane {
        normal_dot_start,
        normal_dot_direction,
        t,
        point: t.map(|t| start + direction * t),
    }
}

/// A shape reduced to its centre and effective radius `r` against a plane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlaneProximity {
    /// Signed distance of the centre, positive on the normal's side.
    pub center_distance: f64,
    /// The effective radius: the sphere's radius, or `Σ a_i |A_i·N|` for a box.
    pub effective_radius: f64,
    /// `|center_distance| - effective_radius`: negative when the plane cuts the shape.
    pub gap: f64,
    /// Whether the shape touches or crosses the plane.
    pub overlaps: bool,
}

pub(crate) fn proximity(
    center: &Vector3<f64>,
    effective_radius: f64,
    plane: &Plane,
) -> PlaneProximity {
    let center_distance = plane.signed_distance(center);
    let gap = center_distance.abs() - effective_radius;
    PlaneProximity {
        center_distance,
        effective_radius,
        gap,
        overlaps: gap <= 0.0,
    }
}

/// The static sphere-plane test: they touch iff `|N·C - d0| <= r`.
pub fn sphere_plane(sphere: &Sphere, plane: &Plane) -> PlaneProximity {
    proximity(&sphere.center, sphere.radius, plane)
}

/// A centre moving with constant velocity towards a plane, keeping its effective radius.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlaneSweep {
    /// Signed distance of the centre at `t = 0`.
    pub start_distance: f64,
    /// `N · V`: how fast the signed distance changes.
    pub normal_speed: f64,
    /// The effective radius `r`.
    pub effective_radius: f64,
    /// First time of contact in `[0, T]`.
    pub time: Option<f64>,
    /// Why `time` is what it is (`NoRelativeMotion`: no motion along the normal).
    pub outcome: SweepOutcome,
}

/// First time `|s0 + t N·V| = r` for `t` in `[0, T]`, approaching from either side.
///
/// # Algorithm
/// 1. `s0 = N·C - d0`; `|s0| <= r` means contact at time 0.
/// 2. With `σ = sign(s0)`, the gap `|s0| - r` closes at speed `-σ N·V`; zero or negative: never.
/// 3. `t = (|s0| - r) / (-σ N·V)`, kept when `t <= T`.
pub fn sweep_to_plane(
    center: &Vector3<f64>,
    velocity: &Vector3<f64>,
    effective_radius: f64,
    plane: &Plane,
    duration: f64,
) -> PlaneSweep {
    let start_distance = plane.signed_distance(center);
    let normal_speed = plane.normal.dot(velocity);
    let gap = start_distance.abs() - effective_radius;
    let closing_speed = -start_distance.signum() * normal_speed;
    let (time, outcome) = if gap <= 0.0 {
        (Some(0.0), SweepOutcome::OverlappingAtStart)
    } else if normal_speed == 0.0 {
        (None, SweepOutcome::NoRelativeMotion)
    } else if closing_speed < 0.0 {
        (None, SweepOutcome::MovingApart)
    } else if gap / closing_speed > duration {
        (None, SweepOutcome::AfterInterval)
    } else {
        (Some(gap / closing_speed), SweepOutcome::Touch)
    };
    PlaneSweep {
        start_distance,
        normal_speed,
        effective_radius,
        time,
        outcome,
    }
}

/// A sphere moving towards a plane, with the contact point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpherePlaneSweep {
    /// The sweep of the centre with effective radius `r`.
    pub sweep: PlaneSweep,
    /// At the contact time: the centre's foot on the plane (a point of both).
    pub contact_point: Option<Vector3<f64>>,
}

/// A sphere moving with constant velocity against a plane (linear motion).
pub fn sweep_sphere_plane(
    sphere: &Sphere,
    velocity: &Vector3<f64>,
    plane: &Plane,
    duration: f64,
) -> SpherePlaneSweep {
    let sweep = sweep_to_plane(&sphere.center, velocity, sphere.radius, plane, duration);
    let contact_point = sweep
        .time
        .map(|t| plane.project_point(&(sphere.center + velocity * t)));
    SpherePlaneSweep {
        sweep,
        contact_point,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn floor() -> Plane {
        Plane::new(Vector3::y(), 0.0).unwrap()
    }

    #[test]
    fn ray_parallel_to_the_plane_has_no_crossing() {
        let along = ray_plane(&Vector3::new(0.0, 1.0, 0.0), &Vector3::x(), &floor());
        assert_eq!((along.t, along.hits_ray()), (None, false));
        let down = ray_plane(
            &Vector3::new(0.0, 2.0, 0.0),
            &Vector3::new(1.0, -4.0, 0.0),
            &floor(),
        );
        assert_eq!(down.t, Some(0.5));
        assert_eq!(down.point, Some(Vector3::new(0.5, 0.0, 0.0)));
    }
}
