//! The frames the debugger steps through: all of them at once, or frame 0 at once and the rest
//! from a background thread that simulates the scene and sends each frame record as it is made.
//!
//! History is kept within a budget ([`HISTORY_BUDGET`]): past it, the records farthest from the
//! frame shown are dropped and recomputed on demand from keyframes (copies of the world every
//! few frames), which gives the same records bit for bit, so stepping back stays exact.

mod size;
mod store;
#[cfg(test)]
mod tests;

use std::fmt;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread;

use store::Store;

use crate::dynamics::world::World;
use crate::scene::Scene;
use crate::trace::{self, DivergedRecord, FrameRecord, SimOptions};

/// Bytes of frame history (records and keyframes, estimated) the debugger keeps in memory.
pub const HISTORY_BUDGET: usize = 256 << 20;

/// What the sparklines need of every frame, kept for all frames however long the history.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameSummary {
    /// The largest error estimate of any body in the frame (NaN once diverged).
    pub max_error: f64,
    /// Total energy.
    pub energy: f64,
}

impl FrameSummary {
    fn of(record: &FrameRecord) -> Self {
        FrameSummary {
            max_error: super::integrator::max_error(record),
            energy: record.energy.total,
        }
    }
}

/// The frames computed so far and, while the simulation runs, where the next ones come from.
#[derive(Clone, Debug)]
pub struct Timeline {
    store: Store,
    summaries: Vec<FrameSummary>,
    last: usize,
    feed: Option<Feed>,
    diverged: Option<DivergedRecord>,
}

/// One simulated frame and, every few frames, the world after it.
type Message = (FrameRecord, Option<World>);

/// The receiving end of the background simulation (shared, so a debugger can be cloned).
#[derive(Clone)]
struct Feed(Arc<Mutex<Receiver<Message>>>);

impl fmt::Debug for Feed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Feed")
    }
}

impl Timeline {
    /// Frames computed elsewhere, all of them, all kept.
    pub fn complete(frames: Vec<FrameRecord>) -> Timeline {
        Timeline {
            last: frames.len().saturating_sub(1),
            summaries: frames.iter().map(FrameSummary::of).collect(),
            diverged: frames.iter().find_map(|r| r.diverged.clone()),
            store: Store::complete(frames),
            feed: None,
        }
    }

    /// Frame 0 of `scene` now, and frames 1 to the scene's last simulated by a background thread
    /// (the same frames as [`trace::scene_timeline`]), within [`HISTORY_BUDGET`].
    pub fn streaming(scene: &Scene) -> Timeline {
        Timeline::streaming_within(scene, HISTORY_BUDGET)
    }

    /// [`Timeline::streaming`] keeping about `budget` bytes of history: three quarters for
    /// records, a quarter for keyframes.
    pub fn streaming_within(scene: &Scene, budget: usize) -> Timeline {
        let options = SimOptions::default();
        let (Ok(first), Ok(world)) = (
            trace::simulate_timeline(scene, 0, &options),
            trace::world_from_scene(scene, &options),
        ) else {
            return Timeline::complete(trace::scene_timeline(scene));
        };
        let last = scene.world.frames;
        let interval = keyframe_interval(size::world_bytes(&world), last, budget / 4);
        let mut store = Store::replaying(scene, budget - budget / 4);
        let summaries = first.iter().map(FrameSummary::of).collect();
        for record in first {
            store.push(record, Some(world.clone()), 0);
        }
        let (sender, receiver) = mpsc::channel();
        let owned = scene.clone();
        thread::spawn(move || simulate(&owned, world, last, interval, &sender));
        Timeline {
            store,
            summaries,
            last,
            feed: (last > 0).then(|| Feed(Arc::new(Mutex::new(receiver)))),
            diverged: None,
        }
    }

    /// Takes every frame the background thread has sent, keeping the records near `focus`;
    /// returns how many arrived and the world box of the bodies they hold.
    pub fn receive(&mut self, focus: usize) -> (usize, Option<[nalgebra::Vector3<f64>; 2]>) {
        let Some(Feed(receiver)) = &self.feed else {
            return (0, None);
        };
        let before = self.summaries.len();
        let mut finished = false;
        let mut extent: Option<[nalgebra::Vector3<f64>; 2]> = None;
        if let Ok(receiver) = receiver.lock() {
            loop {
                match receiver.try_recv() {
                    Ok((record, world)) => {
                        let [low, high] = super::navigate::extent([&record]);
                        extent =
                            Some(extent.map_or([low, high], |[l, h]| [l.inf(&low), h.sup(&high)]));
                        self.summaries.push(FrameSummary::of(&record));
                        if self.diverged.is_none() {
                            self.diverged.clone_from(&record.diverged);
                        }
                        self.store.push(record, world, focus);
                    }
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => {
                        finished = true;
                        break;
                    }
                }
            }
        }
        if finished || self.summaries.len() > self.last {
            // Done, or the thread stopped early: what arrived is the whole timeline.
            self.last = self.summaries.len() - 1;
            self.feed = None;
        }
        (self.summaries.len() - before, extent)
    }

    /// Whether frames are still being simulated.
    pub fn is_loading(&self) -> bool {
        self.feed.is_some()
    }

    /// How many frames are computed so far.
    pub fn computed(&self) -> usize {
        self.summaries.len()
    }

    /// The record of a computed frame, once [`Timeline::ensure`] has made it resident.
    ///
    /// # Panics
    /// When the frame is not resident: call [`Timeline::ensure`] first.
    pub fn record(&self, frame: usize) -> &FrameRecord {
        self.store
            .get(frame)
            .unwrap_or_else(|| panic!("frame {frame} is not resident"))
    }

    /// The record of `frame` if it is resident.
    pub fn get(&self, frame: usize) -> Option<&FrameRecord> {
        self.store.get(frame)
    }

    /// Makes `frame` and the frame after it resident (recomputing them when they were dropped).
    pub fn ensure(&mut self, frame: usize) {
        let end = (frame + 1).min(self.summaries.len().saturating_sub(1));
        self.store.ensure(frame..=end, frame);
    }

    /// The summaries of frames `0..=frame`.
    pub fn summaries(&self, frame: usize) -> &[FrameSummary] {
        &self.summaries[..=frame.min(self.summaries.len() - 1)]
    }

    /// The last frame index once every frame is computed.
    pub fn last(&self) -> usize {
        self.last
    }

    /// The event that ended the timeline early, when the simulation diverged.
    pub fn diverged(&self) -> Option<&DivergedRecord> {
        self.diverged.as_ref()
    }

    /// How many records are in memory now, and the estimated bytes of history held.
    pub fn held(&self) -> (usize, usize) {
        (self.store.resident(), self.store.bytes())
    }
}

/// Frames between keyframes so that a keyframe every so many frames of a run of `frames` fits
/// in `budget` bytes (at least 1).
fn keyframe_interval(world_bytes: usize, frames: usize, budget: usize) -> usize {
    frames
        .saturating_mul(world_bytes)
        .div_ceil(budget.max(1))
        .max(1)
}

/// The background simulation: frames 1 to `last`, a copy of the world every `interval` frames,
/// stopping after a diverged frame or when the debugger has gone.
fn simulate(
    scene: &Scene,
    mut world: World,
    last: usize,
    interval: usize,
    sender: &mpsc::Sender<Message>,
) {
    for frame in 1..=last {
        let step = world.step();
        let record = trace::frame_record(scene, &world, &step);
        let diverged = record.diverged.is_some();
        let keyframe = (frame % interval == 0).then(|| world.clone());
        if sender.send((record, keyframe)).is_err() || diverged {
            return;
        }
    }
}
