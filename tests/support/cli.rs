//! Running the `sepax` binary from a test and reading what it printed.

// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs `sepax` with `args` and waits for it.
pub fn sepax(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sepax"))
        .args(args)
        .output()
        .expect("sepax runs")
}

/// What the run printed on stdout.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// What the run printed on stderr.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs `sepax` with `args`: its exit status, stdout and stderr.
pub fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let output = sepax(args);
    (output.status.code(), stdout(&output), stderr(&output))
}

/// The path of the lesson fixture `name` (`tests/fixtures/lessons/NAME`).
pub fn lesson_fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/lessons/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}
