//! The velocity half of resting contact: projected Gauss–Seidel on accumulated impulses over the
//! contact patches of one island, a normal row per point and Coulomb friction per patch.

use nalgebra::{Matrix3, Vector3};

use super::converge::{Progress, Snapshot};
use crate::dynamics::RigidBody;

/// The most sweeps of the velocity solver per island; an island stops as soon as its impulses
/// stop changing (a few hundred sweeps for a box landing on an edge, several thousand for a box
/// landing flat on another).
const VELOCITY_SWEEPS: usize = 20_000;
/// A patch whose tangential slip at its centre is faster than this (m/s) is sliding: its friction
/// rows are laid along the slip.
const SLIDING: f64 = 1e-9;
/// A slip whose smaller part along the fixed tangent directions is at most this share of it is
/// along one of them.
const ACROSS: f64 = 1e-6;
/// Sweeps after which each sweep is averaged with the one before (see [`solve`]).
const AVERAGE_AFTER: usize = 2_000;

/// One direction of relative motion at a contact (along a normal or a tangent at a point, or a
/// twist about the normal) with its precomputed Jacobian.
pub(super) struct Row {
    /// The unit direction, applied `+` to B and `-` to A (zero for a twist).
    direction: Vector3<f64>,
    /// `r_a × u` and `r_b × u` (the normal itself for a twist): how each body's spin moves the
    /// contact along the row.
    arms: [Vector3<f64>; 2],
    /// `I_a⁻¹ (r_a × u)` and `I_b⁻¹ (r_b × u)`: the spin a unit impulse gives each body.
    spins: [Vector3<f64>; 2],
    /// `1 / (effective inverse mass)` along the row.
    mass: f64,
    /// The accumulated impulse.
    pub(super) impulse: f64,
}

/// One contact point's normal row and the approach speed it allows.
struct Point {
    normal: Row,
    /// The gap this point may close in one frame, per second (0 when touching).
    allowed: f64,
}

/// A resting pair's held points: a normal row each, and the friction of the whole patch.
pub(super) struct Patch {
    pub a: usize,
    pub b: usize,
    points: Vec<Point>,
    /// Two tangent rows at the points' centre and the twist about the normal.
    friction: [Row; 3],
    /// The points' mean distance from their centre: the lever of the twist friction (0 for one
    /// point, which has no twist row).
    radius: f64,
}

/// Inverse mass and world inverse inertia of every body.
pub(super) struct Inverse {
    mass: Vec<f64>,
    inertia: Vec<Matrix3<f64>>,
}

impl Inverse {
    /// The inverse mass properties of the bodies as they are placed now.
    pub fn of(bodies: &[RigidBody]) -> Self {
        Self {
            mass: bodies.iter().map(RigidBody::inverse_mass).collect(),
            inertia: bodies
                .iter()
                .map(RigidBody::inverse_inertia_world)
                .collect(),
        }
    }

    /// The row along `u` at the contact point `p` between `a` and `b`.
    fn row(
        &self,
        bodies: &[RigidBody],
        (a, b): (usize, usize),
        p: &Vector3<f64>,
        u: Vector3<f64>,
    ) -> Row {
        let arms = [p - bodies[a].state.position, p - bodies[b].state.position];
        let cross = [arms[0].cross(&u), arms[1].cross(&u)];
        let spins = [self.inertia[a] * cross[0], self.inertia[b] * cross[1]];
        let k = self.mass[a] + self.mass[b] + cross[0].dot(&spins[0]) + cross[1].dot(&spins[1]);
        Row {
            direction: u,
            arms: cross,
            spins,
            mass: if k > 0.0 { 1.0 / k } else { 0.0 },
            impulse: 0.0,
        }
    }

    /// The twist row about the normal `n` between `a` and `b`.
    fn twist(&self, (a, b): (usize, usize), n: &Vector3<f64>) -> Row {
        let spins = [self.inertia[a] * n, self.inertia[b] * n];
        let k = n.dot(&spins[0]) + n.dot(&spins[1]);
        Row {
            direction: Vector3::zeros(),
            arms: [*n, *n],
            spins,
            mass: if k > 0.0 { 1.0 / k } else { 0.0 },
            impulse: 0.0,
        }
    }
}

impl Patch {
    /// The patch of `a` and `b` touching along `normal` at these points, each with the approach
    /// speed it allows; `None` without points.
    pub fn new(
        bodies: &[RigidBody],
        inverse: &Inverse,
        (a, b): (usize, usize),
        normal: &Vector3<f64>,
        held: &[(Vector3<f64>, f64)],
    ) -> Option<Self> {
        let (&(first, _), rest) = held.split_first()?;
        let centre = rest.iter().fold(first, |sum, (p, _)| sum + p) / held.len() as f64;
        let radius = held.iter().map(|(p, _)| (p - centre).norm()).sum::<f64>() / held.len() as f64;
        let helper = if normal.x.abs() < 0.9 {
            Vector3::x()
        } else {
            Vector3::y()
        };
        // A patch sliding across the fixed directions gets its first tangent row along its slip,
        // so that the friction clamped to `μ Σλ` on it pushes against the slip (two rows at fixed
        // directions, each clamped, would push up to 45° across it and set a body sliding along
        // a line rolling). A slip along a fixed direction (to within [`ACROSS`]) keeps them.
        let fixed = normal.cross(&helper).normalize();
        let relative = bodies[b].point_velocity(&centre) - bodies[a].point_velocity(&centre);
        let slip = relative - normal * normal.dot(&relative);
        let speed = slip.norm();
        let (along, across) = (
            slip.dot(&fixed).abs(),
            slip.dot(&normal.cross(&fixed)).abs(),
        );
        let t1 = if speed > SLIDING && along.min(across) > ACROSS * speed {
            slip / speed
        } else {
            fixed
        };
        let row = |p: &Vector3<f64>, u| inverse.row(bodies, (a, b), p, u);
        Some(Self {
            a,
            b,
            points: held
                .iter()
                .map(|(p, allowed)| Point {
                    normal: row(p, *normal),
                    allowed: *allowed,
                })
                .collect(),
            friction: [
                row(&centre, t1),
                row(&centre, normal.cross(&t1)),
                inverse.twist((a, b), normal),
            ],
            radius,
        })
    }

    /// How many points the patch holds.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// The patch's normal impulse so far.
    fn load(&self) -> f64 {
        self.points.iter().map(|p| p.normal.impulse).sum()
    }

    /// Every row: the points' normal rows, then the friction rows.
    pub(super) fn rows(&self) -> impl Iterator<Item = &Row> {
        self.points.iter().map(|p| &p.normal).chain(&self.friction)
    }

    /// Every row, to change.
    pub(super) fn rows_mut(&mut self) -> impl Iterator<Item = &mut Row> {
        self.points
            .iter_mut()
            .map(|p| &mut p.normal)
            .chain(&mut self.friction)
    }
}

/// The relative speed of `a` and `b` along a row.
fn speed(bodies: &[RigidBody], (a, b): (usize, usize), row: &Row) -> f64 {
    let (a, b) = (&bodies[a].state, &bodies[b].state);
    row.direction.dot(&(b.velocity - a.velocity)) + row.arms[1].dot(&b.angular_velocity)
        - row.arms[0].dot(&a.angular_velocity)
}

/// Projected Gauss–Seidel on one island's accumulated impulses.
///
/// # Algorithm
/// Sweep over the patches (at most 20000 times) until no impulse changes by more than 1e-15 of
/// the largest, or by more than 1e-12 once the largest change has not halved for 32 sweeps
/// ([`Progress`]). Per patch:
/// 1. Each point's normal row: `λ >= 0` aiming at the approach speed the point allows.
/// 2. Friction for the patch as a whole: two tangent rows at the points' centre aiming at zero
///    slip (along and across the slip when the patch slides across the fixed directions), each
///    clamped to `μ Σλ`, and a twist row about the normal aiming at zero relative spin, clamped
///    to `μ Σλ r` with `r` the points' mean distance from their centre. How a rigid edge
///    or face shares its load among its corners is not determined (any split with the same force
///    and moment is a solution); friction clamped per corner would let the solver's visiting
///    order pick the split, and with it the friction's moment: a symmetric contact could come
///    out twisted. A patch that sticks has no slip at any of its points, as per-point friction.
/// 3. Friction clamped to a load that is itself being solved can make the sweeps cycle between
///    two answers instead of settling (a thin box pivoting with high friction): after 2000
///    sweeps, each sweep's impulses and velocities are averaged with the ones before it (a
///    Krasnoselskii–Mann step), which settles such a cycle on the answer between its two halves.
pub(super) fn solve(
    bodies: &mut [RigidBody],
    inverse: &Inverse,
    island: &mut [Patch],
    friction: f64,
) {
    let mut members: Vec<usize> = island
        .iter()
        .flat_map(|p| [p.a, p.b])
        .filter(|&i| inverse.mass[i] > 0.0)
        .collect();
    members.sort_unstable();
    members.dedup();
    let mut progress = Progress::new();
    for sweep in 0..VELOCITY_SWEEPS {
        let before = (sweep >= AVERAGE_AFTER).then(|| Snapshot::of(bodies, &members, island));
        let (mut change, mut largest): (f64, f64) = (0.0, 0.0);
        let mut step =
            |bodies: &mut [RigidBody], pair: (usize, usize), row: &mut Row, total: f64| {
                let delta = total - row.impulse;
                change = change.max(delta.abs());
                largest = largest.max(total.abs());
                row.impulse = total;
                push(bodies, inverse, pair, row, delta);
            };
        for patch in island.iter_mut() {
            let pair = (patch.a, patch.b);
            for point in &mut patch.points {
                let row = &point.normal;
                let target = speed(bodies, pair, row) + point.allowed;
                let total = (row.impulse - target * row.mass).max(0.0);
                step(bodies, pair, &mut point.normal, total);
            }
            if friction <= 0.0 {
                continue;
            }
            let limit = friction * patch.load();
            let rows = if patch.radius > 0.0 { 3 } else { 2 };
            for k in 0..rows {
                let limit = if k == 2 { limit * patch.radius } else { limit };
                let row = &patch.friction[k];
                let total =
                    (row.impulse - speed(bodies, pair, row) * row.mass).clamp(-limit, limit);
                step(bodies, pair, &mut patch.friction[k], total);
            }
        }
        if let Some(before) = before {
            before.average(bodies, &members, island);
        }
        if progress.done(change, largest) {
            break;
        }
    }
}

/// Applies `delta` along the row: `+` to B, `-` to A (fixed bodies stay put).
fn push(
    bodies: &mut [RigidBody],
    inverse: &Inverse,
    (a, b): (usize, usize),
    row: &Row,
    delta: f64,
) {
    for (slot, (i, sign)) in [(a, -delta), (b, delta)].into_iter().enumerate() {
        if inverse.mass[i] > 0.0 {
            let state = &mut bodies[i].state;
            state.velocity += row.direction * (sign * inverse.mass[i]);
            state.angular_velocity += row.spins[slot] * sign;
        }
    }
}
