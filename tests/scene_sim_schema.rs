//! The simulation schema: `[world]` integrator and contact keys, `[[spring]]`, `[[force]]` and
//! `[[constraint]]` load into the model, with defaults, and every bad input gets a located message.

use sepax::scene::{load_str, Diagnostic, Scene, INTEGRATORS};

/// The scene in `text`, which must load.
fn loads(text: &str) -> Scene {
    load_str(text, "t.toml").unwrap_or_else(|d| panic!("{d}"))
}

/// The diagnostics of `text`, which must fail to load.
fn errors(text: &str) -> Vec<Diagnostic> {
    match load_str(text, "t.toml") {
        Ok(scene) => panic!("expected errors, loaded {scene:?}"),
        Err(diagnostics) => diagnostics.0,
    }
}

/// Asserts that `d` is at the `line:column` that starts `want` and that its message contains every
/// `|`-separated part of the rest of `want`.
#[track_caller]
fn matches(d: &Diagnostic, want: &str) {
    let (at, words) = want.split_once(' ').expect("want is `line:column words`");
    let place = format!("{}:{}", d.line.unwrap_or(0), d.column.unwrap_or(0));
    assert_eq!(place, at, "{d}");
    for word in words.split('|') {
        assert!(d.message.contains(word), "{:?} lacks {word:?}", d.message);
    }
    assert!(
        d.to_string()
            .starts_with(&format!("t.toml:{at}: {}", d.message)),
        "{d}"
    );
}

/// `gives!(text => "line:column words|words", ...)`: exactly these diagnostics, in order.
macro_rules! gives {
    ($text:expr => $($want:expr),+ $(,)?) => {{
        let found = errors(&$text);
        let wants = [$($want),+];
        assert_eq!(found.len(), wants.len(), "{found:#?}");
        for (d, want) in found.iter().zip(wants) {
            matches(d, want);
        }
    }};
}

/// A `[world]` made of `lines` (from line 2), then one valid sphere.
fn world(lines: &str) -> String {
    let sphere = "name = \"S\"\nshape = \"sphere\"\ncenter = [0, 0, 0]\nradius = 1\n";
    format!("[world]\n{lines}[[body]]\n{sphere}")
}

#[test]
fn world_keys_default_to_rk4_and_half_restitution() {
    let w = loads(&world("dt = 0.1\n")).world;
    assert_eq!(w.integrator, "rk4");
    assert_eq!((w.restitution, w.friction, w.tolerance), (0.5, 0.0, None));
    let lines = "dt = 0.1\nintegrator = \"implicit-euler\"\nrestitution = 1\nfriction = 0.3\ntolerance = 1e-6\n";
    let w = loads(&world(lines)).world;
    assert_eq!(w.integrator, "implicit-euler");
    assert_eq!(
        (w.restitution, w.friction, w.tolerance),
        (1.0, 0.3, Some(1e-6))
    );
    for name in INTEGRATORS {
        let w = loads(&world(&format!("dt = 0.1\nintegrator = \"{name}\"\n"))).world;
        assert_eq!(&w.integrator, name);
    }
    assert_eq!(
        INTEGRATORS,
        [
            "explicit-euler",
            "semi-implicit-euler",
            "midpoint",
            "rk2",
            "rk4",
            "implicit-euler"
        ]
    );
}

#[test]
fn bad_world_keys_are_located() {
    let all = INTEGRATORS.join(", ");
    let rk3 = format!(
        "3:14 unknown integrator `rk3` in [world]; did you mean `rk2`? expected one of: {all}"
    );
    gives!(world("dt = 0.1\nintegrator = \"rk3\"\n") => &rk3);
    let euler = "3:14 unknown integrator `euler`|expected one of: explicit-euler";
    gives!(world("dt = 0.1\nintegrator = \"euler\"\n") => euler);
    gives!(world("dt = 0.1\nintegrator = 4\n") => "3:14 `integrator` in [world] must be a string");
    gives!(world("dt = 0.1\ntolerance = 0\n") => "3:13 `tolerance` in [world] must be greater than 0, found 0");
    gives!(world("dt = 0.1\ntolerance = -1e-3\n") => "3:13 `tolerance`|greater than 0");
    gives!(world("dt = 0.1\nrestitution = 1.5\n") => "3:15 `restitution` in [world] must be between 0 and 1, found 1.5");
    gives!(world("dt = 0.1\nrestitution = -0.1\n") => "3:15 `restitution`|between 0 and 1");
    gives!(world("dt = 0.1\nfriction = -1\n") => "3:12 `friction` in [world] must not be negative, found -1");
    gives!(world("dt = 0.1\nfriction = nan\n") => "3:12 `friction`|finite|`nan`");
    let allowed = "allowed keys: dt, frames, gravity, integrator, restitution, friction, tolerance";
    gives!(world("dt = 0.1\nintegrater = \"rk4\"\n") => &format!("3:1 unknown key `integrater` in [world]; did you mean `integrator`? {allowed}"));
}
