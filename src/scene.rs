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
//! - a new array of tables such as `[[spring]]`: a module like `scene/spring.rs` whose
//!   `validate(table, span, index, &roster, report) -> Option<SpringSpec>` reads it with `Fields`,
//!   an `each(f.raw("spring"), ...)` line in `document::validate`, and a field on [`Scene`];
//! - a table that names bodies resolves them with the roster of the file's bodies (`roster.rs`),
//!   which reports an unknown name at the name with the closest one, a plane, or a fixed body where
//!   a moving one is needed; [`find_body`] gives the same message for a loaded scene;
//! - a table with a `kind` (`[[force]]`, `[[constraint]]`) finishes with `Fields::finish_kind`, so
//!   that a key of another kind is named as such.

mod body;
mod constraint;
mod convex;
mod diagnostic;
mod document;
pub(crate) mod fields;
mod figure;
mod force;
mod friction;
pub mod limits;
pub(crate) mod load;
mod matrix;
mod measure;
mod mesh;
mod model;
mod obj;
mod obj_check;
mod points;
mod ray;
mod report;
mod roster;
pub(crate) mod rotation;
mod spring;
mod suggest;
mod triangle;
pub(crate) mod value;
mod world;

pub use body::SHAPES;
pub use constraint::{CONSTRAINT_KINDS, CONSTRAINT_METHODS};
pub use diagnostic::{closest, line_col, listing, suggest, Diagnostic, Diagnostics, Snippet};
pub use figure::FIGURES;
pub use force::FORCE_KINDS;
pub use load::{
    load, load_bytes, load_path, load_shipped, load_str, load_with, read_file, shipped_files,
    shipped_lessons, shipped_scenes, text_of, Files, MAX_FILE_BYTES,
};
pub use matrix::MAX_MATRIX_SIZE;
pub use model::{
    BodySpec, ConstraintKind, ConstraintMethod, ConstraintSpec, Figure, FigureSpec, FitReport,
    ForceSpec, MatrixSpec, MeasureSpec, MeshSpec, RaySpec, ResponseModel, Scene, ShapeSpec,
    SpringSpec, Target, WorldSettings,
};
pub use ray::{TriangleTest, MAX_BOUNCES};
pub use roster::find_body;
pub use suggest::MAX_LISTED;
pub use world::{
    DEFAULT_FRAMES, DEFAULT_INTEGRATOR, DEFAULT_RESTITUTION, INTEGRATORS, MAX_FRAMES, RESPONSES,
};
