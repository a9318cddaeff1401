//! The one door for contacts: every order of every pair of shapes gives the same contact turned
//! round, `simulate` and `explain` report the same first contact, and an edge grazing an edge is
//! reported as the edge it really touches along.

use crate::cli_support;
use crate::rng;

use cli_support::{sepax, stderr, stdout};
use rng::Rng;
use sepax::contact::{self, PlacedMesh, Shape, ShapeKind};
use sepax::geometry::{Convex, Cylinder, Ellipsoid, Kdop, Plane, Sphere, TriMesh, Triangle};
use sepax::nalgebra::Vector3;
use serde_json::Value;

const SEED: u64 = 0x05E9_A0C1_E000_0005;

/// A shape of `kind` near the origin.
fn shape(rng: &mut Rng, kind: ShapeKind) -> Shape {
    match kind {
        ShapeKind::Box => Shape::Box(rng.obb(1.0)),
        ShapeKind::Sphere => Shape::Sphere(Sphere {
            center: rng.vector(1.0),
            radius: rng.range(0.1, 2.0),
        }),
        ShapeKind::Plane => Shape::Plane(Plane {
            normal: rng.direction().into_inner(),
            offset: rng.range(-1.0, 1.0),
        }),
        ShapeKind::Triangle => {
            let [p, q, r] = [rng.vector(1.5), rng.vector(1.5), rng.vector(1.5)];
            Shape::Triangle(Triangle::new(p, q, r))
        }
        ShapeKind::Mesh => {
            let vertices = (0..5).map(|_| rng.vector(1.5)).collect();
            let mesh = TriMesh::new(vertices, vec![[0, 1, 2], [0, 2, 3], [1, 4, 2]])
                .expect("random corners make triangles with area");
            Shape::Mesh(PlacedMesh {
                mesh: std::sync::Arc::new(mesh),
                offset: rng.vector(0.5),
            })
        }
        ShapeKind::Convex => Shape::Convex(convex(rng)),
    }
}

/// An ellipsoid, a cylinder or a k-DOP near the origin.
fn convex(rng: &mut Rng) -> Convex {
    let center = rng.vector(1.0);
    match rng.below(3) {
        0 => Convex::Ellipsoid(Ellipsoid {
            center,
            rotation: rng.rotation(),
            radii: rng.extents(0.1, 1.5),
        }),
        1 => Convex::Cylinder(Cylinder {
            center,
            rotation: rng.rotation(),
            radius: rng.range(0.1, 1.5),
            half_height: rng.range(0.1, 1.5),
        }),
        _ => {
            let points: Vec<Vector3<f64>> = (0..8).map(|_| center + rng.vector(1.0)).collect();
            let k = [6, 14, 18, 26][rng.below(4)];
            Convex::Kdop(Kdop::fit(&points, k).expect("eight random points"))
        }
    }
}

#[test]
fn every_order_of_every_pair_gives_the_same_contact_turned_round() {
    let kinds = [
        ShapeKind::Box,
        ShapeKind::Sphere,
        ShapeKind::Plane,
        ShapeKind::Triangle,
        ShapeKind::Mesh,
        ShapeKind::Convex,
    ];
    let mut compared = 0;
    for index in 0..12_000 {
        let mut rng = Rng::case(SEED, index);
        let (ka, kb) = (kinds[index as usize % 6], kinds[index as usize / 6 % 6]);
        let (a, b) = (shape(&mut rng, ka), shape(&mut rng, kb));
        let (va, vb) = (rng.vector(2.0), rng.vector(2.0));
        assert_eq!(contact::pair_kind(ka, kb), contact::pair_kind(kb, ka));
        if ka == kb && matches!(ka, ShapeKind::Box | ShapeKind::Convex) {
            // Two boxes: the table's axes belong to A and B, so the order is part of the
            // question; each order is checked against the oracle elsewhere. Two convex shapes:
            // GJK walks `A - B` or `B - A`, which agree within its tolerance, not to rounding.
            continue;
        }
        let (forward, backward) = (contact::separation(&a, &b), contact::separation(&b, &a));
        let close =
            forward == backward || (forward - backward).abs() <= 1e-12 * (1.0 + forward.abs());
        assert!(close, "case {index}: {forward} and {backward}");
        let pairs = [
            (
                contact::contact(&a, &b, f64::INFINITY),
                contact::contact(&b, &a, f64::INFINITY),
            ),
            (
                contact::first_contact(&a, va, &b, vb, 1.0),
                contact::first_contact(&b, vb, &a, va, 1.0),
            ),
        ];
        for (forward, backward) in pairs {
            match (forward, backward) {
                (Some(f), Some(g)) => {
                    assert_eq!(
                        (f.pair, f.features, f.sphere_on, f.convex),
                        (g.pair, g.features, g.sphere_on, g.convex)
                    );
                    if ka == kb {
                        // The same pair file with the shapes exchanged: equal up to rounding.
                        let close = |x: f64, y: f64| (x - y).abs() <= 1e-12 * (1.0 + x.abs());
                        assert!(close(f.time, g.time) && close(f.gap, g.gap), "case {index}");
                        assert!((f.point - g.point).norm() <= 1e-12, "case {index}");
                        assert!((f.normal + g.normal).norm() <= 1e-12, "case {index}");
                    } else {
                        // The table turns the one answer round.
                        assert_eq!(
                            (f.time, f.gap, f.point),
                            (g.time, g.gap, g.point),
                            "case {index}"
                        );
                        assert_eq!(f.normal, -g.normal, "case {index}");
                    }
                    assert!(!f.region.is_empty());
                    compared += 1;
                }
                (None, None) => {}
                other => panic!("case {index}: one order only: {other:?}"),
            }
        }
    }
    println!("both orders compared on {compared} contacts");
    assert!(compared > 3_000);
}

#[test]
fn simulate_and_explain_report_the_same_first_contact() {
    for scene in ["vertex_face", "edge_face", "face_face", "edge_edge"] {
        let explained = sepax(&["explain", scene, "--json", "--horizon", "1"]);
        assert!(explained.status.success(), "{}", stderr(&explained));
        let explained: Value = serde_json::from_str(&stdout(&explained)).unwrap();
        let told = &explained["pairs"][0]["contact"];
        let simulated = sepax(&["simulate", scene, "--json"]);
        assert!(simulated.status.success(), "{}", stderr(&simulated));
        let event = stdout(&simulated)
            .lines()
            .map(|line| serde_json::from_str::<Value>(line).unwrap())
            .find_map(|frame| frame["events"].get(0).cloned())
            .expect("an impact");
        assert_eq!(event["axis"], told["axis"], "{scene}");
        assert_eq!(event["contact_kind"], told["kind"], "{scene}");
        let number = |v: &Value| v.as_f64().unwrap();
        assert!(
            (number(&event["time"]) - number(&told["time"])).abs() < 1e-9,
            "{scene}"
        );
        for k in 0..3 {
            let (p, q) = (number(&event["point"][k]), number(&told["point"][k]));
            assert!((p - q).abs() < 1e-9, "{scene}: {event} vs {told}");
        }
    }
}

/// The smallest grazing case as a scene: B slides down past A's edge x = 2, z = 0.8 and
/// touches it only at t = 2, along that edge.
#[test]
fn explain_reports_an_edge_grazing_an_edge_along_the_shared_edge() {
    let path = std::env::temp_dir().join(format!("sepax-graze-{}.toml", std::process::id()));
    let text = "[world]\ndt = 0.5\nframes = 8\n\n[[body]]\nname = \"A\"\nshape = \"box\"\n\
        center = [0.0, 0.0, 0.0]\nhalf_extents = [2.0, 0.8, 0.8]\nfixed = true\n\n[[body]]\n\
        name = \"B\"\nshape = \"box\"\ncenter = [2.8, 0.0, 5.1]\nhalf_extents = [1.8, 1.3, 1.1]\n\
        velocity = [0.5, 0.0, -1.6]\n";
    std::fs::write(&path, text).unwrap();
    let out = sepax(&[
        "explain",
        path.to_str().unwrap(),
        "--json",
        "--horizon",
        "4",
    ]);
    std::fs::remove_file(&path).ok();
    assert!(out.status.success(), "{}", stderr(&out));
    let explained: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let told = &explained["pairs"][0]["contact"];
    assert_eq!(told["kind"], "edge-edge", "{told}");
    assert!(
        (told["time"].as_f64().unwrap() - 2.0).abs() < 1e-12,
        "{told}"
    );
    let point = |v: &Value| Vector3::from_fn(|k, _| v[k].as_f64().unwrap());
    assert!(
        (point(&told["point"]) - Vector3::new(2.0, 0.0, 0.8)).norm() < 1e-9,
        "{told}"
    );
    let region = told["region"].as_array().unwrap();
    assert_eq!(region.len(), 2, "{told}");
    for (end, y) in region.iter().zip([-0.8, 0.8]) {
        assert!(
            (point(end) - Vector3::new(2.0, y, 0.8)).norm() < 1e-9,
            "{told}"
        );
    }
}
