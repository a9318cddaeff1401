//! Triangle and mesh bodies end to end: every bad value located, the shapes as loaded, the rows
//! `explain` writes for the shipped scenes, and `explain` of random box–triangle scenes against
//! parry3d-f64's verdict.

use crate::located;
use crate::oracle_support;
use crate::shapes_support;

use located::one;
use oracle_support::Rng;
use parry3d_f64::shape::Cuboid;
use sepax::nalgebra::Vector3;
use sepax::sat::Robustness;
use sepax::scene::{load, load_path, load_str, ShapeSpec};
use sepax::trace;
use shapes_support::{near_touching, parry_triangle, pose_of, triangle_near, Placed, WORLD};

/// A valid `[world]` on lines 1–2 and a body whose keys start on line 4.
fn body(lines: &str) -> String {
    format!("[world]\ndt = 0.1\n[[body]]\n{lines}")
}

const TRIANGLE: &str = "name = \"T\"\nshape = \"triangle\"\n";
const MESH: &str = "name = \"M\"\nshape = \"mesh\"\n";

#[test]
fn every_bad_triangle_value_is_located() {
    let t = |rest: &str| body(&format!("{TRIANGLE}{rest}"));
    one(&t(""), "3:1 body \"T\" is missing `vertices`");
    one(
        &t("vertices = [[0, 0, 0], [1, 0, 0]]\n"),
        "6:12 `vertices` in body \"T\" must be an array of 3 points|found 2",
    );
    one(
        &t("vertices = [[0, 0, 0], [1, 0], [0, 1, 0]]\n"),
        "6:24 each point of `vertices` in body \"T\" must be an array of 3 numbers",
    );
    one(
        &t("vertices = [[0, 0, 0], [1, 0, 0], [2, 0, 0]]\n"),
        "6:12 the `vertices` in body \"T\" make a degenerate triangle|area 0e0|longest edge squared (4e0)",
    );
    one(
        &t("vertices = 3\n"),
        "6:12 `vertices` in body \"T\" must be an array of points",
    );
    let good = "vertices = [[0, 0, 0], [1, 0, 0], [0, 1, 0]]\n";
    one(
        &t(&format!("{good}center = [0, 0, 0]\n")),
        "7:1 `center` cannot be given for body \"T\"|placed by its `vertices`",
    );
    one(
        &t(&format!("{good}mass = 2\n")),
        "7:1 `mass` does not apply to a triangle|never dynamic",
    );
    one(
        &t(&format!("{good}angular_velocity = [0, 1, 0]\n")),
        "7:1 `angular_velocity` does not apply to a triangle",
    );
    one(
        &t(&format!("{good}velocity = [1, 0]\n")),
        "7:12 `velocity` in body \"T\" must be an array of 3 numbers",
    );
}

#[test]
fn every_bad_mesh_value_is_located() {
    let m = |rest: &str| body(&format!("{MESH}{rest}"));
    let vertices = "vertices = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]]\n";
    one(
        &m(""),
        "3:1 body \"M\" is missing `file` (an OBJ file) or `vertices` and `triangles`",
    );
    one(&m(vertices), "3:1 body \"M\" is missing `triangles`");
    one(
        &m(&format!("{vertices}triangles = [[0, 1, 2], [1, 4, 3]]\n")),
        "7:29 triangle 1 of `triangles` in body \"M\" names vertex 4, but `vertices` has 4 (indices 0 to 3)",
    );
    one(
        &m(&format!("{vertices}triangles = [[0, 1, 1]]\n")),
        "7:14 triangle 0 of `triangles` in body \"M\" is degenerate",
    );
    one(
        &m(&format!("{vertices}triangles = [[0, 1]]\n")),
        "7:14 triangle 0 of `triangles` in body \"M\" must be an array of 3 vertex indices, found 2",
    );
    one(
        &m(&format!("{vertices}triangles = [[0, -1, 2]]\n")),
        "7:18 triangle 0 of `triangles` in body \"M\" names vertex -1: vertex indices count from 0",
    );
    one(
        &m(&format!("{vertices}triangles = []\n")),
        "7:13 `triangles` in body \"M\" must hold at least one triangle",
    );
    let square = format!("{vertices}triangles = [[0, 1, 2], [1, 3, 2]]\n");
    one(
        &m(&format!("{square}scale = 0\n")),
        "8:9 `scale` in body \"M\" must be greater than 0",
    );
    one(
        &m(&format!("{square}scale = [1, -2, 1]\n")),
        "8:13 `scale` in body \"M\" must be greater than 0, found -2",
    );
    one(
        &m(&format!("{square}mass = 1\n")),
        "8:1 `mass` does not apply to a mesh|never dynamic",
    );
    one(
        &m(&format!("{square}file = \"x.obj\"\n")),
        "6:12 body \"M\" has both `file` and `vertices`",
    );
    one(
        &m("file = \"no_such_file.obj\"\n"),
        "6:8 `file` in body \"M\": cannot read the OBJ file `no_such_file.obj`|file not found",
    );
    one(
        &m("file = 3\n"),
        "6:8 `file` in body \"M\" must be a string",
    );
}

/// A folder of its own under the target directory, with `files` written into it.
fn folder(name: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "sepax_scene_triangles_{name}_{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    dir
}

#[test]
fn obj_files_are_read_beside_the_scene_and_their_errors_are_located_in_them() {
    let scene = "[world]\ndt = 0.1\n[[body]]\nname = \"M\"\nshape = \"mesh\"\nfile = \"m.obj\"\ncenter = [1, 2, 3]\nscale = 2\nrotation = { axis = [0, 0, 1], degrees = 90 }\n";
    let square = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n";
    let dir = folder("good", &[("s.toml", scene), ("m.obj", square)]);
    let loaded = load_path(&dir.join("s.toml")).unwrap_or_else(|d| panic!("{d}"));
    let body = &loaded.bodies[0];
    let ShapeSpec::Mesh(spec) = &body.shape else {
        panic!("a mesh: {body:?}");
    };
    assert_eq!(spec.file.as_deref(), Some("m.obj"));
    assert_eq!(spec.mesh.len(), 2, "the quad is cut into two triangles");
    assert_eq!(body.center, Vector3::new(1.0, 2.0, 3.0));
    // Vertex (1, 0, 0) scaled by 2 and turned a quarter about z: (0, 2, 0) from the centre.
    let v = spec.mesh.vertices()[1];
    assert!((v - Vector3::new(0.0, 2.0, 0.0)).norm() < 1e-12, "{v:?}");
    // A coordinate or a face index that is wrong is located in the OBJ file as well.
    for (name, obj, at, words) in [
        (
            "bad",
            "v 0 0 0\nv 1 0 x\nv 0 1 0\nf 1 2 3\n",
            (2, 7),
            "`x` is not a number",
        ),
        (
            "out",
            "v 0 0 0\nv 1 0 0\nf 1 2 9\n",
            (3, 7),
            "face index 9 is past the 2",
        ),
    ] {
        let dir = folder(name, &[("s.toml", scene), ("m.obj", obj)]);
        let found = load_path(&dir.join("s.toml")).expect_err(name).0;
        assert_eq!(found.len(), 2, "{name}: {found:#?}");
        assert_eq!(
            (found[0].line, found[0].column),
            (Some(6), Some(8)),
            "{name}"
        );
        assert!(found[0]
            .message
            .contains("the OBJ file `m.obj` has 1 problem"));
        assert_eq!(
            (found[1].line, found[1].column),
            (Some(at.0), Some(at.1)),
            "{name}"
        );
        assert!(
            found[1].path.ends_with("m.obj"),
            "{name}: {}",
            found[1].path
        );
        assert!(
            found[1].message.contains(words),
            "{name}: {}",
            found[1].message
        );
    }
    let cases = [
        ("empty", "v 0 0 0\n", "`m.obj` holds no triangle"),
        (
            "flat",
            "v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\n",
            "triangle 0 of `m.obj`",
        ),
        (
            "huge",
            "v 0 0 0\nv 1e12 0 0\nv 0 1 0\nf 1 2 3\n",
            "vertex 1 of `m.obj` has the coordinate 1000000000000",
        ),
    ];
    for (name, obj, words) in cases {
        let dir = folder(name, &[("s.toml", scene), ("m.obj", obj)]);
        let path = dir.join("s.toml");
        let found = load_path(&path).expect_err(name).0;
        assert_eq!(found.len(), 1, "{name}: {found:#?}");
        let d = &found[0];
        assert_eq!((d.line, d.column), (Some(6), Some(8)), "{name}: {d}");
        assert!(d.message.contains(words), "{name}: {}", d.message);
    }
}

#[test]
fn a_triangle_is_placed_at_its_centroid_and_moves_only_with_a_velocity() {
    let text = body(&format!(
        "{TRIANGLE}vertices = [[0, 0, 0], [3, 0, 0], [0, 3, 0]]\n"
    ));
    let scene = load_str(&text, "t.toml").unwrap();
    let t = &scene.bodies[0];
    assert_eq!(t.center, Vector3::new(1.0, 1.0, 0.0));
    assert!(t.fixed);
    let moving = text + "velocity = [1, 0, 0]\n";
    let scene = load_str(&moving, "t.toml").unwrap();
    assert!(!scene.bodies[0].fixed);
    // The simulation carries the triangle at its velocity.
    let frames = trace::simulate_timeline(&scene, 3, &trace::SimOptions::default()).unwrap();
    let moved = frames[3].specs[0].center - t.center;
    assert!((moved - Vector3::new(3.0 * scene.world.dt, 0.0, 0.0)).norm() < 1e-12);
}

/// The explanation of a shipped scene at frame 0, as JSON.
fn explained(name: &str) -> serde_json::Value {
    let scene = load(name).unwrap();
    let e = trace::explain(
        &scene,
        &scene.bodies,
        0,
        scene.world.dt,
        None,
        Robustness::default(),
    );
    serde_json::to_value(&e).unwrap()
}

#[test]
fn explain_writes_the_13_rows_of_the_box_triangle_table_and_names_the_deciding_row() {
    let e = explained("box_through_triangle_edge");
    let pair = &e["pairs"][0];
    assert_eq!(pair["shapes"], "triangle-box");
    let table = &pair["table"];
    assert_eq!(table["table"], "box-triangle");
    let rows = table["rows"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["axis"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "T", "A0", "A1", "A2", "A0xE0", "A0xE1", "A0xE2", "A1xE0", "A1xE1", "A1xE2", "A2xE0",
            "A2xE1", "A2xE2"
        ]
    );
    for row in rows {
        for key in ["l", "r", "r0", "r1", "separating", "degenerate", "gap"] {
            assert!(row.get(key).is_some(), "{key} in {row}");
        }
    }
    assert_eq!(table["deciding"], "A0xE0");
    assert_eq!(pair["separating_axis"], "A0xE0");
    assert_eq!(pair["sweep"].as_array().unwrap().len(), 13);
    let contact = &pair["contact"];
    assert_eq!(contact["kind"], "edge-edge");
    assert_eq!(contact["axis"], "A0xE0");
    // The cube's top edge (at height 0.5 sqrt 2 above y = -1.5) rises at 3 m/s to E0 at y = 0.
    let t = contact["time"].as_f64().unwrap();
    assert!((t - (1.5 - 0.5 * 2f64.sqrt()) / 3.0).abs() < 1e-9, "{t}");
    let point = contact["point"].as_array().unwrap();
    assert!((point[2].as_f64().unwrap() - 0.3).abs() < 1e-9, "{contact}");
    assert_eq!(e["bodies"][0]["shape"], "triangle");
    assert_eq!(
        e["bodies"][0]["vertices"][2],
        serde_json::json!([0.0, 3.0, 0.0])
    );
}

#[test]
fn explain_of_two_crossing_triangles_has_their_rows_and_moller_s_verdict() {
    let e = explained("triangles_crossing");
    let pair = &e["pairs"][0];
    assert_eq!(pair["intersecting"], true);
    let table = &pair["table"];
    assert_eq!(table["rows"].as_array().unwrap().len(), 11);
    assert_eq!(table["coplanar"], false);
    assert_eq!(table["moller"]["intersecting"], true);
    assert_eq!(table["moller"]["stage"]["decided_by"], "intervals");
    assert!(pair["contact"].is_null());
}

#[test]
fn explain_of_a_box_over_a_mesh_walks_the_tree_then_shows_one_triangle_s_table() {
    let e = explained("box_on_ramp");
    let pair = e["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["shapes"] == "mesh-box")
        .expect("the ramp and the box");
    let walk = &pair["mesh"];
    assert_eq!(walk["triangles"], 8);
    assert!(walk["nodes_visited"].as_u64().unwrap() >= 1);
    assert!(walk["deciding_triangle"].is_u64());
    assert_eq!(pair["table"]["rows"].as_array().unwrap().len(), 13);
    let scene = load("box_on_ramp").unwrap();
    let text = trace::render_text(
        &trace::explain(&scene, &scene.bodies, 0, 0.05, None, Robustness::default()),
        None,
    );
    assert!(text.contains("tree of ramp: 8 triangles;"), "{text}");
    assert!(
        text.contains("box-triangle table of A = box and B = triangle"),
        "{text}"
    );
}

/// A scene of the box and the triangle, written with every digit.
fn scene_text(obb: &sepax::Obb, t: &sepax::geometry::Triangle) -> String {
    let q = obb.rotation();
    let v = |p: &Vector3<f64>| format!("[{:?}, {:?}, {:?}]", p.x, p.y, p.z);
    format!(
        "[world]\ndt = 0.1\n[[body]]\nname = \"box\"\nshape = \"box\"\ncenter = {}\nhalf_extents = {}\nrotation = {{ quaternion = [{:?}, {:?}, {:?}, {:?}] }}\n[[body]]\nname = \"tri\"\nshape = \"triangle\"\nvertices = [{}, {}, {}]\n",
        v(&obb.center()),
        v(&obb.half_extents()),
        q.w,
        q.i,
        q.j,
        q.k,
        v(&t.vertices[0]),
        v(&t.vertices[1]),
        v(&t.vertices[2])
    )
}

#[test]
fn explain_of_random_box_triangle_scenes_agrees_with_parry() {
    const SEED: u64 = 0x5CE4_E017_7A1A_4C1E;
    let (mut checked, mut intersecting, mut skipped) = (0, 0, 0);
    for index in 0..3000 {
        let mut rng = Rng::case(SEED, index);
        let obb = rng.obb(2.0);
        let near = obb.center() + rng.vector(2.5);
        let size = rng.range(0.2, 3.0);
        let triangle = triangle_near(&mut rng, &near, size);
        let text = scene_text(&obb, &triangle);
        let scene = load_str(&text, "pair.toml").unwrap_or_else(|d| panic!("{index}: {d}"));
        let e = trace::explain(&scene, &scene.bodies, 0, 0.1, None, Robustness::default());
        let pair = &e.pairs[0];
        let table = pair.table.as_ref().expect("a table");
        assert_eq!(table.rows.len(), 13);
        assert_eq!(pair.intersecting, pair.separating_axis.is_none(), "{index}");
        // parry on the geometry as loaded (the quaternion is normalised again on load).
        let (b, t) = (&scene.bodies[0], &scene.bodies[1]);
        let ShapeSpec::Box { half_extents } = b.shape else {
            panic!("a box");
        };
        let cuboid = Cuboid::new(oracle_support::dvec(&half_extents));
        let loaded = t.shape.triangles_at(&t.center)[0];
        let tri = parry_triangle(&loaded);
        let (pa, pb) = (
            Placed::new(pose_of(&b.center, &b.rotation), &cuboid),
            Placed::new(WORLD, &tri),
        );
        if near_touching(&pa, &pb, 1e-9) {
            skipped += 1;
            continue;
        }
        let theirs = shapes_support::intersects(&pa, &pb);
        assert_eq!(pair.intersecting, theirs, "pair {index}:\n{text}");
        checked += 1;
        intersecting += usize::from(theirs);
    }
    println!("{checked} pairs agree with parry ({intersecting} intersecting), {skipped} touching skipped");
    assert!(checked > 2900 && intersecting > 300 && checked - intersecting > 300);
}
