//! The frames the debugger steps through: all of them at once, or frame 0 at once and the rest
//! from a background thread that simulates the scene and sends each frame record as it is made.

use std::fmt;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread;

use crate::scene::Scene;
use crate::trace::{self, FrameRecord, SimOptions};

/// The frames computed so far and, while the simulation runs, where the next ones come from.
#[derive(Clone, Debug)]
pub struct Timeline {
    frames: Vec<FrameRecord>,
    last: usize,
    feed: Option<Feed>,
}

/// The receiving end of the background simulation (shared, so a debugger can be cloned).
#[derive(Clone)]
struct Feed(Arc<Mutex<Receiver<FrameRecord>>>);

impl fmt::Debug for Feed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Feed")
    }
}

impl Timeline {
    /// Frames computed elsewhere, all of them.
    pub fn complete(frames: Vec<FrameRecord>) -> Timeline {
        Timeline {
            last: frames.len().saturating_sub(1),
            frames,
            feed: None,
        }
    }

    /// Frame 0 of `scene` now, and frames 1 to the scene's last simulated by a background thread
    /// (the same frames as [`trace::scene_timeline`]).
    pub fn streaming(scene: &Scene) -> Timeline {
        let options = SimOptions::default();
        let Ok(first) = trace::simulate_timeline(scene, 0, &options) else {
            return Timeline::complete(trace::scene_timeline(scene));
        };
        let last = scene.world.frames;
        let (sender, receiver) = mpsc::channel();
        let owned = scene.clone();
        thread::spawn(move || {
            let Ok(mut world) = trace::world_from_scene(&owned, &options) else {
                return;
            };
            for _ in 0..last {
                let step = world.step();
                let record = trace::frame_record(&owned, &world, &step);
                if sender.send(record).is_err() {
                    return;
                }
            }
        });
        Timeline {
            frames: first,
            last,
            feed: (last > 0).then(|| Feed(Arc::new(Mutex::new(receiver)))),
        }
    }

    /// Takes every frame the background thread has sent; returns how many arrived.
    pub fn receive(&mut self) -> usize {
        let Some(Feed(receiver)) = &self.feed else {
            return 0;
        };
        let before = self.frames.len();
        let mut finished = false;
        if let Ok(receiver) = receiver.lock() {
            loop {
                match receiver.try_recv() {
                    Ok(record) => self.frames.push(record),
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => {
                        finished = true;
                        break;
                    }
                }
            }
        }
        if finished || self.frames.len() > self.last {
            // Done, or the thread stopped early: what arrived is the whole timeline.
            self.last = self.frames.len() - 1;
            self.feed = None;
        }
        self.frames.len() - before
    }

    /// Whether frames are still being simulated.
    pub fn is_loading(&self) -> bool {
        self.feed.is_some()
    }

    /// The frames computed so far.
    pub fn frames(&self) -> &[FrameRecord] {
        &self.frames
    }

    /// The last frame index once every frame is computed.
    pub fn last(&self) -> usize {
        self.last
    }
}
