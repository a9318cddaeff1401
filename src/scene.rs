//! Scene files: the TOML schema, its validation with located diagnostics, and the shipped scenes.
//!
//! Loading runs in two layers. The TOML is parsed into its spanned tree (`toml::de::DeTable`,
//! every key and value with its byte range); one validation function per table then reads that
//! tree key by key into the model types of [`model`](self), reporting every problem at its place
//! instead of stopping at the first as a derived serde deserializer would.
//!
//! Extending the format is a local change:
//! - a new `[world]` key: read it in `world::validate` (the keys read are the keys allowed) and add
//!   the field to [`WorldSettings`];
//! - a new table such as `[[spring]]`: a module `scene/spring.rs` whose
//!   `validate(table, span, &bodies, report) -> Option<SpringSpec>` reads it with `Fields`, a
//!   `f.raw("spring")` arm in `document::validate`, and a field on [`Scene`]; body names resolve
//!   with [`find_body`].

mod body;
mod diagnostic;
mod document;
mod fields;
mod load;
mod model;
mod points;
mod rotation;
mod value;
mod world;

pub use body::SHAPES;
pub use diagnostic::{closest, line_col, suggest, Diagnostic, Diagnostics, Snippet};
pub use document::find_body;
pub use load::{load, load_bytes, load_path, load_str, shipped_lessons, shipped_scenes};
pub use model::{BodySpec, FitReport, Scene, ShapeSpec, WorldSettings};
pub use world::{DEFAULT_FRAMES, DEFAULT_INTEGRATOR, DEFAULT_RESTITUTION, INTEGRATORS, MAX_FRAMES};
