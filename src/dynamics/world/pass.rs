//! One frame's search for contacts: every group's track, the pairs' tests, and the impacts taken
//! in time order, each followed by the rest of the frame (in a detect-only world, the contacts
//! recorded in time order and nothing changed).

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap, HashSet};

use super::broad::{cheap_rejection, swept, Stages, Verdict, Volume};
use super::fat::FatGrid;
use super::group::Group;
use super::impact::{detect_pair, respond, test_pair, Hit, Leg, Response};
use super::sort_sweep::BroadPhase;
use super::track::{end_state, pack, unpack, Evidence, Track};
use super::{ContactEvent, Settings, TOUCHING};
use crate::dynamics::system::body_state;
use crate::dynamics::toi::Approximation;
use crate::dynamics::{BodyState, RigidBody};

/// The most impacts one pair may have in one frame; later touches are left to the resting pass.
const MAX_IMPACTS_PER_PAIR: usize = 4;

/// Which group each body is in, its place there, and the pairs that never collide.
pub(super) type Layout<'w> = (
    &'w [Option<usize>],
    &'w [usize],
    &'w HashSet<(usize, usize)>,
);

/// What the soft step decided before the search: the bodies whose motion over the frame is
/// given (planned by the soft step, or asleep) with their end states, the resting pairs the search
/// leaves alone, and the sleeping bodies.
#[derive(Clone, Copy)]
pub(super) struct Plan<'w> {
    /// Per body: whether its frame is given.
    pub given: &'w [bool],
    /// Per body: its state at the frame end where given.
    pub ends: &'w [BodyState],
    /// Pairs the soft step holds (`a < b`), in increasing order.
    pub resting: &'w [(usize, usize)],
    /// Per body: whether it sleeps.
    pub asleep: &'w [bool],
}

/// An impact waiting in the queue, with the track versions it was computed from.
#[derive(Clone, Debug)]
struct Pending {
    hit: Hit,
    pair: (usize, usize),
    versions: [u32; 2],
}

impl PartialEq for Pending {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Pending {}

impl PartialOrd for Pending {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Pending {
    /// Reversed, so the max-heap pops the earliest impact (then the first pair in scene order).
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .hit
            .time
            .total_cmp(&self.hit.time)
            .then_with(|| other.pair.cmp(&self.pair))
    }
}

/// The state of one frame's search.
pub(super) struct Pass<'w> {
    bodies: &'w mut [RigidBody],
    groups: &'w mut [Group],
    group_of: &'w [Option<usize>],
    local: &'w [usize],
    joined: &'w HashSet<(usize, usize)>,
    settings: &'w Settings,
    plan: Plan<'w>,
    frame_start: f64,
    tracks: Vec<Track>,
    legs: Vec<Leg>,
    volumes: Vec<Volume>,
    /// The sort-and-sweep over the volumes, made at the frame's first impact.
    broad: Option<BroadPhase>,
    queue: BinaryHeap<Pending>,
    /// Per body: struck in this frame, so it left its island's plan and its resting pairs are
    /// searched exactly for the rest of the frame.
    released: Vec<bool>,
    impacts: HashMap<(usize, usize), usize>,
    events: Vec<ContactEvent>,
    stages: Stages,
    capped: bool,
}

/// What a frame's search leaves behind besides the bodies' new states.
pub(super) struct Outcomes {
    pub events: Vec<ContactEvent>,
    pub stages: Stages,
    pub capped: bool,
    pub evidence: Vec<Evidence>,
    /// The bodies struck in the frame, each with its state right after its last impact.
    pub restarts: Vec<Restart>,
}

/// A body struck in the frame: the time (into the frame) and its state right after its last
/// impact, where the rest of its frame starts.
#[derive(Clone, Copy, Debug)]
pub(super) struct Restart {
    pub body: usize,
    pub t0: f64,
    pub state: BodyState,
}

impl<'w> Pass<'w> {
    /// Integrates every group over the frame (a group whose frame the plan gives follows it) and
    /// queues the impacts of every pair.
    pub fn begin(
        bodies: &'w mut [RigidBody],
        groups: &'w mut [Group],
        (group_of, local, joined): Layout<'w>,
        (settings, plan): (&'w Settings, Plan<'w>),
        (frame_start, broad): (f64, &mut FatGrid),
    ) -> Self {
        let tracks = groups
            .iter_mut()
            .map(|g| {
                let given = g
                    .members
                    .iter()
                    .all(|&i| group_of[i].is_none() || plan.given[i]);
                if given {
                    Track::planned(g, bodies, plan.ends, settings, frame_start)
                } else {
                    Track::begin(g, bodies, settings, frame_start)
                }
            })
            .collect();
        let bodies_len = bodies.len();
        let mut pass = Self {
            bodies,
            groups,
            group_of,
            local,
            joined,
            settings,
            plan,
            frame_start,
            tracks,
            legs: Vec::new(),
            volumes: Vec::new(),
            broad: None,
            queue: BinaryHeap::new(),
            released: vec![false; bodies_len],
            impacts: HashMap::new(),
            events: Vec::new(),
            stages: Stages::default(),
            capped: false,
        };
        pass.legs = (0..pass.bodies.len()).map(|i| pass.leg(i)).collect();
        pass.volumes = (0..pass.bodies.len()).map(|i| pass.volume(i)).collect();
        for (a, b) in broad.pairs(&pass.volumes, TOUCHING) {
            pass.consider(a, b);
        }
        pass
    }

    /// Body `i`'s motion over the rest of the frame (a moving surface: its whole frame at its
    /// constant velocity).
    fn leg(&self, i: usize) -> Leg {
        let start = self.bodies[i].state;
        match self.group_of[i] {
            Some(g) => Leg {
                t0: self.tracks[g].t0,
                start,
                end: end_state(&self.tracks[g], self.local[i]),
                fixed: false,
            },
            None if self.bodies[i].is_kinematic() => Leg {
                t0: 0.0,
                start,
                end: BodyState {
                    position: start.position + start.velocity * self.settings.dt,
                    ..start
                },
                fixed: false,
            },
            None => Leg {
                t0: 0.0,
                start,
                end: start,
                fixed: true,
            },
        }
    }

    /// Body `i`'s swept volume over the rest of its leg.
    fn volume(&self, i: usize) -> Volume {
        let leg = &self.legs[i];
        let h = if leg.fixed {
            0.0
        } else {
            self.settings.dt - leg.t0
        };
        swept(&self.bodies[i], &leg.start, &leg.end, h)
    }

    /// The version of body `i`'s track.
    fn version(&self, i: usize) -> u32 {
        self.group_of[i].map_or(0, |g| self.tracks[g].version)
    }

    /// Cheap rejection, then the exact test; an impact joins the queue (`a < b`: the broad
    /// phase never pairs a body with itself; two bodies of infinite mass, still or moving, two
    /// sleeping ones, and a pair the soft step holds are never tested).
    fn consider(&mut self, a: usize, b: usize) {
        let idle = |i: usize| self.group_of[i].is_none() || self.plan.asleep[i];
        if (idle(a) && idle(b))
            || (self.plan.resting.binary_search(&(a, b)).is_ok()
                && !self.released[a]
                && !self.released[b])
            || (!self.joined.is_empty() && self.joined.contains(&(a, b)))
            || (!self.impacts.is_empty()
                && self.impacts.get(&(a, b)).copied().unwrap_or(0) >= MAX_IMPACTS_PER_PAIR)
        {
            return;
        }
        self.stages.broad_phase += 1;
        match cheap_rejection(&self.volumes[a], &self.volumes[b], TOUCHING) {
            Verdict::Spheres => return,
            Verdict::Aabbs => {
                self.stages.spheres += 1;
                return;
            }
            Verdict::Exact => {
                self.stages.spheres += 1;
                self.stages.aabbs += 1;
            }
        }
        let legs = (&self.legs[a], &self.legs[b]);
        let (dt, material) = (self.settings.dt, &self.settings.material);
        let hit = if self.settings.response.responds() {
            test_pair(self.bodies, legs, (a, b), dt, material)
        } else {
            detect_pair(self.bodies, legs, (a, b), dt)
        };
        if let Some(hit) = hit {
            let versions = [self.version(a), self.version(b)];
            self.queue.push(Pending {
                hit,
                pair: (a, b),
                versions,
            });
        }
    }

    /// Takes the impacts in time order until none is left or the cap is reached.
    pub fn run(&mut self) {
        while let Some(pending) = self.queue.pop() {
            let (a, b) = pending.pair;
            if pending.versions != [self.version(a), self.version(b)] {
                continue;
            }
            if self.events.len() >= self.settings.max_contacts {
                self.capped = true;
                break;
            }
            self.handle(&pending);
        }
    }

    /// Advances the pair's groups to the impact, responds, and restarts them from there; in a
    /// detect-only world only records the contact (nothing changes, so nothing is tested again).
    fn handle(&mut self, pending: &Pending) {
        if !self.settings.response.responds() {
            let event = self.event(pending, Response::NONE);
            self.events.push(event);
            return;
        }
        let (a, b) = pending.pair;
        let t = pending.hit.time;
        let mut involved: Vec<usize> = [self.group_of[a], self.group_of[b]]
            .into_iter()
            .flatten()
            .collect();
        involved.dedup();
        for &g in &involved {
            let y = self.tracks[g].cut(&mut self.groups[g], self.settings, self.frame_start, t);
            unpack(&self.groups[g], &y, self.bodies);
        }
        let response = respond(
            self.bodies,
            (a, b),
            &pending.hit,
            (&self.settings.material, self.settings.response),
        );
        *self.impacts.entry((a, b)).or_insert(0) += 1;
        self.released[a] = true;
        self.released[b] = true;
        let event = self.event(pending, response);
        self.events.push(event);
        let mut changed = Vec::new();
        for &g in &involved {
            let y = pack(&self.groups[g], self.bodies);
            self.tracks[g].restart(&mut self.groups[g], self.settings, self.frame_start, t, y);
            let moving = self.groups[g].members.iter().copied();
            changed.extend(moving.filter(|&i| self.group_of[i] == Some(g)));
        }
        if self.broad.is_none() {
            self.broad = Some(BroadPhase::new(&self.volumes));
        }
        for &i in &changed {
            self.legs[i] = self.leg(i);
            self.volumes[i] = self.volume(i);
            if let Some(broad) = &mut self.broad {
                broad.mark_changed(i, &self.volumes);
            }
        }
        for &i in &changed {
            let partners = self
                .broad
                .as_ref()
                .map_or_else(Vec::new, |b| b.partners(i, &self.volumes, TOUCHING));
            for j in partners {
                if !(changed.contains(&j) && j < i) {
                    self.consider(i.min(j), i.max(j));
                }
            }
        }
    }

    /// The event of a pending contact with the response it got.
    fn event(&self, pending: &Pending, response: Response) -> ContactEvent {
        let (a, b) = pending.pair;
        let hit = &pending.hit;
        ContactEvent {
            time: self.frame_start + hit.time,
            a,
            b,
            point: hit.point,
            normal: hit.normal,
            axis: hit.axis,
            features: hit.features,
            impulse: response.impulse,
            restitution: response.restitution,
            approximations: hit
                .approximations
                .iter()
                .map(|x| Approximation {
                    time: x.time.map(|t| self.frame_start + t),
                    ..*x
                })
                .collect(),
        }
    }

    /// Keeps every track's last piece, writes the end states into the bodies (a moving surface
    /// at its leg's end).
    pub fn finish(self) -> Outcomes {
        let mut evidence = Vec::with_capacity(self.tracks.len());
        let mut restarts = Vec::new();
        for (g, track) in self.tracks.into_iter().enumerate() {
            if track.version > 0 {
                for (k, &i) in self.groups[g].members.iter().enumerate() {
                    if self.group_of[i] == Some(g) {
                        restarts.push(Restart {
                            body: i,
                            t0: track.t0,
                            state: body_state(&track.start, k),
                        });
                    }
                }
            }
            let (y, e) = track.finish();
            unpack(&self.groups[g], &y, self.bodies);
            evidence.push(e);
        }
        for (i, leg) in self.legs.iter().enumerate() {
            if self.group_of[i].is_none() && !leg.fixed {
                self.bodies[i].state = leg.end;
            }
        }
        Outcomes {
            events: self.events,
            stages: self.stages,
            capped: self.capped,
            evidence,
            restarts,
        }
    }
}
