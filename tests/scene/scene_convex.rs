//! Ellipsoid, cylinder and k-DOP bodies in scenes: every bad value located, the shapes as loaded.

use crate::located;

use located::one;
use sepax::geometry::kdop::kdop_directions;
use sepax::geometry::ConvexSpec;
use sepax::nalgebra::Vector3;
use sepax::scene::{load_str, ShapeSpec};

/// A valid `[world]` on lines 1–2 and a body whose keys start on line 4.
fn body(lines: &str) -> String {
    format!("[world]\ndt = 0.1\n[[body]]\n{lines}")
}

const ELLIPSOID: &str = "name = \"E\"\nshape = \"ellipsoid\"\ncenter = [0, 1, 0]\n";
const CYLINDER: &str = "name = \"C\"\nshape = \"cylinder\"\ncenter = [0, 1, 0]\n";
/// A cloud with volume, on line 6.
const CLOUD: &str = "name = \"K\"\nshape = \"points\"\npoints = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1]]\n";

#[test]
fn every_bad_ellipsoid_value_is_located() {
    let e = |rest: &str| body(&format!("{ELLIPSOID}{rest}"));
    one(&e(""), "3:1 body \"E\" is missing `radii`");
    one(
        &e("radii = [1, 0, 2]\n"),
        "7:13 `radii` in body \"E\"|greater than 0, found 0",
    );
    one(&e("radii = [1, 2]\n"), "7:9 `radii` in body \"E\"|found 2");
    one(
        &e("radii = [1, 2, 3]\nradius = 1\n"),
        "8:1 `radius` does not apply to an ellipsoid|sphere and cylinder",
    );
    one(
        &e("radii = [1, 2, 3]\nrotation = { quaternion = [1, 0, 0] }\n"),
        "8:27 `quaternion`|4 numbers, found 3",
    );
    one(
        &body("name = \"E\"\nshape = \"ellipsoid\"\nradii = [1, 1, 1]\n"),
        "3:1 body \"E\" is missing `center`",
    );
}

#[test]
fn every_bad_cylinder_value_is_located() {
    let c = |rest: &str| body(&format!("{CYLINDER}{rest}"));
    one(
        &c("radius = 1\n"),
        "3:1 body \"C\" is missing `half_height`",
    );
    one(
        &c("half_height = 1\n"),
        "3:1 body \"C\" is missing `radius`",
    );
    one(
        &c("radius = 1\nhalf_height = -2\n"),
        "8:15 `half_height` in body \"C\"|greater than 0, found -2",
    );
    one(
        &c("radius = 1\nhalf_height = 2\nradii = [1, 1, 1]\n"),
        "9:1 `radii` does not apply to a cylinder|ellipsoid",
    );
    one(
        &c("radius = 1\nhalf_heigth = 2\n"),
        "8:1 unknown key `half_heigth`|`half_height`?",
    );
}

#[test]
fn every_bad_kdop_value_is_located() {
    let k = |rest: &str| body(&format!("{CLOUD}{rest}"));
    one(
        &k("fit = \"kdop\"\n"),
        "3:1 body \"K\" is missing `k`|6, 14, 18 or 26",
    );
    one(
        &k("fit = \"kdop\"\nk = 8\n"),
        "8:5 k = 8 in body \"K\" is not a standard k-DOP|6 (faces)|26",
    );
    one(&k("fit = \"kdop\"\nk = 2.5\n"), "8:5 `k` in body \"K\"");
    one(
        &k("fit = \"obb\"\nk = 14\n"),
        "8:5 `k` only applies to fit = \"kdop\", and body \"K\" uses fit = \"obb\"",
    );
    one(&k("k = 14\n"), "7:5 `k` only applies to fit = \"kdop\"");
    one(
        &k("fit = \"kdop\"\nk = 14\nmass = 2\n"),
        "9:1 `mass` does not apply to body \"K\"|bounding volume|never dynamic",
    );
    one(
        &k("fit = \"kdop\"\nk = 14\nfixed = false\n"),
        "9:1 `fixed` does not apply to body \"K\"|never dynamic",
    );
    one(
        &k("fit = \"kdop\"\nk = 14\nangular_velocity = [0, 1, 0]\n"),
        "9:1 `angular_velocity` does not apply to body \"K\"",
    );
    let flat = body(
        "name = \"K\"\nshape = \"points\"\npoints = [[0, 0, 0], [1, 0, 0], [0, 1, 0]]\nfit = \"kdop\"\nk = 6\n",
    );
    one(
        &flat,
        "6:10 cannot fit a kdop to the points of body \"K\"|coplanar",
    );
}

#[test]
fn shapes_load_with_their_sizes() {
    let text = body(&format!(
        "{ELLIPSOID}radii = [1, 2, 3]\n[[body]]\n{CYLINDER}radius = 0.5\nhalf_height = 2\n\
         velocity = [1, 0, 0]\n[[body]]\n{CLOUD}fit = \"kdop\"\nk = 26\nvelocity = [0, 0, 1]\n"
    ));
    let scene = load_str(&text, "t.toml").unwrap();
    let shapes: Vec<&ShapeSpec> = scene.bodies.iter().map(|b| &b.shape).collect();
    assert_eq!(
        shapes[0],
        &ShapeSpec::Convex(ConvexSpec::Ellipsoid {
            radii: Vector3::new(1.0, 2.0, 3.0)
        })
    );
    assert_eq!(
        shapes[1],
        &ShapeSpec::Convex(ConvexSpec::Cylinder {
            radius: 0.5,
            half_height: 2.0
        })
    );
    let ShapeSpec::Convex(ConvexSpec::Kdop(kdop)) = shapes[2] else {
        panic!("{:?}", shapes[2]);
    };
    assert_eq!(kdop.k, 26);
    assert_eq!(kdop.directions, kdop_directions(26).unwrap());
    let k = &scene.bodies[2];
    assert_eq!(k.fit.as_ref().unwrap().method, "kdop");
    assert_eq!(k.fit.as_ref().unwrap().variant.as_deref(), Some("k = 26"));
    // Placed back at the body's centre, the k-DOP holds every point it was fitted to, and a
    // moving k-DOP is never dynamic.
    let placed = kdop.translated(&k.center);
    for p in &k.fit.as_ref().unwrap().points {
        assert!(placed.contains_point(p), "{p}");
    }
    assert!(!scene.bodies[1].fixed && scene.bodies[2].velocity == Vector3::new(0.0, 0.0, 1.0));
}
