//! The `sepax` binary as a user runs it: output, JSON contract, exit statuses.

use crate::cli_support;
use cli_support::{sepax, stderr, stdout};

use std::path::Path;

#[test]
fn explain_says_which_axis_separates_the_near_miss() {
    let out = sepax(&["explain", "edge_edge_miss"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("A and B do not collide: axis A0xB2 separates them by"),
        "{text}"
    );
    for axis in ["A0 ", "A2 ", "B1 ", "A0xB0", "A1xB2", "A2xB2"] {
        assert!(text.contains(axis), "{axis} missing from\n{text}");
    }
}

#[test]
fn explain_json_has_the_contract_fields_and_fifteen_rows() {
    let out = sepax(&[
        "explain",
        "scenes/edge_edge.toml",
        "--json",
        "--horizon",
        "1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "exactly one JSON object");
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["scene"], "edge_edge");
    assert_eq!(json["frame"], 0);
    assert_eq!(json["time"], 0.0);
    let body = &json["bodies"][0];
    for key in [
        "name",
        "shape",
        "center",
        "half_extents",
        "axes",
        "rotation",
        "velocity",
        "fit",
    ] {
        assert!(body.get(key).is_some(), "body lacks {key}: {body}");
    }
    let pair = &json["pairs"][0];
    assert_eq!(
        (pair["a"].as_str(), pair["b"].as_str()),
        (Some("A"), Some("B"))
    );
    assert_eq!(pair["shapes"], "box-box");
    assert_eq!(pair["axes"].as_array().unwrap().len(), 15);
    let row = &pair["axes"][0];
    for key in [
        "axis",
        "l",
        "r",
        "r0",
        "r1",
        "separating",
        "degenerate",
        "gap",
    ] {
        assert!(row.get(key).is_some(), "row lacks {key}: {row}");
    }
    let contact = &pair["contact"];
    assert_eq!(contact["axis"], "A0xB2");
    assert_eq!(contact["kind"], "edge-edge");
    assert!(contact["time"].as_f64().unwrap() > 0.0);
}

#[test]
fn default_horizon_is_the_rest_of_the_scene() {
    let out = sepax(&["explain", "moving_past", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["horizon"], 2.0);
    assert_eq!(json["horizon_from"], "rest-of-scene");
    assert!(json["pairs"][0]["contact"].is_null());
}

#[test]
fn frame_advances_the_scene_with_constant_velocity() {
    let out = sepax(&["explain", "moving_past", "--json", "--frame", "10"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!((json["time"].as_f64().unwrap() - 0.2).abs() < 1e-12);
    let x = json["bodies"][1]["center"][0].as_f64().unwrap();
    assert!((x - (-4.0 + 4.0 * 0.2)).abs() < 1e-12, "{x}");
}

#[test]
fn every_shipped_scene_explains_as_text_and_json() {
    for entry in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            // The OBJ files the scenes read.
            continue;
        }
        let path = path.to_str().unwrap();
        for extra in [&[][..], &["--json"][..]] {
            let mut args = vec!["explain", path, "--horizon", "1"];
            args.extend_from_slice(extra);
            let out = sepax(&args);
            assert!(out.status.success(), "{path}: {}", stderr(&out));
            assert!(!stdout(&out).is_empty());
        }
    }
}

#[test]
fn unknown_pair_name_is_an_error_with_status_2_and_no_stdout() {
    let out = sepax(&["explain", "edge_edge_miss", "--pair", "A,C"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert!(
        stderr(&out).contains("no body named `C`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_horizon_and_missing_file_exit_2() {
    for args in [
        &["explain", "edge_edge_miss", "--horizon", "-1"][..],
        &["explain", "edge_edge_miss", "--horizon", "nan"][..],
        &["explain", "no/such/file.toml"][..],
        &["explain", "no_such_scene"][..],
        &["explain", "edge_edge_miss", "--frame", "100000"][..],
    ] {
        let out = sepax(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}");
        assert!(!stderr(&out).is_empty(), "{args:?}");
    }
}

#[test]
fn no_arguments_lists_the_shipped_scenes() {
    let out = sepax(&[]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("edge_edge_miss"));
}

#[test]
fn a_misspelt_pair_body_gets_a_did_you_mean() {
    let out = sepax(&["explain", "two_boxes", "--pair", "A,b"]);
    assert_eq!(out.status.code(), Some(2));
    let text = stderr(&out);
    assert!(
        text.contains("no body named `b`; did you mean `B`? bodies: A, B"),
        "{text}"
    );
}
