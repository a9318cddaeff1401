//! The rest of the frame of a body struck by an exact impact: the soft step again, from the
//! moment after its last impact to the frame end, over its contacts then, so that a body that
//! lands mid-frame is held by its new contact instead of falling through it until the next frame.

use super::pass::Restart;
use super::passive::Passive;
use super::soft::{self, SolverRecord};
use super::store::{self, narrow_phase, Class, Manifold};
use super::World;
use crate::dynamics::response::ResponseModel;
use nalgebra::UnitQuaternion;

use crate::dynamics::{BodyState, RigidBody};

/// Struck bodies whose last impact came within this much of the frame end (s) keep their free
/// motion: there is no frame left to plan.
const LEFT: f64 = 1e-12;

impl World {
    /// Plans the rest of the frame of every struck body, one batch per substep.
    ///
    /// # Algorithm
    /// 1. Carry each struck body from its last impact to the end of the substep it fell in, under
    ///    gravity alone (exact for a body that feels nothing else), and batch the struck bodies
    ///    by that time (earliest first): at most one batch per substep.
    /// 2. Each batch: the struck bodies at their states right after the impact, every other body
    ///    where the frame left it (moving ones carried at their velocity, never pushed).
    /// 3. A fresh manifold for every pair of a struck body that the contact store or the frame's
    ///    impacts name; a pair closing faster than the arrival speed is left to its free motion.
    /// 4. The soft step over the time left, kept from making energy; the struck bodies end where
    ///    it leaves them.
    pub(super) fn replan(
        &mut self,
        restarts: &[Restart],
        impacts: &[(usize, usize)],
        record: &mut SolverRecord,
    ) {
        let h = self.settings.dt / self.settings.solver.substeps as f64;
        let gravity = self.system.forces.gravity;
        let mut order: Vec<Restart> = restarts
            .iter()
            .map(|r| {
                let t = ((r.t0 / h).ceil() * h).min(self.settings.dt).max(r.t0);
                let tau = t - r.t0;
                let s = r.state;
                Restart {
                    body: r.body,
                    t0: t,
                    state: BodyState {
                        position: s.position + s.velocity * tau + gravity * (0.5 * tau * tau),
                        velocity: s.velocity + gravity * tau,
                        rotation: UnitQuaternion::from_scaled_axis(s.angular_velocity * tau)
                            * s.rotation,
                        ..s
                    },
                }
            })
            .collect();
        order.sort_by(|x, y| x.t0.total_cmp(&y.t0).then(x.body.cmp(&y.body)));
        let mut start = 0;
        while start < order.len() {
            let t0 = order[start].t0;
            let end = start + order[start..].partition_point(|r| r.t0 <= t0);
            self.replan_batch(&order[start..end], impacts, record);
            start = end;
        }
    }

    /// One batch of struck bodies that share the time of their last impact.
    fn replan_batch(
        &mut self,
        batch: &[Restart],
        impacts: &[(usize, usize)],
        record: &mut SolverRecord,
    ) {
        let left = self.settings.dt - batch[0].t0;
        if left <= LEFT {
            return;
        }
        let n = self.bodies.len();
        let mut struck = vec![false; n];
        for r in batch {
            struck[r.body] = true;
        }
        let ends: Vec<BodyState> = batch.iter().map(|r| self.bodies[r.body].state).collect();
        for r in batch {
            self.bodies[r.body].state = r.state;
        }
        let mut pairs: Vec<(usize, usize)> = self
            .store
            .manifolds
            .iter()
            .map(|m| (m.a, m.b))
            .chain(impacts.iter().copied())
            .filter(|&(a, b)| struck[a] || struck[b])
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        let arrive = 2.0 * self.settings.material.resting_speed.max(super::STILL);
        let mut manifolds: Vec<Manifold> = pairs
            .into_iter()
            .filter_map(|pair| narrow_phase(&self.bodies, pair, None, left))
            .filter(|m| m.closing_speed(&self.bodies) <= arrive)
            .collect();
        if manifolds.is_empty() {
            for (r, state) in batch.iter().zip(ends) {
                self.bodies[r.body].state = state;
            }
            return;
        }
        for m in &mut manifolds {
            m.class = Class::Resting;
        }
        let accel = self.accelerations(&struck);
        let island: Vec<usize> = (0..n).map(|i| usize::from(!struck[i])).collect();
        let hertz = self.settings.solver.effective_hertz(self.settings.dt);
        let turns = self.settings.response != ResponseModel::Particle;
        let frame = soft::Frame {
            dt: left,
            hertz,
            solver: &self.settings.solver,
            friction: self.settings.material.friction,
            restitution: self.settings.material.restitution,
            arrive_speed: 2.0 * self.settings.material.resting_speed.max(super::STILL),
            turns,
            planned: &struck,
            accel: &accel,
            island: &island,
            islands: 1,
        };
        let touched: Vec<(usize, usize)> = manifolds.iter().map(|m| (m.a, m.b)).collect();
        let (solved, rest) = soft::solve(&self.bodies, &mut manifolds, &frame, &mut self.scratch);
        let elastic = |b: &[RigidBody], only: Option<&[usize]>, keep: &dyn Fn(usize) -> bool| {
            store::elastic_energy(b, &manifolds, (hertz, turns), (only, keep))
        };
        let passive = Passive::before(
            &self.groups,
            &self.group_of,
            &self.bodies,
            touched.into_iter(),
            &elastic,
        );
        let starts: Vec<BodyState> = self.bodies.iter().map(|b| b.state).collect();
        for r in batch {
            self.bodies[r.body].state = solved[r.body];
        }
        passive.keep(&self.groups, &mut self.bodies, &starts, &elastic);
        record.contacts.extend(rest.contacts);
        record
            .islands
            .extend(rest.islands.into_iter().filter(|i| i.contacts > 0));
    }
}
