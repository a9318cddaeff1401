//! The position half of resting contact: overlapping bodies pushed apart the way a contact
//! impulse at the overlap would move them.

use nalgebra::{DMatrix, DVector, UnitQuaternion, Vector3};

use super::resting::Pair;
use super::touch::touch;
use crate::dynamics::{BodyState, RigidBody};

/// The most sweeps of the position correction.
const POSITION_SWEEPS: usize = 50;
/// The sweeps stop once no pair overlaps deeper than this (metres).
const SETTLED: f64 = 1e-15;
/// A push stops once the gap it leaves is at most this (metres): far below
/// [`TOUCHING`](super::TOUCHING), so the pair still touches.
const CLOSED: f64 = 1e-13;
/// The most steps of the search for the push that leaves a zero gap.
const PUSH_STEPS: usize = 60;
/// The sweeps of the fallback search for one pair's pseudo-impulses.
const SHARE_SWEEPS: usize = 1000;
/// A row is met when its lift misses its depth by at most this share of the deepest one.
const SHARED: f64 = 1e-12;

/// Pushes overlapping pairs apart until no overlap is left; returns each body's position version
/// (how many pushes moved it).
///
/// # Algorithm
/// Sweep over the pairs (at most 50 times, until no overlap is deeper than 1e-15); for a pair
/// that overlaps:
/// 1. Each manifold point, `d_i` below the other body (negative above it), is a row of
///    pseudo-impulses `μ_i >= 0` along the normal `n`, applied as an impulse there would be: body A moves by
///    `-μ_i/m_a n` and turns by `-μ_i I_a⁻¹ (r_a × n)`, body B the opposite way. The rows'
///    matrix `1/m_a + 1/m_b + (r_a,i×n)·I_a⁻¹(r_a,j×n) + (r_b,i×n)·I_b⁻¹(r_b,j×n)` is the contact
///    impulses' own effective inverse mass.
/// 2. Projected Gauss–Seidel to convergence for the `μ` that lift every point by at least `d_i`
///    (to first order): every point ends on or above the other body (a point above may sink to
///    it, no further), by the least push in the kinetic-energy metric, so a box sunk evenly
///    rises without turning, a tilted one is levelled, a box resting on an edge turns about it as
///    well as rising, and to first order the push gains the potential energy that the contact
///    impulse takes from the motion (a push by translation alone lifts the centre of mass by the
///    whole depth and gains more).
/// 3. Turning lifts a point more than linearly: when the whole push overshoots, the share
///    `α ∈ [0, 1]` of it that leaves the gap at zero is found by regula falsi (Illinois).
pub(super) fn separate(bodies: &mut [RigidBody], pairs: &mut [Pair]) -> Vec<u32> {
    let mut versions = vec![0; bodies.len()];
    for _ in 0..POSITION_SWEEPS {
        let mut deepest: f64 = 0.0;
        for pair in pairs.iter_mut() {
            let (a, b) = (pair.a, pair.b);
            let Some(t) = pair.current(bodies, &versions) else {
                continue;
            };
            if t.gap >= 0.0 {
                continue;
            }
            deepest = deepest.max(-t.gap);
            let push = Push::new(bodies, (a, b), &t.points, &t.normal, -t.gap);
            push.close(bodies, t.gap);
            versions[a] += 1;
            versions[b] += 1;
        }
        if deepest <= SETTLED {
            break;
        }
    }
    versions
}

/// One pair's push: both bodies' start, and their move and turn for the whole push.
struct Push {
    bodies: [usize; 2],
    start: [BodyState; 2],
    /// The unit normal from the first body towards the second.
    normal: Vector3<f64>,
    /// `∓ 1/m`: each body's move along the normal per unit of pseudo-impulse.
    shift: [f64; 2],
    /// `Σ μ_i`: the whole pseudo-impulse.
    total: f64,
    /// `∓ Σ μ_i I⁻¹ (r_i × n)`: each body's turn for the whole push (radians, world axis).
    turn: [Vector3<f64>; 2],
}

impl Push {
    /// The push along `n` from `a` towards `b` that lifts the manifold points below the other
    /// body and sinks none below it (their centre by `depth` when none is listed below).
    fn new(
        bodies: &[RigidBody],
        (a, b): (usize, usize),
        points: &[(Vector3<f64>, f64)],
        n: &Vector3<f64>,
        depth: f64,
    ) -> Self {
        let mut rows: Vec<(Vector3<f64>, f64)> = points.iter().map(|&(p, gap)| (p, -gap)).collect();
        if rows.iter().all(|&(_, d)| d <= 0.0) {
            let centre = points.iter().map(|&(p, _)| p).sum::<Vector3<f64>>();
            rows = vec![(centre / points.len().max(1) as f64, depth)];
        }
        let sides = [(a, -1.0), (b, 1.0)];
        let spins: Vec<[(Vector3<f64>, Vector3<f64>); 2]> = rows
            .iter()
            .map(|(p, _)| {
                sides.map(|(i, _)| {
                    let arm = (p - bodies[i].state.position).cross(n);
                    (arm, bodies[i].inverse_inertia_world() * arm)
                })
            })
            .collect();
        let translation = bodies[a].inverse_mass() + bodies[b].inverse_mass();
        let coupling = |i: usize, j: usize| {
            translation + spins[i][0].0.dot(&spins[j][0].1) + spins[i][1].0.dot(&spins[j][1].1)
        };
        let share = shares(&rows.iter().map(|r| r.1).collect::<Vec<_>>(), coupling);
        let mut turn = [Vector3::zeros(); 2];
        for (mu, spin) in share.iter().zip(&spins) {
            for (slot, (_, sign)) in sides.into_iter().enumerate() {
                turn[slot] += spin[slot].1 * (sign * mu);
            }
        }
        Self {
            bodies: [a, b],
            start: [bodies[a].state, bodies[b].state],
            normal: *n,
            shift: sides.map(|(i, sign)| sign * bodies[i].inverse_mass()),
            total: share.iter().sum(),
            turn,
        }
    }

    /// Places both bodies after the share `alpha` of the push.
    fn place(&self, bodies: &mut [RigidBody], alpha: f64) {
        for (slot, &i) in self.bodies.iter().enumerate() {
            let (start, state) = (&self.start[slot], &mut bodies[i].state);
            state.position =
                start.position + self.normal * ((alpha * self.total) * self.shift[slot]);
            state.rotation = if self.turn[slot] == Vector3::zeros() {
                start.rotation
            } else {
                UnitQuaternion::from_scaled_axis(self.turn[slot] * alpha) * start.rotation
            };
        }
    }

    /// The pair's gap after the share `alpha` of the push.
    fn gap(&self, bodies: &mut [RigidBody], alpha: f64) -> f64 {
        self.place(bodies, alpha);
        let [a, b] = self.bodies.map(|i| &bodies[i]);
        touch(&a.shape, &a.state, &b.shape, &b.state).map_or(0.0, |t| t.gap)
    }

    /// Applies the push, or the share of it that leaves the gap (`gap` before) at zero.
    fn close(&self, bodies: &mut [RigidBody], gap: f64) {
        let (mut lo, mut f_lo) = (0.0, gap);
        let (mut hi, mut f_hi) = (1.0, self.gap(bodies, 1.0));
        if f_hi <= CLOSED {
            return;
        }
        let mut kept = 0;
        for _ in 0..PUSH_STEPS {
            let alpha = (lo * f_hi - hi * f_lo) / (f_hi - f_lo);
            if !(alpha > lo && alpha < hi) {
                break;
            }
            let f = self.gap(bodies, alpha);
            if f < 0.0 {
                (lo, f_lo) = (alpha, f);
                kept += 1;
                if kept >= 2 {
                    f_hi *= 0.5;
                }
            } else {
                (hi, f_hi, kept) = (alpha, f, 0);
                if f <= CLOSED {
                    break;
                }
            }
        }
        self.place(bodies, hi);
    }
}

/// The pseudo-impulses `μ >= 0` with `Σ_j K_ij μ_j >= d_i` for every row, equal where `μ_i > 0`
/// (`K` given by `coupling(i, j)`): the push of least kinetic-energy metric that lifts every
/// row by its depth, to first order.
///
/// # Algorithm
/// Active set, starting from the rows below the other body: solve `K_AA μ_A = d_A` by the
/// pseudo-inverse (the points of a face make `K` singular; every solution gives the same push);
/// drop the row with the most negative `μ`, else add the row left most below its depth, until
/// neither happens. Should that not settle in `2n + 2` rounds, projected Gauss–Seidel finishes.
fn shares(depths: &[f64], coupling: impl Fn(usize, usize) -> f64) -> Vec<f64> {
    let n = depths.len();
    let k = DMatrix::from_fn(n, n, coupling);
    let tolerance = SHARED * depths.iter().copied().fold(0.0, crate::math::max_nan);
    let mut active: Vec<bool> = depths.iter().map(|&d| d > 0.0).collect();
    for _ in 0..2 * n + 2 {
        let rows: Vec<usize> = (0..n).filter(|&i| active[i]).collect();
        let Some(solved) = solve_block(&k, &rows, depths) else {
            break;
        };
        let mut mu = DVector::zeros(n);
        for (r, value) in rows.iter().zip(solved.iter()) {
            mu[*r] = *value;
        }
        let most = |score: &dyn Fn(usize) -> f64| {
            (0..n)
                .map(|i| (i, score(i)))
                .filter(|&(_, s)| s > tolerance)
                .max_by(|x, y| x.1.total_cmp(&y.1))
                .map(|(i, _)| i)
        };
        if let Some(i) = most(&|i| if active[i] { -mu[i] } else { 0.0 }) {
            active[i] = false;
            continue;
        }
        let lifts = &k * &mu;
        if let Some(i) = most(&|i| if active[i] { 0.0 } else { depths[i] - lifts[i] }) {
            active[i] = true;
            continue;
        }
        return mu.iter().map(|&m| m.max(0.0)).collect();
    }
    gauss_seidel(depths, &k)
}

/// `K_AA μ_A = d_A` for the rows `A`: `d/k` for one row, else by the pseudo-inverse.
fn solve_block(k: &DMatrix<f64>, rows: &[usize], depths: &[f64]) -> Option<DVector<f64>> {
    if let [i] = *rows {
        return (k[(i, i)] > 0.0).then(|| DVector::from_element(1, depths[i] / k[(i, i)]));
    }
    let block = DMatrix::from_fn(rows.len(), rows.len(), |r, c| k[(rows[r], rows[c])]);
    let target = DVector::from_fn(rows.len(), |r, _| depths[rows[r]]);
    let largest = block.amax();
    let inverse = block.svd(true, true).pseudo_inverse(1e-12 * largest).ok()?;
    Some(inverse * target)
}

/// The same by projected Gauss–Seidel (slow where `K` is nearly singular).
fn gauss_seidel(depths: &[f64], k: &DMatrix<f64>) -> Vec<f64> {
    let n = depths.len();
    let mut mu = vec![0.0; n];
    for _ in 0..SHARE_SWEEPS {
        for i in (0..n).filter(|&i| k[(i, i)] > 0.0) {
            let lift: f64 = (0..n).map(|j| k[(i, j)] * mu[j]).sum();
            mu[i] = (mu[i] + (depths[i] - lift) / k[(i, i)]).max(0.0);
        }
    }
    mu
}

#[cfg(test)]
#[path = "separate_tests.rs"]
mod tests;
