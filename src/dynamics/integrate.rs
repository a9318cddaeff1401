//! Integrators (docs/methods.md §11.1–§11.6): one step of the system's ODE by the course's six methods, the
//! step-doubling error estimate with the step it suggests, and adaptive sub-stepping of a frame.

mod adaptive;
mod estimate;
mod implicit;

pub(crate) use adaptive::integrate_frame;
pub use adaptive::{
    step_frame, Adaptive, FrameRecord, StepControl, DEFAULT_MAX_SUBSTEPS, GROWTH_LIMIT, SAFETY,
    SHRINK_LIMIT,
};
pub use estimate::{
    step, suggested_step, BodyError, StepRecord, DEFAULT_TOLERANCE, MAX_GROWTH, MIN_SHRINK,
};
pub use implicit::{linear_system, LinearSystem};

use nalgebra::DVector;

use super::system::{
    angular_velocity, quaternion, quaternion_rate, set_quaternion, System, ANGULAR_VELOCITY,
    POSITION, STATE_PER_BODY, VELOCITY,
};

/// A time-integration method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Integrator {
    /// `Y += h f(Y)` (order 1).
    ExplicitEuler,
    /// `v += h F/m`, then `x += h v` with the new velocity (order 1).
    SemiImplicitEuler,
    /// `Y += h f(Y + h/2 f(Y))`, the slope at the half step (order 2).
    Midpoint,
    /// Heun: `Y += h/2 (f(Y) + f(Y + h f(Y)))`, the average of both ends (order 2).
    Rk2,
    /// Classical Runge-Kutta, `Y += h/6 (k1 + 2 k2 + 2 k3 + k4)` (order 4).
    Rk4,
    /// Linearised backward Euler with an LU solve for `Δv` (order 1, stable).
    ImplicitEuler,
}

impl Integrator {
    /// Every method, in the order the course presents them.
    pub const ALL: [Self; 6] = [
        Self::ExplicitEuler,
        Self::SemiImplicitEuler,
        Self::Midpoint,
        Self::Rk2,
        Self::Rk4,
        Self::ImplicitEuler,
    ];

    /// The method's name as written in scenes and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Self::ExplicitEuler => "explicit-euler",
            Self::SemiImplicitEuler => "semi-implicit-euler",
            Self::Midpoint => "midpoint",
            Self::Rk2 => "rk2",
            Self::Rk4 => "rk4",
            Self::ImplicitEuler => "implicit-euler",
        }
    }

    /// The method with this name, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The order `p`: the global error behaves like `k h^p`.
    pub fn order(self) -> u32 {
        match self {
            Self::ExplicitEuler | Self::SemiImplicitEuler | Self::ImplicitEuler => 1,
            Self::Midpoint | Self::Rk2 => 2,
            Self::Rk4 => 4,
        }
    }
}

impl std::fmt::Display for Integrator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One step of length `h` from `(t, y)` by `method`, quaternions renormalised; no estimate.
pub fn advance(
    system: &System,
    method: Integrator,
    t: f64,
    y: &DVector<f64>,
    h: f64,
) -> DVector<f64> {
    let f = |t: f64, y: &DVector<f64>| system.derivative(t, y);
    let mut next = match method {
        Integrator::ExplicitEuler => y + h * f(t, y),
        Integrator::SemiImplicitEuler => semi_implicit(system, t, y, h),
        Integrator::Midpoint => {
            let half = y + 0.5 * h * f(t, y);
            y + h * f(t + 0.5 * h, &half)
        }
        Integrator::Rk2 => {
            let k1 = f(t, y);
            let k2 = f(t + h, &(y + h * &k1));
            y + 0.5 * h * (k1 + k2)
        }
        Integrator::Rk4 => {
            let k1 = f(t, y);
            let k2 = f(t + 0.5 * h, &(y + 0.5 * h * &k1));
            let k3 = f(t + 0.5 * h, &(y + 0.5 * h * &k2));
            let k4 = f(t + h, &(y + h * &k3));
            y + h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
        }
        Integrator::ImplicitEuler => implicit::step(system, y, h),
    };
    system.normalize(&mut next);
    next
}

/// Semi-implicit Euler: velocities first (`v += h a`, `ω += h α`), then `x += h v` and
/// `q += h ½ (0, ω) q` with the new velocities.
fn semi_implicit(system: &System, t: f64, y: &DVector<f64>, h: f64) -> DVector<f64> {
    let dy = system.derivative(t, y);
    let mut next = y.clone();
    for i in (0..system.len()).filter(|&i| !system.bodies[i].fixed) {
        let s = i * STATE_PER_BODY;
        for k in 0..3 {
            next[s + VELOCITY + k] += h * dy[s + VELOCITY + k];
            next[s + ANGULAR_VELOCITY + k] += h * dy[s + ANGULAR_VELOCITY + k];
            next[s + POSITION + k] += h * next[s + VELOCITY + k];
        }
        let q = quaternion(&next, i);
        let omega = angular_velocity(&next, i);
        set_quaternion(&mut next, i, &(q + quaternion_rate(&q, &omega) * h));
    }
    next
}
