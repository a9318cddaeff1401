//! A scene simulated by the world loop: the scene's bodies, forces and settings as a world, and
//! the frame records of its timeline.

use super::frame::{
    body_frame, BodyFrame, DivergedRecord, EnergyRecord, EventRecord, FrameRecord, SolverContact,
    SolverFrame,
};
use crate::dynamics::forces::ForceModel;
use crate::dynamics::integrate::Integrator;
use crate::dynamics::response::{resting_speed, Material};
use crate::dynamics::world::{FrameStep, Settings, SolverRecord, Stages, World};
use crate::dynamics::{BodyShape, BodyState, RigidBody};
use crate::math::arr3;
use crate::scene::{self, BodySpec, Scene, ShapeSpec};

/// Overrides of a scene's `[world]` for one simulation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimOptions {
    /// Seconds per frame instead of the scene's `dt`.
    pub dt: Option<f64>,
    /// An integrator instead of the scene's.
    pub integrator: Option<String>,
    /// Adaptive sub-steps to this tolerance instead of the scene's.
    pub tolerance: Option<f64>,
}

impl SimOptions {
    /// The settings the world of `scene` steps with: the scene's `[world]` with these overrides.
    ///
    /// # Errors
    /// When the integrator's name is unknown.
    pub fn settings(&self, scene: &Scene) -> Result<Settings, String> {
        let w = &scene.world;
        let name = self.integrator.as_deref().unwrap_or(&w.integrator);
        let integrator = Integrator::from_name(name).ok_or_else(|| {
            format!(
                "unknown integrator `{name}` (valid: {})",
                scene::INTEGRATORS.join(", ")
            )
        })?;
        let dt = self.dt.unwrap_or(w.dt);
        let material = Material::new(w.restitution, w.friction)
            .with_resting_speed(resting_speed(&w.gravity, dt));
        Ok(Settings {
            tolerance: self.tolerance.or(w.tolerance),
            response: w.response,
            solver: w.solver,
            ..Settings::new(dt, integrator, material)
        })
    }
}

/// The world a scene describes, with the overrides applied (a triangle, mesh or k-DOP with a
/// velocity is carried at it).
pub fn world_from_scene(scene: &Scene, options: &SimOptions) -> Result<World, String> {
    let settings = options.settings(scene)?;
    let bodies = scene.bodies.iter().map(rigid_body).collect();
    let forces = force_model(scene, settings.dt);
    World::new(bodies, forces, settings)
}

/// A scene body's shape and its state at the scene's start.
pub(super) fn shape_and_state(spec: &BodySpec) -> (BodyShape, BodyState) {
    let shape = match &spec.shape {
        &ShapeSpec::Box { half_extents } => BodyShape::Box(half_extents),
        &ShapeSpec::Sphere { radius } => BodyShape::Sphere(radius),
        &ShapeSpec::Plane { normal, offset } => BodyShape::Plane { normal, offset },
        &ShapeSpec::Triangle { vertices } => BodyShape::Triangle(vertices),
        ShapeSpec::Mesh(spec) => BodyShape::Mesh(std::sync::Arc::clone(&spec.mesh)),
        ShapeSpec::Convex(convex) => BodyShape::Convex(convex.clone()),
    };
    let state = BodyState {
        position: spec.center,
        velocity: spec.velocity,
        rotation: spec.rotation,
        angular_velocity: spec.angular_velocity,
    };
    (shape, state)
}

/// A scene body as a rigid body.
fn rigid_body(spec: &BodySpec) -> RigidBody {
    let (shape, state) = shape_and_state(spec);
    RigidBody {
        name: spec.name.clone(),
        shape,
        mass: spec.mass,
        fixed: spec.fixed,
        state,
    }
}

/// Gravity, forces, springs and constraints of a scene (its tables are the dynamics' own types).
fn force_model(scene: &Scene, dt: f64) -> ForceModel {
    let mut model = ForceModel::with_gravity(scene.world.gravity);
    model.forces.clone_from(&scene.forces);
    for force in &mut model.forces {
        if let crate::dynamics::forces::Force::Friction(friction) = force {
            friction.stick_time = dt;
        }
    }
    model.springs.clone_from(&scene.springs);
    model.constraints.clone_from(&scene.constraints);
    model
}

/// The frames of a scene as the world loop computes them, one at a time: frame 0 (the initial
/// state) to the last, or to the frame whose state diverged, which ends the run.
pub struct Frames<'s> {
    scene: &'s Scene,
    world: World,
    last: usize,
    started: bool,
    ended: bool,
}

impl Iterator for Frames<'_> {
    type Item = FrameRecord;

    fn next(&mut self) -> Option<FrameRecord> {
        if self.ended {
            return None;
        }
        let step = if self.started {
            self.world.step()
        } else {
            self.started = true;
            self.initial_step()
        };
        self.ended = step.frame >= self.last || step.diverged.is_some();
        let record = frame_record(self.scene, &self.world, &step);
        debug_assert!(
            record.diverged.is_some() || super::finite::frame_is_finite(&record),
            "frame {} of {} holds a number that is not finite: {record:?}",
            record.frame,
            self.scene.name
        );
        Some(record)
    }
}

impl Frames<'_> {
    /// The evidence of frame 0: the initial state, nothing integrated.
    fn initial_step(&self) -> FrameStep {
        FrameStep {
            frame: 0,
            time: 0.0,
            substeps: 0,
            bodies: self.world.idle_errors(),
            energy: self.world.energy(),
            contacts: Vec::new(),
            resting_points: 0,
            sleeping: 0,
            solver: SolverRecord::default(),
            capped: false,
            stages: Stages::default(),
            diverged: None,
        }
    }
}

/// The frames `0..=frames` of the scene simulated by the world loop, computed as they are read
/// (memory stays flat in the frame count); they stop early at a frame whose state diverged.
pub fn simulate_frames<'s>(
    scene: &'s Scene,
    frames: usize,
    options: &SimOptions,
) -> Result<Frames<'s>, String> {
    Ok(Frames {
        scene,
        world: world_from_scene(scene, options)?,
        last: frames,
        started: false,
        ended: false,
    })
}

/// Frames `0..=frames` of the scene simulated by the world loop (frame 0 is the initial state),
/// ending early at a frame whose state diverged.
pub fn simulate_timeline(
    scene: &Scene,
    frames: usize,
    options: &SimOptions,
) -> Result<Vec<FrameRecord>, String> {
    Ok(simulate_frames(scene, frames, options)?.collect())
}

/// The scene's bodies as the world loop leaves them at `frame`; a run that diverged before or at
/// that frame is an error that says where.
pub fn bodies_at(
    scene: &Scene,
    frame: usize,
    options: &SimOptions,
) -> Result<Vec<BodySpec>, String> {
    frame_at(scene, frame, options).map(|record| record.specs)
}

/// The record of `frame` (frame 0: the scene as loaded); an error when the run diverged before.
pub fn frame_at(scene: &Scene, frame: usize, options: &SimOptions) -> Result<FrameRecord, String> {
    let reached = simulate_frames(scene, frame, options)?.last();
    let reached = reached.ok_or_else(|| "the simulation has no frames".to_string())?;
    match &reached.diverged {
        Some(diverged) => Err(format!(
            "the simulation {}; frame {frame} cannot be explained",
            diverged.sentence()
        )),
        None => Ok(reached),
    }
}

/// The record of a frame the world just reached.
pub fn frame_record(scene: &Scene, world: &World, step: &FrameStep) -> FrameRecord {
    let specs: Vec<BodySpec> = scene
        .bodies
        .iter()
        .zip(&world.bodies)
        .map(|(spec, body)| BodySpec {
            center: body.state.position,
            rotation: body.state.rotation,
            velocity: body.state.velocity,
            angular_velocity: body.state.angular_velocity,
            ..spec.clone()
        })
        .collect();
    let name = |i: usize| world.bodies[i].name.clone();
    FrameRecord {
        frame: step.frame,
        time: step.time,
        substeps: step.substeps,
        bodies: specs
            .iter()
            .zip(&step.bodies)
            .enumerate()
            .map(|(i, (spec, e))| BodyFrame {
                diverged: step.diverged.is_some_and(|d| d.body == i),
                ..body_frame(spec, e.max(), e.suggested_dt)
            })
            .collect(),
        energy: EnergyRecord {
            kinetic: step.energy.kinetic,
            potential: step.energy.potential(),
            total: step.energy.total(),
        },
        events: step
            .contacts
            .iter()
            .map(|c| EventRecord {
                kind: "contact".to_string(),
                time: c.time,
                a: name(c.a),
                b: name(c.b),
                point: arr3(&c.point),
                axis: c.axis.map(|axis| axis.to_string()),
                normal: arr3(&c.normal),
                impulse: c.impulse,
                restitution: c.restitution,
                contact_kind: super::kinds::of_shapes(
                    &scene.bodies[c.a].shape,
                    &scene.bodies[c.b].shape,
                    c.features,
                )
                .map(str::to_string),
                approximations: c.approximations.clone(),
            })
            .collect(),
        resting_points: step.resting_points,
        sleeping: step.sleeping,
        solver: SolverFrame {
            islands: step.solver.islands.clone(),
            contacts: step
                .solver
                .contacts
                .iter()
                .map(|c| SolverContact {
                    a: name(c.a),
                    b: name(c.b),
                    normal: arr3(&c.normal),
                    reused: c.reused,
                    points: c.points.clone(),
                })
                .collect(),
        },
        capped: step.capped,
        stages: step.stages,
        diverged: step.diverged.map(|d| DivergedRecord {
            kind: "diverged",
            frame: step.frame,
            time: step.time,
            body: name(d.body),
            quantity: d.quantity,
            value: d.value,
        }),
        specs,
    }
}

/// Every frame of a loaded scene as simulated with its own settings: the timeline the debugger,
/// the lessons and `explain --frame` read.
///
/// A loaded scene always simulates (its `dt`, integrator and tolerance were validated when it was
/// loaded); should the world still refuse it, the frames fall back to the kinematic preview.
pub fn scene_timeline(scene: &Scene) -> Vec<FrameRecord> {
    simulate_timeline(scene, scene.world.frames, &SimOptions::default())
        .unwrap_or_else(|_| super::kinematic_timeline(scene, scene.world.frames))
}
