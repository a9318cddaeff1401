//! Where the debugger's frames come from: the scene simulated with its own settings.

use crate::scene::Scene;
use crate::trace::{scene_timeline, FrameRecord};

/// Every frame of the scene, `0..=frames`; stepping back and forth moves an index into this.
pub fn load_timeline(scene: &Scene) -> Vec<FrameRecord> {
    scene_timeline(scene)
}
