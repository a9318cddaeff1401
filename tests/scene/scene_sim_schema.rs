//! The simulation schema: `[world]` integrator and contact keys, `[[spring]]`, `[[force]]` and
//! `[[constraint]]` load into the model, with defaults, and every bad input gets a located message.

use std::path::Path;

use sepax::nalgebra::Vector3;
use sepax::scene::{
    load_path, load_str, ConstraintKind, ConstraintMethod, ConstraintSpec, Diagnostic, ForceSpec,
    Scene, SpringSpec, CONSTRAINT_KINDS, CONSTRAINT_METHODS, FORCE_KINDS, INTEGRATORS,
};

/// The bad inputs, each with the diagnostics it must give (the format is described inside).
const BAD: &str = include_str!("../fixtures/bad_sim_tables.txt");

/// A `[world]` and three bodies on lines 1–17 (a fixed box `wall`, a sphere `ball` and a plane
/// `floor`); tables appended to it start on line 18, so their first key is on line 19.
const BODIES: &str = "[world]\ndt = 0.01\n\
[[body]]\nname = \"wall\"\nshape = \"box\"\ncenter = [0, 4, 0]\nhalf_extents = [0.1, 0.1, 0.1]\nfixed = true\n\
[[body]]\nname = \"ball\"\nshape = \"sphere\"\ncenter = [0, 1, 0]\nradius = 0.2\n\
[[body]]\nname = \"floor\"\nshape = \"plane\"\nnormal = [0, 1, 0]\n";

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

/// Asserts that `found` are the diagnostics `wants`, in order: each at the `line:column` that
/// starts its want, with a message that contains every `|`-separated part of the rest.
#[track_caller]
fn expect(case: &str, found: &[Diagnostic], wants: &[&str]) {
    assert_eq!(found.len(), wants.len(), "{case}: {found:#?}");
    for (d, want) in found.iter().zip(wants) {
        let (at, words) = want.split_once(' ').expect("want is `line:column words`");
        let place = format!("{}:{}", d.line.unwrap_or(0), d.column.unwrap_or(0));
        assert_eq!(place, at, "{case}: {d}");
        for word in words.split('|') {
            let message = &d.message;
            assert!(message.contains(word), "{case}: {message:?} lacks {word:?}");
        }
        let shown = format!("t.toml:{at}: {}", d.message);
        assert!(d.to_string().starts_with(&shown), "{case}: {d}");
    }
}

/// The three bodies of [`BODIES`] and a table `[[header]]` on line 18 with `lines` from line 19.
fn with(header: &str, lines: &str) -> String {
    format!("{BODIES}[[{header}]]\n{lines}")
}

/// A spring.
fn spring(a: usize, b: usize, rest_length: f64, stiffness: f64, damping: f64) -> SpringSpec {
    SpringSpec {
        a,
        b,
        rest_length,
        stiffness,
        damping,
    }
}

/// A constraint of `kind` held by `method`.
fn held(kind: ConstraintKind, method: ConstraintMethod) -> ConstraintSpec {
    ConstraintSpec { kind, method }
}

/// A penalty with its stiffness and damping.
fn penalty(stiffness: f64, damping: f64) -> ConstraintMethod {
    ConstraintMethod::Penalty { stiffness, damping }
}

/// Lagrange multipliers with drift-correction stiffness and damping.
fn lagrange(stiffness: f64, damping: f64) -> ConstraintMethod {
    ConstraintMethod::Lagrange { stiffness, damping }
}

/// A rod.
fn rod(a: usize, b: usize, length: f64) -> ConstraintKind {
    ConstraintKind::Rod { a, b, length }
}

#[test]
fn world_keys_default_to_rk4_and_half_restitution() {
    let w = loads(BODIES).world;
    assert_eq!(w.integrator, "rk4");
    assert_eq!((w.restitution, w.friction, w.tolerance), (0.5, 0.0, None));
    let names = "explicit-euler semi-implicit-euler midpoint rk2 rk4 implicit-euler";
    assert_eq!(INTEGRATORS.join(" "), names);
    for name in INTEGRATORS {
        let text = BODIES.replace("dt = 0.01", &format!("dt = 0.01\nintegrator = \"{name}\""));
        assert_eq!(&loads(&text).world.integrator, name);
    }
}

#[test]
fn a_scene_with_every_table_loads_into_exactly_the_model() {
    let scene = load_path(Path::new("tests/fixtures/sim_complete.toml")).expect("loads");
    let w = &scene.world;
    let gravity = Vector3::new(0.0, -9.81, 0.0);
    assert_eq!((w.dt, w.frames, w.gravity), (0.01, 200, gravity));
    assert_eq!(w.integrator, "semi-implicit-euler");
    assert_eq!(
        (w.restitution, w.friction, w.tolerance),
        (0.8, 0.25, Some(1e-6))
    );
    let names: Vec<&str> = scene.bodies.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["wall", "ball", "bob", "bead", "floor"]);
    // The second spring's rest length is the initial distance from (0, 1, 0) to (4, 4, 0).
    let springs = [spring(0, 1, 1.0, 4.0, 0.5), spring(1, 2, 5.0, 0.0, 0.0)];
    assert_eq!(scene.springs, springs);
    let point = ForceSpec::CentralPoint {
        center: Vector3::zeros(),
        strength: 39.5,
    };
    let between = ForceSpec::CentralBetween {
        a: 1,
        b: 2,
        strength: 6.674e-11,
    };
    assert_eq!(scene.forces, [ForceSpec::Drag { k: 0.1 }, point, between]);
    let pin = ConstraintKind::Pin {
        a: 1,
        point: Vector3::new(0.0, 1.0, 0.0),
    };
    let circle = ConstraintKind::Circle {
        a: 3,
        center: Vector3::zeros(),
        normal: Vector3::z(),
        radius: 1.0,
    };
    let constraints = [
        held(rod(0, 2, 4.0), penalty(1000.0, 2.0)),
        held(pin, lagrange(0.0, 0.0)),
        held(circle, lagrange(100.0, 20.0)),
        held(rod(1, 2, 2.5), lagrange(0.0, 0.0)),
    ];
    assert_eq!(scene.constraints, constraints);
}

#[test]
fn defaults_and_empty_tables() {
    let scene = loads(BODIES);
    assert!(scene.springs.is_empty() && scene.forces.is_empty() && scene.constraints.is_empty());
    assert!(loads(&format!("spring = []\n{BODIES}")).springs.is_empty());
    let anchored = loads(&with(
        "spring",
        "a = \"wall\"\nb = \"ball\"\nstiffness = 2\n",
    ));
    assert_eq!(anchored.springs, [spring(0, 1, 3.0, 2.0, 0.0)]);
    let text = "kind = \"rod\"\na = \"ball\"\nb = \"wall\"\nmethod = \"penalty\"\nstiffness = 50\n";
    let pendulum = loads(&with("constraint", text)).constraints;
    assert_eq!(pendulum, [held(rod(1, 0, 3.0), penalty(50.0, 0.0))]);
    let text =
        "kind = \"pin\"\na = \"ball\"\npoint = [1, 2, 3]\nmethod = \"lagrange\"\ndamping = 4\n";
    let pinned = loads(&with("constraint", text)).constraints;
    let pin = ConstraintKind::Pin {
        a: 1,
        point: Vector3::new(1.0, 2.0, 3.0),
    };
    assert_eq!(pinned, [held(pin, lagrange(0.0, 4.0))]);
}

#[test]
fn the_example_simulation_scenes_load() {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("tests/fixtures").expect("fixtures") {
        let path = entry.expect("entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let toml = path.extension().is_some_and(|e| e == "toml");
        if name.starts_with("sim_") && toml {
            let scene = load_path(&path).unwrap_or_else(|d| panic!("{d}"));
            assert!(
                scene.title.is_some() && scene.description.is_some(),
                "{name}"
            );
            found.push(name.to_string());
        }
    }
    assert!(found.len() >= 7, "{found:?}");
    let stiff = load_path(Path::new("tests/fixtures/sim_stiff_spring.toml")).expect("loads");
    let omega = (stiff.springs[0].stiffness / stiff.bodies[1].mass).sqrt();
    assert_eq!(stiff.world.integrator, "implicit-euler");
    assert!((omega * stiff.world.dt - 1.0).abs() < 1e-12, "omega h = 1");
}

/// One case of [`BAD`]: its name, the whole TOML text, and the diagnostics it expects.
struct Case<'a> {
    name: &'a str,
    text: String,
    wants: Vec<&'a str>,
}

/// The cases of `text`: a `--- name` line, TOML lines, then one `=> want` line per diagnostic.
fn cases(text: &str) -> Vec<Case<'_>> {
    let mut cases = Vec::new();
    for block in text.split("\n--- ").skip(1) {
        let (name, rest) = block.split_once('\n').expect("a case has lines");
        let lines: Vec<&str> = rest.lines().collect();
        let split = lines
            .iter()
            .position(|l| l.starts_with("=> "))
            .unwrap_or(lines.len());
        let toml = lines[..split].join("\n") + "\n";
        let wants: Vec<&str> = lines[split..]
            .iter()
            .filter(|l| !l.is_empty())
            .copied()
            .collect();
        assert!(!wants.is_empty(), "{name}: no expected diagnostic");
        let wants = wants
            .iter()
            .map(|w| w.strip_prefix("=> ").expect("`=> ` after the TOML"));
        let text = if toml.starts_with("[world]") {
            toml
        } else {
            format!("{BODIES}{toml}")
        };
        cases.push(Case {
            name,
            text,
            wants: wants.collect(),
        });
    }
    cases
}

#[test]
fn every_bad_input_gets_its_located_diagnostics() {
    let cases = cases(BAD);
    assert_eq!(cases.len(), 61);
    for case in &cases {
        expect(case.name, &errors(&case.text), &case.wants);
    }
    // The valid names listed in the messages are the lists the library exposes.
    for valid in [
        INTEGRATORS,
        FORCE_KINDS,
        CONSTRAINT_KINDS,
        CONSTRAINT_METHODS,
    ] {
        assert!(BAD.contains(&format!("expected one of: {}", valid.join(", "))));
    }
}

#[test]
fn a_bad_body_hides_no_reference_and_invents_none() {
    // The ball's radius is bad; the spring that names it is fine and says nothing.
    let spring = "[[spring]]\na = \"wall\"\nb = \"ball\"\nstiffness = 1\n";
    let bad_ball = BODIES.replace("radius = 0.2", "radius = -1");
    let found = errors(&format!("{bad_ball}{spring}"));
    expect(
        "bad radius",
        &found,
        &["13:10 `radius` in body \"ball\" must be greater than 0"],
    );
    // A body without a readable name may be the one a spring names: no "unknown body" guess.
    let nameless = BODIES.replace("name = \"ball\"", "nam = \"ball\"");
    let found = errors(&format!("{nameless}{spring}"));
    expect(
        "no name",
        &found,
        &["10:1 unknown key `nam` in body #2; did you mean `name`?"],
    );
}

#[test]
fn every_problem_of_a_simulation_file_is_reported_in_order() {
    let found = load_path(Path::new("tests/fixtures/many_sim_problems.toml"))
        .unwrap_err()
        .0;
    let shown: Vec<String> = found.iter().map(ToString::to_string).collect();
    let wants = [
        "3:14: unknown integrator `rk3`",
        "4:13: `tolerance` in [world] must be greater than 0",
        "21:5: `b` in spring #1: unknown body \"bal\"; did you mean `ball`?",
        "22:13: `stiffness` in spring #1 must not be negative",
        "27:1: `strength` does not apply to a drag force",
        "31:5: `a` in constraint #1 names body \"wall\", which is fixed",
        "32:10: unknown method `lagrangian`",
    ];
    assert_eq!(shown.len(), wants.len(), "{found:#?}");
    for (shown, want) in shown.iter().zip(wants) {
        let want = format!("tests/fixtures/many_sim_problems.toml:{want}");
        assert!(
            shown.starts_with(&want),
            "{shown}\ndoes not start with\n{want}"
        );
    }
}
