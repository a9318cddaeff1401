//! `response = "particle"`: the course's particle model in a world, against its closed form.

use crate::cli_support as cli;

use serde_json::Value;

/// Writes a scene to a file of its own and returns the path.
fn scene_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("sepax-particle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, text).expect("scene written");
    path.to_string_lossy().into_owned()
}

fn frames(path: &str) -> Vec<Value> {
    let (code, out, err) = cli::run(&["simulate", path, "--json"]);
    assert_eq!(code, Some(0), "{err}");
    out.lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}

fn ball(frame: &Value) -> ([f64; 3], [f64; 3]) {
    let body = frame["bodies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == "ball")
        .unwrap();
    let v = |key: &str| std::array::from_fn(|k| body[key][k].as_f64().unwrap());
    (v("position"), v("velocity"))
}

const WORLD: &str = r#"
[world]
dt = 0.01
frames = 80
gravity = [0, -10, 0]
restitution = 0.5
friction = 0.2
response = "particle"

[[body]]
name = "floor"
shape = "plane"
normal = [0, 1, 0]
"#;

#[test]
fn a_bounce_keeps_one_minus_mu_of_the_slide_and_returns_epsilon_of_the_fall() {
    // Dropped from 1.25 m above contact (its bottom at 1.25) with 3 m/s sideways: it lands at
    // t1 = 0.5 s (inside frame 50) at 5 m/s, leaves at 2.5 m/s up and 2.4 m/s sideways.
    let path = scene_file(
        "bounce",
        &format!("{WORLD}\n[[body]]\nname = \"ball\"\nshape = \"sphere\"\nradius = 0.25\ncenter = [0, 1.5, 0]\nvelocity = [3, 0, 0]\n"),
    );
    let frames = frames(&path);
    let (g, t1, eps, mu) = (10.0, 0.5, 0.5, 0.2);
    let mut checked = 0;
    for frame in &frames {
        let t = frame["time"].as_f64().unwrap();
        let (p, v) = ball(frame);
        let (x, y, vx, vy) = if t < t1 - 1e-12 {
            (3.0 * t, 1.5 - 0.5 * g * t * t, 3.0, -g * t)
        } else {
            let s = t - t1;
            let up = eps * g * t1;
            (
                3.0 * t1 + (1.0 - mu) * 3.0 * s,
                0.25 + up * s - 0.5 * g * s * s,
                (1.0 - mu) * 3.0,
                up - g * s,
            )
        };
        for (got, want) in [(p[0], x), (p[1], y), (v[0], vx), (v[1], vy)] {
            assert!(
                (got - want).abs() < 1e-9,
                "t = {t}: {p:?} {v:?} vs {x} {y} {vx} {vy}"
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 81);
    let events: Vec<&Value> = frames
        .iter()
        .flat_map(|f| f["events"].as_array().unwrap())
        .collect();
    assert_eq!(events.len(), 1, "{events:?}");
    assert!((events[0]["time"].as_f64().unwrap() - t1).abs() < 1e-9);
    assert!((events[0]["restitution"].as_f64().unwrap() - eps).abs() < 1e-15);
}

#[test]
fn a_ball_sliding_on_the_floor_loses_the_friction_share_each_frame_and_does_not_sink() {
    let path = scene_file(
        "slide",
        &format!("{WORLD}\n[[body]]\nname = \"ball\"\nshape = \"sphere\"\nradius = 0.25\ncenter = [0, 0.25, 0]\nvelocity = [2, 0, 0]\n"),
    );
    let frames = frames(&path);
    for pair in frames.windows(2).skip(1) {
        let ((_, before), (p, after)) = (ball(&pair[0]), ball(&pair[1]));
        assert!(
            (after[0] - 0.8 * before[0]).abs() < 1e-12,
            "{before:?} -> {after:?}"
        );
        assert!(
            after[1].abs() < 1e-12 && (p[1] - 0.25).abs() < 1e-9,
            "{p:?} {after:?}"
        );
    }
}

#[test]
fn friction_above_one_is_refused_for_the_particle_model() {
    let path = scene_file("bad", &WORLD.replace("friction = 0.2", "friction = 1.5"));
    let (code, _, err) = cli::run(&["simulate", &path]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("bad.toml:7:12:") && err.contains("between 0 and 1"),
        "{err}"
    );
}
