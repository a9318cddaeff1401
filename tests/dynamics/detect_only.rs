//! A detect-only world (`response = "none"`): contacts are reported at their exact times, bodies
//! pass through each other and through planes, and forces and constraints act as usual.

use crate::cli_support;
use cli_support::{sepax, stderr, stdout};

use std::path::Path;

use sepax::scene::{load, load_path, load_str, ResponseModel, Scene};
use sepax::trace::{simulate_timeline, EventRecord, FrameRecord, SimOptions};

const G: f64 = 9.81;
/// The `lesson_tunnel` bullet in a detect-only world.
const TUNNEL: &str = "tests/fixtures/detect_tunnel.toml";

/// The scene in `text`, which must load.
fn scene(text: &str) -> Scene {
    load_str(text, "test.toml").unwrap_or_else(|d| panic!("{d}"))
}

/// Frames `0..=frames` of the scene.
fn timeline(scene: &Scene, frames: usize) -> Vec<FrameRecord> {
    simulate_timeline(scene, frames, &SimOptions::default()).expect("simulates")
}

/// Every event of the timeline with the frame that reports it.
fn events(frames: &[FrameRecord]) -> Vec<(usize, &EventRecord)> {
    frames
        .iter()
        .flat_map(|r| r.events.iter().map(move |e| (r.frame, e)))
        .collect()
}

/// Body `name`'s record in `frame`.
fn body<'r>(frame: &'r FrameRecord, name: &str) -> &'r sepax::trace::BodyFrame {
    frame.bodies.iter().find(|b| b.name == name).expect("body")
}

#[test]
fn the_bullet_crosses_the_wall_and_the_contact_is_reported_at_0_06_s() {
    let tunnel = load_path(Path::new(TUNNEL)).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(tunnel.world.response, ResponseModel::None);
    let frames = timeline(&tunnel, 10);
    let all = events(&frames);
    assert_eq!(all.len(), 1, "one contact: {all:#?}");
    let (frame, e) = all[0];
    assert_eq!(frame, 1);
    assert_eq!((e.a.as_str(), e.b.as_str()), ("wall", "bullet"));
    // The bullet's front face (x + 0.2) meets the wall's face (x = -0.1): -1.5 + 20 t = -0.3.
    assert!((e.time - 0.06).abs() < 1e-9, "contact at {}", e.time);
    assert_eq!((e.impulse, e.restitution), (0.0, 0.0));
    assert_eq!(e.axis.as_deref(), Some("A0"));
    assert_eq!(e.contact_kind.as_deref(), Some("face-face"));
    assert_eq!(e.normal, [-1.0, 0.0, 0.0]);
    assert!(
        (e.point[0] + 0.1).abs() < 1e-9 && e.point[2].abs() < 1e-9,
        "{:?}",
        e.point
    );
    assert!(!e.approximations.is_empty());
    for record in &frames {
        let bullet = body(record, "bullet");
        let x = -1.5 + 20.0 * record.time;
        assert!(
            (bullet.position[0] - x).abs() < 1e-12,
            "frame {}",
            record.frame
        );
        assert_eq!(bullet.velocity, [20.0, 0.0, 0.0]);
        assert_eq!(record.resting_points, 0);
        assert_eq!(record.energy.total, 200.0);
    }
    assert!(
        body(&frames[1], "bullet").position[0] > 0.3,
        "past the wall at frame 1"
    );
}

#[test]
fn the_same_bullet_bounces_in_an_impulse_world() {
    let frames = timeline(&load("lesson_tunnel").expect("shipped"), 10);
    let all = events(&frames);
    assert_eq!(all.len(), 1);
    assert!((all[0].1.time - 0.06).abs() < 1e-9);
    assert!(all[0].1.impulse > 0.0);
    assert!(
        body(&frames[10], "bullet").velocity[0] < 0.0,
        "bounced back"
    );
}

#[test]
fn simulate_json_reports_the_crossing_and_the_bullet_flies_on() {
    let output = sepax(&["simulate", TUNNEL, "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let lines: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 11);
    let event = &lines[1]["events"][0];
    assert!(
        (event["time"].as_f64().unwrap() - 0.06).abs() < 1e-9,
        "{event}"
    );
    assert_eq!(event["impulse"], 0.0);
    assert_eq!(event["restitution"], 0.0);
    assert_eq!(event["contact_kind"], "face-face");
    for line in &lines[2..] {
        assert_eq!(line["events"].as_array().map(Vec::len), Some(0));
    }
    let bullet = &lines[10]["bodies"][1];
    assert_eq!(bullet["velocity"], serde_json::json!([20.0, 0.0, 0.0]));
    assert!((bullet["position"][0].as_f64().unwrap() - 18.5).abs() < 1e-9);
}

#[test]
fn contacts_inside_one_frame_come_in_time_order() {
    // Two thin walls crossed in the same frame: at 0.03 s and at 0.055 s.
    let text = std::fs::read_to_string(TUNNEL).expect("fixture")
        + "\n[[body]]\nname = \"second\"\nshape = \"box\"\ncenter = [1.0, 0.0, 0.0]\n\
           half_extents = [0.1, 2.0, 2.0]\nfixed = true\n";
    let text = text.replace("velocity = [20.0, 0.0, 0.0]", "velocity = [40.0, 0.0, 0.0]");
    let frames = timeline(&scene(&text), 3);
    let all = events(&frames);
    let times: Vec<(usize, &str, f64)> = all
        .iter()
        .map(|(f, e)| (*f, e.a.as_str(), e.time))
        .collect();
    assert_eq!(times.len(), 2, "{times:?}");
    assert_eq!((times[0].0, times[0].1), (1, "wall"));
    assert_eq!((times[1].0, times[1].1), (1, "bullet"));
    assert!(
        (times[0].2 - 0.03).abs() < 1e-9 && (times[1].2 - 0.055).abs() < 1e-9,
        "{times:?}"
    );
}

/// Two unit cubes sliding towards each other at 1 m/s from 4 m apart (centre to centre).
const HEAD_ON: &str = r#"
[world]
dt = 0.1
frames = 50
response = "none"
[[body]]
name = "A"
shape = "box"
center = [-2, 0, 0]
half_extents = [0.5, 0.5, 0.5]
velocity = [1, 0, 0]
[[body]]
name = "B"
shape = "box"
center = [2, 0, 0]
half_extents = [0.5, 0.5, 0.5]
velocity = [-1, 0, 0]
"#;

#[test]
fn bodies_overlap_freely_and_a_pair_reports_only_when_it_comes_into_contact() {
    let frames = timeline(&scene(HEAD_ON), 50);
    let all = events(&frames);
    assert_eq!(
        all.len(),
        1,
        "met once, then overlapped and parted silently: {all:#?}"
    );
    assert!((all[0].1.time - 1.5).abs() < 1e-9, "{}", all[0].1.time);
    for record in &frames {
        let (a, b) = (body(record, "A"), body(record, "B"));
        assert!((a.position[0] - (-2.0 + record.time)).abs() < 1e-12);
        assert!((b.position[0] - (2.0 - record.time)).abs() < 1e-12);
        assert_eq!(
            (a.velocity, b.velocity),
            ([1.0, 0.0, 0.0], [-1.0, 0.0, 0.0])
        );
    }
    // At t = 2 the cubes coincide; at t = 5 they are 2 m apart on the other side.
    assert!(body(&frames[20], "A").position[0].abs() < 1e-12);
    assert!((body(&frames[50], "A").position[0] - 3.0).abs() < 1e-12);
}

#[test]
fn a_ball_falls_through_a_plane_and_the_crossing_is_reported() {
    let text = r#"
[world]
dt = 0.01
frames = 300
gravity = [0, -9.81, 0]
response = "none"
[[body]]
name = "floor"
shape = "plane"
normal = [0, 1, 0]
[[body]]
name = "ball"
shape = "sphere"
center = [0, 5.5, 0]
radius = 0.5
"#;
    let frames = timeline(&scene(text), 300);
    let all = events(&frames);
    assert_eq!(all.len(), 1, "{all:#?}");
    let exact = (2.0 * 5.0 / G).sqrt();
    let (frame, e) = all[0];
    assert_eq!(frame, 101);
    assert!(
        (e.time - exact).abs() < 1e-9,
        "crossing at {}, exact {exact}",
        e.time
    );
    assert_eq!((e.a.as_str(), e.b.as_str()), ("floor", "ball"));
    assert_eq!(e.normal, [0.0, 1.0, 0.0]);
    assert!(e.point[1].abs() < 1e-9);
    let start = frames[0].energy.total;
    for record in &frames {
        let ball = body(record, "ball");
        let t = record.time;
        assert!(
            (ball.position[1] - (5.5 - 0.5 * G * t * t)).abs() < 1e-9,
            "t = {t}"
        );
        assert!((ball.velocity[1] + G * t).abs() < 1e-9);
        assert!((record.energy.total - start).abs() < 1e-9 * start);
        assert_eq!(record.resting_points, 0);
    }
}

#[test]
fn a_pair_overlapping_at_frame_0_reports_nothing_until_it_touches_again() {
    // A ball thrown up from inside a plane leaves it without an event and falls back through it:
    // its lowest point meets the plane again when 5 t - g t²/2 = 0.5 on the way down.
    let text = r#"
[world]
dt = 0.05
frames = 40
gravity = [0, -9.81, 0]
response = "none"
[[body]]
name = "floor"
shape = "plane"
normal = [0, 1, 0]
[[body]]
name = "ball"
shape = "sphere"
center = [0, 0, 0]
radius = 0.5
velocity = [0, 5, 0]
"#;
    let all_frames = timeline(&scene(text), 40);
    let all = events(&all_frames);
    assert_eq!(all.len(), 1, "{all:#?}");
    let exact = (5.0 + (25.0 - G).sqrt()) / G;
    assert!(
        (all[0].1.time - exact).abs() < 1e-9,
        "{} vs {exact}",
        all[0].1.time
    );
    assert_eq!(all[0].0, (exact / 0.05).ceil() as usize);
}

#[test]
fn gravity_and_constraints_move_the_bodies_exactly_as_without_the_obstacle() {
    // A pendulum on a rod (Lagrange multiplier) swings through a fixed block.
    let pendulum = r#"
[world]
dt = 0.02
frames = 100
gravity = [0, -9.81, 0]
response = "none"
[[body]]
name = "anchor"
shape = "sphere"
center = [0, 2, 0]
radius = 0.05
fixed = true
[[body]]
name = "bob"
shape = "sphere"
center = [1, 2, 0]
radius = 0.2
[[constraint]]
kind = "rod"
method = "lagrange"
a = "bob"
b = "anchor"
"#;
    let block = "[[body]]\nname = \"block\"\nshape = \"box\"\ncenter = [0, 1, 0]\n\
                 half_extents = [0.1, 0.3, 1]\nfixed = true\n";
    let with = timeline(&scene(&format!("{pendulum}{block}")), 100);
    let without = timeline(&scene(pendulum), 100);
    for (w, o) in with.iter().zip(&without) {
        let (bw, bo) = (body(w, "bob"), body(o, "bob"));
        assert_eq!(
            (bw.position, bw.velocity),
            (bo.position, bo.velocity),
            "frame {}",
            w.frame
        );
    }
    let hits: Vec<_> = events(&with)
        .into_iter()
        .filter(|(_, e)| e.a == "bob" && e.b == "block")
        .collect();
    assert!(
        !hits.is_empty(),
        "the bob passes through the block and the contacts are reported"
    );
    assert!(hits.iter().all(|(_, e)| e.impulse == 0.0));
    assert!(events(&without).is_empty());
}

#[test]
fn response_defaults_to_impulse_and_an_unknown_one_is_a_located_error() {
    let base = "[world]\ndt = 0.1\n";
    let sphere = "[[body]]\nname = \"S\"\nshape = \"sphere\"\ncenter = [0, 0, 0]\nradius = 1\n";
    let default = scene(&format!("{base}{sphere}"));
    assert_eq!(default.world.response, ResponseModel::Impulse);
    let none = scene(&format!("{base}response = \"none\"\n{sphere}"));
    assert_eq!(none.world.response, ResponseModel::None);
    let typo = load_str(&format!("{base}response = \"nnone\"\n{sphere}"), "t.toml")
        .expect_err("unknown response");
    let message = typo.to_string();
    assert!(
        message
            .starts_with("t.toml:3:12: unknown response `nnone` in [world]; did you mean `none`?"),
        "{message}"
    );
    assert!(
        message.contains("expected one of: impulse, particle, none"),
        "{message}"
    );
    let number = load_str(&format!("{base}response = 1\n{sphere}"), "t.toml").expect_err("type");
    assert!(number
        .to_string()
        .starts_with("t.toml:3:12: `response` in [world] must be a string"));
}

#[cfg(feature = "tui")]
#[test]
fn the_debugger_header_says_detect_only() {
    use sepax::tui::{status, App, Options};
    let detect = App::new(load(TUNNEL).expect("fixture"), &Options::default());
    assert!(
        status(&detect, " | ").contains(" | detect only | "),
        "{}",
        status(&detect, " | ")
    );
    let impulse = App::new(load("lesson_tunnel").expect("shipped"), &Options::default());
    assert!(!status(&impulse, " | ").contains("detect only"));
}
