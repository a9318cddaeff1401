//! `explain`'s horizon: the rest of the scene by default, one frame when the scene gives no
//! `frames`, `--horizon 0` for this instant only, and the report says which one it used.

use std::path::{Path, PathBuf};

use crate::cli_support::{run, sepax, stderr, stdout};

/// Two unit-wide boxes 4 m apart closing at 4 m/s (B at 4 m/s towards a fixed A), `frames`
/// written into `[world]` when given: they touch when the 3.884 m gap is closed, at 0.971 s.
fn closing_boxes(tag: &str, frames: Option<usize>) -> PathBuf {
    let frames = frames.map_or_else(String::new, |n| format!("frames = {n}\n"));
    let text = format!(
        "[world]\ndt = 0.02\n{frames}\n\
         [[body]]\nname = \"A\"\nshape = \"box\"\ncenter = [0.0, 0.0, 0.0]\n\
         half_extents = [0.058, 0.5, 0.5]\nfixed = true\n\n\
         [[body]]\nname = \"B\"\nshape = \"box\"\ncenter = [4.0, 0.0, 0.0]\n\
         half_extents = [0.058, 0.5, 0.5]\nvelocity = [-4.0, 0.0, 0.0]\n"
    );
    let path =
        std::env::temp_dir().join(format!("sepax-horizon-{}-{tag}.toml", std::process::id()));
    std::fs::write(&path, text).expect("a temporary scene");
    path
}

/// `explain PATH --json ARGS…` as JSON.
fn explained(path: &Path, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["explain", path.to_str().unwrap(), "--json"];
    all.extend_from_slice(args);
    let out = sepax(&all);
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_str(&stdout(&out)).unwrap()
}

#[test]
fn closing_boxes_report_their_first_touch_without_a_horizon() {
    let path = closing_boxes("rest", Some(100));
    let json = explained(&path, &[]);
    assert!(
        (json["horizon"].as_f64().unwrap() - 2.0).abs() < 1e-12,
        "{json}"
    );
    assert_eq!(json["horizon_from"], "rest-of-scene");
    let time = json["pairs"][0]["contact"]["time"]
        .as_f64()
        .expect("a contact");
    assert!((time - 0.971).abs() < 1e-9, "{time}");
    let (code, text, err) = run(&["explain", path.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        text.contains("contacts searched until t = 2.000 s (horizon 2 s, the rest of the scene"),
        "{text}"
    );
    // From frame 10 the rest of the scene is 90 frames.
    let json = explained(&path, &["--frame", "10"]);
    assert!(
        (json["horizon"].as_f64().unwrap() - 1.8).abs() < 1e-12,
        "{json}"
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_scene_without_frames_looks_one_frame_ahead() {
    let path = closing_boxes("one", None);
    let json = explained(&path, &[]);
    assert_eq!(json["horizon"], 0.02);
    assert_eq!(json["horizon_from"], "one-frame");
    assert!(json["pairs"][0]["contact"].is_null(), "{json}");
    // --frames on the command line gives the scene its frames.
    let json = explained(&path, &["--frames", "50"]);
    assert!(
        (json["horizon"].as_f64().unwrap() - 1.0).abs() < 1e-12,
        "{json}"
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn horizon_zero_is_this_instant_only() {
    let path = closing_boxes("zero", Some(100));
    let json = explained(&path, &["--horizon", "0"]);
    assert_eq!(json["horizon"], 0.0);
    assert_eq!(json["horizon_from"], "option");
    assert!(json["pairs"][0]["contact"].is_null(), "{json}");
    let (code, text, err) = run(&["explain", path.to_str().unwrap(), "--horizon", "0"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        text.contains("contacts searched at this instant only (--horizon 0)"),
        "{text}"
    );
    let _ = std::fs::remove_file(&path);
}
