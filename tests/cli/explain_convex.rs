//! `explain` of pairs with an ellipsoid, a cylinder or a k-DOP: the JSON rows are the library's
//! own records (GJK's iterations, EPA, conservative advancement, the slab table, the ellipsoid's
//! closed form against a plane), in text and JSON, for the shipped scenes.

use crate::cli_support;

use cli_support::{run, sepax};
use sepax::geometry::advance::{conservative_advancement, Motion};
use sepax::geometry::epa::penetration;
use sepax::geometry::{Convex, ConvexSpec, Plane, Sphere};
use sepax::nalgebra::Vector3;
use sepax::sat::{kdop_trace, Robustness};
use sepax::scene::{load, BodySpec, ShapeSpec};
use sepax::trace::explain_pair;
use serde_json::Value;

/// The JSON of `explain SCENE --horizon H`.
fn explained(scene: &str, horizon: &str) -> Value {
    let output = sepax(&["explain", scene, "--json", "--horizon", horizon]);
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).expect("explain writes JSON")
}

/// The pair of bodies `a` and `b` in an explanation.
fn pair<'v>(json: &'v Value, a: &str, b: &str) -> &'v Value {
    json["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["a"] == a && p["b"] == b)
        .unwrap_or_else(|| panic!("no pair {a}, {b}"))
}

fn body<'s>(bodies: &'s [BodySpec], name: &str) -> &'s BodySpec {
    bodies.iter().find(|b| b.name == name).unwrap()
}

fn convex(body: &BodySpec) -> Convex {
    let ShapeSpec::Convex(spec) = &body.shape else {
        panic!("{} is not convex", body.name);
    };
    spec.placed(body.center, body.rotation)
}

/// Whether the JSON number `v` is `x` (JSON text keeps every digit; its parse may round the
/// last one).
#[track_caller]
fn same(v: &Value, x: f64) {
    let y = v.as_f64().unwrap();
    assert!(
        (x - y).abs() <= 4.0 * f64::EPSILON * x.abs().max(1e-300),
        "{y} against {x}"
    );
}

fn vector(v: &Value) -> Vector3<f64> {
    Vector3::new(
        v[0].as_f64().unwrap(),
        v[1].as_f64().unwrap(),
        v[2].as_f64().unwrap(),
    )
}

#[test]
fn gjk_rows_of_sphere_and_cylinder_are_the_library_s() {
    let scene = load("sphere_cylinder").unwrap();
    let json = explained("sphere_cylinder", "2");
    let shown = &pair(&json, "post", "ball")["gjk"];
    let post = convex(body(&scene.bodies, "post"));
    let ball_spec = body(&scene.bodies, "ball");
    let ShapeSpec::Sphere { radius } = ball_spec.shape else {
        panic!()
    };
    let ball = Sphere {
        center: ball_spec.center,
        radius,
    };
    let found = penetration(&post, &ball);
    let rows = shown["iterations"].as_array().unwrap();
    assert_eq!(rows.len(), found.gjk.iterations.len());
    for (row, step) in rows.iter().zip(&found.gjk.iterations) {
        same(&row["lower_bound"], step.lower_bound);
        same(&row["upper_bound"], step.upper_bound);
        assert!((vector(&row["direction"]) - step.direction).norm() <= 1e-14);
        let simplex = row["simplex"].as_array().unwrap();
        assert_eq!(simplex.len(), step.simplex.len());
        for (v, w) in simplex.iter().zip(&step.simplex) {
            assert!((vector(&v["w"]) - w.w).norm() <= 1e-14);
        }
    }
    same(&shown["distance"], found.gjk.distance);
    assert_eq!(shown["end"], "converged");
    assert!(shown["epa"].is_null());
    // The ball first touches the cylinder's side where its path (y = 0.4, z = 0.2) meets the
    // cylinder grown by the ball's radius: x = -sqrt(0.8² - 0.2²). The record's advancement is
    // the library's, within its tolerance of that; the contact is the exact distance's
    // (sphere tracing), within 1e-9.
    let exact = (3.0 - (0.64_f64 - 0.04).sqrt()) / 2.0;
    let advance = conservative_advancement(
        &post,
        &Motion::default(),
        &ball,
        &Motion::linear(ball_spec.velocity),
        2.0,
    );
    let time = advance.time_of_impact.unwrap();
    same(&shown["advancement"]["time_of_impact"], time);
    assert!((time - exact).abs() < 1e-6, "{time} against {exact}");
    let contact = &pair(&json, "post", "ball")["contact"];
    let found = contact["time"].as_f64().unwrap();
    assert!((found - exact).abs() < 1e-9, "{found} against {exact}");
    assert_eq!(contact["kind"], "convex-touch");
}

#[test]
fn two_kdops_show_their_slab_table_and_other_pairs_their_gjk() {
    let scene = load("kdop_fit").unwrap();
    let json = explained("kdop_fit", "1");
    let (dop, probe) = (
        convex(body(&scene.bodies, "dop")),
        convex(body(&scene.bodies, "probe")),
    );
    let (Convex::Kdop(a), Convex::Kdop(b)) = (&dop, &probe) else {
        panic!()
    };
    assert_eq!(a.k, 26);
    let trace = kdop_trace(a, b).unwrap();
    let shown = pair(&json, "dop", "probe");
    let table = &shown["table"];
    assert_eq!(table["table"], "kdop-kdop");
    let rows = table["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 13);
    for (i, (row, want)) in rows.iter().zip(&trace.rows).enumerate() {
        assert_eq!(row["axis"], format!("S{i}"));
        same(&row["r"], want.r);
        same(&row["r0"], want.r0);
        same(&row["r1"], want.r1);
        assert_eq!(row["separating"].as_bool().unwrap(), want.separating);
        let [(a0, a1), (b0, b1)] = trace.intervals[i];
        let intervals = &table["intervals"][i];
        same(&intervals[0][0], a0);
        same(&intervals[0][1], a1);
        same(&intervals[1][0], b0);
        same(&intervals[1][1], b1);
    }
    assert_eq!(table["deciding"], "S1");
    assert_eq!(table["polytopes_intersect"], true);
    assert_eq!(shown["intersecting"], true);
    // The probe overlaps the dop's corner: EPA's depth is the smallest slab overlap, along y.
    let depth = shown["gjk"]["epa"]["depth"].as_f64().unwrap();
    assert!((depth - 0.1).abs() < 1e-9, "{depth}");
    assert_eq!(shown["contact"]["kind"], "convex-overlap");
    // The dop against the OBB and the AABB: GJK on the slab polytope's corners, apart.
    for other in ["obb", "aabb"] {
        let p = pair(&json, "dop", other);
        assert_eq!(p["shapes"], "kdop-box");
        assert_eq!(p["intersecting"], false);
        assert!(p["gjk"]["distance"].as_f64().unwrap() > 1.0);
        assert!(p.get("table").is_none());
    }
}

#[test]
fn an_ellipsoid_falls_onto_the_plane_by_the_closed_form() {
    let scene = load("ellipsoid_rolling").unwrap();
    let json = explained("ellipsoid_rolling", "1");
    let shown = pair(&json, "floor", "egg");
    assert_eq!(shown["shapes"], "plane-ellipsoid");
    assert!(shown.get("gjk").is_none());
    let egg = body(&scene.bodies, "egg");
    let Convex::Ellipsoid(e) = convex(egg) else {
        panic!()
    };
    let floor = Plane::new(Vector3::y(), 0.0).unwrap();
    // Falling from rest under gravity is not a constant velocity: explain searches the frame's
    // straight path, so at frame 0 the closed form with the scene's velocity never meets the
    // floor within a second (the egg moves sideways).
    let closed = e.against_plane(&egg.velocity, &floor, 1.0);
    assert_eq!(closed.sweep.time, None);
    assert!(shown["contact"].is_null());
    let sentence = shown["sentence"].as_str().unwrap();
    assert!(
        sentence.contains(&format!("{:.3}", closed.support_radius)),
        "{sentence}"
    );
    assert!(
        sentence.contains(&format!("gap {:.3}", closed.gap)),
        "{sentence}"
    );
    // Thrown down as well, it meets the floor when the centre is rho(N) above it, at the support
    // point facing the floor.
    let thrown = BodySpec {
        velocity: Vector3::new(1.5, -2.0, 0.0),
        ..egg.clone()
    };
    let floor_body = body(&scene.bodies, "floor");
    let record = explain_pair(floor_body, &thrown, 0.0, 1.0, Robustness::default()).unwrap();
    let closed = e.against_plane(&thrown.velocity, &floor, 1.0);
    let contact = record.contact.expect("it reaches the floor");
    assert_eq!(contact.time, closed.sweep.time.unwrap());
    assert_eq!(contact.kind, "ellipsoid-plane");
    let point = Vector3::from(contact.point);
    assert!(
        (point - closed.contact_point.unwrap()).norm() < 1e-12,
        "{point}"
    );
    assert!((contact.time - (1.2 - closed.support_radius) / 2.0).abs() < 1e-12);
}

#[test]
fn the_text_lists_the_iterations_and_the_slabs() {
    let (code, out, err) = run(&["explain", "sphere_cylinder", "--horizon", "2"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("GJK on A - B, A = post, B = ball"), "{out}");
    assert!(out.contains("GJK stops: the bounds met (apart)"), "{out}");
    assert!(out.contains("conservative advancement: step"), "{out}");
    assert!(
        out.contains("they first touch at t = 1.11270 s (convex-touch)"),
        "{out}"
    );
    let (code, out, _) = run(&["explain", "kdop_fit", "--pair", "dop,probe"]);
    assert_eq!(code, Some(0));
    assert!(
        out.contains("kdop-kdop table of A = dop and B = probe"),
        "{out}"
    );
    assert!(out.contains("smallest overlap (decides)"), "{out}");
    assert!(out.contains("EPA: step"), "{out}");
}

#[test]
fn spec_kinds_are_the_library_s() {
    // The placed shapes explain reads are the body's spec placed at its pose.
    let scene = load("ellipsoid_rolling").unwrap();
    let egg = body(&scene.bodies, "egg");
    let ShapeSpec::Convex(ConvexSpec::Ellipsoid { radii }) = &egg.shape else {
        panic!()
    };
    assert_eq!(*radii, Vector3::new(0.6, 0.3, 0.3));
}

#[test]
fn the_ball_leaves_the_post_with_the_closed_form_energy() {
    // No gravity, no friction, restitution 0.5: the ball (mass 1, 2 m/s along x) meets the
    // post's side where the normal is (-sqrt(15)/4, 0, 1/4); its normal speed sqrt(15)/2 comes
    // back halved, the tangential 1/2 stays: energy (1/4 + 15/16)/2 = 0.59375. With GJK's
    // normal at the touch (a little off the side's) it was 0.593742.
    let scene = load("sphere_cylinder").unwrap();
    let frames = sepax::trace::simulate_timeline(&scene, 120, &sepax::trace::SimOptions::default())
        .expect("simulates");
    let v = frames[120].bodies[1].velocity;
    let energy = 0.5 * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    assert!((energy - 0.59375).abs() < 1e-8, "energy {energy}");
}
