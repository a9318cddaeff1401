//! Spheres against spheres and boxes, static and moving (docs/methods.md §6.2–§6.5).

use nalgebra::Vector3;

use super::{Obb, Sphere};

/// The static sphere-sphere test with its evidence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SphereSphere {
    /// `|C1 - C2|`.
    pub center_distance: f64,
    /// `r1 + r2`.
    pub radius_sum: f64,
    /// `|C1 - C2| - (r1 + r2)`: the gap, negative when they overlap.
    pub gap: f64,
    /// Whether `|C1 - C2| <= r1 + r2`.
    pub overlaps: bool,
}

/// The static test of docs/methods.md §6.2: spheres overlap iff `|C1 - C2| <= r1 + r2`.
pub fn sphere_sphere(a: &Sphere, b: &Sphere) -> SphereSphere {
    let center_distance = (a.center - b.center).norm();
    let radius_sum = a.radius + b.radius;
    SphereSphere {
        center_distance,
        radius_sum,
        gap: center_distance - radius_sum,
        overlaps: center_distance <= radius_sum,
    }
}

/// How a sphere sweep ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SweepOutcome {
    /// The shapes already overlap at `t = 0`: contact time 0.
    OverlappingAtStart,
    /// They first touch at a time in `[0, T]`.
    Touch,
    /// Apart and not moving relative to each other (for a plane: not along its normal).
    NoRelativeMotion,
    /// The radicand is negative: the closest approach stays farther than the radius sum.
    NeverClose,
    /// The touching time is negative: they are moving apart.
    MovingApart,
    /// The touching time is later than `T`.
    AfterInterval,
}

/// Where two shapes touch: a point and the unit normal from the first towards the second.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactPoint {
    /// The contact point.
    pub point: Vector3<f64>,
    /// Unit normal pointing from the first shape to the second.
    pub normal: Vector3<f64>,
}

/// Two spheres moving with constant velocities over `[0, T]`, with the quadratic's evidence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SphereSweep {
    /// `A = C1 - C2` at `t = 0`.
    pub relative_position: Vector3<f64>,
    /// `B = V1 - V2`.
    pub relative_velocity: Vector3<f64>,
    /// `A · B`.
    pub a_dot_b: f64,
    /// `(A·B)² - |B|² (|A|² - (r1 + r2)²)`.
    pub radicand: f64,
    /// `r1 + r2`.
    pub radius_sum: f64,
    /// The first time of contact, when it lies in `[0, T]`.
    pub time: Option<f64>,
    /// Why `time` is what it is.
    pub outcome: SweepOutcome,
    /// The contact point on the line of centres at `time`, and the normal from sphere 1 to 2.
    pub contact: Option<ContactPoint>,
}

/// First time of contact of two moving spheres (docs/methods.md §6.3).
///
/// # Algorithm
/// 1. `A = C1 - C2`, `B = V1 - V2`; overlapping at `t = 0` (`|A| <= r1 + r2`) means time 0.
/// 2. `|B| = 0`: no relative motion, no contact.
/// 3. Radicand `(A·B)² - |B|²(|A|² - (r1+r2)²)`; negative: no contact.
/// 4. `t = (-(A·B) - sqrt(radicand)) / |B|²`; no contact if `t < 0` or `t > T`.
/// 5. Contact point on the line of centres at `t`, normal from sphere 1 to sphere 2.
pub fn sweep_spheres(
    a: &Sphere,
    velocity_a: &Vector3<f64>,
    b: &Sphere,
    velocity_b: &Vector3<f64>,
    duration: f64,
) -> SphereSweep {
    let relative_position = a.center - b.center;
    let relative_velocity = velocity_a - velocity_b;
    let a_dot_b = relative_position.dot(&relative_velocity);
    let speed_squared = relative_velocity.norm_squared();
    let radius_sum = a.radius + b.radius;
    let radicand = a_dot_b * a_dot_b
        - speed_squared * (relative_position.norm_squared() - radius_sum * radius_sum);
    let (time, outcome) = if relative_position.norm() <= radius_sum {
        (Some(0.0), SweepOutcome::OverlappingAtStart)
    } else if speed_squared == 0.0 {
        (None, SweepOutcome::NoRelativeMotion)
    } else if radicand < 0.0 {
        (None, SweepOutcome::NeverClose)
    } else {
        let t = (-a_dot_b - radicand.sqrt()) / speed_squared;
        if t < 0.0 {
            (None, SweepOutcome::MovingApart)
        } else if t > duration {
            (None, SweepOutcome::AfterInterval)
        } else {
            (Some(t), SweepOutcome::Touch)
        }
    };
    let contact = time.and_then(|t| {
        let at_t = |s: &Sphere, v: &Vector3<f64>| Sphere {
            center: s.center + v * t,
            ..*s
        };
        contact_on_line_of_centres(&at_t(a, velocity_a), &at_t(b, velocity_b))
    });
    SphereSweep {
        relative_position,
        relative_velocity,
        a_dot_b,
        radicand,
        radius_sum,
        time,
        outcome,
        contact,
    }
}

/// The middle of the spheres' overlap on the line of centres (their touching point when they
/// touch), with the normal from `a` to `b`; `None` for concentric spheres.
pub fn contact_on_line_of_centres(a: &Sphere, b: &Sphere) -> Option<ContactPoint> {
    let offset = b.center - a.center;
    let distance = offset.norm();
    if distance == 0.0 {
        return None;
    }
    let normal = offset / distance;
    let depth = a.radius + b.radius - distance;
    Some(ContactPoint {
        point: a.center + normal * (a.radius - depth / 2.0),
        normal,
    })
}

/// The stage of the sphere-box test that decided the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SphereBoxStage {
    /// The sphere misses the box's enclosing sphere: rejected without the exact test.
    EnclosingSphere,
    /// The exact test: distance from the centre to the closest point of the box.
    ClosestPoint,
}

/// The sphere-OBB test with the evidence of each stage.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SphereBox {
    /// The box's enclosing sphere (centre of the box, radius `|(a0, a1, a2)|`).
    pub enclosing: SphereSphere,
    /// The point of the box closest to the sphere's centre, if the exact stage ran.
    pub closest_point: Option<Vector3<f64>>,
    /// `distance(C, box) - r`, if the exact stage ran: `<= 0` means they overlap.
    pub gap: Option<f64>,
    /// Whether the sphere and the box overlap (touching counts).
    pub overlaps: bool,
    /// The stage that decided.
    pub decided_by: SphereBoxStage,
}

/// Sphere against oriented box (docs/methods.md §6.5).
///
/// # Algorithm
/// 1. Compare the sphere with the box's enclosing sphere; apart: no overlap.
/// 2. Clamp the sphere's centre in box coordinates to `[-a_i, a_i]`: the closest box point Q.
/// 3. They overlap iff `|C - Q| - r <= 0`.
pub fn sphere_obb(sphere: &Sphere, obb: &Obb) -> SphereBox {
    let enclosing = sphere_sphere(sphere, &obb.enclosing_sphere());
    if !enclosing.overlaps {
        return SphereBox {
            enclosing,
            closest_point: None,
            gap: None,
            overlaps: false,
            decided_by: SphereBoxStage::EnclosingSphere,
        };
    }
    let closest = obb.closest_point(&sphere.center);
    let gap = (sphere.center - closest).norm() - sphere.radius;
    SphereBox {
        enclosing,
        closest_point: Some(closest),
        gap: Some(gap),
        overlaps: gap <= 0.0,
        decided_by: SphereBoxStage::ClosestPoint,
    }
}

/// The course's sub-step contact time `Tc = Dsc · T / Dst`: the step time `T` scaled by the
/// fraction of the step's distance `Dst` travelled before contact (`Dsc`); `None` when `Dst = 0`.
pub fn contact_time_in_step(
    distance_to_contact: f64,
    step_distance: f64,
    step: f64,
) -> Option<f64> {
    (step_distance != 0.0).then(|| distance_to_contact * step / step_distance)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ball(x: f64, radius: f64) -> Sphere {
        Sphere {
            center: Vector3::new(x, 0.0, 0.0),
            radius,
        }
    }

    #[test]
    fn head_on_spheres_touch_when_the_gap_closes() {
        let sweep = sweep_spheres(
            &ball(0.0, 1.0),
            &Vector3::x(),
            &ball(10.0, 1.0),
            &-Vector3::x(),
            5.0,
        );
        assert_eq!(sweep.time, Some(4.0));
        let contact = sweep.contact.unwrap();
        assert!((contact.point - Vector3::new(5.0, 0.0, 0.0)).norm() < 1e-12);
        assert_eq!(contact.normal, Vector3::x());
    }

    #[test]
    fn receding_and_late_spheres_do_not_touch() {
        let apart = sweep_spheres(
            &ball(0.0, 1.0),
            &-Vector3::x(),
            &ball(3.0, 1.0),
            &Vector3::zeros(),
            9.0,
        );
        assert_eq!(apart.outcome, SweepOutcome::MovingApart);
        let late = sweep_spheres(
            &ball(0.0, 1.0),
            &Vector3::x(),
            &ball(10.0, 1.0),
            &Vector3::zeros(),
            7.0,
        );
        assert_eq!(
            (late.outcome, late.time),
            (SweepOutcome::AfterInterval, None)
        );
        let still = sweep_spheres(
            &ball(0.0, 1.0),
            &Vector3::x(),
            &ball(10.0, 1.0),
            &Vector3::x(),
            7.0,
        );
        assert_eq!(still.outcome, SweepOutcome::NoRelativeMotion);
    }

    #[test]
    fn substep_fraction_scales_the_step() {
        assert_eq!(contact_time_in_step(1.0, 4.0, 0.02), Some(0.005));
        assert_eq!(contact_time_in_step(1.0, 0.0, 0.02), None);
    }
}
