//! `explain --frame N` of a scene held by the soft step reports what the solver did in that
//! frame: the island's substeps and sweeps, and per resting pair its points' separations,
//! impulses and predicted sink.

use crate::cli_support;
use cli_support::{sepax, stdout};

use serde_json::Value;

/// Two boxes (2 kg below, 1 kg above) stacked on a floor, held by the soft step.
const STACK: &str = r#"
[world]
resting = "soft"
dt = 0.016666666666666666
gravity = [0, -9.81, 0]
restitution = 0
friction = 0.5

[[body]]
name = "floor"
shape = "plane"
normal = [0, 1, 0]

[[body]]
name = "bottom"
shape = "box"
center = [0, 0.5, 0]
half_extents = [0.5, 0.5, 0.5]
mass = 2

[[body]]
name = "top"
shape = "box"
center = [0, 1.5, 0]
half_extents = [0.5, 0.5, 0.5]
mass = 1
"#;

/// The stack written to a file of its own.
fn stack_file(tag: &str) -> String {
    let path = std::env::temp_dir().join(format!("sepax-explain-soft-{tag}.toml"));
    std::fs::write(&path, STACK).expect("writes the scene");
    path.to_string_lossy().into_owned()
}

/// `explain` with these arguments, as JSON.
fn json(args: &[&str]) -> Value {
    let out = sepax(args);
    assert!(out.status.success(), "{args:?}: {out:?}");
    serde_json::from_str(&stdout(&out)).expect("JSON")
}

#[test]
fn the_soft_step_record_of_a_frame_carries_the_floor_s_impulse_and_sink() {
    let scene = stack_file("json");
    let explained = json(&[
        "explain",
        &scene,
        "--frame",
        "20",
        "--pair",
        "floor,bottom",
        "--json",
    ]);
    let solver = &explained["solver"];
    let island = &solver["islands"][0];
    assert_eq!(island["substeps"], 8, "{island}");
    assert_eq!(island["iterations"], 1, "{island}");
    assert_eq!(island["bodies"], 2, "{island}");
    assert_eq!(island["contacts"], 2, "{island}");
    let contacts = solver["contacts"].as_array().expect("contacts");
    assert_eq!(contacts.len(), 1, "only the pair asked about: {contacts:?}");
    let contact = &contacts[0];
    assert_eq!(
        (contact["a"].as_str(), contact["b"].as_str()),
        (Some("floor"), Some("bottom"))
    );
    let points = contact["points"].as_array().expect("points");
    assert_eq!(points.len(), 4, "the bottom face's corners: {points:?}");
    // At rest the floor carries both boxes: its impulses over a frame add up to (m₁ + m₂) g dt.
    let impulse: f64 = points
        .iter()
        .map(|p| p["normal_impulse"].as_f64().expect("impulse"))
        .sum();
    let expected = 3.0 * 9.81 / 60.0;
    assert!(
        (impulse - expected).abs() < 1e-3 * expected,
        "floor impulse {impulse} N s, expected {expected}"
    );
    // Each corner has sunk to its predicted sink, F / (m ω²) (frame 20: settled, not yet asleep).
    for p in points {
        let (end, sink) = (
            -p["separation_end"].as_f64().expect("separation"),
            p["predicted_sink"].as_f64().expect("sink"),
        );
        assert!(sink > 0.0 && (end - sink).abs() < 0.02 * sink, "{p}");
        assert_eq!(p["sliding"], false, "{p}");
    }
}

#[test]
fn the_text_names_the_island_and_the_pair_and_an_exact_scene_has_no_soft_step() {
    let scene = stack_file("text");
    let out = sepax(&["explain", &scene, "--frame", "20", "--pair", "bottom,top"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(
        text.contains("soft step, frame 20: 0 bodies asleep, 1 island held"),
        "{text}"
    );
    assert!(
        text.contains("island 1: 2 bodies, 2 resting pairs; 8 substeps × 1 biased sweep"),
        "{text}"
    );
    assert!(
        text.contains("bottom and top: normal (0.000, 1.000, 0.000)"),
        "{text}"
    );
    assert!(
        !text.contains("floor and bottom: normal"),
        "only the pair asked about: {text}"
    );
    let exact = json(&["explain", "two_boxes", "--frame", "1", "--json"]);
    assert!(exact.get("solver").is_none(), "{exact}");
}
