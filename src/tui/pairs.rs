//! Every pair of bodies of a frame, in the order the debugger offers them: pairs that can collide
//! before those that cannot (two fixed bodies, or bodies joined by a spring, a rod or a pin), the
//! touching ones first, then the nearest. Full records are made only for the pairs that may touch
//! and for the pairs the user selects, so a scene of hundreds of bodies steps quickly.

mod near;
mod stage;

use std::collections::{HashMap, HashSet};

pub use near::{FarPairs, LIST_ALL};

use crate::sat::Robustness;
use crate::scene::{BodySpec, ConstraintKind, Scene, ShapeSpec};
use crate::trace::{enclosing_ball, explain_pair, may_touch, PairRecord, Stage};

/// One pair of the frame and what the list knows about it without its full record.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairEntry {
    /// Index of the first body (earlier in the scene).
    pub a: usize,
    /// Index of the second body.
    pub b: usize,
    /// Whether the pair can collide at all: not two fixed bodies, not joined.
    pub can_collide: bool,
    /// Whether the bodies intersect now, rest on each other or first touch within the horizon.
    pub touching: bool,
    /// The gap between the enclosing spheres (negative when they overlap; `-inf` with a plane).
    pub distance: f64,
    /// The stage that decides the pair, as `explain` reports it.
    pub stage: Stage,
}

/// The pairs of one frame, their order and the records made so far.
#[derive(Clone, Debug, Default)]
pub struct PairList {
    entries: Vec<PairEntry>,
    order: Vec<usize>,
    records: HashMap<usize, PairRecord>,
    time: f64,
    horizon: f64,
    far: FarPairs,
}

/// The pairs a spring, a rod or a pin holds together (`a < b`): they never collide.
pub fn joined_pairs(scene: &Scene) -> HashSet<(usize, usize)> {
    let springs = scene.springs.iter().map(|s| (s.a, s.b));
    let links = scene.constraints.iter().filter_map(|c| match c.kind {
        ConstraintKind::Rod { a, b, .. } | ConstraintKind::PinToBody { a, b } => Some((a, b)),
        _ => None,
    });
    springs
        .chain(links)
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect()
}

impl PairList {
    /// The pairs of `bodies` at scene time `time`, contacts searched `horizon` ahead.
    ///
    /// # Algorithm
    /// 1. For each pair in scene order (two planes make no pair): whether it can collide, and
    ///    the gap between the enclosing spheres.
    /// 2. A pair whose spheres, swept over the horizon, come within reach ([`may_touch`]) is
    ///    explained in full: its record says whether it touches and which stage decided.
    /// 3. Any other pair is apart, decided by the first cheap stage that proves it (what
    ///    [`explain_pair`] would report).
    /// 4. The order: can collide first, touching first, then nearest; ties in scene order.
    pub fn new(
        bodies: &[BodySpec],
        joined: &HashSet<(usize, usize)>,
        time: f64,
        horizon: f64,
    ) -> PairList {
        PairList::listing(bodies, joined, (time, horizon), LIST_ALL)
    }

    /// [`PairList::new`], listing every pair when there are at most `list_all`, else only the
    /// near ones ([`near::near_pairs`]: every pair that may touch is among them) and counting
    /// the rest.
    pub fn listing(
        bodies: &[BodySpec],
        joined: &HashSet<(usize, usize)>,
        (time, horizon): (f64, f64),
        list_all: usize,
    ) -> PairList {
        let balls: Vec<_> = bodies.iter().map(enclosing_ball).collect();
        let mut list = PairList {
            time,
            horizon,
            ..PairList::default()
        };
        let (all, sphere_kinds) = near::pair_counts(bodies);
        if all <= list_all {
            for i in 0..bodies.len() {
                for j in i + 1..bodies.len() {
                    list.push(i, j, bodies, &balls, joined);
                }
            }
        } else {
            let mut listed_sphere_kinds = 0;
            for (i, j) in near::near_pairs(bodies, horizon) {
                if list.push(i, j, bodies, &balls, joined)
                    && near::sphere_kind(&bodies[i], &bodies[j])
                {
                    listed_sphere_kinds += 1;
                }
            }
            list.far = FarPairs {
                total: all - list.entries.len(),
                spheres: sphere_kinds - listed_sphere_kinds,
            };
        }
        list.order = (0..list.entries.len()).collect();
        let key = |e: &PairEntry| {
            let distance = if e.touching {
                f64::NEG_INFINITY
            } else {
                e.distance
            };
            (!e.can_collide, !e.touching, distance)
        };
        list.order.sort_by(|&x, &y| {
            let (kx, ky) = (key(&list.entries[x]), key(&list.entries[y]));
            (kx.0, kx.1).cmp(&(ky.0, ky.1)).then(kx.2.total_cmp(&ky.2))
        });
        list
    }

    /// Lists the pair of bodies `i < j` (explained in full when it may touch); false when the two
    /// shapes make no pair.
    fn push(
        &mut self,
        i: usize,
        j: usize,
        bodies: &[BodySpec],
        balls: &[Option<(nalgebra::Vector3<f64>, f64)>],
        joined: &HashSet<(usize, usize)>,
    ) -> bool {
        let (a, b) = (&bodies[i], &bodies[j]);
        if !crate::trace::is_explained(&a.shape, &b.shape) {
            return false;
        }
        let distance = match (balls[i], balls[j]) {
            (Some((ca, ra)), Some((cb, rb))) => (cb - ca).norm() - ra - rb,
            _ => f64::NEG_INFINITY,
        };
        let fixed = |body: &BodySpec| body.fixed || matches!(body.shape, ShapeSpec::Plane { .. });
        let mut entry = PairEntry {
            a: i,
            b: j,
            can_collide: !(joined.contains(&(i, j)) || fixed(a) && fixed(b)),
            touching: false,
            distance,
            stage: stage::apart_stage(a, b),
        };
        if may_touch(a, b, self.horizon) {
            if let Some(record) = explain_pair(a, b, self.time, self.horizon, Robustness::default())
            {
                entry.touching = record.touches();
                entry.stage = record.stage;
                self.records.insert(self.entries.len(), record);
            }
        }
        self.entries.push(entry);
        true
    }

    /// The index of the pair of bodies `i` and `j` (either order), listing it (last in the
    /// offered order) when it was one of the far pairs only counted; `None` when the two make
    /// no pair.
    pub fn find_or_add(
        &mut self,
        i: usize,
        j: usize,
        bodies: &[BodySpec],
        joined: &HashSet<(usize, usize)>,
    ) -> Option<usize> {
        let (i, j) = (i.min(j), i.max(j));
        if let Some(k) = self.entries.iter().position(|e| (e.a, e.b) == (i, j)) {
            return Some(k);
        }
        if i == j || j >= bodies.len() {
            return None;
        }
        let balls = [i, j].map(|k| enclosing_ball(&bodies[k]));
        let mut all = vec![None; bodies.len()];
        all[i] = balls[0];
        all[j] = balls[1];
        if !self.push(i, j, bodies, &all, joined) {
            return None;
        }
        let k = self.entries.len() - 1;
        self.far.take(self.entries[k].stage);
        self.order.push(k);
        Some(k)
    }

    /// The pairs not listed (a large scene lists only its near pairs).
    pub fn far(&self) -> FarPairs {
        self.far
    }

    /// How many pairs the frame has, listed or not.
    pub fn total(&self) -> usize {
        self.entries.len() + self.far.total
    }

    /// The pairs in scene order.
    pub fn entries(&self) -> &[PairEntry] {
        &self.entries
    }

    /// Indices into [`PairList::entries`] in the order the debugger offers them.
    pub fn order(&self) -> &[usize] {
        &self.order
    }

    /// How many pairs are listed (all of them, unless the scene is large: [`PairList::total`]).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the frame has no pair.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The record of pair `k`, if it was made (always for a pair that may touch or was selected).
    pub fn record(&self, k: usize) -> Option<&PairRecord> {
        self.records.get(&k)
    }

    /// Makes the record of pair `k` of `bodies` if it is not there yet.
    pub fn ensure(&mut self, k: usize, bodies: &[BodySpec]) {
        let Some(entry) = self.entries.get(k) else {
            return;
        };
        if self.records.contains_key(&k) {
            return;
        }
        let (a, b) = (&bodies[entry.a], &bodies[entry.b]);
        if let Some(record) = explain_pair(a, b, self.time, self.horizon, Robustness::default()) {
            self.records.insert(k, record);
        }
    }

    /// The position of pair `k` in the offered order.
    pub fn rank(&self, k: usize) -> Option<usize> {
        self.order.iter().position(|&i| i == k)
    }

    /// The first pair that can collide in the offered order, else the first pair.
    pub fn opening(&self) -> usize {
        let first = self.order.first().copied().unwrap_or(0);
        self.order
            .iter()
            .copied()
            .find(|&k| self.entries[k].can_collide)
            .unwrap_or(first)
    }

    /// The next touching pair after pair `k` in the offered order, wrapping around.
    pub fn next_touching(&self, k: usize) -> Option<usize> {
        let start = self.rank(k).map_or(0, |r| r + 1);
        let n = self.order.len();
        (0..n)
            .map(|step| self.order[(start + step) % n.max(1)])
            .find(|&i| self.entries[i].touching)
    }

    /// How many pairs touch or meet within the horizon.
    pub fn touching_count(&self) -> usize {
        self.entries.iter().filter(|e| e.touching).count()
    }

    /// How many pairs each stage decides.
    pub fn stage_count(&self, stage: Stage) -> usize {
        self.entries.iter().filter(|e| e.stage == stage).count() + self.far.count(stage)
    }
}
