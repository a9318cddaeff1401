//! The track a group follows through the rest of a frame: its start, its integration to the
//! frame end, and the evidence of the pieces it keeps.

use nalgebra::DVector;

use super::group::Group;
use super::Settings;
use crate::dynamics::energy::Energy;
use crate::dynamics::integrate::{integrate_frame, Adaptive, BodyError, FrameRecord, StepControl};
use crate::dynamics::system::{body_state, set_body_state, STATE_PER_BODY};
use crate::dynamics::toi::state_between;
use crate::dynamics::{BodyState, RigidBody};

/// What a group's integration over a frame has shown so far.
#[derive(Clone, Debug)]
pub(super) struct Evidence {
    /// Accepted sub-steps of the kept pieces.
    pub substeps: usize,
    /// Per member: the largest estimates, and the suggestion of the longest kept piece.
    pub bodies: Vec<BodyError>,
    /// The longest kept piece.
    longest: f64,
}

impl Evidence {
    /// Folds a kept piece into the evidence.
    fn keep(&mut self, piece: &FrameRecord) {
        self.substeps += piece.substeps;
        let longest = piece.dt >= self.longest;
        self.longest = self.longest.max(piece.dt);
        for (body, step) in self.bodies.iter_mut().zip(&piece.bodies) {
            body.widen(step);
            if longest {
                body.suggested_dt = step.suggested_dt;
            }
        }
    }
}

/// A group's motion from `t0` (seconds into the frame) to the frame end.
#[derive(Clone, Debug)]
pub(super) struct Track {
    /// Where the track starts, seconds after the frame start.
    pub t0: f64,
    /// The members' state at `t0`.
    pub start: DVector<f64>,
    /// The integration from `t0` to the frame end.
    pub end: FrameRecord,
    /// Bumped whenever the track restarts, so older contact times are known to be stale.
    pub version: u32,
    /// The kept pieces' evidence.
    pub evidence: Evidence,
    /// Whether the track follows the soft step's plan (positions between its start and end by
    /// [`state_between`]) rather than the scene's integrator.
    planned: bool,
}

/// The members' states as one state vector (fixed anchors at rest).
pub(super) fn pack(group: &Group, bodies: &[RigidBody]) -> DVector<f64> {
    let mut y = DVector::zeros(group.members.len() * STATE_PER_BODY);
    for (k, &i) in group.members.iter().enumerate() {
        let mut state = bodies[i].state;
        if group.system.bodies[k].fixed {
            state.velocity.fill(0.0);
            state.angular_velocity.fill(0.0);
        }
        set_body_state(&mut y, k, &state);
    }
    y
}

/// Writes the moving members' states in `y` into the bodies.
pub(super) fn unpack(group: &Group, y: &DVector<f64>, bodies: &mut [RigidBody]) {
    for (k, &i) in group.members.iter().enumerate() {
        if !group.system.bodies[k].fixed {
            bodies[i].state = body_state(y, k);
        }
    }
}

/// Member `k`'s state at the end of the track.
pub(super) fn end_state(track: &Track, k: usize) -> BodyState {
    body_state(&track.end.state, k)
}

/// One integration of `h` seconds from `y`, fixed or adaptive as the settings say (without the
/// energy and constraint evidence, which the track never reads).
fn integrate(
    group: &mut Group,
    settings: &Settings,
    t: f64,
    y: &DVector<f64>,
    h: f64,
) -> FrameRecord {
    let control = match settings.tolerance {
        Some(tolerance) => StepControl::Adaptive(Adaptive {
            first_substep: group.next_substep,
            ..Adaptive::new(tolerance)
        }),
        None => StepControl::Fixed,
    };
    let record = integrate_frame(&group.system, settings.integrator, t, y, h, control);
    if settings.tolerance.is_some() {
        group.next_substep = Some(record.next_substep);
    }
    record
}

impl Track {
    /// The group's track over the whole frame starting at absolute time `t`.
    pub fn begin(group: &mut Group, bodies: &[RigidBody], settings: &Settings, t: f64) -> Self {
        let start = pack(group, bodies);
        let end = integrate(group, settings, t, &start, settings.dt);
        let evidence = Evidence {
            substeps: 0,
            bodies: vec![BodyError::default(); group.members.len()],
            longest: 0.0,
        };
        Self {
            t0: 0.0,
            start,
            end,
            version: 0,
            evidence,
            planned: false,
        }
    }

    /// The group's track over the whole frame from its state now to the members' states `ends`
    /// (indexed by world body) that the soft step planned, with no integrator evidence.
    pub fn planned(
        group: &Group,
        bodies: &[RigidBody],
        ends: &[BodyState],
        settings: &Settings,
        t: f64,
    ) -> Self {
        let start = pack(group, bodies);
        let mut state = start.clone();
        for (k, &i) in group.members.iter().enumerate() {
            if !group.system.bodies[k].fixed {
                set_body_state(&mut state, k, &ends[i]);
            }
        }
        let n = group.members.len();
        let idle = BodyError {
            suggested_dt: settings.dt,
            ..BodyError::default()
        };
        let end = FrameRecord {
            method: settings.integrator,
            t,
            dt: settings.dt,
            tolerance: None,
            state,
            substeps: 0,
            rejected: 0,
            capped: false,
            max_error_estimate: 0.0,
            bodies: vec![idle; n],
            smallest_substep: settings.dt,
            next_substep: settings.dt,
            energy: Energy::default(),
            constraints: Vec::new(),
        };
        let evidence = Evidence {
            substeps: 0,
            bodies: vec![idle; n],
            longest: settings.dt,
        };
        Self {
            t0: 0.0,
            start,
            end,
            version: 0,
            evidence,
            planned: true,
        }
    }

    /// Integrates from the track start to `t` seconds into the frame and keeps that piece.
    pub fn cut(
        &mut self,
        group: &mut Group,
        settings: &Settings,
        frame_start: f64,
        t: f64,
    ) -> DVector<f64> {
        let h = t - self.t0;
        if h <= 0.0 {
            return self.start.clone();
        }
        if self.planned {
            let mut y = self.start.clone();
            for k in 0..group.members.len() {
                let (from, to) = (body_state(&self.start, k), body_state(&self.end.state, k));
                set_body_state(&mut y, k, &state_between(&from, &to, settings.dt, t));
            }
            return y;
        }
        let piece = integrate(group, settings, frame_start + self.t0, &self.start, h);
        self.evidence.keep(&piece);
        piece.state
    }

    /// Restarts the track at `t` seconds into the frame from the state `y`.
    pub fn restart(
        &mut self,
        group: &mut Group,
        settings: &Settings,
        frame_start: f64,
        t: f64,
        y: DVector<f64>,
    ) {
        let h = settings.dt - t;
        if h > 0.0 {
            self.end = integrate(group, settings, frame_start + t, &y, h);
        } else {
            self.end.state.clone_from(&y);
            self.end.substeps = 0;
        }
        self.t0 = t;
        self.start = y;
        self.version += 1;
        self.planned = false;
    }

    /// Keeps the last piece (to the frame end) and returns the evidence of the whole frame.
    pub fn finish(mut self) -> (DVector<f64>, Evidence) {
        if self.end.substeps > 0 {
            self.evidence.keep(&self.end);
        }
        (self.end.state, self.evidence)
    }
}
