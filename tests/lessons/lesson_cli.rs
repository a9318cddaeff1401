//! `sepax lesson` as a user runs it outside a terminal: located errors and status 2 before any
//! terminal is touched, `--reset`, and where progress is kept. Every run gets its own data folder.
#![cfg(feature = "tui")]

use crate::cli_support;
use crate::data_dir;

use std::path::Path;
use std::process::{Command, Output};

use cli_support::{stderr, stdout};
use data_dir::DataDir;

/// A fresh data folder for one test, created empty.
fn data_dir(test: &str) -> DataDir {
    DataDir::created(&format!("lesson-cli-{test}"))
}

/// `sepax args` with progress kept in `data` (and no other data directory to fall back on).
fn command(data: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sepax"));
    command
        .args(args)
        .env("SEPAX_DATA_DIR", data)
        .env("XDG_DATA_HOME", data.join("xdg"))
        .env("HOME", data.join("home"));
    command
}

/// Runs `sepax args` with progress kept in `data`.
fn sepax(data: &Path, args: &[&str]) -> Output {
    command(data, args).output().expect("sepax runs")
}

#[test]
fn a_bad_lesson_file_prints_located_errors_and_exits_2() {
    let data = data_dir("bad");
    let path = data.path().join("broken.toml");
    std::fs::write(
        &path,
        "title = \"t\"\nscene = \"edge_edge_miss\"\n[[step]]\ntxt = \"x\"\n",
    )
    .unwrap();
    let out = sepax(data.path(), &["lesson", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = stderr(&out);
    assert!(
        err.contains("broken.toml:4:1: unknown key `txt` in step 1; did you mean `text`?"),
        "{err}"
    );
    let unknown = sepax(data.path(), &["lesson", "no_such_lesson"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("no shipped lesson is called `no_such_lesson`"));
}

#[test]
fn a_good_lesson_outside_a_terminal_says_it_needs_one() {
    let data = data_dir("no-tty");
    let out = sepax(data.path(), &["lesson", "tests/fixtures/lessons/tour.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("sepax lesson draws in a terminal"));
    assert!(
        !data.path().join("progress.toml").exists(),
        "nothing was saved"
    );
}

#[test]
fn reset_clears_saved_progress_and_says_so() {
    let data = data_dir("reset");
    let out = sepax(data.path(), &["lesson", "--reset"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "sepax: no saved lesson progress to clear\n");
    let file = data.path().join("progress.toml");
    std::fs::write(
        &file,
        "[lessons.x]\nreached = 1\nsteps = 2\nfinished = false\n",
    )
    .unwrap();
    let out = sepax(data.path(), &["lesson", "--reset"]);
    assert!(out.status.success());
    let stdout = stdout(&out);
    assert!(
        stdout.starts_with("sepax: lesson progress cleared ("),
        "{stdout}"
    );
    assert!(stdout.contains("progress.toml"), "{stdout}");
    assert!(!file.exists());
    let both = sepax(data.path(), &["lesson", "--reset", "6"]);
    assert_eq!(both.status.code(), Some(2), "--reset takes no lesson");
}

#[cfg(target_os = "linux")]
#[test]
fn without_an_override_progress_lives_in_xdg_data_home() {
    let data = data_dir("xdg");
    let xdg = data.path().join("xdg");
    std::fs::create_dir_all(xdg.join("sepax")).unwrap();
    let file = xdg.join("sepax").join("progress.toml");
    std::fs::write(&file, "").unwrap();
    let out = command(data.path(), &["lesson", "--reset"])
        .env_remove("SEPAX_DATA_DIR")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(stdout(&out).contains("sepax/progress.toml"));
    assert!(
        !file.exists(),
        "the file under XDG_DATA_HOME was the one cleared"
    );
}

#[test]
fn sepax_alone_outside_a_terminal_lists_the_lessons_then_the_scenes() {
    let data = data_dir("plain");
    let out = sepax(data.path(), &[]);
    assert!(out.status.success());
    let stdout = stdout(&out);
    let lessons = stdout
        .find("Lessons (sepax lesson N):")
        .expect("a lesson list");
    let scenes = stdout.find("Shipped scenes:").expect("a scene list");
    assert!(lessons < scenes, "{stdout}");
    for (k, (name, _)) in sepax::scene::shipped_lessons().iter().enumerate() {
        let number = sepax::lesson::number(name, k);
        assert!(stdout.contains(&format!("{number:>4}  {name}")), "{stdout}");
    }
}
