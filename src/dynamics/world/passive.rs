//! The resting pass never makes energy: what pushing bodies apart gains against gravity, springs
//! and attraction beyond what the contact impulses took from their motion is taken from the
//! kinetic energy of the bodies it moved (unless a moving surface touches them: it does work).

use super::group::{find, Group};
use super::store::Charge;
use super::track::pack;
use crate::dynamics::energy::{body_energy, energy, Energy};
use crate::dynamics::{BodyState, RigidBody};

/// Energy changes below this share of the energies involved are rounding, not gains.
const ROUNDING: f64 = 1e-12;

/// Groups joined by resting pairs, with their energy before the resting pass.
struct Island {
    groups: Vec<usize>,
    before: f64,
    scale: f64,
    /// Whether a moving triangle, mesh or k-DOP touches the island: it may give it energy.
    driven: bool,
    /// The soft manifolds charged to its bodies, by index in the store.
    manifolds: Vec<usize>,
}

/// The energy of the islands a resting pass is about to touch.
pub(super) struct Passive {
    islands: Vec<Island>,
    /// Each body's island (`usize::MAX` for none).
    island_of: Vec<usize>,
}

/// The soft contacts' elastic energy at the bodies' states, each with the body it is charged to.
/// Only the manifolds listed (all when `None`) charged to bodies the filter keeps are computed.
pub(super) type Elastic<'e> =
    &'e dyn Fn(&[RigidBody], Option<&[usize]>, &dyn Fn(usize) -> bool) -> Vec<Charge>;

/// Group `group`'s energy now: body by body when it feels gravity alone, else from its packed
/// state.
fn group_energy(group: &Group, bodies: &[RigidBody]) -> Energy {
    let forces = &group.system.forces;
    if !forces.is_gravity_only() {
        return energy(&group.system, &pack(group, bodies));
    }
    let mut e = Energy::default();
    for (k, &i) in group.members.iter().enumerate() {
        let body = &group.system.bodies[k];
        if body.fixed {
            continue;
        }
        let s = &bodies[i].state;
        let (kinetic, gravity) = body_energy(
            body,
            (&s.position, &s.rotation),
            (&s.velocity, &s.angular_velocity),
            &forces.gravity,
        );
        e.kinetic += kinetic;
        e.gravity += gravity;
    }
    e
}

/// Kinetic plus potential energy of these groups now, and the sum of the parts' sizes.
fn measure(groups: &[Group], members: &[usize], bodies: &[RigidBody]) -> (Energy, f64) {
    let mut sum = Energy::default();
    let mut scale = 0.0;
    for &g in members {
        let e = group_energy(&groups[g], bodies);
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
    /// Island `k`'s energy at the bodies' states with `contacts` its soft contacts' energy.
    fn island_energy(
        &self,
        k: usize,
        groups: &[Group],
        bodies: &[RigidBody],
        contacts: f64,
    ) -> (f64, f64) {
        let (e, scale) = measure(groups, &self.islands[k].groups, bodies);
        (e.total() + contacts, scale + contacts)
    }

    /// Every island's soft-contact energy at the bodies' states.
    fn contacts_by_island(&self, bodies: &[RigidBody], elastic: Elastic<'_>) -> Vec<f64> {
        (0..self.islands.len())
            .map(|k| self.island_contacts(k, bodies, elastic))
            .collect()
    }

    /// Island `k`'s soft-contact energy at the bodies' states.
    fn island_contacts(&self, k: usize, bodies: &[RigidBody], elastic: Elastic<'_>) -> f64 {
        let only = Some(self.islands[k].manifolds.as_slice());
        elastic(bodies, only, &|_| true)
            .into_iter()
            .map(|c| c.energy)
            .sum()
    }
}

impl Passive {
    /// The islands of groups these pairs join (a fixed body joins nothing), with their energy;
    /// an island a moving surface touches is driven.
    pub fn before(
        groups: &[Group],
        group_of: &[Option<usize>],
        bodies: &[RigidBody],
        pairs: impl Iterator<Item = (usize, usize)>,
        elastic: Elastic<'_>,
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
                    manifolds: Vec::new(),
                });
            }
            islands[slot[root]].groups.push(g);
            islands[slot[root]].driven |= driven[g];
        }
        let island_of = group_of
            .iter()
            .map(|g| {
                g.map_or(usize::MAX, |g| {
                    if touched[g] {
                        slot[find(&mut parent, g)]
                    } else {
                        usize::MAX
                    }
                })
            })
            .collect();
        let mut passive = Self { islands, island_of };
        let mut contacts = vec![0.0; passive.islands.len()];
        for c in elastic(bodies, None, &|i| passive.island_of[i] != usize::MAX) {
            let k = passive.island_of[c.body];
            passive.islands[k].manifolds.push(c.manifold);
            contacts[k] += c.energy;
        }
        for (k, c) in contacts.into_iter().enumerate() {
            let (e, scale) = passive.island_energy(k, groups, bodies, c);
            passive.islands[k].before = e;
            passive.islands[k].scale = scale;
        }
        passive
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
    ///
    /// When scaling the motion to rest is not enough (the push out of an overlap raised the
    /// island's potential energy with no motion left to pay for it), the island's moves since
    /// `starts` are shortened by the share `β` of them that the energy allows (gravity's
    /// potential is linear along them; `β = 0` when even that fails): the island stays a little
    /// deeper rather than gain energy.
    pub fn keep(
        &self,
        groups: &[Group],
        bodies: &mut [RigidBody],
        starts: &[BodyState],
        elastic: Elastic<'_>,
    ) {
        let contacts = self.contacts_by_island(bodies, elastic);
        for (k, island) in self.islands.iter().enumerate().filter(|(_, i)| !i.driven) {
            let gain = |bodies: &[RigidBody], contacts: f64| {
                let (e, scale) = self.island_energy(k, groups, bodies, contacts);
                (e - island.before, ROUNDING * (island.scale + scale))
            };
            let (gained, rounding) = gain(bodies, contacts[k]);
            if gained <= rounding {
                continue;
            }
            let kinetic = measure(groups, &island.groups, bodies).0.kinetic;
            let share = if kinetic > gained {
                ((kinetic - gained) / kinetic).sqrt()
            } else {
                0.0
            };
            let members: Vec<usize> = island
                .groups
                .iter()
                .flat_map(|&g| groups[g].members.iter().copied())
                .collect();
            for &i in &members {
                let state = &mut bodies[i].state;
                state.velocity *= share;
                state.angular_velocity *= share;
            }
            let (left, rounding) = gain(bodies, contacts[k]);
            if left <= rounding {
                continue;
            }
            let ends: Vec<(usize, BodyState)> =
                members.iter().map(|&i| (i, bodies[i].state)).collect();
            let place = |bodies: &mut [RigidBody], beta: f64| {
                for &(i, end) in &ends {
                    let start = &starts[i];
                    bodies[i].state.position =
                        start.position + (end.position - start.position) * beta;
                    bodies[i].state.rotation = start.rotation.slerp(&end.rotation, beta);
                }
            };
            place(bodies, 0.0);
            let at_start = gain(bodies, self.island_contacts(k, bodies, elastic)).0;
            let beta = if left > at_start && at_start <= 0.0 {
                (-at_start / (left - at_start)).clamp(0.0, 1.0)
            } else {
                0.0
            };
            place(bodies, beta);
            let (placed, rounding) = gain(bodies, self.island_contacts(k, bodies, elastic));
            if placed > rounding {
                place(bodies, 0.0);
            }
        }
    }
}
