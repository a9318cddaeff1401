//! Extreme numbers are refused where they are read: a scene of 1e308s, 1e-308s and subnormals
//! gets one located error per value naming the limit, and a scene at the limits themselves is
//! explained and simulated with finite numbers only (the engine's debug assertions check every
//! record in this test build).

use crate::cli_support;
use cli_support::{sepax, stderr, stdout};

use sepax::sat::Robustness;
use sepax::scene::{self, limits};
use sepax::trace::{explain, simulate_frames, SimOptions};

/// Every number that overflows, underflows or is subnormal, each on a line of its own; the
/// numbers on lines 8 to 22, 28 and 29 are the ones to refuse.
const EXTREME: &str = r#"[world]
dt = 0.01

[[body]]
name = "A"
shape = "box"
center = [
  1e308,
  -1e308,
  1e-308,
]
half_extents = [
  1e308,
  5e-324,
  2.2250738585072014e-308,
]
velocity = [
  1e308,
  -4.9e-324,
  1e-310,
]
mass = 1e300

[[body]]
name = "B"
shape = "sphere"
center = [0, 0, 0]
radius = 1e-200
angular_velocity = [0, 1e20, 0]
"#;

#[test]
fn a_scene_of_huge_tiny_and_subnormal_numbers_is_refused_value_by_value() {
    let problems = scene::load_str(EXTREME, "extreme.toml").expect_err("refused");
    let expected: Vec<(usize, &str)> = vec![
        (8, "1e308"),
        (9, "-1e308"),
        (10, "1e-308"),
        (13, "1e308"),
        (14, "5e-324"),
        (15, "2.2250738585072014e-308"),
        (18, "1e308"),
        (19, "-4.9e-324"),
        (20, "1e-310"),
        (22, "1e300"),
        (28, "1e-200"),
        (29, "1e20"),
    ];
    assert_eq!(problems.0.len(), expected.len(), "{problems}");
    for (diagnostic, (line, spelling)) in problems.0.iter().zip(&expected) {
        assert_eq!(diagnostic.line, Some(*line), "{diagnostic}");
        assert!(diagnostic.column.is_some());
        let message = &diagnostic.message;
        assert!(
            message.contains("must be 0 or between 1e-9 and 1e9 in magnitude"),
            "{message}"
        );
        assert!(
            message.ends_with(&format!("found `{spelling}`")),
            "{message}"
        );
    }
    let out = sepax(&["explain", &write_temp("extreme", EXTREME)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    let err = stderr(&out);
    for word in ["inf", "NaN", "do not collide"] {
        assert!(!err.contains(word), "{err}");
    }
    assert_eq!(
        err.matches("(the scene limits)").count(),
        expected.len(),
        "{err}"
    );
}

#[test]
fn the_limits_hold_for_every_key_with_a_number() {
    // One key of each reader, each pushed just past the limit.
    let cases = [
        ("[world]\ndt = 1e-10\n", "`dt` in [world]"),
        ("[world]\ndt = 0.1\ngravity = [0, -2e9, 0]\n", "`gravity`"),
        ("[world]\ndt = 0.1\nfriction = 1e10\n", "`friction`"),
        (
            "[world]\ndt = 0.1\ntolerance = 1e-16\n",
            "between 1e-15 and 1e9",
        ),
    ];
    let body = "\n[[body]]\nname = \"A\"\nshape = \"sphere\"\ncenter = [0, 0, 0]\nradius = 1\n";
    for (world, says) in cases {
        let text = format!("{world}{body}");
        let problems = scene::load_str(&text, "limits.toml").expect_err(world);
        assert_eq!(problems.0.len(), 1, "{problems}");
        assert!(problems.0[0].message.contains(says), "{problems}");
        assert!(problems.0[0].message.contains("(the scene limits)"));
    }
    // G in SI units is a valid strength; 1e16 is not.
    let central = |strength: &str| {
        format!(
            "[world]\ndt = 0.1\n{body}\n[[force]]\nkind = \"central\"\ncenter = [0, 0, 0]\n\
             strength = {strength}\n"
        )
    };
    assert!(scene::load_str(&central("6.674e-11"), "g.toml").is_ok());
    let problems = scene::load_str(&central("1e16"), "g.toml").unwrap_err();
    assert!(problems.0[0].message.contains("between 1e-15 and 1e15"));
}

/// Everything at the limits: sizes, masses, speeds, spins, gravity and stiffness of 1e9 and
/// 1e-9, boxes and spheres moving into each other.
fn at_the_limits() -> String {
    let big = limits::LARGEST;
    let small = limits::SMALLEST;
    format!(
        r#"[world]
dt = 1e-3
frames = 40
gravity = [0, -{big:e}, 0]
restitution = 1
friction = {big:e}

[[body]]
name = "floor"
shape = "plane"
normal = [{small:e}, 1, 0]
offset = -{big:e}

[[body]]
name = "giant"
shape = "box"
center = [{big:e}, 0, 0]
half_extents = [{big:e}, {big:e}, {small:e}]
velocity = [-{big:e}, {big:e}, {small:e}]
angular_velocity = [{big:e}, 0, {small:e}]
mass = {big:e}
rotation = {{ axis = [1, {small:e}, 0], degrees = {big:e} }}

[[body]]
name = "grain"
shape = "box"
center = [0, {small:e}, 0]
half_extents = [{small:e}, {small:e}, {small:e}]
velocity = [{big:e}, 0, 0]
angular_velocity = [0, 0, {big:e}]
mass = {small:e}

[[body]]
name = "dust"
shape = "sphere"
center = [{small:e}, 0, {small:e}]
radius = {small:e}
mass = {small:e}

[[spring]]
a = "grain"
b = "dust"
stiffness = {big:e}
damping = {big:e}
rest_length = {small:e}
"#
    )
}

#[test]
fn a_scene_at_the_limits_is_explained_and_simulated_with_finite_numbers() {
    let scene = scene::load_str(&at_the_limits(), "limits.toml").expect("within the limits");
    let explained = explain(&scene, &scene.bodies, 0, 1.0, None, Robustness::default());
    assert_eq!(explained.pairs.len(), 6);
    for pair in &explained.pairs {
        assert!(!pair.sentence.contains("NaN") && !pair.sentence.contains("inf"));
    }
    let mut frames = 0;
    for record in simulate_frames(&scene, 40, &SimOptions::default()).unwrap() {
        // The frame iterator's debug assertion checks every number of a sound frame; a run
        // that blows up ends with the event instead.
        if record.diverged.is_none() {
            let explained = explain(
                &scene,
                &record.specs,
                record.frame,
                0.1,
                None,
                Robustness::default(),
            );
            assert_eq!(explained.pairs.len(), 6);
        }
        frames += 1;
    }
    assert!(frames >= 2);
    let path = write_temp("limits", &at_the_limits());
    let out = sepax(&["explain", &path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(!text.contains("NaN") && !text.contains("inf"), "{text}");
    assert!(!text.contains("-0.000"), "{text}");
}

/// Writes `text` to a file of its own in the temporary directory and returns its path.
fn write_temp(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("sepax-{name}-{}.toml", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}
