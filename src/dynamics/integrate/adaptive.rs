//! One frame of the simulation, in one step or in as many sub-steps as a tolerance needs
//! (docs/methods.md §11.11).

use nalgebra::DVector;

use super::estimate::{step, BodyError, StepRecord};
use super::Integrator;
use crate::dynamics::constraints::{violations, ConstraintViolation};
use crate::dynamics::energy::{energy, Energy};
use crate::dynamics::system::System;
use crate::math::max_nan;

/// The factor applied to the rule's step when accepting or rejecting a sub-step.
pub const SAFETY: f64 = 0.9;
/// The most a sub-step grows after an accepted one.
pub const GROWTH_LIMIT: f64 = 5.0;
/// The most a sub-step shrinks after a rejected one.
pub const SHRINK_LIMIT: f64 = 0.1;
/// The default cap on sub-step attempts per frame.
pub const DEFAULT_MAX_SUBSTEPS: usize = 10_000;

/// Settings for adaptive sub-stepping.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Adaptive {
    /// `e_max`: the largest error estimate a sub-step may have.
    pub tolerance: f64,
    /// The most sub-step attempts (accepted and rejected) in one frame.
    pub max_substeps: usize,
    /// The first sub-step to try (the previous frame's `next_substep`); the frame length if `None`.
    pub first_substep: Option<f64>,
}

impl Adaptive {
    /// Adaptive stepping to this tolerance with the default cap.
    pub fn new(tolerance: f64) -> Self {
        Self {
            tolerance,
            max_substeps: DEFAULT_MAX_SUBSTEPS,
            first_substep: None,
        }
    }
}

/// How a frame is divided.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "control", rename_all = "kebab-case")]
pub enum StepControl {
    /// One step of the whole frame (`X_h`), with its estimate.
    Fixed,
    /// Sub-steps sized by the error estimate.
    Adaptive(Adaptive),
}

/// One frame advanced, with its evidence.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct FrameRecord {
    /// The method used.
    pub method: Integrator,
    /// The time at the start of the frame.
    pub t: f64,
    /// The frame length.
    pub dt: f64,
    /// The tolerance, when adaptive.
    pub tolerance: Option<f64>,
    /// The state at `t + dt`.
    pub state: DVector<f64>,
    /// Accepted sub-steps.
    pub substeps: usize,
    /// Rejected sub-steps (error estimate above the tolerance).
    pub rejected: usize,
    /// Whether the cap forced a last sub-step to the frame end with an error above the tolerance.
    pub capped: bool,
    /// The largest error estimate of any accepted sub-step.
    pub max_error_estimate: f64,
    /// Per body: largest estimates over accepted sub-steps, the last sub-step's suggested step.
    pub bodies: Vec<BodyError>,
    /// The shortest accepted sub-step.
    pub smallest_substep: f64,
    /// The sub-step to try first in the next frame.
    pub next_substep: f64,
    /// The energy at the end of the frame.
    pub energy: Energy,
    /// Each constraint's violation at the end of the frame, in order.
    pub constraints: Vec<ConstraintViolation>,
}

/// Advances `y` from `t` by exactly one frame of length `dt`.
///
/// # Algorithm
/// 1. Fixed: one step of `dt`; the frame's state is `X_h` and the step's estimate is recorded.
/// 2. Adaptive: try a sub-step `h` (never past the frame end) with its estimate `e_a`.
/// 3. If `e_a > e_max`, reject it and retry with `h · max(0.1, 0.9 (e_max/e_a)^(1/(p+1)))`.
/// 4. Otherwise accept the two half steps `X_{h/2,h/2}` (the more accurate of the pair, whose
///    error `e_a` bounds) and propose `h · clamp(0.9 (e_max/e_a)^(1/(p+1)), 0.1, 5)`.
/// 5. When the attempts reach the cap, the last sub-step runs to the frame end whatever its
///    error, and the record says so.
/// 6. Record the energy and every constraint's violation at the frame end.
pub fn step_frame(
    system: &System,
    method: Integrator,
    t: f64,
    y: &DVector<f64>,
    dt: f64,
    control: StepControl,
) -> FrameRecord {
    let mut frame = integrate_frame(system, method, t, y, dt, control);
    frame.energy = energy(system, &frame.state);
    frame.constraints = violations(&system.forces.constraints, &frame.state);
    frame
}

/// Steps 1–5 of [`step_frame`] only: the energy and the constraint violations are left empty.
pub(crate) fn integrate_frame(
    system: &System,
    method: Integrator,
    t: f64,
    y: &DVector<f64>,
    dt: f64,
    control: StepControl,
) -> FrameRecord {
    match control {
        StepControl::Fixed => fixed(system, method, t, y, dt),
        StepControl::Adaptive(settings) => adaptive(system, method, t, y, dt, settings),
    }
}

/// One step of the whole frame.
fn fixed(system: &System, method: Integrator, t: f64, y: &DVector<f64>, dt: f64) -> FrameRecord {
    let record = step(system, method, t, y, dt, None);
    FrameRecord {
        method,
        t,
        dt,
        tolerance: None,
        max_error_estimate: record.max_error_estimate(),
        next_substep: record.suggested_dt(),
        state: record.state,
        substeps: 1,
        rejected: 0,
        capped: false,
        bodies: record.bodies,
        smallest_substep: dt,
        energy: Energy::default(),
        constraints: Vec::new(),
    }
}

/// Sub-steps until the frame end, each within the tolerance unless capped.
fn adaptive(
    system: &System,
    method: Integrator,
    t: f64,
    y: &DVector<f64>,
    dt: f64,
    settings: Adaptive,
) -> FrameRecord {
    let tolerance = settings.tolerance;
    let end = t + dt;
    let mut frame = FrameRecord {
        method,
        t,
        dt,
        tolerance: Some(tolerance),
        state: y.clone(),
        substeps: 0,
        rejected: 0,
        capped: false,
        max_error_estimate: 0.0,
        bodies: vec![BodyError::default(); system.len()],
        smallest_substep: dt,
        next_substep: dt,
        energy: Energy::default(),
        constraints: Vec::new(),
    };
    let mut time = t;
    let mut proposal = settings.first_substep.unwrap_or(dt).min(dt);
    loop {
        let remaining = end - time;
        let forced = frame.substeps + frame.rejected + 1 >= settings.max_substeps.max(1);
        // A sub-step within 1% of the remainder takes all of it, leaving no sliver behind.
        let last = forced || proposal >= 0.99 * remaining;
        let h = if last { remaining } else { proposal };
        let record = step(system, method, time, &frame.state, h, Some(tolerance));
        let e = record.max_error_estimate();
        let factor = controller_factor(e, tolerance, method.order());
        if !forced && !within(e, tolerance) {
            frame.rejected += 1;
            proposal = h * factor.min(1.0);
            continue;
        }
        frame.capped |= !within(e, tolerance);
        accept(&mut frame, &record);
        if last {
            // A last sub-step cut short by the frame end says little about the step to come.
            proposal = proposal.max(h * factor);
            break;
        }
        proposal = h * factor;
        time += h;
    }
    frame.next_substep = proposal.min(dt);
    frame
}

/// Whether an estimate is within the tolerance (`NaN` is not).
fn within(error: f64, tolerance: f64) -> bool {
    error <= tolerance
}

/// `clamp(0.9 (e_max/e_a)^(1/(p+1)), 0.1, 5)`; growth 5 for `e_a = 0`, shrink 0.1 for `NaN`.
fn controller_factor(error: f64, tolerance: f64, order: u32) -> f64 {
    if error == 0.0 {
        return GROWTH_LIMIT;
    }
    let factor = SAFETY * (tolerance / error).powf(1.0 / f64::from(order + 1));
    if factor.is_nan() {
        SHRINK_LIMIT
    } else {
        factor.clamp(SHRINK_LIMIT, GROWTH_LIMIT)
    }
}

/// Keeps a sub-step's two half steps and folds its evidence into the frame.
fn accept(frame: &mut FrameRecord, record: &StepRecord) {
    frame.state.clone_from(&record.half_steps_state);
    frame.substeps += 1;
    frame.max_error_estimate = max_nan(frame.max_error_estimate, record.max_error_estimate());
    frame.smallest_substep = frame.smallest_substep.min(record.h);
    for (body, step) in frame.bodies.iter_mut().zip(&record.bodies) {
        body.widen(step);
        body.suggested_dt = step.suggested_dt;
    }
}
