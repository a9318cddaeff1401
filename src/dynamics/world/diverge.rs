//! Divergence: a body whose state is no longer finite, or has grown past any value a scene
//! within its input limits can reach, ends the simulation.

use nalgebra::Vector3;

use super::super::integrate::BodyError;
use super::super::RigidBody;
use crate::math::wxyz;

/// The largest magnitude a component of a body's position, velocity or angular velocity may take
/// before the run counts as diverged: 1e41 times the largest length or speed a scene may give
/// (1e9), and small enough that what is computed from a state (energies, forces with masses and
/// stiffnesses up to 1e9, the squared products of the contact-time quadratics) stays finite.
pub const DIVERGENCE_BOUND: f64 = 1e50;

/// The part of a body's state that diverged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Quantity {
    /// The position of the centre of mass.
    Position,
    /// The linear velocity.
    Velocity,
    /// The orientation quaternion.
    Rotation,
    /// The angular velocity.
    AngularVelocity,
    /// The integrator's error estimate `e_a`.
    ErrorEstimate,
}

impl Quantity {
    /// The quantity in words, as text output names it (`angular velocity`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Position => "position",
            Self::Velocity => "velocity",
            Self::Rotation => "rotation",
            Self::AngularVelocity => "angular velocity",
            Self::ErrorEstimate => "error estimate",
        }
    }
}

/// The first body found whose state stopped being finite or passed [`DIVERGENCE_BOUND`].
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Divergence {
    /// The body (index, scene order).
    pub body: usize,
    /// Which part of its state.
    pub quantity: Quantity,
    /// The offending component (not finite, or beyond the bound).
    pub value: f64,
}

/// The first body, in order, whose state or error estimate diverged; `None` when all are sound.
pub fn divergence(bodies: &[RigidBody], errors: &[BodyError]) -> Option<Divergence> {
    bodies.iter().enumerate().find_map(|(i, body)| {
        let s = &body.state;
        let error = errors.get(i).map_or(0.0, BodyError::max);
        let found = |quantity, value| {
            Some(Divergence {
                body: i,
                quantity,
                value,
            })
        };
        if let Some(value) = beyond(&s.position) {
            found(Quantity::Position, value)
        } else if let Some(value) = beyond(&s.velocity) {
            found(Quantity::Velocity, value)
        } else if let Some(value) = wxyz(&s.rotation).into_iter().find(|x| !x.is_finite()) {
            found(Quantity::Rotation, value)
        } else if let Some(value) = beyond(&s.angular_velocity) {
            found(Quantity::AngularVelocity, value)
        } else if !error.is_finite() {
            found(Quantity::ErrorEstimate, error)
        } else {
            None
        }
    })
}

/// Whether every number of a sound frame's evidence is finite: the energy, every error estimate
/// and suggested step, and every impact (checked by a debug assertion in [`World::step`]).
///
/// [`World::step`]: super::World::step
pub(super) fn evidence_is_finite(step: &super::FrameStep) -> bool {
    let e = &step.energy;
    let energy = [e.kinetic, e.gravity, e.springs, e.central, e.constraints]
        .iter()
        .all(|x| x.is_finite());
    let errors = step.bodies.iter().all(|b| {
        b.error_estimate.is_finite()
            && b.rotation_error_estimate.is_finite()
            && b.suggested_dt.is_finite()
    });
    let impacts = step.contacts.iter().all(|c| {
        [c.time, c.impulse, c.restitution]
            .iter()
            .all(|x| x.is_finite())
            && c.point.iter().chain(c.normal.iter()).all(|x| x.is_finite())
    });
    energy && errors && impacts
}

/// The first component of `v` that is not finite or exceeds the bound.
fn beyond(v: &Vector3<f64>) -> Option<f64> {
    v.iter()
        .copied()
        .find(|x| !x.is_finite() || x.abs() > DIVERGENCE_BOUND)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dynamics::{BodyShape, BodyState};
    use nalgebra::UnitQuaternion;

    fn ball(velocity: Vector3<f64>) -> RigidBody {
        RigidBody {
            name: "ball".into(),
            shape: BodyShape::Sphere(1.0),
            mass: 1.0,
            fixed: false,
            state: BodyState {
                position: Vector3::zeros(),
                velocity,
                rotation: UnitQuaternion::identity(),
                angular_velocity: Vector3::zeros(),
            },
        }
    }

    #[test]
    fn nan_and_overgrown_components_diverge_finite_ones_do_not() {
        let sound = [ball(Vector3::new(1e9, 0.0, 0.0))];
        assert_eq!(divergence(&sound, &[BodyError::default()]), None);
        let nan = [ball(Vector3::new(0.0, f64::NAN, 0.0))];
        let found = divergence(&nan, &[]).unwrap();
        assert_eq!((found.body, found.quantity), (0, Quantity::Velocity));
        assert!(found.value.is_nan());
        let huge = [ball(Vector3::new(0.0, 0.0, -2e50))];
        assert_eq!(divergence(&huge, &[]).unwrap().value, -2e50);
        let error = BodyError {
            error_estimate: f64::INFINITY,
            ..BodyError::default()
        };
        let found = divergence(&sound, &[error]).unwrap();
        assert_eq!(found.quantity, Quantity::ErrorEstimate);
    }
}
