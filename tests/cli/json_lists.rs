//! `sepax scenes --json` and `sepax check --json`: the same lists and counts as the text, as one
//! JSON object a program can read.

use crate::cli_support;
use cli_support::{sepax, stdout};

#[test]
fn scenes_json_lists_every_shipped_scene_and_lesson_with_its_title() {
    let out = sepax(&["scenes", "--json"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let scenes = json["scenes"].as_array().unwrap();
    let lessons = json["lessons"].as_array().unwrap();
    assert_eq!(scenes.len(), sepax::scene::shipped_scenes().len());
    assert_eq!(lessons.len(), sepax::scene::shipped_lessons().len());
    for entry in scenes.iter().chain(lessons) {
        assert!(
            entry["title"].as_str().is_some_and(|t| !t.is_empty()),
            "{entry}"
        );
    }
    assert_eq!(lessons[0]["number"], 1);
}

#[test]
fn check_json_counts_and_locates_each_problem() {
    let dir = std::env::temp_dir().join(format!("sepax-check-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "[world]\ndt = -1\n\n[[body]]\nname = \"a\"\nshape = \"sphere\"\nradius = 1\n",
    )
    .unwrap();
    let out = sepax(&["check", "--json", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["invalid_files"], 1);
    assert_eq!(json["failed"], 1);
    let problems = json["problems"].as_array().unwrap();
    let first = problems[0].as_str().unwrap();
    assert!(
        first.starts_with(&format!("{}:2:", bad.display())),
        "{first}"
    );
    let shipped = sepax(&["check", "--json"]);
    assert!(shipped.status.success());
    // The progress bar is for a terminal: nothing reaches a piped standard error.
    assert!(
        shipped.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&shipped.stderr)
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&shipped)).unwrap();
    assert_eq!(json["failed"], 0);
    assert_eq!(json["scenes"], sepax::scene::shipped_scenes().len());
    let _ = std::fs::remove_dir_all(&dir);
}
