//! The frame records held in memory and the keyframes to recompute the others from, within a
//! byte budget.

use std::collections::BTreeMap;

use super::size::{record_bytes, world_bytes};
use crate::dynamics::world::World;
use crate::scene::Scene;
use crate::trace::{self, FrameRecord};

/// The records held, the worlds to replay from, and what they cost.
#[derive(Clone, Debug)]
pub(super) struct Store {
    /// Resident records by frame.
    records: BTreeMap<usize, FrameRecord>,
    /// Estimated bytes of the resident records.
    record_bytes: usize,
    /// The world as it stood after each kept frame (`None` for a timeline computed elsewhere,
    /// which keeps every record).
    keyframes: Option<Keyframes>,
}

/// Copies of the world every `interval` frames and the scene to replay them with.
#[derive(Clone, Debug)]
struct Keyframes {
    scene: Box<Scene>,
    worlds: BTreeMap<usize, World>,
    /// Bytes the resident records may take before the farthest are dropped.
    record_budget: usize,
}

impl Store {
    /// Every record, kept for good.
    pub(super) fn complete(frames: Vec<FrameRecord>) -> Store {
        let record_bytes = frames.iter().map(record_bytes).sum();
        Store {
            records: frames.into_iter().map(|r| (r.frame, r)).collect(),
            record_bytes,
            keyframes: None,
        }
    }

    /// An empty store that drops records past `record_budget` bytes and replays `scene` from its
    /// keyframes to bring them back.
    pub(super) fn replaying(scene: &Scene, record_budget: usize) -> Store {
        Store {
            records: BTreeMap::new(),
            record_bytes: 0,
            keyframes: Some(Keyframes {
                scene: Box::new(scene.clone()),
                worlds: BTreeMap::new(),
                record_budget,
            }),
        }
    }

    /// The record of `frame`, if it is resident.
    pub(super) fn get(&self, frame: usize) -> Option<&FrameRecord> {
        self.records.get(&frame)
    }

    /// How many records are resident now.
    pub(super) fn resident(&self) -> usize {
        self.records.len()
    }

    /// Estimated bytes held: resident records and keyframes.
    pub(super) fn bytes(&self) -> usize {
        let worlds = self
            .keyframes
            .as_ref()
            .map_or(0, |k| k.worlds.values().map(world_bytes).sum());
        self.record_bytes + worlds
    }

    /// Keeps a new record (and the world after it, when it is a keyframe), then drops the
    /// records farthest from `focus` while the records pass their budget.
    pub(super) fn push(&mut self, record: FrameRecord, world: Option<World>, focus: usize) {
        if let (Some(keyframes), Some(world)) = (&mut self.keyframes, world) {
            keyframes.worlds.insert(record.frame, world);
        }
        self.insert(record);
        self.trim(focus);
    }

    fn insert(&mut self, record: FrameRecord) {
        self.record_bytes += record_bytes(&record);
        if let Some(old) = self.records.insert(record.frame, record) {
            self.record_bytes -= record_bytes(&old);
        }
    }

    /// Makes `frames` resident, replaying the world from the nearest keyframe at or before the
    /// first missing one; the records near `focus` are kept, the farthest dropped.
    ///
    /// # Algorithm
    /// The world is deterministic: a copy of the world after frame `k`, stepped again, gives the
    /// same frames `k + 1, k + 2, …` as the first run, bit for bit. So for the first frame `f`
    /// not resident, take the latest keyframe `k < f` (frame 0's record is always resident),
    /// step a copy of it to the last frame asked for, and keep every record on the way: stepping
    /// back from there finds them resident until the previous keyframe.
    pub(super) fn ensure(&mut self, frames: std::ops::RangeInclusive<usize>, focus: usize) {
        let Some(missing) = frames.clone().find(|f| !self.records.contains_key(f)) else {
            return;
        };
        let Some(keyframes) = &self.keyframes else {
            return;
        };
        let Some((&start, world)) = keyframes.worlds.range(..missing).next_back() else {
            return;
        };
        let mut world = world.clone();
        let scene = keyframes.scene.clone();
        for _ in start..*frames.end() {
            let step = world.step();
            let record = trace::frame_record(&scene, &world, &step);
            self.insert(record);
            self.trim(focus);
        }
    }

    /// Drops resident records farthest from `focus` (never frame 0, `focus` or the frame after
    /// it) while the records pass their budget.
    fn trim(&mut self, focus: usize) {
        let Some(budget) = self.keyframes.as_ref().map(|k| k.record_budget) else {
            return;
        };
        while self.record_bytes > budget {
            let low = self.records.range(1..focus.max(1)).next().map(|(&f, _)| f);
            let high = self
                .records
                .range(focus.saturating_add(2)..)
                .next_back()
                .map(|(&f, _)| f);
            let victim = match (low, high) {
                (Some(l), Some(h)) => {
                    if focus - l >= h - focus {
                        l
                    } else {
                        h
                    }
                }
                (Some(l), None) => l,
                (None, Some(h)) => h,
                (None, None) => return,
            };
            if let Some(old) = self.records.remove(&victim) {
                self.record_bytes -= record_bytes(&old);
            }
        }
    }
}
