//! `explain` on a body resting on another a rounding error above it: the pair is apart by no
//! more than the gap at which `simulate` holds a resting contact, and the record says so.

use crate::cli_support;
use cli_support::{sepax, stdout};

use serde_json::Value;

/// The pairs `explain … --json` prints.
fn pairs(args: &[&str]) -> Vec<Value> {
    let out = sepax(args);
    assert!(out.status.success(), "{args:?}: {out:?}");
    let json: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    json["pairs"].as_array().expect("pairs").clone()
}

#[test]
fn a_box_riding_a_platform_a_rounding_error_above_it_is_resting() {
    // From frame 40 on the box rides the moving platform 1.1e-16 m above its top face.
    let pair = &pairs(&[
        "explain",
        "moving_platform",
        "--frame",
        "40",
        "--pair",
        "platform,box",
        "--json",
    ])[0];
    assert_eq!(pair["intersecting"], false);
    let gap = pair["resting_gap"].as_f64().expect("a resting gap");
    assert!(gap > 0.0 && gap <= 1e-8, "resting gap {gap}");
    let sentence = pair["sentence"].as_str().unwrap();
    assert!(
        sentence.contains("m at which `simulate` holds a resting contact"),
        "{sentence}"
    );
    // `--touching` keeps it.
    let touching = pairs(&[
        "explain",
        "moving_platform",
        "--frame",
        "40",
        "--touching",
        "--json",
    ]);
    assert!(
        touching
            .iter()
            .any(|p| p["a"] == "platform" && p["b"] == "box"),
        "{touching:?}"
    );
}

#[test]
fn only_gaps_up_to_the_resting_gap_are_resting() {
    for (lift, resting) in [(5e-9, true), (2e-8, false), (1e-3, false)] {
        let text = format!(
            "[world]\ndt = 0.01\n[[body]]\nname = \"table\"\nshape = \"box\"\n\
             half_extents = [2, 0.5, 2]\ncenter = [0, -0.5, 0]\nfixed = true\n\
             [[body]]\nname = \"cup\"\nshape = \"box\"\nhalf_extents = [0.1, 0.1, 0.1]\n\
             center = [0, {}, 0]\n",
            0.1 + lift
        );
        let path = std::env::temp_dir().join(format!("sepax-resting-{lift:e}.toml"));
        std::fs::write(&path, text).unwrap();
        let pair = &pairs(&["explain", path.to_str().unwrap(), "--json"])[0];
        std::fs::remove_file(&path).ok();
        assert_eq!(pair["intersecting"], false, "lift {lift}");
        match pair.get("resting_gap").and_then(Value::as_f64) {
            Some(gap) => {
                assert!(resting, "lift {lift}: resting gap {gap}");
                assert!((gap - lift).abs() < 1e-12, "lift {lift}: resting gap {gap}");
            }
            None => assert!(!resting, "lift {lift}: no resting gap"),
        }
    }
}
