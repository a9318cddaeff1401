//! The course's error estimate (docs/methods.md §11.10): one step of `h` against two of
//! `h/2`, per body, and the step `h_new = (e_max/e_a)^(1/(p+1)) h` it suggests.

use nalgebra::DVector;

use super::{advance, Integrator};
use crate::dynamics::system::{System, ANGULAR_VELOCITY, POSITION, ROTATION, STATE_PER_BODY};
use crate::math::{max_nan, min_nan};

/// The tolerance `e_max` the suggested step uses when none is given.
pub const DEFAULT_TOLERANCE: f64 = 1e-6;
/// The largest factor a suggestion grows the step by (the course's ×100 example; also `e_a = 0`).
pub const MAX_GROWTH: f64 = 100.0;
/// The smallest factor a suggestion shrinks the step by.
pub const MIN_SHRINK: f64 = 0.01;

/// One body's error evidence for a step.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct BodyError {
    /// `e_a = |X_h - X_{h/2,h/2}|` over the body's position and velocity.
    pub error_estimate: f64,
    /// The same comparison over the body's quaternion and angular velocity.
    pub rotation_error_estimate: f64,
    /// `(e_max/e_a)^(1/(p+1)) h` for the larger of the two estimates.
    pub suggested_dt: f64,
}

impl BodyError {
    /// The larger of the linear and rotational estimates.
    pub fn max(&self) -> f64 {
        max_nan(self.error_estimate, self.rotation_error_estimate)
    }

    /// Raises both estimates to at least those of `step` (the suggested step is left alone).
    pub fn widen(&mut self, step: &BodyError) {
        self.error_estimate = max_nan(self.error_estimate, step.error_estimate);
        self.rotation_error_estimate =
            max_nan(self.rotation_error_estimate, step.rotation_error_estimate);
    }
}

/// One step of a method with its evidence.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct StepRecord {
    /// The method used.
    pub method: Integrator,
    /// The time at the start of the step.
    pub t: f64,
    /// The step length `h`.
    pub h: f64,
    /// The `e_max` the suggestions use.
    pub tolerance: f64,
    /// `X_h`: the state after one step of `h` (the method's answer).
    pub state: DVector<f64>,
    /// `X_{h/2,h/2}`: the state after two steps of `h/2`.
    pub half_steps_state: DVector<f64>,
    /// Per body, in system order.
    pub bodies: Vec<BodyError>,
}

impl StepRecord {
    /// The largest estimate (linear or rotational) over all bodies.
    pub fn max_error_estimate(&self) -> f64 {
        self.bodies.iter().map(BodyError::max).fold(0.0, max_nan)
    }

    /// The smallest step any body suggests.
    pub fn suggested_dt(&self) -> f64 {
        self.bodies
            .iter()
            .map(|b| b.suggested_dt)
            .fold(f64::INFINITY, min_nan)
    }
}

/// The course's rule `h_new = (e_max/e_a)^(1/(p+1)) h`, its factor kept in
/// `[MIN_SHRINK, MAX_GROWTH]` (`e_a = 0` grows by `MAX_GROWTH`; a non-finite `e_a` shrinks by
/// `MIN_SHRINK`).
pub fn suggested_step(h: f64, error: f64, tolerance: f64, order: u32) -> f64 {
    let factor = if error == 0.0 {
        MAX_GROWTH
    } else if !error.is_finite() {
        MIN_SHRINK
    } else {
        (tolerance / error).powf(1.0 / f64::from(order + 1))
    };
    h * factor.clamp(MIN_SHRINK, MAX_GROWTH)
}

/// One step of `h` with the per-body error estimate and suggested step.
///
/// # Algorithm
/// 1. `X_h`: one step of `h` from `(t, y)`.
/// 2. `X_{h/2,h/2}`: two steps of `h/2` from the same state.
/// 3. Per body, `e_a = |X_h - X_{h/2,h/2}|` over position and velocity (and separately over
///    quaternion and angular velocity).
/// 4. Per body, `h_new = (e_max/e_a)^(1/(p+1)) h` with `e_max = tolerance` or
///    [`DEFAULT_TOLERANCE`].
pub fn step(
    system: &System,
    method: Integrator,
    t: f64,
    y: &DVector<f64>,
    h: f64,
    tolerance: Option<f64>,
) -> StepRecord {
    let tolerance = tolerance.unwrap_or(DEFAULT_TOLERANCE);
    let state = advance(system, method, t, y, h);
    let half = advance(system, method, t, y, 0.5 * h);
    let half_steps_state = advance(system, method, t + 0.5 * h, &half, 0.5 * h);
    let bodies = (0..system.len())
        .map(|i| {
            let s = i * STATE_PER_BODY;
            let diff = |range: std::ops::Range<usize>| -> f64 {
                range
                    .map(|k| (state[s + k] - half_steps_state[s + k]).powi(2))
                    .sum::<f64>()
                    .sqrt()
            };
            let error_estimate = diff(POSITION..ROTATION);
            let rotation_error_estimate = diff(ROTATION..ANGULAR_VELOCITY + 3);
            let worst = max_nan(error_estimate, rotation_error_estimate);
            BodyError {
                error_estimate,
                rotation_error_estimate,
                suggested_dt: suggested_step(h, worst, tolerance, method.order()),
            }
        })
        .collect();
    StepRecord {
        method,
        t,
        h,
        tolerance,
        state,
        half_steps_state,
        bodies,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_examples_of_the_adaptive_rule() {
        // Euler, e_max = 1e-4: e_a = 1e-8 allows h × 100; e_a = 1e-2 gives h × 0.1
        // ((1e-2)^(1/2) = 0.1; the course notes print 0.01, an arithmetic slip).
        assert!((suggested_step(1.0, 1e-8, 1e-4, 1) - 100.0).abs() < 1e-9);
        assert!((suggested_step(1.0, 1e-2, 1e-4, 1) - 0.1).abs() < 1e-12);
        assert_eq!(suggested_step(0.5, 0.0, 1e-4, 4), 50.0);
        assert_eq!(suggested_step(0.5, f64::NAN, 1e-4, 4), 0.005);
    }
}
