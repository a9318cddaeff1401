//! Islands of bodies that touch through resting contacts (or are coupled by forces), and
//! sleeping: an island that stays still long enough costs nothing until something wakes it.

use super::group::{find, Group};
use super::store::{Class, Manifold};
use crate::dynamics::RigidBody;

/// An island sleeps once every body in it has been still for this long (s).
pub const SLEEP_AFTER: f64 = 0.5;
/// A body is still while its centre moves slower than this (m/s) ...
pub const SLEEP_SPEED: f64 = 0.05;
/// ... and it turns slower than this (rad/s).
pub const SLEEP_SPIN: f64 = 0.05;

/// Each body's sleep clock and whether it sleeps.
#[derive(Clone, Debug, Default)]
pub(super) struct Sleep {
    /// Seconds each body has been still.
    pub still_for: Vec<f64>,
    /// Whether each body sleeps (its state does not change and it is not integrated).
    pub asleep: Vec<bool>,
}

/// This frame's islands: each moving body's island and whether the island is awake.
pub(super) struct Islands {
    /// Per body: the index of its island (`usize::MAX` for a body that never moves).
    pub of: Vec<usize>,
    /// Per island: whether it is awake.
    pub awake: Vec<bool>,
}

impl Sleep {
    /// Clocks at zero, every body awake.
    pub fn new(bodies: usize) -> Self {
        Self {
            still_for: vec![0.0; bodies],
            asleep: vec![false; bodies],
        }
    }

    /// How many bodies sleep.
    pub fn sleeping(&self) -> usize {
        self.asleep.iter().filter(|&&a| a).count()
    }

    /// Wakes body `i` and restarts its clock.
    pub fn wake(&mut self, i: usize) {
        self.asleep[i] = false;
        self.still_for[i] = 0.0;
    }

    /// The islands of the resting manifolds, waking every island that holds an awake body, and
    /// putting to sleep those whose bodies have all been still for [`SLEEP_AFTER`].
    ///
    /// # Algorithm
    /// 1. Union the two moving ends of every resting manifold and the members of every group
    ///    (springs, rods, pins, mutual attraction couple them).
    /// 2. An island may sleep when sleeping is on, no moving surface touches it, its groups feel
    ///    gravity alone, and every body's clock has reached [`SLEEP_AFTER`].
    /// 3. An island that may not sleep is awake: its sleeping bodies wake (clocks restarted).
    pub fn islands(
        &mut self,
        bodies: &[RigidBody],
        manifolds: &[Manifold],
        (groups, group_of): (&[Group], &[Option<usize>]),
        enabled: bool,
    ) -> Islands {
        let n = bodies.len();
        let moving: Vec<bool> = (0..n).map(|i| group_of[i].is_some()).collect();
        let mut parent: Vec<usize> = (0..n).collect();
        let mut driven = vec![false; n];
        let union = |parent: &mut Vec<usize>, i: usize, j: usize| {
            let (ri, rj) = (find(parent, i), find(parent, j));
            if ri != rj {
                parent[ri.max(rj)] = ri.min(rj);
            }
        };
        for group in groups {
            let members: Vec<usize> = group
                .members
                .iter()
                .copied()
                .filter(|&i| moving[i])
                .collect();
            for pair in members.windows(2) {
                union(&mut parent, pair[0], pair[1]);
            }
        }
        for m in manifolds.iter().filter(|m| m.class == Class::Resting) {
            if moving[m.a] && moving[m.b] {
                union(&mut parent, m.a, m.b);
            } else if moving[m.a] || moving[m.b] {
                let (body, other) = if moving[m.a] { (m.a, m.b) } else { (m.b, m.a) };
                driven[body] |= bodies[other].is_kinematic();
            }
        }
        let mut of = vec![usize::MAX; n];
        let mut slot = vec![usize::MAX; n];
        let mut may_sleep: Vec<bool> = Vec::new();
        for i in (0..n).filter(|&i| moving[i]) {
            let root = find(&mut parent, i);
            if slot[root] == usize::MAX {
                slot[root] = may_sleep.len();
                may_sleep.push(enabled);
            }
            of[i] = slot[root];
            let simple = group_of[i].is_some_and(|g| groups[g].system.forces.is_gravity_only());
            let ready = self.still_for[i] >= SLEEP_AFTER;
            may_sleep[slot[root]] &= simple && ready && !driven[i];
        }
        for i in (0..n).filter(|&i| moving[i]) {
            if may_sleep[of[i]] {
                self.asleep[i] = true;
            } else if self.asleep[i] {
                self.wake(i);
            }
        }
        let awake = may_sleep.iter().map(|&s| !s).collect();
        Islands { of, awake }
    }

    /// Advances the clocks of the moving bodies by `dt` (restarted for a body moving faster
    /// than [`SLEEP_SPEED`] or turning faster than [`SLEEP_SPIN`], or not resting on anything).
    pub fn tick(&mut self, bodies: &[RigidBody], resting: &[bool], dt: f64) {
        for (i, body) in bodies.iter().enumerate() {
            if self.asleep[i] {
                continue;
            }
            let s = &body.state;
            let still = resting[i]
                && s.velocity.norm() < SLEEP_SPEED
                && s.angular_velocity.norm() < SLEEP_SPIN;
            self.still_for[i] = if still { self.still_for[i] + dt } else { 0.0 };
        }
    }
}
