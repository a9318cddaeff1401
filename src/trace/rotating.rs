//! The first contact of a pair in which a body spins: the time-of-impact search of the
//! simulation, with the course's approximations and their errors (docs/methods.md §10).

use serde::Serialize;

use super::pairs::ContactRecord;
use super::simulate::shape_and_state;
use crate::dynamics::toi::{time_of_impact, Motion, ToiStatus};
use crate::scene::BodySpec;

/// One estimate of the contact time and its error against the converged root.
#[derive(Clone, Debug, Serialize)]
pub struct ApproximationRecord {
    /// `hermite-bisection`, `linearisation`, `straight-line`, `constant-motion`, `small-angle`.
    pub method: &'static str,
    /// Absolute scene time of the estimate, `null` when the method finds none.
    pub time: Option<f64>,
    /// Estimate minus the converged time, in seconds.
    pub error: Option<f64>,
}

/// Whether the body turns (a moving body with a non-zero angular velocity).
pub(crate) fn spins(body: &BodySpec) -> bool {
    !body.fixed && body.angular_velocity.norm() > 0.0
}

/// The body's motion over `horizon`: at rest when fixed, else at constant velocities.
fn motion(body: &BodySpec, horizon: f64) -> Motion {
    let (shape, state) = shape_and_state(body);
    if body.fixed {
        Motion::fixed(shape, state)
    } else {
        Motion::ballistic(shape, state, horizon)
    }
}

/// The first contact within `horizon` of the pair following constant linear and angular
/// velocities, found at scene time `time + t`; `None` when they stay apart.
pub(crate) fn rotating_contact(
    a: &BodySpec,
    b: &BodySpec,
    time: f64,
    horizon: f64,
) -> Option<(ContactRecord, Vec<ApproximationRecord>)> {
    let report = time_of_impact(&motion(a, horizon), &motion(b, horizon), horizon);
    if !matches!(
        report.status,
        ToiStatus::Impact | ToiStatus::TouchingAtStart
    ) {
        return None;
    }
    let contact = report.contact?;
    let mut record = super::pairs::contact_record(&contact, time, &a.name, &b.name);
    record.features.push_str("; following the rotation");
    let approximations = report
        .approximations
        .iter()
        .map(|estimate| ApproximationRecord {
            method: estimate.method.name(),
            time: estimate.time.map(|at| time + at),
            error: estimate.error,
        })
        .collect();
    Some((record, approximations))
}

/// Replaces the record's contact by the one found following the rotation, with the estimates.
pub(crate) fn follow_rotation(
    record: &mut super::PairRecord,
    (a, b): (&BodySpec, &BodySpec),
    time: f64,
    horizon: f64,
) {
    let found = rotating_contact(a, b, time, horizon);
    record.approximations = found
        .as_ref()
        .map(|(_, estimates)| estimates.clone())
        .unwrap_or_default();
    record.contact = found.map(|(contact, _)| contact);
}
