//! sepax: the separating-axis test, moving boxes, contact points and the course's physics, as
//! plain records that carry their own evidence.
//!
//! ```text
//! math ← geometry ← sat ← contact ← dynamics ← trace ← draw ← tui ← main
//!              scene, lesson: use math/geometry/dynamics/trace, never tui
//!              batch: dumped box pairs explained as trace explains a scene's
//! ```

pub use nalgebra;

pub mod batch;
pub mod contact;
pub mod draw;
pub mod dynamics;
pub mod geometry;
pub mod lesson;
pub mod math;
pub mod sat;
pub mod scene;
pub mod trace;
#[cfg(feature = "tui")]
pub mod tui;

pub use geometry::Obb;
