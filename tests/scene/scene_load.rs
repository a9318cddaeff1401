//! Valid scenes load into the model: every key, every rotation form, the defaults, the shipped
//! scenes; and no input at all makes the loader panic.

use std::path::Path;

use proptest::prelude::*;
use sepax::nalgebra::{Rotation3, UnitQuaternion, Vector3};
use sepax::scene::{
    line_col, load, load_bytes, load_path, load_str, shipped_lessons, shipped_scenes, ShapeSpec,
    DEFAULT_FRAMES,
};

/// A scene that uses every key and every rotation form.
const COMPLETE: &str = include_str!("../fixtures/complete.toml");

fn close(a: &UnitQuaternion<f64>, b: &Rotation3<f64>) -> bool {
    (a.to_rotation_matrix().matrix() - b.matrix()).norm() < 1e-12
}

#[test]
fn a_complete_scene_round_trips_into_the_model() {
    let scene = load_str(COMPLETE, "somewhere/complete.toml").expect("loads");
    assert_eq!(scene.name, "complete");
    assert_eq!(scene.title.as_deref(), Some("Every key"));
    assert_eq!(scene.description.as_deref(), Some("One body of each kind."));
    assert_eq!(scene.world.frames, 42);
    assert!((scene.world.dt - 0.005).abs() < 1e-15);
    assert_eq!(scene.world.gravity, Vector3::new(0.0, -9.81, 0.0));
    let [turned, ball, tilted, floor, cloud, round] = &scene.bodies[..] else {
        panic!("six bodies, got {}", scene.bodies.len());
    };
    let axis = Vector3::new(1.0, 1.0, 0.0).normalize();
    let expected = Rotation3::new(axis * 40f64.to_radians());
    assert!(close(&turned.rotation, &expected), "axis-angle");
    assert_eq!(
        turned.shape,
        ShapeSpec::Box {
            half_extents: Vector3::new(1.0, 0.5, 0.25)
        }
    );
    assert_eq!(
        (turned.center, turned.velocity),
        (Vector3::new(1.0, 2.0, 3.0), Vector3::x() - Vector3::z())
    );
    assert_eq!(
        (turned.angular_velocity, turned.fixed),
        (Vector3::new(0.0, 0.5, 0.0), false)
    );
    assert!((turned.mass - 2.5).abs() < 1e-15);
    // [2, 0, 0, 2] normalises to a turn of 90° about z.
    assert!(
        close(
            &ball.rotation,
            &Rotation3::new(Vector3::z() * 90f64.to_radians())
        ),
        "quaternion"
    );
    assert!((ball.rotation.quaternion().norm() - 1.0).abs() < 1e-15 && ball.fixed);
    let rx = Rotation3::new(Vector3::x() * 10f64.to_radians());
    let ry = Rotation3::new(Vector3::y() * 20f64.to_radians());
    let rz = Rotation3::new(Vector3::z() * 30f64.to_radians());
    assert!(
        close(&tilted.rotation, &(rx * ry * rz)),
        "Euler R = Rx·Ry·Rz"
    );
    assert!(
        !close(&tilted.rotation, &(rz * ry * rx)),
        "the order matters"
    );
    assert_eq!(
        floor.shape,
        ShapeSpec::Plane {
            normal: Vector3::y(),
            offset: -1.5
        }
    );
    assert!(floor.fixed);
    assert_eq!(
        cloud.shape,
        ShapeSpec::Box {
            half_extents: Vector3::new(1.0, 2.0, 3.0)
        }
    );
    assert_eq!(cloud.center, Vector3::new(1.0, 2.0, 3.0));
    let fit = cloud.fit.as_ref().expect("fit report");
    assert_eq!(
        (
            fit.method.as_str(),
            fit.variant.as_deref(),
            fit.points.len()
        ),
        ("aabb", None, 4)
    );
    let fit = round.fit.as_ref().expect("fit report");
    assert_eq!(
        (fit.method.as_str(), fit.variant.as_deref()),
        ("sphere", Some("centroid"))
    );
    let ShapeSpec::Sphere { radius } = round.shape else {
        panic!("a sphere fit gives a sphere")
    };
    assert!(fit
        .points
        .iter()
        .all(|p| (p - round.center).norm() <= radius + 1e-9));
}

#[test]
fn defaults_are_applied() {
    let text = "[world]\ndt = 0.1\n[[body]]\nname = \"A\"\nshape = \"box\"\ncenter = [0, 0, 0]\nhalf_extents = [1, 1, 1]\n";
    let scene = load_str(text, "plain.toml").expect("loads");
    assert_eq!(
        (scene.world.frames, scene.world.gravity),
        (DEFAULT_FRAMES, Vector3::zeros())
    );
    assert_eq!(
        (scene.title.clone(), scene.description.clone()),
        (None, None)
    );
    let a = &scene.bodies[0];
    assert_eq!(a.rotation, UnitQuaternion::identity());
    assert_eq!(
        (a.velocity, a.angular_velocity),
        (Vector3::zeros(), Vector3::zeros())
    );
    assert!((a.mass - 1.0).abs() < f64::EPSILON && !a.fixed && a.fit.is_none());
    let plane =
        "[world]\ndt = 0.1\n[[body]]\nname = \"P\"\nshape = \"plane\"\nnormal = [0, 0, 1]\n";
    let p = &load_str(plane, "p.toml").expect("loads").bodies[0];
    assert_eq!(
        p.shape,
        ShapeSpec::Plane {
            normal: Vector3::z(),
            offset: 0.0
        }
    );
    assert!(p.fixed);
}

#[test]
fn every_shipped_scene_loads_and_loads_by_name() {
    let names: Vec<&str> = shipped_scenes().iter().map(|(name, _)| *name).collect();
    assert!(
        names.contains(&"two_boxes") && names.contains(&"fitted_cloud"),
        "{names:?}"
    );
    assert!(
        names.windows(2).all(|w| w[0] < w[1]),
        "sorted by name: {names:?}"
    );
    for (name, text) in shipped_scenes() {
        let scene =
            load_str(text, &format!("scenes/{name}.toml")).unwrap_or_else(|d| panic!("{d}"));
        assert_eq!(&scene.name, name);
        assert_eq!(load(name).expect("by name"), scene);
        let from_file = load_path(Path::new(&format!("scenes/{name}.toml"))).expect("by path");
        assert_eq!(from_file, scene);
    }
    let lessons: Vec<&str> = shipped_lessons().iter().map(|(name, _)| *name).collect();
    assert!(
        lessons.windows(2).all(|w| w[0] < w[1]),
        "sorted by name: {lessons:?}"
    );
}

#[test]
fn shipped_scenes_hold_what_they_promise() {
    let two = load("two_boxes").expect("loads");
    let b = &two.bodies[1];
    assert!(close(
        &b.rotation,
        &Rotation3::new(Vector3::z() * 30f64.to_radians())
    ));
    let cloud = load("scenes/fitted_cloud.toml").expect("loads by path");
    let fitted = &cloud.bodies[0];
    let fit = fitted.fit.as_ref().expect("points body has a fit report");
    assert_eq!(
        (fit.method.as_str(), fit.variant.as_deref()),
        ("obb", Some("points"))
    );
    assert!(fit.eigenvalues.is_some() && fit.points.len() == 4);
    let ShapeSpec::Box { half_extents } = fitted.shape else {
        panic!("an obb fit gives a box")
    };
    for p in &fit.points {
        let local = fitted.rotation.inverse() * (p - fitted.center);
        assert!(
            local
                .iter()
                .zip(half_extents.iter())
                .all(|(x, h)| x.abs() <= h + 1e-9),
            "{p}"
        );
    }
    assert!(matches!(cloud.bodies[1].shape, ShapeSpec::Sphere { .. }));
}

#[test]
fn line_col_is_one_based_and_counts_characters() {
    let text = "a = 1\nnäme = \"é\"\n";
    assert_eq!(line_col(text, 0), (1, 1));
    assert_eq!(line_col(text, text.find("= \"").unwrap()), (2, 6));
    assert_eq!(line_col(text, text.len() + 10), (3, 1));
}

/// A valid scene that the mutations below start from.
const VALID: &str = include_str!("../../scenes/two_boxes.toml");

/// A valid scene with springs, forces and constraints that the mutations below also start from.
const SIMULATED: &str = include_str!("../fixtures/sim_complete.toml");

/// Pieces of TOML and numbers likely to reach the validators when spliced into a valid scene.
const PIECES: &[&str] = &[
    "nan",
    "-inf",
    "0",
    "-1",
    "1e400",
    "\"\"",
    "[]",
    "[1, 2]",
    "{}",
    "[[body]]",
    "[world]",
    "=",
    "\"",
    "]",
    "{ axis = [0, 0, 0], degrees = 1 }",
    "{ quaternion = [0, 0, 0, 0] }",
    "\n",
    "é",
    "points = [[0,0,0],[1,1,1],[2,2,2],[3,3,3]]\nshape = \"points\"\n",
    "shape = \"plane\"\n",
    "\"floor\"",
    "[\"ball\", \"ball\"]",
    "kind = \"central\"\n",
    "method = \"penalty\"\n",
    "[[spring]]\na = \"wall\"\n",
    "[[constraint]]\n",
];

proptest! {
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        if let Err(d) = load_bytes(&bytes, "random.toml") {
            prop_assert!(!d.0.is_empty() && d.0.iter().all(|d| !d.message.is_empty()));
        }
    }

    #[test]
    fn mutated_scenes_never_panic(
        simulated in any::<bool>(),
        edits in proptest::collection::vec((0..SIMULATED.len(), 0..12usize, 0..PIECES.len()), 1..4)
    ) {
        let mut bytes = if simulated { SIMULATED } else { VALID }.as_bytes().to_vec();
        for (at, cut, piece) in edits {
            let at = at % (bytes.len() + 1);
            let end = (at + cut).min(bytes.len());
            bytes.splice(at..end, PIECES[piece].bytes());
        }
        match load_bytes(&bytes, "mutated.toml") {
            Ok(scene) => prop_assert!(!scene.bodies.is_empty()),
            Err(d) => {
                prop_assert!(!d.0.is_empty());
                for diagnostic in &d.0 {
                    prop_assert!(!diagnostic.message.is_empty());
                    prop_assert!(diagnostic.line.is_none_or(|l| l >= 1));
                    prop_assert!(diagnostic.to_string().starts_with("mutated.toml:"));
                }
            }
        }
    }
}
