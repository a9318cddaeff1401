//! When the velocity solver's sweeps have converged: while they still converge, down to rounding;
//! once they stall, at a looser share of the largest impulse; and the snapshot a sweep is
//! averaged with once they cycle.

use nalgebra::Vector3;

use super::solver::Patch;
use crate::dynamics::RigidBody;

/// The solver stops when no impulse changes by more than this share of the largest one.
const SETTLED: f64 = 1e-15;
/// Once the changes have stalled, the solver stops when no impulse changes by more than this
/// share of the largest one.
const CONVERGED: f64 = 1e-12;
/// Sweeps in which the largest change does not halve, after which it has stalled at rounding.
const STALLED: usize = 32;

/// How far the sweeps have come: the largest change when it last halved, and the sweeps since.
///
/// Stopping at the first sweep below 1e-12 left a resting body the same unfinished motion every
/// frame (a box lying on a line rolled about it at 5e-13 m/s, out of its plane), so it crept
/// steadily away. The sweeps go on while they still converge; a fixed tolerance far below 1e-12
/// would not do, since rows that share a direction (a face's four corners) aim at speeds that
/// agree only to rounding, and their impulses then drift along the undetermined split forever.
pub(super) struct Progress {
    mark: f64,
    since: usize,
}

impl Progress {
    /// No sweep yet.
    pub fn new() -> Self {
        Self {
            mark: f64::INFINITY,
            since: 0,
        }
    }

    /// Whether the sweeps may stop after one whose largest change was `change` and largest
    /// impulse `largest`.
    pub fn done(&mut self, change: f64, largest: f64) -> bool {
        if change < 0.5 * self.mark {
            self.mark = change;
            self.since = 0;
        } else {
            self.since += 1;
        }
        let scale = largest.max(f64::MIN_POSITIVE);
        change <= SETTLED * scale || (change <= CONVERGED * scale && self.since >= STALLED)
    }
}

/// An island's velocities and impulses at the start of a sweep.
pub(super) struct Snapshot {
    velocities: Vec<(Vector3<f64>, Vector3<f64>)>,
    impulses: Vec<f64>,
}

impl Snapshot {
    /// The members' velocities and every row's impulse now.
    pub(super) fn of(bodies: &[RigidBody], members: &[usize], island: &[Patch]) -> Self {
        let state = |i: usize| (bodies[i].state.velocity, bodies[i].state.angular_velocity);
        Self {
            velocities: members.iter().map(|&i| state(i)).collect(),
            impulses: island
                .iter()
                .flat_map(Patch::rows)
                .map(|r| r.impulse)
                .collect(),
        }
    }

    /// Replaces the velocities and impulses by their mean with the snapshot's (the velocities
    /// are affine in the impulses, so both stay consistent).
    pub(super) fn average(self, bodies: &mut [RigidBody], members: &[usize], island: &mut [Patch]) {
        for (&i, (v, w)) in members.iter().zip(self.velocities) {
            let state = &mut bodies[i].state;
            state.velocity = 0.5 * (state.velocity + v);
            state.angular_velocity = 0.5 * (state.angular_velocity + w);
        }
        let rows = island.iter_mut().flat_map(Patch::rows_mut);
        for (row, old) in rows.zip(self.impulses) {
            row.impulse = 0.5 * (row.impulse + old);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Progress;

    #[test]
    fn sweeps_go_on_while_they_converge_and_stop_once_stalled() {
        // Halving every sweep: past 1e-12 at sweep 40, on to 2^-50 < 1e-15.
        let mut halving = Progress::new();
        let stop = (0..100).position(|k| halving.done(0.5_f64.powi(k), 1.0));
        assert_eq!(stop, Some(50));
        // Stuck at 2e-14: stops once it has not halved for 32 sweeps.
        let mut stuck = Progress::new();
        assert_eq!((0..100).position(|_| stuck.done(2e-14, 1.0)), Some(32));
        // Stuck above 1e-12: never done.
        let mut above = Progress::new();
        assert!((0..1000).all(|_| !above.done(1e-9, 1.0)));
    }
}
