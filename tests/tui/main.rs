//! The terminal debugger's tests: screens rendered with `TestBackend` against the snapshots in
//! `snapshots/`, the keys of its contract, the pair list, and the real binary in tmux. One test
//! binary for all of them, so the crate is linked once.

#[path = "../support/data_dir.rs"]
mod data_dir;
#[cfg(feature = "tui")]
#[path = "../support/lesson.rs"]
mod lesson_support;
#[cfg(feature = "tui")]
#[path = "../support/screen.rs"]
mod screen_support;
#[path = "../support/tmux.rs"]
mod tmux_support;

// `support/keys.rs` is loaded once, inside the lesson helpers: a second `mod` of the same file
// would be another module (clippy::duplicate_mod).
#[cfg(feature = "tui")]
use lesson_support::keys;

mod lesson_labels;
mod lesson_methods;
mod lesson_pictures;
mod lesson_render;
mod lesson_soft_step;
mod matrices_fit;
mod pair_list;
mod render;
mod render_convex;
mod render_matrices;
mod render_probes;
mod render_surfaces;
mod snapshot_labels;
mod table_title;
mod tmux;
mod tmux_lesson;
mod tmux_pairs;
mod tui_keys;
mod tui_pairs;
