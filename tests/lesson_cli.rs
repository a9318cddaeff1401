//! `sepax lesson` as a user runs it outside a terminal: located errors and status 2 before any
//! terminal is touched, `--reset`, and where progress is kept. Every run gets its own data folder.
#![cfg(feature = "tui")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh data folder for one test, removed when dropped.
struct DataDir(PathBuf);

impl DataDir {
    fn new(test: &str) -> DataDir {
        let dir =
            std::env::temp_dir().join(format!("sepax-lesson-cli-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        DataDir(dir)
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `sepax args` with progress kept in `data` (and no other data directory to fall back on).
fn sepax(data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sepax"))
        .args(args)
        .env("SEPAX_DATA_DIR", data)
        .env("XDG_DATA_HOME", data.join("xdg"))
        .env("HOME", data.join("home"))
        .output()
        .expect("sepax runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_bad_lesson_file_prints_located_errors_and_exits_2() {
    let data = DataDir::new("bad");
    let path = data.0.join("broken.toml");
    std::fs::write(
        &path,
        "title = \"t\"\nscene = \"edge_edge_miss\"\n[[step]]\ntxt = \"x\"\n",
    )
    .unwrap();
    let out = sepax(&data.0, &["lesson", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("broken.toml:4:1: unknown key `txt` in step 1; did you mean `text`?"),
        "{stderr}"
    );
    let unknown = sepax(&data.0, &["lesson", "no_such_lesson"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).contains("no shipped lesson is called `no_such_lesson`"));
}

#[test]
fn a_good_lesson_outside_a_terminal_says_it_needs_one() {
    let data = DataDir::new("no-tty");
    let out = sepax(&data.0, &["lesson", "tests/fixtures/lessons/tour.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("sepax lesson draws in a terminal"));
    assert!(!data.0.join("progress.toml").exists(), "nothing was saved");
}

#[test]
fn reset_clears_saved_progress_and_says_so() {
    let data = DataDir::new("reset");
    let out = sepax(&data.0, &["lesson", "--reset"]);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "sepax: no saved lesson progress to clear\n"
    );
    let file = data.0.join("progress.toml");
    std::fs::write(
        &file,
        "[lessons.x]\nreached = 1\nsteps = 2\nfinished = false\n",
    )
    .unwrap();
    let out = sepax(&data.0, &["lesson", "--reset"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("sepax: lesson progress cleared ("),
        "{stdout}"
    );
    assert!(stdout.contains("progress.toml"), "{stdout}");
    assert!(!file.exists());
    let both = sepax(&data.0, &["lesson", "--reset", "6"]);
    assert_eq!(both.status.code(), Some(2), "--reset takes no lesson");
}

#[cfg(target_os = "linux")]
#[test]
fn without_an_override_progress_lives_in_xdg_data_home() {
    let data = DataDir::new("xdg");
    let xdg = data.0.join("xdg");
    std::fs::create_dir_all(xdg.join("sepax")).unwrap();
    let file = xdg.join("sepax").join("progress.toml");
    std::fs::write(&file, "").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sepax"))
        .args(["lesson", "--reset"])
        .env_remove("SEPAX_DATA_DIR")
        .env("XDG_DATA_HOME", &xdg)
        .env("HOME", data.0.join("home"))
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("sepax/progress.toml"));
    assert!(
        !file.exists(),
        "the file under XDG_DATA_HOME was the one cleared"
    );
}

#[test]
fn sepax_alone_outside_a_terminal_lists_the_lessons_then_the_scenes() {
    let data = DataDir::new("plain");
    let out = sepax(&data.0, &[]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
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
