//! Scene files: the TOML schema, its validation with located diagnostics, and the shipped scenes.

mod model;

pub use model::{BodySpec, FitReport, Scene, ShapeSpec, WorldSettings};
