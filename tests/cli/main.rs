//! The command line's tests: `sepax` as a user runs it, `explain` and its batch mode, `simulate`,
//! streamed output, and how what it prints reads. One test binary for all of them, so the crate
//! is linked once.

#[path = "../support/cli.rs"]
mod cli_support;
#[path = "../oracle_support/mod.rs"]
mod oracle_support;
#[path = "../support/pairs.rs"]
mod pairs;
#[cfg(feature = "tui")]
#[path = "../support/screen.rs"]
mod screen_support;

mod any_folder;
mod batch_agreement;
mod batch_cli;
mod batch_stream;
mod cli;
mod explain_convex;
mod explain_frames;
mod explain_resting;
mod explain_soft;
mod flags;
mod horizon;
mod json_lists;
mod output_stream;
mod simulate_cli;
mod wording;
