//! Resting contact at the end of a frame: overlapping bodies are pushed apart, then sequential
//! impulses at their contact points stop them approaching, with Coulomb friction.

use std::collections::HashSet;

use nalgebra::{Matrix3, Vector3};

use super::broad::{cheap_rejection, swept, BroadPhase, Verdict, Volume};
use super::group::find;
use super::touch::{touch, Touch};
use super::{STILL, TOUCHING};
use crate::dynamics::RigidBody;

/// The most sweeps of the position correction.
const POSITION_SWEEPS: usize = 20;
/// The most sweeps of the velocity solver per island.
const VELOCITY_SWEEPS: usize = 100;
/// The solver stops when no impulse changes by more than this share of the largest one.
const CONVERGED: f64 = 1e-12;

/// One direction at a contact point (the normal or a tangent) with its precomputed Jacobian.
struct Row {
    /// The unit direction, applied `+` to B and `-` to A.
    direction: Vector3<f64>,
    /// `r_a × u` and `r_b × u`: how each body's spin moves the point along `u`.
    arms: [Vector3<f64>; 2],
    /// `I_a⁻¹ (r_a × u)` and `I_b⁻¹ (r_b × u)`: the spin a unit impulse gives each body.
    spins: [Vector3<f64>; 2],
    /// `1 / (effective inverse mass)` along `u`.
    mass: f64,
    /// The accumulated impulse.
    impulse: f64,
}

/// One contact point of a resting pair: the normal row and two friction rows.
struct Point {
    a: usize,
    b: usize,
    rows: [Row; 3],
    /// The approach speed allowed: the gap this point may close in one frame (0 when touching).
    allowed: f64,
}

/// A touching pair with its touch as last computed, reused while neither body has moved.
struct Pair {
    a: usize,
    b: usize,
    /// The touch at the positions of versions `seen`.
    touch: Option<Touch>,
    /// The bodies' position versions when `touch` was computed.
    seen: [u32; 2],
}

impl Pair {
    /// Bodies `a` and `b` with their touch at the current positions (versions 0).
    fn new(bodies: &[RigidBody], a: usize, b: usize) -> Self {
        let (first, second) = (&bodies[a], &bodies[b]);
        let touch = touch(&first.shape, &first.state, &second.shape, &second.state);
        Self {
            a,
            b,
            touch,
            seen: [0, 0],
        }
    }

    /// The touch at the current positions, computed again only if either body has moved since.
    fn current(&mut self, bodies: &[RigidBody], versions: &[u32]) -> Option<&Touch> {
        let now = [versions[self.a], versions[self.b]];
        if now != self.seen {
            *self = Self {
                seen: now,
                ..Self::new(bodies, self.a, self.b)
            };
        }
        self.touch.as_ref()
    }
}

/// Inverse mass and world inverse inertia of every body.
struct Inverse {
    mass: Vec<f64>,
    inertia: Vec<Matrix3<f64>>,
}

/// Settles every touching pair; returns the number of contact points held.
///
/// # Algorithm
/// 1. Pairs whose AABBs meet (sort-and-sweep), kept when their gap is at most [`TOUCHING`].
/// 2. Position: push each overlapping pair apart along its normal, shared by inverse mass, until
///    the deepest overlap is gone (at most 20 sweeps, so stacks settle too).
/// 3. Contact points: box on plane, the corners near it; box on box, the incident face clipped
///    to the reference face; each with its own gap (a point above the other body may close its
///    gap in one frame, no more: a speculative contact; one closing much faster is an impact
///    landing just after the frame and is left to the next frame's search).
/// 4. Velocity, per island of touching bodies: projected Gauss–Seidel on accumulated impulses,
///    normal `λ >= 0` aiming at normal speed `-gap/dt` (restitution 0: a resting contact never
///    bounces), friction clamped to `μ λ`, until the impulses stop changing.
pub(super) fn settle(
    bodies: &mut [RigidBody],
    joined: &HashSet<(usize, usize)>,
    friction: f64,
    resting_speed: f64,
    dt: f64,
) -> usize {
    let mut pairs = touching_pairs(bodies, joined);
    if pairs.is_empty() {
        return 0;
    }
    let versions = separate(bodies, &mut pairs);
    let inverse = Inverse {
        mass: bodies.iter().map(RigidBody::inverse_mass).collect(),
        inertia: bodies
            .iter()
            .map(RigidBody::inverse_inertia_world)
            .collect(),
    };
    let mut points = Vec::new();
    for pair in &mut pairs {
        let (a, b) = (pair.a, pair.b);
        if let Some(t) = pair
            .current(bodies, &versions)
            .filter(|t| t.gap <= TOUCHING)
        {
            for &(p, gap) in &t.points {
                if arriving(bodies, (a, b), &t.normal, &p, gap, resting_speed) {
                    continue;
                }
                let mut held = point(bodies, &inverse, (a, b), &t.normal, &p);
                held.allowed = gap.max(0.0) / dt;
                points.push(held);
            }
        }
    }
    let count = points.len();
    for mut island in islands(bodies, points) {
        solve(bodies, &inverse, &mut island, friction);
    }
    count
}

/// Whether a point still apart (a speculative contact) closes faster than twice the resting
/// speed: an impact that lands just after the frame, left to the next frame's search so that it
/// bounces with restitution instead of being held.
fn arriving(
    bodies: &[RigidBody],
    (a, b): (usize, usize),
    normal: &Vector3<f64>,
    p: &Vector3<f64>,
    gap: f64,
    resting_speed: f64,
) -> bool {
    let closing = -(bodies[b].point_velocity(p) - bodies[a].point_velocity(p)).dot(normal);
    gap > 1e-12 && closing > 2.0 * resting_speed.max(STILL)
}

/// The pairs (not both fixed, not joined) whose gap is at most [`TOUCHING`], with their touches.
fn touching_pairs(bodies: &[RigidBody], joined: &HashSet<(usize, usize)>) -> Vec<Pair> {
    let volumes: Vec<Volume> = bodies
        .iter()
        .map(|b| swept(b, &b.state, &b.state, 0.0))
        .collect();
    let broad = BroadPhase::new(&volumes);
    broad
        .pairs(&volumes, TOUCHING)
        .into_iter()
        .filter(|&(a, b)| bodies[a].inverse_mass() + bodies[b].inverse_mass() > 0.0)
        .filter(|pair| !joined.contains(pair))
        .filter(|&(a, b)| cheap_rejection(&volumes[a], &volumes[b], TOUCHING) == Verdict::Exact)
        .map(|(a, b)| Pair::new(bodies, a, b))
        .filter(|pair| pair.touch.as_ref().is_some_and(|t| t.gap <= TOUCHING))
        .collect()
}

/// Pushes overlapping pairs apart along their normals until no overlap is left; returns each
/// body's position version (how many pushes it took).
fn separate(bodies: &mut [RigidBody], pairs: &mut [Pair]) -> Vec<u32> {
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
            let (wa, wb) = (bodies[a].inverse_mass(), bodies[b].inverse_mass());
            let share = -t.gap / (wa + wb);
            bodies[a].state.position -= t.normal * (share * wa);
            bodies[b].state.position += t.normal * (share * wb);
            versions[a] += 1;
            versions[b] += 1;
        }
        if deepest <= 1e-15 {
            break;
        }
    }
    versions
}

/// The contact point `p` of `a` and `b` with the Jacobians of its three rows.
fn point(
    bodies: &[RigidBody],
    inverse: &Inverse,
    (a, b): (usize, usize),
    normal: &Vector3<f64>,
    p: &Vector3<f64>,
) -> Point {
    let arms = [p - bodies[a].state.position, p - bodies[b].state.position];
    let helper = if normal.x.abs() < 0.9 {
        Vector3::x()
    } else {
        Vector3::y()
    };
    let t1 = normal.cross(&helper).normalize();
    let row = |u: Vector3<f64>| {
        let cross = [arms[0].cross(&u), arms[1].cross(&u)];
        let spins = [inverse.inertia[a] * cross[0], inverse.inertia[b] * cross[1]];
        let k =
            inverse.mass[a] + inverse.mass[b] + cross[0].dot(&spins[0]) + cross[1].dot(&spins[1]);
        Row {
            direction: u,
            arms: cross,
            spins,
            mass: if k > 0.0 { 1.0 / k } else { 0.0 },
            impulse: 0.0,
        }
    };
    Point {
        a,
        b,
        rows: [row(*normal), row(t1), row(normal.cross(&t1))],
        allowed: 0.0,
    }
}

/// Splits the points into islands of bodies that touch through moving bodies.
fn islands(bodies: &[RigidBody], points: Vec<Point>) -> Vec<Vec<Point>> {
    let mut parent: Vec<usize> = (0..bodies.len()).collect();
    let moving = |i: usize| bodies[i].inverse_mass() > 0.0;
    for p in &points {
        if moving(p.a) && moving(p.b) {
            let (ra, rb) = (find(&mut parent, p.a), find(&mut parent, p.b));
            parent[ra] = rb;
        }
    }
    let mut slot = vec![usize::MAX; bodies.len()];
    let mut out: Vec<Vec<Point>> = Vec::new();
    for p in points {
        let root = find(&mut parent, if moving(p.a) { p.a } else { p.b });
        if slot[root] == usize::MAX {
            slot[root] = out.len();
            out.push(Vec::new());
        }
        out[slot[root]].push(p);
    }
    out
}

/// Projected Gauss–Seidel on one island's accumulated impulses.
fn solve(bodies: &mut [RigidBody], inverse: &Inverse, points: &mut [Point], friction: f64) {
    let rows = if friction > 0.0 { 3 } else { 1 };
    for _ in 0..VELOCITY_SWEEPS {
        let (mut change, mut largest): (f64, f64) = (0.0, 0.0);
        for p in points.iter_mut() {
            for k in 0..rows {
                let (a, b) = (&bodies[p.a].state, &bodies[p.b].state);
                let row = &p.rows[k];
                let speed = row.direction.dot(&(b.velocity - a.velocity))
                    + row.arms[1].dot(&b.angular_velocity)
                    - row.arms[0].dot(&a.angular_velocity);
                let total = if k == 0 {
                    (row.impulse - (speed + p.allowed) * row.mass).max(0.0)
                } else {
                    let limit = friction * p.rows[0].impulse;
                    (row.impulse - speed * row.mass).clamp(-limit, limit)
                };
                let delta = total - row.impulse;
                change = change.max(delta.abs());
                largest = largest.max(total.abs());
                p.rows[k].impulse = total;
                push(bodies, inverse, p, k, delta);
            }
        }
        if change <= CONVERGED * largest.max(f64::MIN_POSITIVE) {
            break;
        }
    }
}

/// Applies `delta` along row `k` of the point: `+` to B, `-` to A (fixed bodies stay put).
fn push(bodies: &mut [RigidBody], inverse: &Inverse, p: &Point, k: usize, delta: f64) {
    let row = &p.rows[k];
    for (slot, (i, sign)) in [(p.a, -delta), (p.b, delta)].into_iter().enumerate() {
        if inverse.mass[i] > 0.0 {
            let state = &mut bodies[i].state;
            state.velocity += row.direction * (sign * inverse.mass[i]);
            state.angular_velocity += row.spins[slot] * sign;
        }
    }
}
