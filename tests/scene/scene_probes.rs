//! `[[ray]]` and `[[measure]]` tables: located errors for bad input, and what `explain` reports
//! for the shipped scenes `rays` and `distances` (the reflection law on every leg, the closest
//! points of parallel lines).

use crate::cli_support as cli;
use crate::located;

use sepax::nalgebra::Vector3;
use sepax::scene::{load_str, Figure, Target};

/// Two bodies on lines 1–10 (a box `A` and a plane `floor`); the text under test starts on line 11.
const HEAD: &str = "[world]\ndt = 0.1\n[[body]]\nname = \"A\"\nshape = \"box\"\ncenter = [0, 0, 0]\nhalf_extents = [1, 1, 1]\n[[body]]\nname = \"floor\"\nshape = \"plane\"\nnormal = [0, 1, 0]\n";

/// The one diagnostic of `tail` after [`HEAD`] is at `at` and its message holds every `|` part.
#[track_caller]
fn one(tail: &str, at: &str, words: &str) {
    located::one(&format!("{HEAD}{tail}"), &format!("{at} {words}"));
}

const RAY: &str = "[[ray]]\nname = \"r\"\norigin = [0, 5, 0]\n";

#[test]
fn ray_errors_are_located() {
    one(
        &format!("{RAY}directon = [0, -1, 0]\n"),
        "15:1",
        "unknown key `directon` in ray \"r\"|did you mean `direction`?",
    );
    one(
        &format!("{RAY}direction = [0, 0, 0]\n"),
        "15:13",
        "direction of ray \"r\" must not be zero",
    );
    one(
        &format!("{RAY}direction = [0, -1, 0]\nlength = -2\n"),
        "16:10",
        "`length` in ray \"r\" must be greater than 0, found -2",
    );
    one(
        &format!("{RAY}direction = [0, -1, 0]\nbounces = 65\n"),
        "16:11",
        "`bounces` in ray \"r\" must be between 0 and 64, found 65",
    );
    one(
        "[[ray]]\nname = \"r\"\ndirection = [0, -1, 0]\n",
        "12:1",
        "ray \"r\" is missing `origin`",
    );
    one(
        &format!("{RAY}direction = [0, -1, 0]\n{RAY}direction = [1, 0, 0]\n"),
        "17:8",
        "duplicate ray name \"r\": the ray at line 12 has it",
    );
}

#[test]
fn measure_errors_are_located() {
    one(
        "[[measure]]\ndistance = [\"A\", \"flor\"]\n",
        "13:18",
        "unknown name \"flor\"|did you mean `floor`?|\"A\", \"floor\"",
    );
    one(
        "[[measure]]\ndistance = [\"A\"]\n",
        "13:12",
        "must be an array of 2 names, found 1 names",
    );
    one(
        "[[measure]]\ndistance = [\"A\", \"A\"]\n",
        "13:18",
        "measures \"A\" to itself",
    );
    one(
        "[[measure]]\nname = \"p\"\npoint = [0, 0, 0]\nline = { point = [0, 0, 0], direction = [1, 0, 0] }\n",
        "15:8",
        "more than one of `point`, `segment`, `line`, `plane`",
    );
    one(
        "[[measure]]\nname = \"s\"\nsegment = [[1, 2, 3], [1, 2, 3]]\n",
        "14:11",
        "same point at both ends",
    );
    one(
        "[[measure]]\nname = \"l\"\nline = { point = [0, 0, 0], direction = [0, 0, 0] }\n",
        "14:41",
        "direction of `line` in measure \"l\" must not be zero",
    );
    one(
        "[[measure]]\nname = \"l\"\nline = { point = [0, 0, 0], directon = [1, 0, 0] }\n",
        "14:29",
        "unknown key `directon` in `line` in measure \"l\"; did you mean `direction`?",
    );
    one(
        "[[measure]]\nname = \"A\"\npoint = [0, 0, 0]\n",
        "13:8",
        "measure name \"A\" is already the name of a body",
    );
    one(
        "[[measure]]\nname = \"p\"\n",
        "12:1",
        "needs `distance = [\"A\", \"B\"]`, or a `name` and one of",
    );
    one(
        "[[measure]]\ndistance = [\"A\", \"floor\"]\npoint = [0, 0, 0]\n",
        "14:1",
        "a measure with `distance` takes no other key",
    );
}

#[test]
fn figures_and_measures_load_in_file_order() {
    let text = format!(
        "{HEAD}[[measure]]\ndistance = [\"A\", \"q\"]\n[[measure]]\nname = \"q\"\n\
         plane = {{ normal = [0, 0, 2], offset = 1 }}\n"
    );
    let scene = load_str(&text, "t.toml").expect("loads");
    assert_eq!(scene.measures[0].a, Target::Body(0));
    assert_eq!(scene.measures[0].b, Target::Figure(0));
    assert_eq!(
        scene.figures[0].figure,
        Figure::Plane {
            normal: Vector3::z(),
            offset: 1.0
        }
    );
}

fn json(scene: &str) -> serde_json::Value {
    let (code, out, err) = cli::run(&["explain", scene, "--json"]);
    assert_eq!(code, Some(0), "{err}");
    serde_json::from_str(&out).expect("one JSON object")
}

fn vector(value: &serde_json::Value) -> Vector3<f64> {
    let v: Vec<f64> = serde_json::from_value(value.clone()).expect("a 3-vector");
    Vector3::new(v[0], v[1], v[2])
}

#[test]
fn the_laser_reflects_by_the_law_on_every_leg() {
    let explained = json("rays");
    let laser = &explained["rays"][0];
    assert_eq!(laser["name"], "laser");
    let path = laser["path"].as_array().unwrap();
    let legs = laser["legs"].as_array().unwrap();
    assert_eq!(path.len(), legs.len() + 1);
    let bodies: Vec<&str> = legs
        .iter()
        .filter_map(|leg| leg["hit"]["body"].as_str())
        .collect();
    assert_eq!(bodies, ["floor", "B", "ball"]);
    let tests: Vec<&str> = legs
        .iter()
        .filter_map(|l| l["hit"]["test"].as_str())
        .collect();
    assert_eq!(tests, ["ray-plane", "ray-box slabs", "ray-sphere"]);
    for (k, leg) in legs.iter().enumerate() {
        assert_eq!(leg["from"], path[k]);
        let (from, d) = (vector(&leg["from"]), vector(&leg["direction"]));
        let end = from + d * leg["length"].as_f64().unwrap();
        assert!((end - vector(&path[k + 1])).norm() < 1e-12, "leg {k}");
        if leg["reflected"].is_null() {
            continue;
        }
        let (n, r) = (vector(&leg["hit"]["normal"]), vector(&leg["reflected"]));
        // Equal angles on either side of the normal, in the plane of d and n.
        assert!((r.dot(&n) + d.dot(&n)).abs() < 1e-12, "leg {k}");
        assert!((r - d - n * (r - d).dot(&n)).norm() < 1e-12, "leg {k}");
        assert_eq!(legs[k + 1]["direction"], leg["reflected"]);
    }
    assert!(legs[3]["hit"].is_null(), "the last leg leaves the scene");
    let probe = &explained["rays"][1];
    assert_eq!(probe["hits"][0]["body"], "T");
    assert_eq!(probe["hits"][0]["t"], 3.0);
    assert_eq!(probe["hits"][0]["test"], "ray-triangle");
}

#[test]
fn distances_report_the_closest_points_and_the_parallel_case() {
    let explained = json("distances");
    let measures = explained["measures"].as_array().unwrap();
    let methods: Vec<&str> = measures
        .iter()
        .map(|m| m["method"].as_str().unwrap())
        .collect();
    assert_eq!(
        methods,
        ["line-line", "segment-segment", "point-plane", "box-box gjk"]
    );
    assert_eq!(measures[0]["parallel"], true);
    assert!((measures[0]["distance"].as_f64().unwrap() - 2f64.sqrt()).abs() < 1e-12);
    assert_eq!(measures[2]["distance"], 4.0);
    assert_eq!(
        measures[2]["closest_b"],
        serde_json::json!([4.0, -2.0, 0.0])
    );
    let text = cli::stdout(&cli::sepax(&["explain", "distances"]));
    assert!(text.contains("distance from L1 (line) to L2 (line): 1.4142 by line-line"));
    assert!(text.contains("parallel: these closest points are one pair among many"));
}

#[test]
fn rays_and_distances_reach_ellipsoids() {
    let egg =
        "[[body]]\nname = \"egg\"\nshape = \"ellipsoid\"\nradii = [1, 2, 3]\ncenter = [5, 0, 0]\n";
    let text = format!(
        "{HEAD}{egg}{RAY}direction = [1, -1, 0]\n[[measure]]\ndistance = [\"A\", \"egg\"]\n"
    );
    let scene = load_str(&text, "t.toml").expect("rays and distances take an ellipsoid");
    let ray = sepax::trace::ray_record(&scene.rays[0], &scene.bodies);
    let hit = ray
        .hits
        .iter()
        .find(|h| h.body == "egg")
        .expect("the egg is hit");
    assert_eq!(hit.test, "ray-ellipsoid");
    let p = Vector3::from(hit.point) - Vector3::new(5.0, 0.0, 0.0);
    let on_surface = (p.x / 1.0).powi(2) + (p.y / 2.0).powi(2) + (p.z / 3.0).powi(2);
    assert!((on_surface - 1.0).abs() < 1e-12, "{hit:?}");
    // The box's face x = 1 and the egg's tip (4, 0, 0) are 3 apart.
    let m = sepax::trace::measure_record(&scene.measures[0], &scene.bodies, &scene.figures);
    assert_eq!(
        (m.b_kind, m.method.as_str()),
        ("ellipsoid", "box-ellipsoid gjk")
    );
    assert!((m.distance - 3.0).abs() < 1e-9, "{m:?}");
}
