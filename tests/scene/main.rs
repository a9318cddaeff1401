//! The scene reader's tests: valid scenes load into the model, every bad input gets a located
//! diagnostic, rays, measures and matrices, hostile, extreme and corrupted files. One test binary
//! for all of them, so the crate is linked once.

#[path = "../support/cli.rs"]
mod cli_support;
#[path = "../support/located.rs"]
mod located;
#[path = "../support/mutate.rs"]
mod mutate;
#[path = "../oracle_support/mod.rs"]
mod oracle_support;
#[path = "../shapes_support/mod.rs"]
mod shapes_support;

// `support/rng.rs` is loaded once, inside the oracle helpers: a second `mod` of the same file
// would be another module with another `Rng` (clippy::duplicate_mod).
use oracle_support::rng;

mod extreme_input;
mod hostile_files;
mod mutation;
mod scene_convex;
mod scene_errors;
mod scene_load;
mod scene_matrices;
mod scene_probes;
mod scene_sim_schema;
mod scene_triangles;
