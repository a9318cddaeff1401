//! How a world steps: its settings (frame length, integrator, tolerance, material, response
//! and contact cap).

use crate::dynamics::integrate::Integrator;
use crate::dynamics::response::{Material, ResponseModel};

/// The default cap on impacts taken in one frame.
pub const DEFAULT_MAX_CONTACTS: usize = 256;

/// How a world steps: frame length, integrator, tolerance, contact response and material, and
/// contact cap.
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
    /// The most impacts taken in one frame; later ones are left to the resting pass.
    pub max_contacts: usize,
    /// What a contact does: an impulse, or nothing (a detect-only world).
    pub response: ResponseModel,
}

impl Settings {
    /// Fixed steps of `dt` with `integrator`, impulses with this material and the default
    /// contact cap.
    pub fn new(dt: f64, integrator: Integrator, material: Material) -> Self {
        Self {
            dt,
            integrator,
            tolerance: None,
            material,
            max_contacts: DEFAULT_MAX_CONTACTS,
            response: ResponseModel::Impulse,
        }
    }

    /// Checks that `dt` and the tolerance are positive and finite.
    pub fn validate(&self) -> Result<(), String> {
        if !(self.dt.is_finite() && self.dt > 0.0) {
            return Err(format!(
                "dt must be a positive number of seconds, not {}",
                self.dt
            ));
        }
        match self.tolerance {
            Some(e) if !(e.is_finite() && e > 0.0) => {
                Err(format!("the tolerance must be a positive number, not {e}"))
            }
            _ => Ok(()),
        }
    }
}
