//! The world stepping loop: integrate a frame, find the earliest contact inside it, advance to
//! it, respond, and continue the rest of the frame; resting contacts settle at the frame end. A
//! detect-only world reports the contacts and lets the bodies move on as if nothing touched.

mod broad;
mod converge;
mod diverge;
mod fat;
mod grid;
mod group;
mod impact;
mod pass;
mod passive;
mod replan;
mod resting;
mod rolling;
mod separate;
mod settings;
mod sleep;
mod soft;
mod solver;
mod sort_sweep;
mod store;
mod touch;
mod track;

pub use broad::Stages;
pub use diverge::{divergence, Divergence, Quantity, DIVERGENCE_BOUND};
pub use settings::{Resting, Settings, Solver, DEFAULT_MAX_CONTACTS};
pub use sleep::{SLEEP_AFTER, SLEEP_SPEED, SLEEP_SPIN};
pub use soft::{ContactRecord, IslandRecord, PointRecord, SolverRecord};
pub use store::Class;

use std::collections::HashSet;

use nalgebra::Vector3;

use super::energy::{energy, momentum, Energy, Momentum};
use super::forces::ForceModel;
use super::integrate::{BodyError, Integrator};
use super::response::ResponseModel;
use super::system::System;
use super::toi::Approximation;
use super::{BodyState, RigidBody};
use crate::sat::{AxisId, ContactKind};
use group::{Group, Grouping};
use pass::{Pass, Plan};
use passive::Passive;
use sleep::Sleep;
use store::Store;

/// Bodies whose gap is at most this (in metres) touch.
pub const TOUCHING: f64 = 1e-8;
/// Approach speeds below this count as not approaching at all (m/s): the floor of the resting
/// speed.
const STILL: f64 = 1e-9;
/// A contact inside a frame, at its exact time: an impact, or in a detect-only world the moment a
/// pair that was apart touches.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ContactEvent {
    /// Absolute time of the impact.
    pub time: f64,
    /// First body (index; `a < b`).
    pub a: usize,
    /// Second body (index).
    pub b: usize,
    /// The contact point.
    pub point: Vector3<f64>,
    /// Unit normal from `a` to `b`.
    pub normal: Vector3<f64>,
    /// The last separating axis, for two boxes.
    pub axis: Option<AxisId>,
    /// The touching box features, when known (`vertex-face`, `edge-edge`, …).
    pub features: Option<ContactKind>,
    /// Normal impulse magnitude (0 in a detect-only world).
    pub impulse: f64,
    /// The restitution applied (0 below the resting speed, and in a detect-only world).
    pub restitution: f64,
    /// The course's cheaper estimates of the time (absolute) and their errors.
    pub approximations: Vec<Approximation>,
}

/// The evidence of one frame.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct FrameStep {
    /// The frame reached.
    pub frame: usize,
    /// Its time, `frame · dt`.
    pub time: f64,
    /// The most accepted integrator sub-steps any group took in this frame.
    pub substeps: usize,
    /// Per body: the largest error estimates, and the step the longest piece suggests
    /// (zero error and `dt` for a body that is not integrated).
    pub bodies: Vec<BodyError>,
    /// Energy at the end of the frame.
    pub energy: Energy,
    /// Impacts in time order.
    pub contacts: Vec<ContactEvent>,
    /// Contact points the soft step held.
    pub resting_points: usize,
    /// Bodies asleep at the end of the frame.
    pub sleeping: usize,
    /// What the soft step did: per island and per resting pair.
    pub solver: SolverRecord,
    /// Whether the contact cap stopped the search.
    pub capped: bool,
    /// How many pairs each stage of the cheap rejection let through.
    pub stages: Stages,
    /// The body whose state stopped being finite or passed [`DIVERGENCE_BOUND`] in this frame
    /// (its error estimate is then NaN); the world should not be stepped further.
    pub diverged: Option<Divergence>,
}

/// Rigid bodies under forces, stepped a frame at a time (bodies joined by a spring, a rod or a
/// pin never collide with each other; a moving triangle, mesh or k-DOP is carried at its constant
/// velocity and pushes what it meets, never pushed back).
#[derive(Clone, Debug)]
pub struct World {
    /// The bodies with their current states (planes are fixed; moving triangles, meshes and
    /// k-DOPs translate at their constant velocities).
    pub bodies: Vec<RigidBody>,
    /// How the world steps.
    pub settings: Settings,
    /// Frames stepped so far.
    pub frame: usize,
    system: System,
    groups: Vec<Group>,
    group_of: Vec<Option<usize>>,
    local: Vec<usize>,
    joined: HashSet<(usize, usize)>,
    store: Store,
    sleep: Sleep,
    scratch: soft::Scratch,
    /// The broad phase's fattened boxes, kept across frames.
    broad: fat::FatGrid,
    /// The energy of a world whose moving bodies all sleep, kept while nothing wakes.
    quiet_energy: Option<Energy>,
}

impl World {
    /// A world of these bodies at frame 0: planes, triangles, meshes and k-DOPs made fixed
    /// (infinite mass), every fixed body at rest except a triangle, mesh or k-DOP not marked
    /// `fixed`, which keeps its velocity (translating, never turning: [`RigidBody::is_kinematic`]).
    pub fn new(
        mut bodies: Vec<RigidBody>,
        forces: ForceModel,
        settings: Settings,
    ) -> Result<Self, String> {
        settings.validate()?;
        for body in &mut bodies {
            let carried = body.is_surface() && !body.fixed;
            body.fixed = body.is_fixed();
            if body.fixed {
                if !carried {
                    body.state.velocity = Vector3::zeros();
                }
                body.state.angular_velocity = Vector3::zeros();
            }
        }
        let Grouping {
            groups,
            group_of,
            local,
        } = group::groups(&bodies, &forces);
        let joined = group::joined(&forces);
        let sleep = Sleep::new(bodies.len());
        Ok(Self {
            system: System::new(&bodies, forces),
            bodies,
            settings,
            frame: 0,
            groups,
            group_of,
            local,
            joined,
            store: Store::default(),
            sleep,
            scratch: soft::Scratch::default(),
            broad: fat::FatGrid::default(),
            quiet_energy: None,
        })
    }

    /// The current time, `frame · dt`.
    pub fn time(&self) -> f64 {
        self.frame as f64 * self.settings.dt
    }

    /// The linear system an implicit-Euler step of a whole frame from now solves (`None` for
    /// another integrator or without moving bodies).
    pub fn implicit_system(&self) -> Option<super::integrate::LinearSystem> {
        if self.settings.integrator != Integrator::ImplicitEuler {
            return None;
        }
        let y = System::pack(&self.bodies);
        super::integrate::linear_system(&self.system, &y, self.settings.dt)
    }

    /// Kinetic and potential energy now, the soft contacts' springs included.
    pub fn energy(&self) -> Energy {
        let mut e = energy(&self.system, &System::pack(&self.bodies));
        let hertz = self.settings.solver.effective_hertz(self.settings.dt);
        let turns = self.settings.response != ResponseModel::Particle;
        e.contacts = store::elastic_energy(
            &self.bodies,
            &self.store.manifolds,
            (hertz, turns),
            (None, &|_| true),
        )
        .into_iter()
        .map(|c| c.energy)
        .sum();
        e
    }

    /// Linear and angular momentum now.
    pub fn momentum(&self) -> Momentum {
        momentum(&self.system, &System::pack(&self.bodies))
    }

    /// Per body: zero error estimates and the frame length as the suggested step, the evidence of
    /// a body that was not integrated.
    pub fn idle_errors(&self) -> Vec<BodyError> {
        let idle = BodyError {
            suggested_dt: self.settings.dt,
            ..BodyError::default()
        };
        vec![idle; self.bodies.len()]
    }

    /// Advances the world by one frame.
    ///
    /// # Algorithm
    /// 1. Integrate every group of coupled bodies over the frame (fixed, or adaptive sub-steps);
    ///    a moving triangle, mesh or k-DOP translates by `v dt`.
    /// 2. Cheap rejection per pair over that motion: a uniform grid on swept AABBs, then swept
    ///    bounding spheres, then swept AABBs.
    /// 3. Exact test (pairs with a moving body): touching at the start is a resting contact (or an
    ///    impact now, when some point approaches faster than the resting speed, relative speeds
    ///    throughout); else `time_of_impact` on the start and end states.
    /// 4. Take the earliest impact: integrate its bodies to the contact time, apply the impulse,
    ///    record the event.
    /// 5. Integrate them over the rest of the frame and test their pairs again; repeat from 4 (at
    ///    most `max_contacts` impacts).
    /// 6. Resting contacts: a slide along a triangle or mesh inside the friction cone undone, push
    ///    overlapping pairs apart, then sequential impulses with friction; any energy that makes
    ///    is taken back out of the motion of the bodies it touched (not where a moving surface
    ///    touches them: it does work on them).
    /// 7. Record sub-steps, error estimates, energy and events, and the first body whose state
    ///    is no longer finite or passed [`DIVERGENCE_BOUND`] (its error estimate becomes NaN).
    ///
    /// A detect-only world ([`ResponseModel::None`]) integrates the frame once, tests every pair
    /// once over the whole frame and records the first touch of each pair that was apart at the
    /// frame start, in time order; steps 4–6 change nothing.
    pub fn step(&mut self) -> FrameStep {
        if self.is_quiet() {
            return self.quiet_step();
        }
        self.quiet_energy = None;
        let start = self.time();
        let n = self.bodies.len();
        let mut plan = Planned {
            given: vec![false; n],
            ends: self.bodies.iter().map(|b| b.state).collect(),
            resting: Vec::new(),
            held: vec![false; n],
            record: SolverRecord::default(),
        };
        let soft = self.holds_softly();
        let states: Vec<BodyState> = if soft {
            Vec::new()
        } else {
            self.bodies.iter().map(|b| b.state).collect()
        };
        if self.settings.response.responds() && soft {
            self.plan_resting(&mut plan);
        }
        let mut pass = Pass::begin(
            &mut self.bodies,
            &mut self.groups,
            (&self.group_of, &self.local, &self.joined),
            (
                &self.settings,
                Plan {
                    given: &plan.given,
                    ends: &plan.ends,
                    resting: &plan.resting,
                    asleep: &self.sleep.asleep,
                },
            ),
            (start, &mut self.broad),
        );
        pass.run();
        let outcomes = pass.finish();
        let mut exact_points = 0;
        if self.settings.response.responds() && soft && !outcomes.restarts.is_empty() {
            let impacts: Vec<(usize, usize)> = outcomes.events.iter().map(|e| (e.a, e.b)).collect();
            self.replan(&outcomes.restarts, &impacts, &mut plan.record);
        } else if self.settings.response.responds() && !soft {
            exact_points = self.settle(&states);
        }
        for event in &outcomes.events {
            for i in [event.a, event.b] {
                if self.sleep.asleep[i] && self.settings.response.responds() {
                    self.sleep.wake(i);
                }
            }
        }
        self.sleep.tick(&self.bodies, &plan.held, self.settings.dt);
        let resting_points = exact_points
            + plan
                .record
                .contacts
                .iter()
                .map(|c| c.points.len())
                .sum::<usize>();
        self.frame += 1;
        let mut bodies = self.idle_errors();
        let mut substeps = 0;
        for (group, evidence) in self.groups.iter().zip(&outcomes.evidence) {
            substeps = substeps.max(evidence.substeps);
            for (k, &i) in group.members.iter().enumerate() {
                if self.group_of[i].is_some() {
                    bodies[i] = evidence.bodies[k];
                }
            }
        }
        let diverged = divergence(&self.bodies, &bodies);
        if let Some(d) = diverged {
            bodies[d.body].error_estimate = f64::NAN;
        }
        let step = FrameStep {
            frame: self.frame,
            time: self.time(),
            substeps,
            bodies,
            energy: self.energy(),
            contacts: outcomes.events,
            resting_points,
            sleeping: self.sleep.sleeping(),
            solver: plan.record,
            capped: outcomes.capped,
            stages: outcomes.stages,
            diverged,
        };
        debug_assert!(
            step.diverged.is_some() || diverge::evidence_is_finite(&step),
            "frame {} computed a number that is not finite: {step:?}",
            step.frame
        );
        step
    }

    /// Whether the soft step holds this world's resting contacts: rigid bodies under the soft
    /// solver (the particle model keeps the course's own resting law, §13.3).
    fn holds_softly(&self) -> bool {
        self.settings.solver.resting == Resting::Soft
            && self.settings.response != ResponseModel::Particle
    }

    /// Whether nothing can move this frame: the soft step holds the resting contacts, every
    /// moving body sleeps and no moving triangle, mesh or k-DOP is under way (only such a surface
    /// could wake them).
    fn is_quiet(&self) -> bool {
        self.settings.response.responds()
            && self.holds_softly()
            && self.bodies.iter().enumerate().all(|(i, body)| {
                if self.group_of[i].is_some() {
                    self.sleep.asleep[i]
                } else {
                    body.state.velocity == Vector3::zeros()
                }
            })
    }

    /// A frame of a quiet world ([`World::is_quiet`]): nothing is integrated, searched or solved;
    /// the record is the one the full frame would make (no sub-steps, idle errors, no contacts,
    /// the energy of the first quiet frame).
    fn quiet_step(&mut self) -> FrameStep {
        self.frame += 1;
        let energy = match self.quiet_energy {
            Some(e) => e,
            None => *self.quiet_energy.insert(self.energy()),
        };
        FrameStep {
            frame: self.frame,
            time: self.time(),
            substeps: 0,
            bodies: self.idle_errors(),
            energy,
            contacts: Vec::new(),
            resting_points: 0,
            sleeping: self.sleep.sleeping(),
            solver: SolverRecord::default(),
            capped: false,
            stages: Stages::default(),
            diverged: None,
        }
    }

    /// The exact resting pass over the touching pairs at the frame end, kept from making energy;
    /// the points it held.
    fn settle(&mut self, start: &[BodyState]) -> usize {
        let pairs = resting::touching_pairs(&self.bodies, &self.joined);
        if pairs.is_empty() {
            return 0;
        }
        let ends = pairs.iter().map(|p| (p.a, p.b));
        let none = |_: &[RigidBody], _: Option<&[usize]>, _: &dyn Fn(usize) -> bool| Vec::new();
        let passive = Passive::before(&self.groups, &self.group_of, &self.bodies, ends, &none);
        let material = &self.settings.material;
        let points = if self.settings.response == ResponseModel::Particle {
            resting::settle_particles(&mut self.bodies, pairs, material)
        } else {
            resting::settle(
                &mut self.bodies,
                pairs,
                start,
                (material.friction, material.resting_speed),
                self.settings.dt,
            )
        };
        let settled: Vec<BodyState> = self.bodies.iter().map(|b| b.state).collect();
        passive.keep(&self.groups, &mut self.bodies, &settled, &none);
        points
    }

    /// The resting half of a frame, before the search for impacts: this frame's manifolds, the
    /// islands and who sleeps, and the soft step over the awake islands in contact, kept from
    /// making energy.
    fn plan_resting(&mut self, plan: &mut Planned) {
        let n = self.bodies.len();
        let still: Vec<bool> = (0..n)
            .map(|i| self.group_of[i].is_none() || self.sleep.asleep[i])
            .collect();
        let joined = &self.joined;
        let arrive = 2.0 * self.settings.material.resting_speed;
        self.store.update(
            &self.bodies,
            |a, b| joined.contains(&(a, b)),
            &still,
            (arrive, self.settings.dt),
            &mut self.broad,
        );
        let islands = self.sleep.islands(
            &self.bodies,
            &self.store.manifolds,
            (&self.groups, &self.group_of),
            self.settings.solver.sleep,
        );
        let mut in_contact = vec![false; islands.awake.len()];
        for m in &self.store.manifolds {
            if m.class != Class::Resting {
                continue;
            }
            plan.resting.push((m.a, m.b));
            for i in [m.a, m.b] {
                if self.group_of[i].is_some() {
                    in_contact[islands.of[i]] = true;
                    plan.held[i] = true;
                }
            }
        }
        for i in (0..n).filter(|&i| self.sleep.asleep[i]) {
            let state = &mut self.bodies[i].state;
            state.velocity = Vector3::zeros();
            state.angular_velocity = Vector3::zeros();
            plan.given[i] = true;
            plan.ends[i] = *state;
        }
        let planned: Vec<bool> = (0..n)
            .map(|i| {
                let island = islands.of[i];
                island != usize::MAX && islands.awake[island] && in_contact[island]
            })
            .collect();
        if !planned.contains(&true) {
            return;
        }
        let accel = self.accelerations(&planned);
        let hertz = self.settings.solver.effective_hertz(self.settings.dt);
        let turns = self.settings.response != ResponseModel::Particle;
        let frame = soft::Frame {
            dt: self.settings.dt,
            hertz,
            solver: &self.settings.solver,
            friction: self.settings.material.friction,
            restitution: self.settings.material.restitution,
            arrive_speed: 2.0 * self.settings.material.resting_speed.max(STILL),
            turns: self.settings.response != ResponseModel::Particle,
            planned: &planned,
            accel: &accel,
            island: &islands.of,
            islands: islands.awake.len(),
        };
        let (solved, record) = soft::solve(
            &self.bodies,
            &mut self.store.manifolds,
            &frame,
            &mut self.scratch,
        );
        let touched = plan.resting.iter().copied();
        let manifolds = &self.store.manifolds;
        let elastic = |b: &[RigidBody], only: Option<&[usize]>, keep: &dyn Fn(usize) -> bool| {
            store::elastic_energy(b, manifolds, (hertz, turns), (only, keep))
        };
        let passive = Passive::before(
            &self.groups,
            &self.group_of,
            &self.bodies,
            touched,
            &elastic,
        );
        let starts: Vec<BodyState> = self.bodies.iter().map(|b| b.state).collect();
        for i in (0..n).filter(|&i| planned[i]) {
            self.bodies[i].state = solved[i];
        }
        passive.keep(&self.groups, &mut self.bodies, &starts, &elastic);
        for i in (0..n).filter(|&i| planned[i]) {
            plan.ends[i] = self.bodies[i].state;
            plan.given[i] = true;
            self.bodies[i].state = starts[i];
        }
        plan.record = record;
        plan.record.islands.retain(|island| island.contacts > 0);
    }

    /// Per body: the acceleration the applied forces give it at the frame start (gravity alone
    /// for a group that feels nothing else).
    fn accelerations(&self, planned: &[bool]) -> Vec<Vector3<f64>> {
        let mut accel = vec![Vector3::zeros(); self.bodies.len()];
        for group in &self.groups {
            if !group.members.iter().any(|&i| planned[i]) {
                continue;
            }
            if group.system.forces.is_gravity_only() {
                for &i in &group.members {
                    accel[i] = group.system.forces.gravity;
                }
                continue;
            }
            let y = track::pack(group, &self.bodies);
            let dy = group.system.derivative(self.time(), &y);
            for (k, &i) in group.members.iter().enumerate() {
                accel[i] = super::system::velocity(&dy, k);
            }
        }
        accel
    }
}

/// What the resting half of a frame hands the search for impacts.
struct Planned {
    /// Per body: whether its frame is given (planned or asleep).
    given: Vec<bool>,
    /// Per body: its state at the frame end where given.
    ends: Vec<BodyState>,
    /// Pairs the soft step holds, in increasing order (the store's order).
    resting: Vec<(usize, usize)>,
    /// Per body: whether it rests on something.
    held: Vec<bool>,
    /// The soft step's record.
    record: SolverRecord,
}
