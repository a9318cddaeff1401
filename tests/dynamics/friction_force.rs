//! `[[force]] kind = "friction"`: a puck sliding on a plane against the closed forms of Coulomb
//! friction, kinetic and static.

use crate::cli_support as cli;

use serde_json::Value;

fn scene_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("sepax-friction-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, text).expect("scene written");
    path.to_string_lossy().into_owned()
}

/// The puck's position and velocity at every frame.
fn puck(text: &str, name: &str) -> Vec<(f64, [f64; 3], [f64; 3])> {
    let path = scene_file(name, text);
    let (code, out, err) = cli::run(&["simulate", &path, "--json"]);
    assert_eq!(code, Some(0), "{err}");
    out.lines()
        .map(|line| {
            let frame: Value = serde_json::from_str(line).expect("JSON");
            let body = frame["bodies"]
                .as_array()
                .unwrap()
                .iter()
                .find(|b| b["name"] == "puck")
                .unwrap();
            let v = |key: &str| std::array::from_fn(|k| body[key][k].as_f64().unwrap());
            (
                frame["time"].as_f64().unwrap(),
                v("position"),
                v("velocity"),
            )
        })
        .collect()
}

/// A plane through the origin with normal `(-sin θ, cos θ, 0)` (a slope rising along +x), a puck
/// of radius 0.5 resting on it at rest or sliding up it, friction `mu`, no other friction.
fn slope(angle: f64, mu: f64, speed: f64) -> String {
    let (s, c) = angle.sin_cos();
    format!(
        "[world]\ndt = 0.01\nframes = 200\ngravity = [0, -10, 0]\nrestitution = 0\nfriction = 0\n\n\
         [[body]]\nname = \"ground\"\nshape = \"plane\"\nnormal = [{}, {c}, 0]\n\n\
         [[body]]\nname = \"puck\"\nshape = \"sphere\"\nradius = 0.5\ncenter = [{}, {}, 0]\nvelocity = [{}, {}, 0]\n\n\
         [[force]]\nkind = \"friction\"\nbody = \"puck\"\nsurface = \"ground\"\nmu = {mu}\n",
        -s,
        -0.5 * s,
        0.5 * c,
        speed * c,
        speed * s,
    )
}

#[test]
fn on_a_flat_floor_the_puck_slows_at_mu_g_and_then_stays() {
    // 3 m/s, μ g = 2 m/s²: x = 3t - t², stopping at t = 1.5 s after 2.25 m.
    let frames = puck(&slope(0.0, 0.2, 3.0), "flat");
    for &(t, p, v) in &frames {
        if t <= 1.48 {
            assert!(
                (p[0] - (3.0 * t - t * t)).abs() < 1e-9,
                "t = {t}: x = {}",
                p[0]
            );
            assert!(
                (v[0] - (3.0 - 2.0 * t)).abs() < 1e-9,
                "t = {t}: v = {}",
                v[0]
            );
        }
        assert!(
            (p[1] - 0.5).abs() < 1e-9,
            "t = {t}: the puck sank to {}",
            p[1]
        );
        // Static friction takes the last slow slide out over a few frames (RK4 keeps 0.375 of
        // it each frame), then holds.
        if t >= 1.75 {
            assert!(
                v[0].abs() < 1e-9 && (p[0] - 2.25).abs() < 1e-3,
                "t = {t}: {p:?} {v:?}"
            );
        }
    }
    let rest: Vec<f64> = frames
        .iter()
        .filter(|f| f.0 >= 1.8)
        .map(|f| f.1[0])
        .collect();
    assert!(
        rest.windows(2).all(|w| (w[1] - w[0]).abs() < 1e-12),
        "it creeps: {rest:?}"
    );
}

#[test]
fn on_a_slope_static_friction_holds_below_the_angle_of_repose_and_slides_above() {
    // tan 10° = 0.176 < μ = 0.3: held. tan 30° = 0.577 > 0.3: slides down at
    // g (sin θ - μ cos θ) = 10 (0.5 - 0.3 · 0.866) = 2.402 m/s².
    let held = puck(&slope(10f64.to_radians(), 0.3, 0.0), "held");
    let start = held[0].1;
    for &(t, p, _) in &held {
        let moved = ((p[0] - start[0]).powi(2) + (p[1] - start[1]).powi(2)).sqrt();
        assert!(moved < 1e-9, "t = {t}: moved {moved}");
    }
    let theta = 30f64.to_radians();
    let slid = puck(&slope(theta, 0.3, 0.0), "slides");
    let a = 10.0 * (theta.sin() - 0.3 * theta.cos());
    for &(t, p, v) in &slid {
        let along = -(v[0] * theta.cos() + v[1] * theta.sin());
        assert!(
            (along - a * t).abs() < 1e-9,
            "t = {t}: speed {along} vs {}",
            a * t
        );
        let down = -((p[0] - slid[0].1[0]) * theta.cos() + (p[1] - slid[0].1[1]) * theta.sin());
        assert!((down - 0.5 * a * t * t).abs() < 1e-9, "t = {t}");
    }
}

#[test]
fn friction_needs_a_plane_and_a_sphere_or_a_box() {
    let bad = slope(0.0, 0.2, 0.0).replace("surface = \"ground\"", "surface = \"puck\"");
    let (code, _, err) = cli::run(&["simulate", &scene_file("bad", &bad)]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("bad.toml:23:11:")
            && err.contains("a sphere; friction forces act against a plane body"),
        "{err}"
    );
}

#[test]
fn explain_names_the_friction_force_and_the_response_model() {
    let (code, out, err) = cli::run(&["explain", "lesson_friction_puck", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let json: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(json["response"], "impulse");
    let friction = &json["friction_forces"][0];
    assert_eq!(friction["body"], "puck");
    assert_eq!(friction["mu"], 0.2);
    assert_eq!(friction["normal"], serde_json::json!([0.0, 1.0, 0.0]));
    let (_, text, _) = cli::run(&["explain", "lesson_friction_puck"]);
    assert!(text.contains("friction force on puck: mu = 0.2"), "{text}");
    let (_, particle, _) = cli::run(&["explain", "lesson_response_particle"]);
    assert!(
        particle.contains("contacts take the course's particle model"),
        "{particle}"
    );
    let (_, none, _) = cli::run(&["explain", "two_boxes", "--json"]);
    let none: Value = serde_json::from_str(&none).expect("JSON");
    assert_eq!(none["response"], "impulse");
    assert!(none.get("friction_forces").is_none(), "{none}");
}
