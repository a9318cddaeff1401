//! Resting contact at the end of a frame: overlapping bodies are pushed apart, then sequential
//! impulses at their contact points stop them approaching, with Coulomb friction.

use std::collections::HashSet;

use nalgebra::Vector3;

use super::broad::{cheap_rejection, swept, Verdict, Volume};
use super::group::find;
use super::separate::separate;
use super::solver::{solve, Inverse, Patch};
use super::sort_sweep::BroadPhase;
use super::touch::{touch, Touch};
use super::{STILL, TOUCHING};

/// Points whose gaps differ by at most this (metres) belong to one feature of a touch.
const FEATURE: f64 = 1e-10;
use crate::dynamics::response::{particle_bounce, Material};
use crate::dynamics::{BodyState, RigidBody};

/// A touching pair with its touch as last computed, reused while neither body has moved.
pub(super) struct Pair {
    pub a: usize,
    pub b: usize,
    /// The touch at the positions of versions `seen`.
    touch: Option<Touch>,
    /// The bodies' position versions when `touch` was computed.
    seen: [u32; 2],
}

impl Pair {
    /// Bodies `a` and `b` with their touch at the current positions (versions 0).
    pub fn new(bodies: &[RigidBody], a: usize, b: usize) -> Self {
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
    pub fn current(&mut self, bodies: &[RigidBody], versions: &[u32]) -> Option<&Touch> {
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

/// Settles the touching pairs; returns the number of contact points held.
///
/// # Algorithm
/// 1. The pairs [`touching_pairs`] found.
/// 2. Static friction on a fixed triangle or mesh ([`stick`]): a body whose slide along the
///    face over the frame lies inside the friction cone is moved back along the face.
/// 3. Position: push each overlapping pair apart as an impulse at its overlap would move it
///    ([`separate`]), until the deepest overlap is gone (at most 50 sweeps, so stacks settle too).
/// 4. Contact points: box on plane, the corners near it; box on box, the incident face clipped
///    to the reference face; each with its own gap (a point above the other body may close its
///    gap in one frame, no more: a speculative contact; one closing much faster is an impact
///    landing just after the frame and is left to the next frame's search).
/// 5. Velocity, per island of touching bodies ([`solve`]): projected Gauss–Seidel on accumulated
///    impulses, normal `λ >= 0` at each point aiming at normal speed `-gap/dt` (restitution 0: a
///    resting contact never bounces), friction for each pair's patch clamped to `μ Σλ`, until
///    the impulses stop changing.
pub(super) fn settle(
    bodies: &mut [RigidBody],
    mut pairs: Vec<Pair>,
    start: &[BodyState],
    (friction, resting_speed): (f64, f64),
    dt: f64,
) -> usize {
    if pairs.is_empty() {
        return 0;
    }
    stick(bodies, &mut pairs, start, friction);
    let versions = separate(bodies, &mut pairs);
    let inverse = Inverse::of(bodies);
    let mut patches = Vec::new();
    for pair in &mut pairs {
        let (a, b) = (pair.a, pair.b);
        let Some(t) = pair
            .current(bodies, &versions)
            .filter(|t| t.gap <= TOUCHING)
        else {
            continue;
        };
        let arrives = arriving(bodies, (a, b), t, resting_speed);
        let held: Vec<(Vector3<f64>, f64)> = t
            .points
            .iter()
            .zip(arrives)
            .filter(|&(_, arrives)| !arrives)
            .map(|(&(p, gap), _)| (p, gap.max(0.0) / dt))
            .collect();
        patches.extend(Patch::new(bodies, &inverse, (a, b), &t.normal, &held));
    }
    let count = patches.iter().map(Patch::len).sum();
    for mut island in islands(bodies, patches) {
        solve(bodies, &inverse, &mut island, friction);
    }
    count
}

/// Settles the touching pairs with the course's particle model; returns the number of pairs held.
///
/// # Algorithm
/// 1. Position: push overlapping pairs apart ([`separate`]), as for the impulse model.
/// 2. Velocity: each touching pair whose centres approach along the touch's normal takes the
///    particle bounce ([`particle_bounce`]) with no restitution (a resting contact never
///    bounces) and the friction's share of tangential speed lost; spin is left alone.
pub(super) fn settle_particles(
    bodies: &mut [RigidBody],
    mut pairs: Vec<Pair>,
    material: &Material,
) -> usize {
    let versions = separate(bodies, &mut pairs);
    let resting = Material {
        restitution: 0.0,
        ..*material
    };
    let mut held = 0;
    for pair in &mut pairs {
        let (a, b) = (pair.a, pair.b);
        let Some(normal) = pair
            .current(bodies, &versions)
            .filter(|t| t.gap <= TOUCHING)
            .map(|t| t.normal)
        else {
            continue;
        };
        let v = [bodies[a].state.velocity, bodies[b].state.velocity];
        let w = [bodies[a].inverse_mass(), bodies[b].inverse_mass()];
        if let Some(bounce) = particle_bounce(v, w, &normal, &resting) {
            bodies[a].state.velocity = bounce.after[0];
            bodies[b].state.velocity = bounce.after[1];
        }
        held += 1;
    }
    held
}

/// Static friction at the position level against a triangle, mesh or k-DOP: the slide along the
/// face that the frame's free motion made is undone when it lies inside the friction cone.
///
/// # Algorithm
/// For each pair of a moving body and a triangle or mesh (never pushed) that overlap by `d > 0`
/// over a patch of at least three points (a face the body can neither roll nor pivot over; a
/// sphere's single point is left to the velocity pass, which rolls it):
/// 1. The moving body's material point at the centre of the manifold, traced back to its place
///    at the frame start (`start`): its move over the frame less the surface's own move (zero
///    for a still surface), `δ`.
/// 2. Its part along the face, `δ_t = δ - (δ·n) n`. When `|δ_t| <= μ d` (Coulomb's cone at the
///    position level: friction can hold the slide that sinking `d` brings), the body is moved
///    back by `-δ_t`, so the push along the normal that follows ends where the frame began
///    instead of sliding the body down a sloping face by the part of each gravity step along it.
/// 3. A wider slide is kept: the body slides, and the friction rows of the velocity pass slow it.
/// 4. A body is moved back once (by its first such pair); the touches of every pair of a body
///    moved back are found again.
fn stick(bodies: &mut [RigidBody], pairs: &mut [Pair], start: &[BodyState], friction: f64) {
    let mut moved_bodies = Vec::new();
    for pair in pairs.iter() {
        let (a, b) = (pair.a, pair.b);
        let (moving, face) = match (bodies[a].is_surface(), bodies[b].is_surface()) {
            (true, false) => (b, a),
            (false, true) => (a, b),
            _ => continue,
        };
        if moved_bodies.contains(&moving) {
            continue;
        }
        let Some(t) = pair
            .touch
            .as_ref()
            .filter(|t| t.gap < 0.0 && t.points.len() >= 3)
        else {
            continue;
        };
        let centre = t.points.iter().map(|&(p, _)| p).sum::<Vector3<f64>>() / t.points.len() as f64;
        let (then, now) = (&start[moving], &bodies[moving].state);
        let before =
            then.position + then.rotation * (now.rotation.inverse() * (centre - now.position));
        let carried = bodies[face].state.position - start[face].position;
        let moved = centre - before - carried;
        let slide = moved - t.normal * moved.dot(&t.normal);
        let slide_norm = slide.norm();
        if slide_norm > 0.0 && slide_norm <= friction * -t.gap {
            bodies[moving].state.position -= slide;
            moved_bodies.push(moving);
        }
    }
    // Every pair of a body moved back is touched again (the other pairs' touches still hold).
    for pair in pairs.iter_mut() {
        if moved_bodies.contains(&pair.a) || moved_bodies.contains(&pair.b) {
            *pair = Pair::new(bodies, pair.a, pair.b);
        }
    }
}

/// Which points of a touch are arriving: still apart (more than rounding, 1e-12 m) and closing
/// faster than twice the resting speed, an impact that lands just after the frame, left to the
/// next frame's search so that it bounces with restitution instead of being held. Points of one
/// feature (gaps within [`FEATURE`] of each other, closing fast) are decided together: after a
/// push the corners of an edge sit at zero gap up to rounding, and deciding them one by one could
/// hold one corner of an edge and not its twin.
fn arriving(
    bodies: &[RigidBody],
    (a, b): (usize, usize),
    touch: &Touch,
    resting_speed: f64,
) -> Vec<bool> {
    let n = &touch.normal;
    let fast: Vec<bool> = touch
        .points
        .iter()
        .map(|(p, _)| {
            let closing = -(bodies[b].point_velocity(p) - bodies[a].point_velocity(p)).dot(n);
            closing > 2.0 * resting_speed.max(STILL)
        })
        .collect();
    let apart = |i: usize| fast[i] && touch.points[i].1 > 1e-12;
    (0..touch.points.len())
        .map(|i| {
            fast[i]
                && (0..touch.points.len())
                    .any(|j| apart(j) && (touch.points[i].1 - touch.points[j].1).abs() <= FEATURE)
        })
        .collect()
}

/// The pairs (not both fixed, not joined) whose AABBs meet (sort-and-sweep) and whose gap is at
/// most [`TOUCHING`], with their touches.
pub(super) fn touching_pairs(bodies: &[RigidBody], joined: &HashSet<(usize, usize)>) -> Vec<Pair> {
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

/// Splits the patches into islands of bodies that touch through moving bodies.
fn islands(bodies: &[RigidBody], patches: Vec<Patch>) -> Vec<Vec<Patch>> {
    let mut parent: Vec<usize> = (0..bodies.len()).collect();
    let moving = |i: usize| bodies[i].inverse_mass() > 0.0;
    for p in &patches {
        if moving(p.a) && moving(p.b) {
            let (ra, rb) = (find(&mut parent, p.a), find(&mut parent, p.b));
            parent[ra] = rb;
        }
    }
    let mut slot = vec![usize::MAX; bodies.len()];
    let mut out: Vec<Vec<Patch>> = Vec::new();
    for p in patches {
        let root = find(&mut parent, if moving(p.a) { p.a } else { p.b });
        if slot[root] == usize::MAX {
            slot[root] = out.len();
            out.push(Vec::new());
        }
        out[slot[root]].push(p);
    }
    out
}
