//! Motion inside a frame: cubic Hermite positions and slerped orientations between two states.

use std::f64::consts::TAU;

use nalgebra::{UnitQuaternion, Vector3};

use crate::dynamics::{BodyShape, BodyState};

/// A body's shape with its states at the start and the end of a frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Motion {
    /// The collision shape (a plane ignores both states: planes never move).
    pub shape: BodyShape,
    /// The state at the start of the frame.
    pub start: BodyState,
    /// The state at the end of the frame.
    pub end: BodyState,
}

impl Motion {
    /// A body moving from `start` to `end` during the frame.
    pub fn new(shape: BodyShape, start: BodyState, end: BodyState) -> Self {
        Self { shape, start, end }
    }

    /// A body that stays at `state` with zero velocities.
    pub fn fixed(shape: BodyShape, state: BodyState) -> Self {
        let resting = BodyState {
            velocity: Vector3::zeros(),
            angular_velocity: Vector3::zeros(),
            ..state
        };
        Self::new(shape, resting, resting)
    }

    /// A body keeping the constant velocity and angular velocity of `start` for a frame of `h`.
    pub fn ballistic(shape: BodyShape, start: BodyState, h: f64) -> Self {
        let end = BodyState {
            position: start.position + start.velocity * h,
            rotation: UnitQuaternion::from_scaled_axis(start.angular_velocity * h) * start.rotation,
            ..start
        };
        Self::new(shape, start, end)
    }

    /// The state at `t` of a frame `h`: Hermite position (end velocities as slopes), slerp turn.
    pub fn state_at(&self, h: f64, t: f64) -> BodyState {
        state_between(&self.start, &self.end, h, t)
    }

    /// The slerp's constant angular velocity, with the whole turns nearest the mean end spin × `h`.
    pub fn spin(&self, h: f64) -> Vector3<f64> {
        spin_between(&self.start, &self.end, h)
    }

    /// The distance from the centre to the farthest surface point that rotation moves.
    pub fn reach(&self) -> f64 {
        match &self.shape {
            BodyShape::Box(half) => half.norm(),
            BodyShape::Convex(c) if c.is_dynamic() => c.reach(),
            BodyShape::Convex(_)
            | BodyShape::Sphere(_)
            | BodyShape::Plane { .. }
            | BodyShape::Triangle(_)
            | BodyShape::Mesh(_) => 0.0,
        }
    }

    /// Whether the shape is a plane (planes never move).
    pub fn is_plane(&self) -> bool {
        matches!(self.shape, BodyShape::Plane { .. })
    }
}

/// The state at `t` of a frame `h` from `start` to `end`: Hermite position (end velocities as
/// slopes), slerp turn.
pub fn state_between(start: &BodyState, end: &BodyState, h: f64, t: f64) -> BodyState {
    let (p, v) = (start, end);
    let spin = spin_between(start, end, h);
    BodyState {
        position: hermite(&p.position, &v.position, &p.velocity, &v.velocity, h, t),
        velocity: hermite_slope(&p.position, &v.position, &p.velocity, &v.velocity, h, t),
        rotation: UnitQuaternion::from_scaled_axis(spin * t) * p.rotation,
        angular_velocity: spin,
    }
}

/// The slerp's constant angular velocity from `start` to `end` over `h`, with the whole turns
/// nearest the mean end spin × `h`.
pub fn spin_between(start: &BodyState, end: &BodyState, h: f64) -> Vector3<f64> {
    let delta = (end.rotation * start.rotation.inverse()).scaled_axis();
    let mean = (start.angular_velocity + end.angular_velocity) * (0.5 * h);
    let Some(axis) = delta
        .try_normalize(1e-15)
        .or_else(|| mean.try_normalize(1e-15))
    else {
        return Vector3::zeros();
    };
    let theta = delta.norm();
    let turns = ((axis.dot(&mean) - theta) / TAU).round();
    axis * (theta + TAU * turns) / h
}

/// The cubic Hermite curve `q(t) = q1 (2s³-3s²+1) + q2 s²(3-2s) + q̇1 t (s-1)² + q̇2 h s²(s-1)`.
pub fn hermite(
    q1: &Vector3<f64>,
    q2: &Vector3<f64>,
    d1: &Vector3<f64>,
    d2: &Vector3<f64>,
    h: f64,
    t: f64,
) -> Vector3<f64> {
    let s = t / h;
    q1 * (2.0 * s * s * s - 3.0 * s * s + 1.0)
        + q2 * (s * s * (3.0 - 2.0 * s))
        + d1 * (t * (s - 1.0) * (s - 1.0))
        + d2 * (h * s * s * (s - 1.0))
}

/// The time derivative of [`hermite`] at `t`.
pub fn hermite_slope(
    q1: &Vector3<f64>,
    q2: &Vector3<f64>,
    d1: &Vector3<f64>,
    d2: &Vector3<f64>,
    h: f64,
    t: f64,
) -> Vector3<f64> {
    let [a, b, c] = slope_coefficients(q1, q2, d1, d2, h);
    let s = t / h;
    a * (s * s) + b * s + c
}

/// A bound on `|q'(t)|` over `[t0, t1]` from the exact extremes of each component's quadratic.
pub fn hermite_speed_bound(
    q1: &Vector3<f64>,
    q2: &Vector3<f64>,
    d1: &Vector3<f64>,
    d2: &Vector3<f64>,
    h: f64,
    span: [f64; 2],
) -> f64 {
    let [a, b, c] = slope_coefficients(q1, q2, d1, d2, h);
    let (s0, s1) = (span[0] / h, span[1] / h);
    let largest = Vector3::from_fn(|k, _| {
        let f = |s: f64| (a[k] * s * s + b[k] * s + c[k]).abs();
        let mut m = f(s0).max(f(s1));
        if a[k] != 0.0 {
            let vertex = -b[k] / (2.0 * a[k]);
            if vertex > s0 && vertex < s1 {
                m = m.max(f(vertex));
            }
        }
        m
    });
    largest.norm()
}

/// `q'(s) = A s² + B s + C` with `s = t/h`.
fn slope_coefficients(
    q1: &Vector3<f64>,
    q2: &Vector3<f64>,
    d1: &Vector3<f64>,
    d2: &Vector3<f64>,
    h: f64,
) -> [Vector3<f64>; 3] {
    let chord = (q2 - q1) / h;
    [
        chord * -6.0 + d1 * 3.0 + d2 * 3.0,
        chord * 6.0 - d1 * 4.0 - d2 * 2.0,
        *d1,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hermite_matches_ends_and_slopes_and_is_exact_for_a_parabola() {
        let (x0, v0, g, h) = (
            Vector3::new(1.0, 2.0, 3.0),
            Vector3::new(0.5, -1.0, 2.0),
            Vector3::new(0.0, -9.81, 0.0),
            0.3,
        );
        let at = |t: f64| x0 + v0 * t + g * (0.5 * t * t);
        let (x1, v1) = (at(h), v0 + g * h);
        for k in 0..=10 {
            let t = h * f64::from(k) / 10.0;
            assert!((hermite(&x0, &x1, &v0, &v1, h, t) - at(t)).norm() < 1e-12);
            assert!((hermite_slope(&x0, &x1, &v0, &v1, h, t) - (v0 + g * t)).norm() < 1e-12);
        }
        let bound = hermite_speed_bound(&x0, &x1, &v0, &v1, h, [0.0, h]);
        assert!(bound >= v0.norm().max(v1.norm()) - 1e-12);
    }

    #[test]
    fn slerp_state_follows_constant_spin_like_math_slerp() {
        let start = BodyState {
            position: Vector3::zeros(),
            velocity: Vector3::new(1.0, 0.0, 0.0),
            rotation: UnitQuaternion::from_euler_angles(0.2, -0.4, 1.0),
            angular_velocity: Vector3::new(0.3, 2.0, -1.0),
        };
        let motion = Motion::ballistic(BodyShape::Box(Vector3::repeat(0.5)), start, 0.5);
        for k in 0..=4 {
            let t = 0.125 * f64::from(k);
            let state = motion.state_at(0.5, t);
            let exact =
                UnitQuaternion::from_scaled_axis(start.angular_velocity * t) * start.rotation;
            let slerped = crate::math::slerp(&motion.start.rotation, &motion.end.rotation, t / 0.5);
            assert!(state.rotation.angle_to(&exact) < 1e-12);
            assert!(state.rotation.angle_to(&slerped) < 1e-9);
            assert!((state.angular_velocity - start.angular_velocity).norm() < 1e-12);
        }
    }

    #[test]
    fn spin_keeps_whole_turns_that_the_angular_velocity_asks_for() {
        let start = BodyState {
            position: Vector3::zeros(),
            velocity: Vector3::zeros(),
            rotation: UnitQuaternion::from_euler_angles(0.5, 0.1, -0.3),
            angular_velocity: Vector3::new(0.0, 3.0, 4.0).normalize()
                * (3.2 * std::f64::consts::PI),
        };
        let motion = Motion::ballistic(BodyShape::Box(Vector3::repeat(0.5)), start, 1.0);
        assert!((motion.spin(1.0) - start.angular_velocity).norm() < 1e-9);
        let still = Motion {
            end: BodyState {
                angular_velocity: Vector3::zeros(),
                ..motion.end
            },
            ..motion
        };
        let still = Motion {
            start: BodyState {
                angular_velocity: Vector3::zeros(),
                ..still.start
            },
            ..still
        };
        assert!(
            still.spin(1.0).norm() <= std::f64::consts::PI + 1e-12,
            "no spin: the short way"
        );
    }
}
