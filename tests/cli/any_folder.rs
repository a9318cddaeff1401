//! The shipped content answers the same from any folder: `check`, `scenes` and `explain` run in
//! an empty temporary folder read the shipped OBJ files, not files beside the working directory.

use std::path::PathBuf;
use std::process::{Command, Output};

/// An empty folder of this test's own under the system's temporary folder.
fn empty_folder(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sepax-any-folder-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// `sepax args…` run in `dir`.
fn sepax_in(dir: &PathBuf, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sepax"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("sepax runs")
}

#[test]
fn check_passes_the_shipped_content_from_an_empty_folder() {
    let dir = empty_folder("check");
    let out = sepax_in(&dir, &["check"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "check from {}: {text}\n{errors}",
        dir.display()
    );
    assert!(text.contains(", 0 failed"), "{text}");
    assert!(!text.contains("cannot read the OBJ file"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_shipped_scene_has_its_title_in_the_list_from_an_empty_folder() {
    let dir = empty_folder("scenes");
    let out = sepax_in(&dir, &["scenes"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let listed: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Shipped scenes:"))
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .collect();
    assert_eq!(listed.len(), sepax::scene::shipped_scenes().len(), "{text}");
    for line in &listed {
        let mut words = line.split_whitespace();
        let name = words.next().unwrap_or_default();
        assert!(words.next().is_some(), "`{name}` has no title: {line:?}");
    }
    for mesh_scene in ["box_on_ramp", "lesson_box_on_grid"] {
        assert!(
            listed
                .iter()
                .any(|l| l.split_whitespace().next() == Some(mesh_scene)),
            "{mesh_scene} is not listed"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_shipped_mesh_scene_is_explained_from_an_empty_folder() {
    let dir = empty_folder("explain");
    let out = sepax_in(&dir, &["explain", "box_on_ramp"]);
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{errors}");
    assert!(!errors.contains("OBJ"), "{errors}");
    let _ = std::fs::remove_dir_all(&dir);
}
