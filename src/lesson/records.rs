//! The records of one frame of a lesson's scene, as facts, placeholders and the prose check read
//! them: the frame's record, its pairs, each pair's first contact and the events inside the frame.

use std::collections::HashMap;

use super::check::{first_contact_from, pair_at};
use crate::sat::Robustness;
use crate::scene::Scene;
use crate::trace::{self, BodyFrame, ContactRecord, EventRecord, FrameRecord, PairRecord};

/// One frame of a scene's timeline; pair records and contacts are computed when first asked for.
pub struct FrameRecords<'a> {
    /// The scene.
    pub scene: &'a Scene,
    /// Its timeline.
    pub timeline: &'a [FrameRecord],
    /// The frame.
    pub frame: usize,
    pairs: HashMap<(String, String), Option<PairRecord>>,
    contacts: HashMap<(String, String), Option<ContactRecord>>,
}

/// A pair's key whichever way round it is named.
fn key(a: &str, b: &str) -> (String, String) {
    if a <= b {
        (a.to_string(), b.to_string())
    } else {
        (b.to_string(), a.to_string())
    }
}

impl<'a> FrameRecords<'a> {
    /// The records of `frame` (clamped to the timeline) of `scene`.
    pub fn new(scene: &'a Scene, timeline: &'a [FrameRecord], frame: usize) -> Self {
        FrameRecords {
            scene,
            timeline,
            frame: frame.min(timeline.len().saturating_sub(1)),
            pairs: HashMap::new(),
            contacts: HashMap::new(),
        }
    }

    /// The frame's record.
    pub fn record(&self) -> &'a FrameRecord {
        &self.timeline[self.frame]
    }

    /// The body's state at the frame.
    pub fn body(&self, name: &str) -> Option<&'a BodyFrame> {
        self.record().bodies.iter().find(|b| b.name == name)
    }

    /// The pair's record at the frame (`a` is the body earlier in the scene, whatever the order
    /// asked), as [`pair_at`] computes it.
    pub fn pair(&mut self, a: &str, b: &str) -> Option<&PairRecord> {
        let (scene, record) = (self.scene, self.record());
        self.pairs
            .entry(key(a, b))
            .or_insert_with(|| pair_at(scene, record, a, b))
            .as_ref()
    }

    /// The pair's first contact at or after the frame, as [`first_contact_from`] finds it.
    pub fn contact(&mut self, a: &str, b: &str) -> Option<&ContactRecord> {
        let (scene, timeline, frame) = (self.scene, self.timeline, self.frame);
        self.contacts
            .entry(key(a, b))
            .or_insert_with(|| first_contact_from(scene, timeline, frame, a, b))
            .as_ref()
    }

    /// The contact events inside the frame (of the pair, when given): those the step from this
    /// frame to the next finds, listed by the next frame's record, at times in
    /// `[t_frame, t_frame + dt]` — the frames `play_until = { contact = … }` stops at.
    pub fn events_inside(&self, pair: Option<(&str, &str)>) -> Vec<&'a EventRecord> {
        let Some(next) = self.timeline.get(self.frame + 1) else {
            return Vec::new();
        };
        next.events
            .iter()
            .filter(|e| e.kind == "contact")
            .filter(|e| pair.is_none_or(|(a, b)| (e.a == a && e.b == b) || (e.a == b && e.b == a)))
            .collect()
    }

    /// Every pair of the frame as `explain` reports it, with every body's record.
    pub fn explanation(&self) -> trace::Explanation {
        trace::explain(
            self.scene,
            &self.record().specs,
            self.frame,
            self.scene.world.dt,
            None,
            Robustness::default(),
        )
    }

    /// The name of every pair of bodies of the scene, in scene order.
    pub fn pair_names(&self) -> Vec<(&'a str, &'a str)> {
        let bodies = &self.scene.bodies;
        bodies
            .iter()
            .enumerate()
            .flat_map(|(i, a)| {
                bodies[i + 1..]
                    .iter()
                    .map(move |b| (a.name.as_str(), b.name.as_str()))
            })
            .collect()
    }
}
