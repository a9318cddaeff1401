//! Where the debugger's frames come from: the one place to swap the kinematic preview for the
//! simulation.

use crate::scene::Scene;
use crate::trace::{kinematic_timeline, FrameRecord};

/// The integrator the frames were made with, as the header and the integrator panel name it.
pub const INTEGRATOR: &str = "kinematic";

/// Every frame of the scene, `0..=frames`; stepping back and forth moves an index into this.
pub fn load_timeline(scene: &Scene) -> Vec<FrameRecord> {
    kinematic_timeline(scene, scene.world.frames)
}
