//! The resting pass never makes energy: what pushing bodies apart gains against gravity, springs
//! and attraction beyond what the contact impulses took from their motion is taken from the
//! kinetic energy of the bodies it moved (unless a moving surface touches them: it does work).

use super::group::{find, Group};
use super::track::pack;
use crate::dynamics::energy::{energy, Energy};
use crate::dynamics::RigidBody;

/// Energy changes below this share of the energies involved are rounding, not gains.
const ROUNDING: f64 = 1e-12;

/// Groups joined by resting pairs, with their energy before the resting pass.
struct Island {
    groups: Vec<usize>,
    before: f64,
    scale: f64,
    /// Whether a moving triangle, mesh or k-DOP touches the island: it may give it energy.
    driven: bool,
}

/// The energy of the islands a resting pass is about to touch.
pub(super) struct Passive {
    islands: Vec<Island>,
}

/// Kinetic plus potential energy of these groups now, and the sum of the parts' sizes.
fn measure(groups: &[Group], members: &[usize], bodies: &[RigidBody]) -> (Energy, f64) {
    let mut sum = Energy::default();
    let mut scale = 0.0;
    for &g in members {
        let e = energy(&groups[g].system, &pack(&groups[g], bodies));
        sum.kinetic += e.kinetic;
        sum.gravity += e.gravity;
        sum.springs += e.springs;
        sum.central += e.central;
        sum.constraints += e.constraints;
        scale += e.kinetic + e.gravity.abs() + e.springs + e.central.abs() + e.constraints;
    }
    (sum, scale)
}

impl Passive {
    /// The islands of groups these pairs join (a fixed body joins nothing), with their energy;
    /// an island a moving surface touches is driven.
    pub fn before(
        groups: &[Group],
        group_of: &[Option<usize>],
        bodies: &[RigidBody],
        pairs: impl Iterator<Item = (usize, usize)>,
    ) -> Self {
        let mut parent: Vec<usize> = (0..groups.len()).collect();
        let mut touched = vec![false; groups.len()];
        let mut driven = vec![false; groups.len()];
        for (a, b) in pairs {
            let ends = [group_of[a], group_of[b]];
            let moved_by_surface = bodies[a].is_kinematic() || bodies[b].is_kinematic();
            for g in ends.into_iter().flatten() {
                touched[g] = true;
                driven[g] |= moved_by_surface;
            }
            if let [Some(g), Some(h)] = ends {
                let (rg, rh) = (find(&mut parent, g), find(&mut parent, h));
                parent[rg] = rh;
            }
        }
        let mut slot = vec![usize::MAX; groups.len()];
        let mut islands: Vec<Island> = Vec::new();
        for g in (0..groups.len()).filter(|&g| touched[g]) {
            let root = find(&mut parent, g);
            if slot[root] == usize::MAX {
                slot[root] = islands.len();
                islands.push(Island {
                    groups: Vec::new(),
                    before: 0.0,
                    scale: 0.0,
                    driven: false,
                });
            }
            islands[slot[root]].groups.push(g);
            islands[slot[root]].driven |= driven[g];
        }
        for island in &mut islands {
            let (e, scale) = measure(groups, &island.groups, bodies);
            island.before = e.total();
            island.scale = scale;
        }
        Self { islands }
    }

    /// Takes any energy the resting pass made back out of the islands' motion.
    ///
    /// # Algorithm
    /// Per island: `ΔE` = its energy now minus before the pass (kinetic and potential, exact,
    /// since every force acts inside one group). When `ΔE` is more than rounding, every velocity
    /// and angular velocity of the island is scaled by `s = √((K - ΔE)/K)` (`K` its kinetic
    /// energy now; `s = 0` when `K <= ΔE`): the projection onto the energy it had, along the
    /// gradient of the kinetic energy. Scaling by `s <= 1` keeps every contact the velocities
    /// satisfy (not approaching, or closing no faster than the gap allows) and every constraint.
    /// A driven island is left as it is: a moving surface that lifts or carries a body gives it
    /// energy, and scaling its velocities would let it sink into the surface or slip off it.
    pub fn keep(&self, groups: &[Group], bodies: &mut [RigidBody]) {
        for island in self.islands.iter().filter(|island| !island.driven) {
            let (after, scale) = measure(groups, &island.groups, bodies);
            let gained = after.total() - island.before;
            if gained <= ROUNDING * (island.scale + scale) {
                continue;
            }
            let share = if after.kinetic > gained {
                ((after.kinetic - gained) / after.kinetic).sqrt()
            } else {
                0.0
            };
            for &g in &island.groups {
                for &i in &groups[g].members {
                    let state = &mut bodies[i].state;
                    state.velocity *= share;
                    state.angular_velocity *= share;
                }
            }
        }
    }
}
