//! Output is streamed, and a reader that goes away ends the program quietly: `sepax simulate
//! SCENE --json | head -1` and the like exit with status 0 and print nothing on stderr, at once
//! rather than after computing everything.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a run that lost its reader may take to notice; far more than it needs, far less
/// than the whole output would take to compute in a test build.
const GRACE: Duration = Duration::from_secs(60);

/// Starts `sepax args` with piped output.
fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_sepax"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sepax starts")
}

/// Reads the first line of the run's output, closes the pipe as `head -1` does, and returns
/// that line, the exit status and what went to stderr.
fn first_line_then_close(args: &[&str]) -> (String, Option<i32>, String) {
    let mut child = spawn(args);
    let mut line = String::new();
    {
        let mut out = BufReader::new(child.stdout.take().unwrap());
        out.read_line(&mut line).unwrap();
    }
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > GRACE {
            child.kill().ok();
            panic!("sepax {args:?} kept running after its reader went away");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    (line, status.code(), err)
}

#[test]
fn a_million_frames_of_json_lines_stop_quietly_when_the_reader_leaves() {
    let (line, status, err) =
        first_line_then_close(&["simulate", "bouncing_ball", "--frames", "1000000", "--json"]);
    let first: serde_json::Value = serde_json::from_str(&line).expect("one whole JSON line");
    assert_eq!(first["frame"], 0);
    assert_eq!(status, Some(0), "a closed pipe is not an error: {err}");
    assert!(err.is_empty(), "nothing on stderr: {err}");
}

#[test]
fn every_command_ends_quietly_with_status_0_on_a_closed_pipe() {
    let big = big_scene();
    let runs: [&[&str]; 6] = [
        &["simulate", "bouncing_ball", "--frames", "1000000"],
        &["explain", big.to_str().unwrap()],
        &["explain", big.to_str().unwrap(), "--json"],
        &["scenes"],
        &["check"],
        &[],
    ];
    for args in runs {
        let (line, status, err) = first_line_then_close(args);
        assert!(!line.is_empty(), "{args:?} printed something first");
        assert_eq!(status, Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
    std::fs::remove_file(big).ok();
}

#[test]
fn explain_json_streamed_pair_by_pair_is_one_whole_object() {
    let out = Command::new(env!("CARGO_BIN_EXE_sepax"))
        .args(["explain", "box_stack", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.matches('\n').count(), 1, "exactly one line");
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(value["pairs"].as_array().unwrap().len() >= 2);
}

/// A scene of 400 boxes (79,800 pairs): its explanation is megabytes long.
fn big_scene() -> std::path::PathBuf {
    let mut text = String::from("[world]\ndt = 0.01\n");
    for k in 0..400 {
        let (x, z) = (f64::from(k % 20) * 3.0, f64::from(k / 20) * 3.0);
        let _ = write!(
            text,
            "[[body]]\nname = \"b{k}\"\nshape = \"box\"\ncenter = [{x}, 0, {z}]\n\
             half_extents = [1, 1, 1]\n"
        );
    }
    let path = std::env::temp_dir().join(format!("sepax-big-{}.toml", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}
