//! `sepax simulate` as a user runs it: the JSON Lines contract, the text table, bad input with
//! exit status 2, and `explain --frame` reading the simulated state.

use crate::cli_support;
use cli_support::{sepax, stderr, stdout};

use std::path::PathBuf;

/// A scene file of its own in the temporary directory, removed when dropped (also when the
/// test fails while it is in use).
struct SceneFile(PathBuf);

impl SceneFile {
    /// Writes `text` to the file for `name`.
    fn new(name: &str, text: &str) -> SceneFile {
        let path =
            std::env::temp_dir().join(format!("sepax-simulate-{}-{name}.toml", std::process::id()));
        std::fs::write(&path, text).expect("temporary directory is writable");
        SceneFile(path)
    }

    /// The path as the command line gets it.
    fn shown(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for SceneFile {
    fn drop(&mut self) {
        std::fs::remove_file(&self.0).ok();
    }
}

/// A valid scene: a wall, a ball on a spring and a floor; the lines below are numbered.
const SPRING: &str = "[world]
dt = 0.01
frames = 20
gravity = [0, -9.81, 0]

[[body]]
name = \"wall\"
shape = \"box\"
center = [0, 2, 0]
half_extents = [0.5, 0.05, 0.5]
fixed = true

[[body]]
name = \"ball\"
shape = \"sphere\"
center = [0, 0.5, 0]
radius = 0.1

[[spring]]
a = \"wall\"
b = \"ball\"
rest_length = 1.0
stiffness = 4.0
";

#[test]
fn json_prints_one_line_per_frame_from_frame_0_with_the_contract_fields() {
    let out = sepax(&["simulate", "bouncing_ball", "--json", "--frames", "80"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect();
    assert_eq!(lines.len(), 81);
    for (k, frame) in lines.iter().enumerate() {
        assert_eq!(frame["frame"], k);
        assert!((frame["time"].as_f64().unwrap() - k as f64 * 0.01).abs() < 1e-12);
        for key in ["substeps", "bodies", "energy", "events"] {
            assert!(frame.get(key).is_some(), "frame {k} lacks {key}");
        }
        for key in ["kinetic", "potential", "total"] {
            assert!(frame["energy"][key].is_f64(), "energy lacks {key}");
        }
        for body in frame["bodies"].as_array().unwrap() {
            for key in [
                "name",
                "position",
                "velocity",
                "rotation",
                "angular_velocity",
                "error_estimate",
                "suggested_dt",
            ] {
                assert!(body.get(key).is_some(), "body lacks {key}: {body}");
            }
            assert_eq!(body["rotation"].as_array().unwrap().len(), 4);
        }
    }
    let events: Vec<&serde_json::Value> = lines
        .iter()
        .flat_map(|f| f["events"].as_array().unwrap())
        .collect();
    assert_eq!(events.len(), 1, "one bounce in 0.8 s");
    let event = events[0];
    for key in [
        "kind", "time", "a", "b", "point", "axis", "normal", "impulse",
    ] {
        assert!(event.get(key).is_some(), "event lacks {key}: {event}");
    }
    assert_eq!(event["kind"], "contact");
    assert_eq!(
        (event["a"].as_str(), event["b"].as_str()),
        (Some("floor"), Some("ball"))
    );
    assert!(event["axis"].is_null());
    assert_eq!(event["normal"], serde_json::json!([0.0, 1.0, 0.0]));
    // The ball falls 2.75 m: its surface meets the floor at sqrt(2·2.75/g).
    let exact = (2.0 * 2.75 / 9.81_f64).sqrt();
    assert!((event["time"].as_f64().unwrap() - exact).abs() < 1e-9);
}

#[test]
fn text_shows_the_frame_table_and_the_contacts() {
    let out = sepax(&["simulate", "fast_box"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("scene fast_box"), "{text}");
    assert!(
        text.contains("sub-steps") && text.contains("total energy"),
        "{text}"
    );
    assert!(text.contains("contacts: 1"), "{text}");
    assert!(
        text.contains("plate and box") && text.contains("axis A1"),
        "{text}"
    );
    let long = stdout(&sepax(&["simulate", "free_rotation"]));
    assert!(long.contains("one frame in 15,"), "{long}");
}

#[test]
fn overrides_change_the_frames_dt_integrator_and_tolerance() {
    let out = sepax(&[
        "simulate",
        "orbit",
        "--json",
        "--frames",
        "3",
        "--dt",
        "0.5",
        "--integrator",
        "rk2",
        "--tolerance",
        "1e-6",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[3]["time"], 1.5);
    assert!(lines[1]["substeps"].as_u64().unwrap() > 1, "{}", lines[1]);
    let text = stdout(&sepax(&[
        "simulate",
        "orbit",
        "--integrator",
        "midpoint",
        "--frames",
        "2",
    ]));
    assert!(text.contains("midpoint, dt = 0.1 s, 2 frames"), "{text}");
}

#[test]
fn bad_options_exit_2_with_a_clear_message_and_nothing_on_stdout() {
    for (args, says) in [
        (
            &["--integrator", "rk5"][..],
            "a similar value exists: 'rk4'",
        ),
        (
            &["--integrator", "euler"][..],
            "explicit-euler, semi-implicit-euler, midpoint",
        ),
        (&["--tolerance", "0"][..], "tolerance must be a positive"),
        (
            &["--tolerance", "-1e-6"][..],
            "tolerance must be a positive",
        ),
        (&["--tolerance", "nan"][..], "tolerance must be a positive"),
        (&["--dt", "0"][..], "dt must be a positive"),
        (&["--dt", "-0.01"][..], "dt must be a positive"),
        (&["--frames", "0"][..], "frame count"),
        (&["--frames", "-3"][..], "frame count"),
    ] {
        let mut all = vec!["simulate", "bouncing_ball"];
        all.extend_from_slice(args);
        let out = sepax(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
    let out = sepax(&["simulate", "no_such_scene"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no shipped scene is called"));
}

#[test]
fn bad_scene_files_get_located_errors_and_exit_2() {
    let cases = [
        (
            "unknown_body",
            SPRING.replace("a = \"wall\"", "a = \"wal\""),
            20,
            5,
            "unknown body \"wal\"",
        ),
        (
            "negative_stiffness",
            SPRING.replace("stiffness = 4.0", "stiffness = -4.0"),
            23,
            13,
            "stiffness",
        ),
        (
            "unknown_integrator",
            SPRING.replace("frames = 20", "frames = 20\nintegrator = \"rk5\""),
            4,
            14,
            "integrator",
        ),
        (
            "zero_tolerance",
            SPRING.replace("frames = 20", "frames = 20\ntolerance = 0"),
            4,
            13,
            "tolerance",
        ),
        (
            "negative_tolerance",
            SPRING.replace("frames = 20", "frames = 20\ntolerance = -1e-6"),
            4,
            13,
            "tolerance",
        ),
    ];
    assert!(
        sepax(&["simulate", SceneFile::new("valid", SPRING).shown()])
            .status
            .success()
    );
    for (name, text, line, column, says) in cases {
        let file = SceneFile::new(name, &text);
        let shown = file.shown();
        let out = sepax(&["simulate", shown, "--json"]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(stdout(&out).is_empty(), "{name}");
        let place = format!("{shown}:{line}:{column}: ");
        assert!(
            err.starts_with(&place),
            "{name}: expected {place} in\n{err}"
        );
        assert!(err.contains(says), "{name}: {err}");
    }
}

#[test]
fn explain_frame_reads_the_simulated_state() {
    let out = sepax(&["explain", "bouncing_ball", "--frame", "50", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let ball = &json["bodies"][1];
    let t = 0.5;
    let y = ball["center"][1].as_f64().unwrap();
    let vy = ball["velocity"][1].as_f64().unwrap();
    assert!(
        (y - (3.0 - 0.5 * 9.81 * t * t)).abs() < 1e-9,
        "{y}: gravity acted"
    );
    assert!((vy + 9.81 * t).abs() < 1e-9, "{vy}");
    let x = ball["center"][0].as_f64().unwrap();
    assert!((x - (-3.0 + 2.0 * t)).abs() < 1e-9, "{x}");
}

#[test]
fn a_moving_triangle_or_mesh_is_carried_at_its_velocity() {
    let triangle = "[world]
dt = 0.1
frames = 5

[[body]]
name = \"ball\"
shape = \"sphere\"
radius = 0.5
center = [2, 1, 0]

[[body]]
name = \"T\"
shape = \"triangle\"
vertices = [[0, 0, -2], [0, 0, 2], [0, 3, 0]]
velocity = [1, 0, 0]
";
    let mesh = "[world]
dt = 0.1
frames = 5

[[body]]
name = \"pad\"
shape = \"mesh\"
  velocity = [0, 1, 0]
vertices = [[0, 0, 0], [1, 0, 0], [0, 0, 1]]
triangles = [[0, 1, 2]]
";
    for (name, text, body, moved) in [
        ("moving_triangle", triangle, 1, [0.5, 0.0, 0.0]),
        ("moving_mesh", mesh, 0, [0.0, 0.5, 0.0]),
    ] {
        let file = SceneFile::new(name, text);
        let shown = file.shown();
        let out = sepax(&["simulate", shown, "--json"]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        let lines: Vec<serde_json::Value> = stdout(&out)
            .lines()
            .map(|line| serde_json::from_str(line).expect("a JSON line"))
            .collect();
        assert_eq!(lines.len(), 6, "{name}: frames 0 to 5");
        let surface = |frame: &serde_json::Value| frame["bodies"][body]["position"].clone();
        let surface_velocity = &lines[5]["bodies"][body]["velocity"];
        let (start, end) = (surface(&lines[0]), surface(&lines[5]));
        for k in 0..3 {
            let shift = end[k].as_f64().unwrap() - start[k].as_f64().unwrap();
            assert!(
                (shift - moved[k]).abs() < 1e-12,
                "{name}: moved {shift} along {k}"
            );
            let v = surface_velocity[k].as_f64().unwrap();
            assert!((v - moved[k] / 0.5).abs() < 1e-15, "{name}: velocity {v}");
        }
        let text_out = sepax(&["simulate", shown]);
        assert!(text_out.status.success(), "{name}: {}", stderr(&text_out));
        // `explain` follows the moving surface.
        assert!(sepax(&["explain", shown]).status.success(), "{name}");
    }
}
