//! Conservative advancement (Mirtich): the first time two convex shapes touch under constant
//! linear and angular velocities, from GJK distances, with the record of every step (docs/methods.md §15.6).

use nalgebra::{UnitQuaternion, Vector3};

use super::gjk::{gjk, pair_tolerance, GjkEnd};
use super::support::{Placed, SupportMap};

/// When GJK stalls (iteration limit or a repeated support point), a distance below this
/// fraction of the pair's size counts as touching.
pub const STALLED_CONTACT: f64 = 1e-7;

/// Conservative advancement gives up after this many steps.
pub const ADVANCE_MAX_STEPS: usize = 256;

/// A constant motion: the centre moves at `velocity` and the shape turns about its centre at
/// `angular_velocity` (radians per unit time, world axes).
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Motion {
    /// Linear velocity of the centre.
    pub velocity: Vector3<f64>,
    /// Angular velocity about the centre.
    pub angular_velocity: Vector3<f64>,
}

impl Motion {
    /// A motion without turning.
    pub fn linear(velocity: Vector3<f64>) -> Self {
        Self {
            velocity,
            angular_velocity: Vector3::zeros(),
        }
    }

    /// The turn after time `t`.
    pub fn rotation_at(&self, t: f64) -> UnitQuaternion<f64> {
        UnitQuaternion::from_scaled_axis(self.angular_velocity * t)
    }
}

/// One step: the distance at `time`, the closing-speed bound and how far time advanced.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct AdvanceStep {
    /// The time of this step.
    pub time: f64,
    /// GJK's distance at that time.
    pub distance: f64,
    /// The unit normal from A to B along which GJK's lower bound of the distance holds (its
    /// last search direction that raised the bound; along the closest points once the bounds
    /// meet).
    pub normal: Vector3<f64>,
    /// `-n·(v_B - v_A) + |ω_A| r_A + |ω_B| r_B`: no point closes the gap faster than this.
    pub closing_speed_bound: f64,
    /// GJK's lower bound of the distance over `closing_speed_bound`, the safe step (infinite
    /// when not closing).
    pub step: f64,
}

/// The result of conservative advancement, with its steps.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Advancement {
    /// Every step, in order.
    pub steps: Vec<AdvanceStep>,
    /// The first time the shapes touch within `[0, t_max]` (0 when they already overlap).
    pub time_of_impact: Option<f64>,
    /// A point where they touch then: halfway between the closest points.
    pub point: Option<Vector3<f64>>,
    /// The unit normal from A to B at that time (zero when they already overlapped).
    pub normal: Vector3<f64>,
    /// The distance at which the shapes count as touching.
    pub tolerance: f64,
}

/// The first contact of `a` and `b` moving by `motion_a`, `motion_b` within `[0, t_max]`.
///
/// # Algorithm
/// Repeat from `t = 0`: place both shapes at `t` (turned about their centres, moved), GJK gives
/// the distance `d`, a lower bound `l` of it and the direction `n` along which B lies at least
/// `l` beyond A; along that fixed direction the gap closes no faster than `-n·(v_B - v_A) +
/// |ω_A| r_A + |ω_B| r_B` (`r` the bounding radii), so advance `t` by `l` over that bound: the
/// step cannot pass the contact, whatever GJK's closest points. Stop when `d` is within
/// tolerance (contact at `t`; a GJK that stalls closer than [`STALLED_CONTACT`] of the pair's
/// size counts as touching), the bound is not positive (never) or `t` passes `t_max`.
pub fn conservative_advancement<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(
    a: &A,
    motion_a: &Motion,
    b: &B,
    motion_b: &Motion,
    t_max: f64,
) -> Advancement {
    let tolerance = 10.0 * pair_tolerance(a, b);
    let relative = motion_b.velocity - motion_a.velocity;
    let spin = motion_a.angular_velocity.norm() * a.bounding_radius()
        + motion_b.angular_velocity.norm() * b.bounding_radius();
    let (mut steps, mut time) = (Vec::new(), 0.0);
    let finish = |steps, time_of_impact, point, normal| Advancement {
        steps,
        time_of_impact,
        point,
        normal,
        tolerance,
    };
    for _ in 0..ADVANCE_MAX_STEPS {
        let placed_a = Placed {
            shape: a,
            rotation: motion_a.rotation_at(time),
            offset: motion_a.velocity * time,
        };
        let placed_b = Placed {
            shape: b,
            rotation: motion_b.rotation_at(time),
            offset: motion_b.velocity * time,
        };
        let result = gjk(&placed_a, &placed_b);
        // GJK's lower bound holds along its own direction, whatever its closest points: B lies
        // at least that far beyond A along it, and the gap along a fixed direction closes at
        // exactly `-n·(v_B - v_A)` under translation. The normal of the closest points is off
        // by about the square root of GJK's tolerance on a curved surface, and a step along it
        // could pass the contact.
        let normal = if result.lower_bound > 0.0 {
            result.separating_normal
        } else {
            result.normal()
        };
        let closing_speed_bound = -normal.dot(&relative) + spin;
        // Near touching of two curved shapes GJK may stall before its bounds meet; closer than
        // `STALLED_CONTACT` of the pair's size it counts as touching.
        let touching = result.intersecting
            || result.distance <= tolerance
            || (stalled(&result)
                && result.distance
                    <= STALLED_CONTACT * tolerance / 10.0 / super::gjk::GJK_TOLERANCE);
        let step = if touching {
            0.0
        } else if closing_speed_bound > 0.0 {
            result.lower_bound / closing_speed_bound
        } else {
            f64::INFINITY
        };
        steps.push(AdvanceStep {
            time,
            distance: result.distance,
            normal,
            closing_speed_bound,
            step,
        });
        if touching {
            let point = 0.5 * (result.closest_a + result.closest_b);
            return finish(steps, Some(time), Some(point), normal);
        }
        if time + step > t_max {
            break;
        }
        time += step;
    }
    finish(steps, None, None, Vector3::zeros())
}

/// Whether GJK stopped before its bounds met (iteration limit or a repeated support point).
fn stalled(result: &super::gjk::Gjk) -> bool {
    matches!(result.end, GjkEnd::IterationLimit | GjkEnd::NoProgress)
}

#[cfg(test)]
mod tests {
    use nalgebra::UnitQuaternion;

    use super::*;
    use crate::geometry::{Obb, Sphere};

    #[test]
    fn spheres_meet_when_the_gap_closes() {
        let a = Sphere {
            center: Vector3::zeros(),
            radius: 1.0,
        };
        let b = Sphere {
            center: Vector3::new(5.0, 0.0, 0.0),
            radius: 1.0,
        };
        let hit = conservative_advancement(
            &a,
            &Motion::default(),
            &b,
            &Motion::linear(Vector3::new(-2.0, 0.0, 0.0)),
            3.0,
        );
        assert!((hit.time_of_impact.unwrap() - 1.5).abs() < 1e-8, "{hit:?}");
        assert!((hit.point.unwrap() - Vector3::new(1.0, 0.0, 0.0)).norm() < 1e-6);
        let miss = conservative_advancement(
            &a,
            &Motion::default(),
            &b,
            &Motion::linear(Vector3::new(2.0, 0.0, 0.0)),
            3.0,
        );
        assert_eq!(miss.time_of_impact, None);
        assert_eq!(miss.steps.len(), 1);
    }

    #[test]
    fn a_spinning_bar_sweeps_into_a_ball() {
        // A long thin box turning about z reaches the ball at (2, 1.5) when its end passes over.
        let bar = Obb::new(
            Vector3::zeros(),
            UnitQuaternion::identity(),
            Vector3::new(3.0, 0.1, 0.1),
        );
        let ball = Sphere {
            center: Vector3::new(2.0, 1.5, 0.0),
            radius: 0.2,
        };
        let spin = Motion {
            velocity: Vector3::zeros(),
            angular_velocity: Vector3::new(0.0, 0.0, 1.0),
        };
        let hit = conservative_advancement(&bar, &spin, &ball, &Motion::default(), 2.0);
        let t = hit.time_of_impact.expect("the bar turns into the ball");
        // At contact the bar, turned by t, is within the tolerance of the ball.
        let turned = Obb::new(Vector3::zeros(), spin.rotation_at(t), bar.half_extents());
        let gap = turned.distance_to_point(&ball.center) - ball.radius;
        assert!(gap.abs() < 1e-7 && t > 0.3 && t < 1.0, "t {t}, gap {gap}");
    }
}
