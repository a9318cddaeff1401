//! How a world steps: its settings (frame length, integrator, tolerance, material, response,
//! contact cap, and the resting solver's substeps, iterations, stiffness and sleeping).

use crate::dynamics::integrate::Integrator;
use crate::dynamics::response::{Material, ResponseModel};

/// The default cap on impacts taken in one frame.
pub const DEFAULT_MAX_CONTACTS: usize = 256;

/// Which solver holds resting contacts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Resting {
    /// At the end of the frame: overlaps pushed apart, then the exact velocity problem
    /// (docs/methods.md §13.5, "the exact resting pass").
    #[default]
    Exact,
    /// Before the search for impacts: the soft step with persistent contacts, warm starts,
    /// islands and sleeping (docs/methods.md §13.5).
    Soft,
}

impl Resting {
    /// The scene's names for the solvers, in order.
    pub const NAMES: [&'static str; 2] = ["exact", "soft"];

    /// The solver of this name.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "exact" => Some(Self::Exact),
            "soft" => Some(Self::Soft),
            _ => None,
        }
    }
}

/// How the soft step solves resting contacts: substeps a frame, biased sweeps a substep, the
/// contacts' stiffness and damping, the push-out speed cap and whether islands sleep.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Solver {
    /// Substeps a frame (each integrates velocities, solves, integrates positions, relaxes).
    pub substeps: usize,
    /// Biased sweeps over the normal rows in each substep.
    pub iterations: usize,
    /// The contacts' natural frequency in hertz (contacts with a fixed body use twice it); capped
    /// at a quarter of the substep rate.
    pub contact_hertz: f64,
    /// The contacts' damping ratio `ζ`.
    pub damping_ratio: f64,
    /// The fastest a soft contact pushes overlapping bodies apart (m/s).
    pub push_out_speed: f64,
    /// Whether islands that stay still for [`super::sleep::SLEEP_AFTER`] seconds sleep.
    pub sleep: bool,
    /// Which solver holds resting contacts.
    pub resting: Resting,
}

impl Solver {
    /// The contacts' frequency a frame of `dt` uses: `contact_hertz`, capped at a quarter of the
    /// substep rate (hertz): stiffer, the soft step's single sweep no longer holds a tall stack
    /// (docs/performance.md).
    pub fn effective_hertz(&self, dt: f64) -> f64 {
        self.contact_hertz.min(0.25 * self.substeps as f64 / dt)
    }

    /// The sink a soft contact settles at when it holds a body of any mass on a fixed surface
    /// under `gravity` (m/s²) at frame length `dt`: `g / ω²` with `ω = 2π · 2 f`.
    pub fn resting_sink(&self, gravity: f64, dt: f64) -> f64 {
        let omega = std::f64::consts::TAU * 2.0 * self.effective_hertz(dt);
        gravity / (omega * omega)
    }
}

impl Default for Solver {
    /// The defaults measured on the 20-row pyramid (docs/performance.md).
    fn default() -> Self {
        Self {
            substeps: 8,
            iterations: 1,
            contact_hertz: 90.0,
            damping_ratio: 5.0,
            push_out_speed: 1.0,
            sleep: true,
            resting: Resting::Exact,
        }
    }
}

/// How a world steps: frame length, integrator, tolerance, contact response and material,
/// contact cap, and the resting solver.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Settings {
    /// Seconds per frame.
    pub dt: f64,
    /// The integration method.
    pub integrator: Integrator,
    /// `e_max` for adaptive sub-steps; one step per frame (or per piece) when `None`.
    pub tolerance: Option<f64>,
    /// Restitution, friction and resting speed of every contact.
    pub material: Material,
    /// The most impacts taken in one frame; later ones are left to the resting solver.
    pub max_contacts: usize,
    /// What a contact does: an impulse, or nothing (a detect-only world).
    pub response: ResponseModel,
    /// How resting contacts are solved.
    pub solver: Solver,
}

impl Settings {
    /// Fixed steps of `dt` with `integrator`, impulses with this material, the default contact
    /// cap and the default resting solver.
    pub fn new(dt: f64, integrator: Integrator, material: Material) -> Self {
        Self {
            dt,
            integrator,
            tolerance: None,
            material,
            max_contacts: DEFAULT_MAX_CONTACTS,
            response: ResponseModel::Impulse,
            solver: Solver::default(),
        }
    }

    /// Checks that `dt` and the tolerance are positive and finite, and the solver's numbers in
    /// range.
    pub fn validate(&self) -> Result<(), String> {
        if !(self.dt.is_finite() && self.dt > 0.0) {
            return Err(format!(
                "dt must be a positive number of seconds, not {}",
                self.dt
            ));
        }
        let s = &self.solver;
        if s.substeps == 0 || s.iterations == 0 {
            return Err("substeps and iterations must be at least 1".to_string());
        }
        for (name, value) in [
            ("contact_hertz", s.contact_hertz),
            ("damping_ratio", s.damping_ratio),
            ("push_out_speed", s.push_out_speed),
        ] {
            if !(value.is_finite() && value > 0.0) {
                return Err(format!("{name} must be a positive number, not {value}"));
            }
        }
        match self.tolerance {
            Some(e) if !(e.is_finite() && e > 0.0) => {
                Err(format!("the tolerance must be a positive number, not {e}"))
            }
            _ => Ok(()),
        }
    }
}
