//! Rays, spheres and boxes against a plane, static and moving (METHODS §5, seeds 001 §2.1,
//! 004 §1.7.2).

use nalgebra::Vector3;

use super::spheres::SweepOutcome;
use super::{Obb, Plane, Sphere};

/// `|N·d| <= PARALLEL_TOLERANCE · |d|` counts as a direction parallel to the plane.
pub const PARALLEL_TOLERANCE: f64 = 1e-12;

/// `|A_i·N| <= FEATURE_TOLERANCE` counts as a box axis lying in the plane's direction.
pub const FEATURE_TOLERANCE: f64 = 1e-9;

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

/// Where the line `S + t d` crosses the plane (seed 001 §2.1.1): `t = (d0 - N·S)/(N·d)`.
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

fn proximity(center: &Vector3<f64>, effective_radius: f64, plane: &Plane) -> PlaneProximity {
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

/// The point of the segment from `inner` to `outer` nearest to crossing the plane: the crossing
/// itself, or the end whose side the line crosses beyond (`inner` when the heights are equal).
fn crossing(inner: &Vector3<f64>, outer: &Vector3<f64>, plane: &Plane) -> Vector3<f64> {
    let h_inner = plane.signed_distance(inner);
    let height_drop = h_inner - plane.signed_distance(outer);
    if height_drop == 0.0 {
        return *inner;
    }
    inner + (outer - inner) * (h_inner / height_drop).clamp(0.0, 1.0)
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

/// Which feature of a box faces a plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoxFeature {
    /// No axis is parallel to the plane: a corner.
    Vertex,
    /// One axis is parallel to the plane: an edge along it.
    Edge,
    /// Two axes are parallel to the plane: a face.
    Face,
}

/// The static box-plane test with its evidence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxPlane {
    /// Centre distance, effective radius `r = Σ a_i |A_i·N|`, gap and verdict.
    pub proximity: PlaneProximity,
    /// `A_i · N` for each box axis.
    pub axis_dots: [f64; 3],
    /// The box feature nearest the plane (counted from the `A_i·N` that are ~0).
    pub feature: BoxFeature,
    /// The centre of that feature: box coordinates `-σ sign(A_i·N) a_i`, 0 where `A_i·N ~ 0`.
    pub feature_point: Vector3<f64>,
    /// When they overlap: where the segment from the box centre to `feature_point` meets the
    /// plane, a point of both.
    pub contact_point: Option<Vector3<f64>>,
}

/// Box against plane with the effective radius `r = Σ a_i |A_i·N|` (seed 004 §1.7.2).
///
/// # Algorithm
/// 1. `A_i·N` for each axis; `r = Σ a_i |A_i·N|`, `s = N·C - d0`; they touch iff `|s| <= r`.
/// 2. The nearest feature: axes with `|A_i·N| ~ 0` are free; 0, 1, 2 free axes give a vertex,
///    an edge, a face; its centre has `x_i = -σ sign(A_i·N) a_i` on the other axes.
/// 3. Contact point: where the segment from the centre to that feature crosses the plane.
pub fn obb_plane(obb: &Obb, plane: &Plane) -> BoxPlane {
    let axis_dots: [f64; 3] = std::array::from_fn(|i| obb.axis(i).dot(&plane.normal));
    let effective_radius = obb.projected_radius(&plane.normal);
    let proximity = proximity(&obb.center(), effective_radius, plane);
    let side = if proximity.center_distance < 0.0 {
        -1.0
    } else {
        1.0
    };
    let free_axes = axis_dots
        .iter()
        .filter(|d| d.abs() <= FEATURE_TOLERANCE)
        .count();
    let feature = match free_axes {
        0 => BoxFeature::Vertex,
        1 => BoxFeature::Edge,
        _ => BoxFeature::Face,
    };
    let local = Vector3::from_fn(|i, _| {
        let dot = axis_dots[i];
        if dot.abs() <= FEATURE_TOLERANCE {
            0.0
        } else {
            -side * dot.signum() * obb.half_extents()[i]
        }
    });
    let feature_point = obb.to_world(&local);
    let contact_point = proximity
        .overlaps
        .then(|| crossing(&obb.center(), &feature_point, plane));
    BoxPlane {
        proximity,
        axis_dots,
        feature,
        feature_point,
        contact_point,
    }
}

/// A box moving with constant velocity (no rotation) towards a plane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxPlaneSweep {
    /// The sweep of the centre with the effective radius `Σ a_i |A_i·N|`.
    pub sweep: PlaneSweep,
    /// `A_i · N` for each box axis (constant: the box does not rotate).
    pub axis_dots: [f64; 3],
    /// The touching feature, if there is contact.
    pub feature: Option<BoxFeature>,
    /// At the contact time: where the segment from the centre to the feature's centre meets the
    /// plane, a point of both.
    pub contact_point: Option<Vector3<f64>>,
}

/// First time of contact of a translating box and a plane, with the touching feature.
///
/// # Algorithm
/// 1. Sweep the centre with the effective radius `r = Σ a_i |A_i·N|` (`sweep_to_plane`).
/// 2. At the contact time, move the box by `V t` and read the feature facing the plane and the
///    contact point as in `obb_plane`.
pub fn sweep_obb_plane(
    obb: &Obb,
    velocity: &Vector3<f64>,
    plane: &Plane,
    duration: f64,
) -> BoxPlaneSweep {
    let radius = obb.projected_radius(&plane.normal);
    let sweep = sweep_to_plane(&obb.center(), velocity, radius, plane, duration);
    let at_contact = sweep.time.map(|t| {
        let moved = obb.translated(&(velocity * t));
        let facing = obb_plane(&moved, plane);
        (
            facing.feature,
            crossing(&moved.center(), &facing.feature_point, plane),
        )
    });
    BoxPlaneSweep {
        sweep,
        axis_dots: std::array::from_fn(|i| obb.axis(i).dot(&plane.normal)),
        feature: at_contact.map(|(feature, _)| feature),
        contact_point: at_contact.map(|(_, point)| point),
    }
}
