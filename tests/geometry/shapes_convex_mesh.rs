//! Cylinders against triangle meshes through the tree (`sat::convex_mesh`): the verdict against
//! parry3d-f64's `TriMesh` and against a loop over every triangle, the deciding triangle's GJK
//! record, and `explain`'s walk record for a convex body over a mesh.
//!
//! Pairs whose parry signed distance is within 1e-9 of zero are counted as skipped.

use crate::oracle_support;
use crate::shapes_support;

use oracle_support::Rng;
use parry3d_f64::shape::Cylinder as ParryCylinder;
use sepax::geometry::gjk::gjk;
use sepax::geometry::{Convex, Cylinder};
use sepax::sat::{self, Robustness};
use sepax::scene::load_str;
use sepax::trace;
use shapes_support::{mesh, near_touching, parry_mesh, pose_of, Placed, WORLD};

const SEED: u64 = 0x0C71_14DE_3E54_0017;
const TOUCH_BAND: f64 = 1e-9;

#[test]
fn cylinders_against_meshes_agree_with_parry_and_every_triangle() {
    let (mut checked, mut hits, mut skipped, mut brute) = (0, 0, 0, 0);
    let (mut tested, mut visited, mut queries) = (0_usize, 0_usize, 0_usize);
    for m in 0..10_u64 {
        let mut rng = Rng::case(SEED, m);
        let mesh = mesh(&mut rng, [12, 30][m as usize % 2], m % 3 == 2);
        let theirs_mesh = parry_mesh(&mesh);
        for index in 0..10_000 {
            let mut rng = Rng::case(SEED ^ (m + 1) << 40, index);
            let cylinder = Cylinder {
                center: rng.vector(5.0),
                rotation: rng.rotation(),
                radius: rng.range(0.1, 1.0),
                half_height: rng.range(0.1, 1.0),
            };
            let shape = Convex::Cylinder(cylinder);
            let record = sat::convex_mesh(&shape, &mesh);
            let case = format!("mesh {m} case {index}: {cylinder:?}");
            queries += 1;
            (tested, visited) = (
                tested + record.traversal.triangles_tested,
                visited + record.traversal.nodes_visited,
            );
            // The evidence is GJK on the deciding triangle, and it agrees with the verdict.
            if let (Some(i), Some(found)) = (record.deciding_triangle, &record.evidence) {
                assert_eq!(found, &gjk(&shape, &mesh.triangle(i)), "{case}");
                assert_eq!(found.intersecting, record.intersecting, "{case}");
            } else {
                assert!(!record.intersecting, "a hit names its triangle: {case}");
            }
            if index % 10 == 0 {
                let every = (0..mesh.len()).any(|i| gjk(&shape, &mesh.triangle(i)).intersecting);
                assert_eq!(record.intersecting, every, "tree vs every triangle: {case}");
                brute += 1;
            }
            let theirs_cylinder = ParryCylinder::new(cylinder.half_height, cylinder.radius);
            let (a, b) = (
                Placed::new(
                    pose_of(&cylinder.center, &cylinder.rotation),
                    &theirs_cylinder,
                ),
                Placed::new(WORLD, &theirs_mesh),
            );
            if near_touching(&a, &b, TOUCH_BAND) {
                skipped += 1;
                continue;
            }
            let theirs = shapes_support::intersects(&a, &b);
            assert_eq!(record.intersecting, theirs, "parry: {case}");
            checked += 1;
            hits += usize::from(theirs);
        }
    }
    println!(
        "cylinder-mesh: {checked} pairs checked ({hits} intersecting), {skipped} skipped within \
         {TOUCH_BAND:e}, {brute} checked against every triangle; per query {:.1} nodes visited, \
         {:.1} triangles tested",
        visited as f64 / queries as f64,
        tested as f64 / queries as f64
    );
    assert!(hits > checked / 10 && hits < checked * 9 / 10);
}

/// A cylinder standing on a two-triangle floor mesh, its base `gap` above it.
fn cylinder_over_floor(gap: f64) -> String {
    format!(
        "[world]\ndt = 0.1\n[[body]]\nname = \"floor\"\nshape = \"mesh\"\n\
         vertices = [[-4, 0, -4], [4, 0, -4], [4, 0, 4], [-4, 0, 4]]\n\
         triangles = [[0, 2, 1], [0, 3, 2]]\n\
         [[body]]\nname = \"can\"\nshape = \"cylinder\"\ncenter = [1, {}, 0.5]\nradius = 0.5\n\
         half_height = 1.0\n",
        1.0 + gap
    )
}

#[test]
fn explain_of_a_convex_body_over_a_mesh_walks_the_tree_then_runs_gjk_on_the_deciding_triangle() {
    for (gap, touching) in [(0.25, false), (-0.1, true)] {
        let scene = load_str(&cylinder_over_floor(gap), "t.toml").expect("loads");
        let e = trace::explain(&scene, &scene.bodies, 0, 0.1, None, Robustness::default());
        let json = serde_json::to_value(&e).expect("json");
        let pair = &json["pairs"][0];
        assert_eq!(pair["intersecting"], touching, "{pair}");
        let walk = &pair["mesh"];
        assert_eq!(walk["mesh"], "floor");
        assert_eq!(walk["triangles"], 2);
        assert!(walk["nodes_visited"].as_u64().expect("count") >= 1);
        if touching {
            let i = walk["deciding_triangle"]
                .as_u64()
                .expect("a deciding triangle");
            assert_eq!(pair["gjk"]["b"], format!("triangle {i} of floor"));
            assert_eq!(pair["gjk"]["distance"], 0.0);
        } else {
            // The cylinder's box misses every triangle's: the walk is the whole evidence.
            assert!(walk["deciding_triangle"].is_null(), "{walk}");
            assert!(pair["gjk"].is_null(), "{pair}");
        }
        let text = trace::render_text(&e, None);
        assert!(text.contains("tree of floor: 2 triangles;"), "{text}");
    }
}
