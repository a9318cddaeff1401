//! One frame of a scene's timeline: the state of every body, the integrator's evidence and the
//! events, as `simulate --json` prints it and the debugger steps through it.

use serde::Serialize;

use super::pose_at;
use crate::dynamics::toi::Approximation;
use crate::dynamics::world::{IslandRecord, PointRecord, Quantity, Stages};
use crate::math::{arr3, wxyz};
use crate::scene::{BodySpec, Scene};

/// One frame of the timeline (one line of `simulate --json`).
#[derive(Clone, Debug, Serialize)]
pub struct FrameRecord {
    /// Frame index, 0 for the initial state.
    pub frame: usize,
    /// Scene time, `frame · dt`.
    pub time: f64,
    /// Integrator sub-steps taken to reach this frame from the previous one (the most any group
    /// of coupled bodies took; pieces split at impacts count separately).
    pub substeps: usize,
    /// Every body's state, in scene order.
    pub bodies: Vec<BodyFrame>,
    /// Kinetic, potential and total energy.
    pub energy: EnergyRecord,
    /// What happened between the previous frame and this one.
    pub events: Vec<EventRecord>,
    /// Contact points the soft step held in this frame.
    pub resting_points: usize,
    /// Bodies asleep at the end of the frame.
    pub sleeping: usize,
    /// What the soft step did: per island and per resting pair.
    pub solver: SolverFrame,
    /// Whether the contact cap stopped the search for impacts in this frame.
    pub capped: bool,
    /// How many pairs each stage of the cheap rejection let through in this frame.
    pub stages: Stages,
    /// The body whose state stopped being finite (or passed the divergence bound) in this frame,
    /// which ends the timeline; absent from the JSON while the run is sound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diverged: Option<DivergedRecord>,
    /// The bodies as scene bodies at this frame (for explanations and drawing).
    #[serde(skip)]
    pub specs: Vec<BodySpec>,
}

/// What the soft step did in one frame, pairs named by their bodies.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SolverFrame {
    /// Per island of touching bodies: substeps, iterations, residual, deepest overlap and the
    /// largest predicted sink.
    pub islands: Vec<IslandRecord>,
    /// Per resting pair, in pair order.
    pub contacts: Vec<SolverContact>,
}

/// What the soft step did at one resting pair.
#[derive(Clone, Debug, Serialize)]
pub struct SolverContact {
    /// First body's name.
    pub a: String,
    /// Second body's name.
    pub b: String,
    /// Unit normal from A to B.
    pub normal: [f64; 3],
    /// Whether the manifold of the frame before was kept without a narrow phase.
    pub reused: bool,
    /// Per point: separations at the start and end, impulse, warm start, sliding, push-out cap,
    /// predicted sink.
    pub points: Vec<PointRecord>,
}

/// A body's state at one frame with the integrator's error estimate.
#[derive(Clone, Debug, Serialize)]
pub struct BodyFrame {
    /// Body name.
    pub name: String,
    /// Centre of mass.
    pub position: [f64; 3],
    /// Linear velocity.
    pub velocity: [f64; 3],
    /// Orientation `[w, x, y, z]`.
    pub rotation: [f64; 4],
    /// Angular velocity (world frame).
    pub angular_velocity: [f64; 3],
    /// `e_a = |X_h - X_{h/2,h/2}|`, the largest of the frame's steps (linear or rotational part;
    /// 0 when not integrated).
    pub error_estimate: f64,
    /// The step the error rule suggests, `(e_max/e_a)^(1/(p+1)) h`.
    pub suggested_dt: f64,
    /// Whether this body's state diverged in this frame (its error estimate is then NaN, `null`
    /// in JSON); absent from the JSON when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub diverged: bool,
}

/// The event that ends a run whose state stopped being finite: which body, which quantity.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DivergedRecord {
    /// Always `diverged`.
    pub kind: &'static str,
    /// The frame at whose end the state was found diverged.
    pub frame: usize,
    /// That frame's time.
    pub time: f64,
    /// The body's name.
    pub body: String,
    /// `position`, `velocity`, `rotation`, `angular_velocity` or `error_estimate`.
    pub quantity: Quantity,
    /// The offending component (`null` in JSON when not finite).
    pub value: f64,
}

impl DivergedRecord {
    /// The event in words, e.g. `diverged at frame 102 (t = 10.2000 s): the velocity of body "mass"
    /// is not finite`.
    pub fn sentence(&self) -> String {
        let what = if self.value.is_finite() {
            format!(
                "is {:.3e}, beyond the bound of {:e}",
                self.value,
                crate::dynamics::world::DIVERGENCE_BOUND
            )
        } else {
            format!("is not finite ({})", self.value)
        };
        format!(
            "diverged at frame {} (t = {} s): the {} of body {:?} {what}",
            self.frame,
            super::number::fixed(self.time, 4),
            self.quantity.name(),
            self.body
        )
    }
}

/// Energy of the whole scene at one frame.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct EnergyRecord {
    /// Kinetic energy, linear and rotational.
    pub kinetic: f64,
    /// Potential energy: gravity, springs, central attraction and penalty constraints.
    pub potential: f64,
    /// `kinetic + potential`.
    pub total: f64,
}

/// Something that happened inside a frame, at its exact time.
#[derive(Clone, Debug, Serialize)]
pub struct EventRecord {
    /// `contact` for now.
    pub kind: String,
    /// Absolute time of the event.
    pub time: f64,
    /// First body.
    pub a: String,
    /// Second body.
    pub b: String,
    /// Contact point.
    pub point: [f64; 3],
    /// The last separating axis for two boxes, else `null`.
    pub axis: Option<String>,
    /// Unit normal from `a` to `b`.
    pub normal: [f64; 3],
    /// Impulse magnitude applied.
    pub impulse: f64,
    /// The restitution applied (0 below the resting speed).
    pub restitution: f64,
    /// The touching features when known, as `explain` names them (`vertex-face`, `edge-edge`,
    /// `sphere-sphere`, `vertex-plane`, …).
    pub contact_kind: Option<String>,
    /// The course's cheaper estimates of the time (absolute) with their errors.
    pub approximations: Vec<Approximation>,
}

/// The record of one body's state (no integrator evidence).
pub fn body_frame(body: &BodySpec, error_estimate: f64, suggested_dt: f64) -> BodyFrame {
    BodyFrame {
        name: body.name.clone(),
        position: arr3(&body.center),
        velocity: arr3(&body.velocity),
        rotation: wxyz(&body.rotation),
        angular_velocity: arr3(&body.angular_velocity),
        error_estimate,
        suggested_dt,
        diverged: false,
    }
}

/// The scene's frames `0..=frames` with constant velocities and no collisions (a kinematic preview).
pub fn kinematic_timeline(scene: &Scene, frames: usize) -> Vec<FrameRecord> {
    (0..=frames)
        .map(|frame| {
            let time = frame as f64 * scene.world.dt;
            let specs: Vec<BodySpec> = scene
                .bodies
                .iter()
                .map(|body| {
                    let (center, rotation) = pose_at(body, time);
                    BodySpec {
                        center,
                        rotation,
                        ..body.clone()
                    }
                })
                .collect();
            FrameRecord {
                frame,
                time,
                substeps: usize::from(frame > 0),
                bodies: specs
                    .iter()
                    .map(|b| body_frame(b, 0.0, scene.world.dt))
                    .collect(),
                energy: EnergyRecord::default(),
                events: Vec::new(),
                resting_points: 0,
                sleeping: 0,
                solver: SolverFrame::default(),
                capped: false,
                stages: Stages::default(),
                diverged: None,
                specs,
            }
        })
        .collect()
}
