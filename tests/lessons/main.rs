//! The lesson tests: the format and its checker, the prose against the engine, the lesson player
//! and menu as the learner uses them, `sepax lesson`, and what the lessons claim and cite. One
//! test binary for all of them, so the crate is linked once.

#[path = "../support/cli.rs"]
mod cli_support;
#[path = "../support/data_dir.rs"]
mod data_dir;
#[cfg(feature = "tui")]
#[path = "../support/lesson.rs"]
mod lesson_support;
#[cfg(feature = "tui")]
#[path = "../support/screen.rs"]
mod screen_support;

// `support/keys.rs` is loaded once, inside the lesson helpers: a second `mod` of the same file
// would be another module (clippy::duplicate_mod).
#[cfg(feature = "tui")]
use lesson_support::keys;

mod citations;
mod course_claims;
mod lesson_arithmetic;
mod lesson_cli;
mod lesson_convex;
mod lesson_keys;
mod lesson_masks;
mod lesson_menu;
mod lesson_methods;
mod lesson_prose;
mod lesson_quiz;
mod lesson_screen;
mod lesson_show;
mod lesson_stacks;
mod lesson_surfaces;
mod lesson_views;
mod lessons;
mod vocabulary;
