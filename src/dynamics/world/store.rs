//! The persistent contact store: one narrow phase per candidate pair a frame, into manifolds of at
//! most four points kept across frames with their anchors on both bodies and the impulses of the
//! frame before (the soft step's warm start).

use std::cell::Cell;

use nalgebra::{Matrix3, UnitQuaternion, Vector3};

use super::broad::{cheap_rejection, swept, Verdict, Volume};
use super::fat::FatGrid;
use super::rolling::support_arm;
use super::{STILL, TOUCHING};
use crate::contact;
use crate::dynamics::toi::place;
use crate::dynamics::{BodyShape, BodyState, RigidBody};

/// Pairs at most this far apart (m) get a manifold: its points are solved speculatively, so a
/// slow approach never arrives unseen.
pub(super) const SPECULATIVE: f64 = 0.02;
/// A manifold is kept without a new narrow phase while B has moved less than this (m) relative to
/// A since it was computed ...
const REUSE_DISTANCE: f64 = 1e-3;
/// ... and turned less than this (rad) relative to A.
const REUSE_ANGLE: f64 = 1e-2;
/// A new point takes the impulses of the old point whose anchor on A lies within this (m).
const MATCH_DISTANCE: f64 = 0.02;
/// Points within this (m) of the smallest separation are one feature: the one that decides
/// whether the pair rests or arrives.
const FEATURE: f64 = 1e-6;
/// The most points a manifold keeps.
const MAX_POINTS: usize = 4;

/// One point of a manifold: the same material point of each body when it was found (on a
/// sphere or an ellipsoid, the offset from its support point toward the other body, in A's
/// frame: it rolls), its separation then, and the impulses the soft step last applied there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct StoredPoint {
    /// The point in A's frame (relative to A's centre, unrotated; on a round A, to its support
    /// point).
    pub local_a: Vector3<f64>,
    /// The point in B's frame (on a round B, relative to its support point, in A's frame).
    pub local_b: Vector3<f64>,
    /// The separation along the normal when the point was found (negative overlapping).
    pub separation: f64,
    /// The normal impulse of the last substep (warm start).
    pub normal_impulse: f64,
    /// Whether the impulse came from the frame before.
    pub warm: bool,
}

/// How a pair near contact is treated this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// Within the speculative distance and closing no faster than the resting speed: the soft
    /// step holds it.
    Resting,
    /// Within the speculative distance but closing faster: the exact time-of-impact search and
    /// the course's impulse take it.
    Arriving,
}

/// A pair's manifold as kept across frames.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Manifold {
    /// First body (`a < b`).
    pub a: usize,
    /// Second body.
    pub b: usize,
    /// The unit normal from A to B in A's frame.
    pub normal_local: Vector3<f64>,
    /// At most four points.
    pub points: Vec<StoredPoint>,
    /// The friction impulse of the patch in the last substep, a world vector across the normal.
    pub friction_impulse: Vector3<f64>,
    /// The twist impulse about the normal in the last substep.
    pub twist_impulse: f64,
    /// B's centre in A's frame when the points were found.
    rel_position: Vector3<f64>,
    /// B's rotation relative to A's then.
    rel_rotation: UnitQuaternion<f64>,
    /// Whether this frame kept the points of the frame before (no narrow phase).
    pub reused: bool,
    /// Resting or arriving.
    pub class: Class,
    /// The elastic energy last computed, with the poses and frequency it holds for.
    elastic: Cell<Option<ElasticMemo>>,
}

/// A manifold's elastic energy at the two bodies' poses (positions and rotations), the contact
/// frequency and whether bodies turn, as it was computed: valid while all of them are unchanged.
#[derive(Clone, Copy, Debug, PartialEq)]
struct ElasticMemo {
    poses: [(Vector3<f64>, UnitQuaternion<f64>); 2],
    hertz: f64,
    turns: bool,
    energy: f64,
}

/// A bound on how fast any point of the body moves: `|v| + |ω| r` with `r` its reach.
fn surface_speed(body: &RigidBody) -> f64 {
    let s = &body.state;
    let reach = match &body.shape {
        BodyShape::Box(half) => half.norm(),
        BodyShape::Convex(c) if c.is_dynamic() => c.reach(),
        _ => 0.0,
    };
    s.velocity.norm() + s.angular_velocity.norm() * reach
}

/// B's pose relative to A: its centre in A's frame and its rotation relative to A's.
fn relative(bodies: &[RigidBody], a: usize, b: usize) -> (Vector3<f64>, UnitQuaternion<f64>) {
    let (sa, sb) = (&bodies[a].state, &bodies[b].state);
    let inv = sa.rotation.inverse();
    (inv * (sb.position - sa.position), inv * sb.rotation)
}

impl Manifold {
    /// The unit normal from A to B in the world.
    pub fn normal(&self, bodies: &[RigidBody]) -> Vector3<f64> {
        bodies[self.a].state.rotation * self.normal_local
    }

    /// Point `k` in the world now (midway between its anchors on A and B) and its separation now.
    pub fn world_point(&self, bodies: &[RigidBody], k: usize) -> (Vector3<f64>, f64) {
        let n = self.normal(bodies);
        let (on_a, on_b) = self.anchors(bodies, k, &n);
        (
            (on_a + on_b) * 0.5,
            self.points[k].separation + (on_b - on_a).dot(&n),
        )
    }

    /// Point `k`'s anchors on A and B in the world now, the normal being `n`.
    fn anchors(
        &self,
        bodies: &[RigidBody],
        k: usize,
        n: &Vector3<f64>,
    ) -> (Vector3<f64>, Vector3<f64>) {
        let (ba, bb) = (&bodies[self.a], &bodies[self.b]);
        let p = &self.points[k];
        let turn_a = ba.state.rotation;
        let on = |body: &RigidBody, local: &Vector3<f64>, toward: Vector3<f64>| {
            let s = &body.state;
            match support_arm(body, &s.rotation, &toward) {
                Some(arm) => (s.position + arm + turn_a * local, true),
                None => (s.position + s.rotation * local, false),
            }
        };
        let ((on_a, rolls_a), (on_b, rolls_b)) = (on(ba, &p.local_a, *n), on(bb, &p.local_b, -n));
        // Against a round body that rolled, the other body's anchor slides along its own
        // surface with the touching point: same separation, no tangential lag behind the roll.
        let across = |from: Vector3<f64>, to: Vector3<f64>| {
            let d = to - from;
            d - n * d.dot(n)
        };
        match (rolls_a, rolls_b) {
            (false, true) => (on_a + across(on_a, on_b), on_b),
            (true, false) => (on_a, on_b + across(on_b, on_a)),
            _ => (on_a, on_b),
        }
    }

    /// Whether one of its bodies is a sphere or an ellipsoid, whose anchor rolls.
    fn rolls(&self, bodies: &[RigidBody]) -> bool {
        let rotation = UnitQuaternion::identity();
        [self.a, self.b]
            .iter()
            .any(|&i| support_arm(&bodies[i], &rotation, &Vector3::x()).is_some())
    }

    /// Whether some point overlaps by more than [`TOUCHING`] now.
    fn overlaps(&self, bodies: &[RigidBody]) -> bool {
        (0..self.points.len()).any(|k| self.world_point(bodies, k).1 < -TOUCHING)
    }

    /// Whether B moved so little relative to A since the points were found that they still hold.
    fn still_holds(&self, bodies: &[RigidBody]) -> bool {
        let (position, rotation) = relative(bodies, self.a, self.b);
        (position - self.rel_position).norm() <= REUSE_DISTANCE
            && (self.rel_rotation.inverse() * rotation).angle() <= REUSE_ANGLE
    }

    /// The fastest any point of the lowest feature (within [`FEATURE`] of the smallest
    /// separation) closes now (m/s, positive approaching); higher points are the soft step's
    /// speculative points.
    pub fn closing_speed(&self, bodies: &[RigidBody]) -> f64 {
        let n = self.normal(bodies);
        let mut points = [(Vector3::zeros(), 0.0); MAX_POINTS];
        let count = self.points.len().min(MAX_POINTS);
        for (k, slot) in points.iter_mut().enumerate().take(count) {
            *slot = self.world_point(bodies, k);
        }
        let points = &points[..count];
        let lowest = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        points
            .iter()
            .filter(|p| p.1 <= lowest + FEATURE)
            .map(|(p, _)| {
                -(bodies[self.b].point_velocity(p) - bodies[self.a].point_velocity(p)).dot(&n)
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

/// How much a point's height above the deepest point counts against it, per metre of reach:
/// a point 1 cm higher must reach 10 cm farther to be kept instead.
const HEIGHT_COST: f64 = 10.0;

/// Keeps the points within `reach` (the speculative distance and what the bodies can close in
/// a frame) and at most four of them: the deepest, the
/// one farthest from it, and the two that span the largest area on either side of that line,
/// higher points counting for less ([`HEIGHT_COST`]), so that a face or a line of contact keeps
/// its corners or its ends.
fn reduce(points: &mut Vec<(Vector3<f64>, f64)>, n: &Vector3<f64>, reach: f64) {
    let lowest = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    points.retain(|p| p.1 <= reach.max(lowest));
    if points.len() <= MAX_POINTS {
        return;
    }
    let height = |k: usize| HEIGHT_COST * (points[k].1 - lowest);
    let best = |score: &dyn Fn(usize) -> f64| {
        (0..points.len())
            .max_by(|&i, &j| score(i).total_cmp(&score(j)))
            .unwrap_or(0)
    };
    let deepest = best(&|k| -points[k].1);
    let p0 = points[deepest].0;
    let far = best(&|k| (points[k].0 - p0).norm() - height(k));
    let p1 = points[far].0;
    let reach = (p1 - p0).norm();
    let area = |k: usize| (points[k].0 - p0).cross(&(p1 - p0)).dot(n);
    let left = best(&|k| area(k) - height(k) * reach);
    let right = best(&|k| -area(k) - height(k) * reach);
    let mut keep = vec![deepest, far, left, right];
    keep.sort_unstable();
    keep.dedup();
    *points = keep.into_iter().map(|k| points[k]).collect();
}

/// The manifold of bodies `a` and `b` at their current states by the contact table's query, with
/// the impulses of `old`'s points matched by their anchors on A; `None` when they are farther
/// apart than [`SPECULATIVE`].
pub(super) fn narrow_phase(
    bodies: &[RigidBody],
    (a, b): (usize, usize),
    old: Option<&Manifold>,
    dt: f64,
) -> Option<Manifold> {
    let (ba, bb) = (&bodies[a], &bodies[b]);
    let reach = SPECULATIVE + dt * (surface_speed(ba) + surface_speed(bb));
    let (pa, pb) = (place(&ba.shape, &ba.state), place(&bb.shape, &bb.state));
    let found = contact::contact(&pa, &pb, reach)?;
    let mut points = contact::manifold(&pa, &pb, &found);
    if points.is_empty() {
        points.push((found.point, found.gap));
    }
    let arriving: Vec<(Vector3<f64>, f64)> =
        arriving_points(bodies, (a, b), &found.normal, (reach, dt))
            .into_iter()
            .filter(|(anchors, _)| {
                points
                    .iter()
                    .all(|q| anchors.iter().all(|p| (q.0 - p).norm() > MATCH_DISTANCE))
            })
            .map(|([on_a, on_b], gap)| ((on_a + on_b) * 0.5, gap))
            .collect();
    // Only when they fit beside the points touching now: choosing among more would break the
    // symmetry of a face or an edge (a planar box would turn out of its plane).
    if points.len() + arriving.len() <= MAX_POINTS {
        points.extend(arriving);
    }
    reduce(&mut points, &found.normal, reach);
    let (sa, sb) = (&ba.state, &bb.state);
    let (inv_a, inv_b) = (sa.rotation.inverse(), sb.rotation.inverse());
    let stored = points
        .iter()
        .map(|&(p, separation)| {
            let local_a = inv_a * (p - sa.position);
            let matched = old.and_then(|m| {
                m.points
                    .iter()
                    .filter(|q| (q.local_a - local_a).norm() <= MATCH_DISTANCE)
                    .min_by(|q, r| {
                        let (dq, dr) = ((q.local_a - local_a).norm(), (r.local_a - local_a).norm());
                        dq.total_cmp(&dr)
                    })
            });
            StoredPoint {
                local_a: match support_arm(ba, &sa.rotation, &found.normal) {
                    Some(arm) => inv_a * (p - sa.position - arm),
                    None => local_a,
                },
                local_b: match support_arm(bb, &sb.rotation, &-found.normal) {
                    Some(arm) => inv_a * (p - sb.position - arm),
                    None => inv_b * (p - sb.position),
                },
                separation,
                normal_impulse: matched.map_or(0.0, |q| q.normal_impulse),
                warm: matched.is_some(),
            }
        })
        .collect::<Vec<StoredPoint>>();
    let warm = stored.iter().any(|p| p.warm);
    let (friction_impulse, twist_impulse) = match old {
        Some(m) if warm => (m.friction_impulse, m.twist_impulse),
        _ => (Vector3::zeros(), 0.0),
    };
    let (rel_position, rel_rotation) = relative(bodies, a, b);
    Some(Manifold {
        a,
        b,
        normal_local: inv_a * found.normal,
        points: stored,
        friction_impulse,
        twist_impulse,
        rel_position,
        rel_rotation,
        reused: false,
        class: Class::Resting,
        elastic: Cell::new(None),
    })
}

/// How far (m) a body's turn over a frame must carry its farthest point before the points its
/// free motion would touch by the frame end join the manifold.
const TURN_REACH: f64 = 1e-3;

/// The pair's contact points at the frame end under free motion (`v dt`, `ω dt`), each taken
/// back to the same material points now (its anchors on A and B) with its separation now, when a body turns enough
/// ([`TURN_REACH`]) for a feature that is not touching yet to arrive within the frame (a
/// tumbling box's next corner) and the normal is the same face's; else none. They join the
/// manifold as speculative points, so the soft step stops them at contact.
fn arriving_points(
    bodies: &[RigidBody],
    (a, b): (usize, usize),
    normal: &Vector3<f64>,
    (reach, dt): (f64, f64),
) -> Vec<([Vector3<f64>; 2], f64)> {
    let (ba, bb) = (&bodies[a], &bodies[b]);
    let turning =
        |body: &RigidBody| surface_speed(body) - body.state.velocity.norm() > TURN_REACH / dt;
    let rolls = UnitQuaternion::identity();
    let round = |body: &RigidBody| support_arm(body, &rolls, normal).is_some();
    if !(turning(ba) || turning(bb)) || round(ba) || round(bb) {
        return Vec::new();
    }
    let ahead = |s: &BodyState| BodyState {
        position: s.position + s.velocity * dt,
        rotation: UnitQuaternion::from_scaled_axis(s.angular_velocity * dt) * s.rotation,
        ..*s
    };
    let (ea, eb) = (ahead(&ba.state), ahead(&bb.state));
    let (pa, pb) = (place(&ba.shape, &ea), place(&bb.shape, &eb));
    let Some(found) = contact::contact(&pa, &pb, reach) else {
        return Vec::new();
    };
    let turned = ea.rotation * ba.state.rotation.inverse();
    if (turned.inverse() * found.normal).dot(normal) < SAME_FACE {
        return Vec::new();
    }
    let mut later = contact::manifold(&pa, &pb, &found);
    if later.is_empty() {
        later.push((found.point, found.gap));
    }
    let (sa, sb) = (&ba.state, &bb.state);
    later
        .into_iter()
        .map(|(p, gap)| {
            // The same material point of each body now, and the gap between them along the
            // normal now, less the overlap they would have at the end.
            let on_a = sa.position + sa.rotation * (ea.rotation.inverse() * (p - ea.position));
            let on_b = sb.position + sb.rotation * (eb.rotation.inverse() * (p - eb.position));
            ([on_a, on_b], gap + (on_b - on_a).dot(normal))
        })
        .filter(|&(_, now)| now > 0.0)
        .collect()
}

/// The cosine above which two normals are the same face's.
const SAME_FACE: f64 = 0.995;

/// The elastic energy `½ k s²` of every overlapping point of the resting manifolds, each
/// manifold's with the moving body it is charged to: `k = m ω²` with `m` the point's effective
/// mass along the normal and `ω` the soft step's frequency (twice it against a body that never
/// moves), the spring the soft step solves. Only the manifolds `only` lists (every one when
/// `None`) whose charged body `keep` accepts are measured. A manifold whose bodies have not
/// moved since its energy was last computed gives that energy again.
pub(super) fn elastic_energy(
    bodies: &[RigidBody],
    manifolds: &[Manifold],
    (hertz, turns): (f64, bool),
    (only, keep): (Option<&[usize]>, &dyn Fn(usize) -> bool),
) -> Vec<Charge> {
    let mut out = Vec::new();
    // Poses are computed per manifold that needs them: a table over every body would cost
    // the whole world at each call, and most calls find every manifold's memo still valid.
    let pose = |i: usize| Pose::of(&bodies[i], turns);
    let all = 0..manifolds.len();
    let chosen: &mut dyn Iterator<Item = usize> = match only {
        Some(list) => &mut list.iter().copied(),
        None => &mut all.into_iter(),
    };
    for index in chosen {
        let m = &manifolds[index];
        if m.class != Class::Resting {
            continue;
        }
        let (ba, bb) = (&bodies[m.a], &bodies[m.b]);
        let (wa, wb) = (ba.inverse_mass(), bb.inverse_mass());
        let charged = if wa > 0.0 { m.a } else { m.b };
        if wa + wb == 0.0 || !keep(charged) {
            continue;
        }
        let now = [
            (ba.state.position, ba.state.rotation),
            (bb.state.position, bb.state.rotation),
        ];
        if let Some(memo) = m
            .elastic
            .get()
            .filter(|e| e.poses == now && e.hertz == hertz && e.turns == turns)
        {
            out.push(Charge {
                manifold: index,
                body: charged,
                energy: memo.energy,
            });
            continue;
        }
        let omega = std::f64::consts::TAU * hertz * if wa > 0.0 && wb > 0.0 { 1.0 } else { 2.0 };
        let (pa, pb) = (pose(m.a), pose(m.b));
        let n = pa.rotation * m.normal_local;
        let mut e = 0.0;
        for (k, p) in m.points.iter().enumerate() {
            let (on_a, on_b) = if m.rolls(bodies) {
                m.anchors(bodies, k, &n)
            } else {
                (
                    ba.state.position + pa.rotation * p.local_a,
                    bb.state.position + pb.rotation * p.local_b,
                )
            };
            let s = p.separation + (on_b - on_a).dot(&n);
            if s >= 0.0 {
                continue;
            }
            let mid = (on_a + on_b) * 0.5;
            let (ca, cb) = (
                (mid - ba.state.position).cross(&n),
                (mid - bb.state.position).cross(&n),
            );
            let inverse =
                wa + wb + ca.dot(&(pa.inverse_inertia * ca)) + cb.dot(&(pb.inverse_inertia * cb));
            e += 0.5 * omega * omega / inverse * s * s;
        }
        m.elastic.set(Some(ElasticMemo {
            poses: now,
            hertz,
            turns,
            energy: e,
        }));
        out.push(Charge {
            manifold: index,
            body: charged,
            energy: e,
        });
    }
    out
}

/// One resting manifold's elastic energy and the moving body it is charged to.
#[derive(Clone, Copy, Debug)]
pub(super) struct Charge {
    /// The manifold's index in the store.
    pub manifold: usize,
    /// The body the energy is charged to.
    pub body: usize,
    /// `½ k s²` summed over its overlapping points (J).
    pub energy: f64,
}

/// A body's rotation as a matrix and its inverse inertia in the world (zero when it does not
/// turn under contact), computed once per manifold an energy evaluation measures.
#[derive(Clone, Copy, Debug)]
struct Pose {
    rotation: Matrix3<f64>,
    inverse_inertia: Matrix3<f64>,
}

impl Pose {
    /// Body `body`'s pose now.
    fn of(body: &RigidBody, turns: bool) -> Self {
        Self {
            rotation: body.state.rotation.to_rotation_matrix().into_inner(),
            inverse_inertia: if turns && body.inverse_mass() > 0.0 {
                body.inverse_inertia_world()
            } else {
                Matrix3::zeros()
            },
        }
    }
}

/// The manifolds of every pair near contact, kept across frames in pair order.
#[derive(Clone, Debug, Default)]
pub(super) struct Store {
    /// Sorted by `(a, b)`.
    pub manifolds: Vec<Manifold>,
}

impl Store {
    /// Finds this frame's manifolds.
    ///
    /// # Algorithm
    /// 1. A uniform grid over the bodies' boxes grown by [`SPECULATIVE`] ([`grid::pairs`]); pairs of two bodies
    ///    that cannot move, or joined by a spring, rod or pin, are left out.
    /// 2. A pair of two bodies that are still (asleep or fixed) keeps its manifold untouched.
    /// 3. A resting manifold whose bodies barely moved relative to each other keeps its points
    ///    and impulses ([`REUSE_DISTANCE`], [`REUSE_ANGLE`]).
    /// 4. Otherwise one narrow phase through the contact table, reduced to four points, each
    ///    taking the impulses of the old point nearest its anchor on A.
    /// 5. Each manifold is resting when no point closes faster than `arrive_speed` or a point
    ///    already overlaps (an arrival the exact search could not take in time, as past the
    ///    impact cap, is held by the soft step), else arriving (its impulses cleared: the exact
    ///    search takes it).
    pub fn update(
        &mut self,
        bodies: &[RigidBody],
        never: impl Fn(usize, usize) -> bool,
        still: &[bool],
        (arrive_speed, dt): (f64, f64),
        broad: &mut FatGrid,
    ) {
        let volumes: Vec<Volume> = bodies
            .iter()
            .map(|body| {
                let s = body.state;
                let ahead = BodyState {
                    position: s.position + s.velocity * dt,
                    rotation: UnitQuaternion::from_scaled_axis(s.angular_velocity * dt)
                        * s.rotation,
                    ..s
                };
                swept(body, &s, &ahead, dt)
            })
            .collect();
        let candidates: Vec<(usize, usize)> = broad
            .pairs(&volumes, SPECULATIVE)
            .into_iter()
            .filter(|&(a, b)| bodies[a].inverse_mass() + bodies[b].inverse_mass() > 0.0)
            .filter(|&(a, b)| !never(a, b))
            .filter(|&(a, b)| {
                cheap_rejection(&volumes[a], &volumes[b], SPECULATIVE) == Verdict::Exact
            })
            .collect();
        let old = std::mem::take(&mut self.manifolds);
        let keys: Vec<(usize, usize)> = old.iter().map(|m| (m.a, m.b)).collect();
        let mut old: Vec<Option<Manifold>> = old.into_iter().map(Some).collect();
        let speed = arrive_speed.max(STILL);
        for (a, b) in candidates {
            let previous = keys.binary_search(&(a, b)).ok().and_then(|k| old[k].take());
            if still[a] && still[b] {
                self.manifolds.extend(previous);
                continue;
            }
            let holds = previous
                .as_ref()
                .is_some_and(|m| m.class == Class::Resting && m.still_holds(bodies));
            let found = if holds {
                previous.map(|m| Manifold { reused: true, ..m })
            } else {
                narrow_phase(bodies, (a, b), previous.as_ref(), dt)
            };
            let Some(mut manifold) = found else {
                continue;
            };
            if !manifold.overlaps(bodies) && manifold.closing_speed(bodies) > speed {
                manifold.class = Class::Arriving;
                for p in &mut manifold.points {
                    p.normal_impulse = 0.0;
                }
                manifold.friction_impulse = Vector3::zeros();
                manifold.twist_impulse = 0.0;
            } else {
                manifold.class = Class::Resting;
            }
            self.manifolds.push(manifold);
        }
    }
}
