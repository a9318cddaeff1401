//! Boxes and spheres against triangle meshes through the AABB tree, against parry3d-f64's
//! `TriMesh` (its own tree): static verdicts on 100,000 boxes and 100,000 spheres, first contact
//! times of 100,000 moving boxes, and the tree against a brute-force loop over every triangle.
//!
//! Pairs whose parry signed distance is within 1e-9 of zero are counted as skipped.

use crate::oracle_support;
use crate::shapes_support;

use oracle_support::{dvec, Rng};
use parry3d_f64::shape::{Ball, Cuboid};
use sepax::geometry::Sphere;
use sepax::nalgebra::{UnitQuaternion, Vector3};
use sepax::sat;
use sepax::Obb;
use shapes_support::{mesh, near_touching, parry_mesh, pose_of, Placed, WORLD};

const SEED: u64 = 0x05E9_A0C1_3E54_0017;
const TOUCH_BAND: f64 = 1e-9;

#[test]
fn boxes_against_meshes_agree_with_parry_and_brute_force() {
    let (mut checked, mut hits, mut skipped, mut brute) = (0, 0, 0, 0);
    let (mut tested, mut visited) = (0_usize, 0_usize);
    for m in 0..10_u64 {
        let mut rng = Rng::case(SEED, m);
        let mesh = mesh(&mut rng, [20, 60, 100][m as usize % 3], m % 2 == 1);
        let theirs_mesh = parry_mesh(&mesh);
        for index in 0..10_000 {
            let mut rng = Rng::case(SEED ^ (m + 1) << 40, index);
            let mut obb = rng.obb(5.0);
            obb = Obb::new(obb.center(), obb.rotation(), obb.half_extents() * 0.3);
            let ours = sat::box_mesh_overlaps(&obb, &mesh);
            let record = sat::box_mesh(&obb, &mesh);
            let case = format!("mesh {m} case {index}: {obb:?}");
            assert_eq!(ours, record.intersecting, "{case}");
            if let Some(trace) = &record.evidence {
                assert_eq!(trace.intersecting(), ours, "deciding table: {case}");
            }
            (tested, visited) = (
                tested + record.traversal.triangles_tested,
                visited + record.traversal.nodes_visited,
            );
            if index % 10 == 0 {
                let every =
                    (0..mesh.len()).any(|i| sat::box_triangle_overlaps(&obb, &mesh.triangle(i)));
                assert_eq!(ours, every, "tree vs every triangle: {case}");
                brute += 1;
            }
            let cuboid = Cuboid::new(dvec(&obb.half_extents()));
            let (a, b) = (
                Placed::new(pose_of(&obb.center(), &obb.rotation()), &cuboid),
                Placed::new(WORLD, &theirs_mesh),
            );
            if near_touching(&a, &b, TOUCH_BAND) {
                skipped += 1;
                continue;
            }
            assert_eq!(ours, shapes_support::intersects(&a, &b), "parry: {case}");
            checked += 1;
            hits += usize::from(ours);
        }
    }
    println!("box-mesh: {checked} pairs checked ({hits} intersecting), {skipped} skipped within {TOUCH_BAND:e}, {brute} checked against every triangle; per query {:.1} nodes visited, {:.1} triangles tested", visited as f64 / 1e5, tested as f64 / 1e5);
    assert!(hits > checked / 5 && hits < checked * 4 / 5);
}

#[test]
fn spheres_against_meshes_agree_with_parry() {
    let (mut checked, mut hits, mut skipped) = (0, 0, 0);
    for m in 0..4_u64 {
        let mut rng = Rng::case(SEED ^ 0x5F, m);
        let mesh = mesh(&mut rng, 40, m % 2 == 1);
        let theirs_mesh = parry_mesh(&mesh);
        for index in 0..25_000 {
            let mut rng = Rng::case(SEED ^ 0x5F ^ (m + 1) << 40, index);
            let sphere = Sphere {
                center: rng.vector(5.0),
                radius: rng.range(0.05, 1.0),
            };
            let record = sat::sphere_mesh(&sphere, &mesh);
            let ball = Ball::new(sphere.radius);
            let pose = pose_of(&sphere.center, &UnitQuaternion::identity());
            let (a, b) = (Placed::new(pose, &ball), Placed::new(WORLD, &theirs_mesh));
            if near_touching(&a, &b, TOUCH_BAND) {
                skipped += 1;
                continue;
            }
            assert_eq!(
                record.intersecting,
                shapes_support::intersects(&a, &b),
                "mesh {m} case {index}: {sphere:?}"
            );
            checked += 1;
            hits += usize::from(record.intersecting);
        }
    }
    println!("sphere-mesh: {checked} pairs checked ({hits} intersecting), {skipped} skipped");
    assert!(hits > checked / 10);
}

#[test]
fn moving_boxes_against_meshes_agree_with_parry() {
    let (mut hits, mut grazing, mut worst) = (0, 0, 0.0_f64);
    for m in 0..4_u64 {
        let mut rng = Rng::case(SEED ^ 0x30, m);
        let mesh = mesh(&mut rng, 30, m % 2 == 1);
        let theirs_mesh = parry_mesh(&mesh);
        for index in 0..25_000 {
            let mut rng = Rng::case(SEED ^ 0x30 ^ (m + 1) << 40, index);
            let mut obb = rng.obb(5.0);
            obb = Obb::new(
                obb.center() + Vector3::y() * 3.0,
                obb.rotation(),
                obb.half_extents() * 0.3,
            );
            let (v_box, v_mesh) = (rng.vector(4.0) - Vector3::y() * 4.0, rng.vector(1.0));
            let sweep = sat::sweep_box_mesh(&obb, v_box, &mesh, v_mesh, 1.0);
            let ours = sweep.contact.as_ref().map(|c| c.time);
            let cuboid = Cuboid::new(dvec(&obb.half_extents()));
            let (a, b) = (
                Placed::new(pose_of(&obb.center(), &obb.rotation()), &cuboid),
                Placed::new(WORLD, &theirs_mesh),
            );
            let theirs = shapes_support::time_of_impact(&a, &v_box, &b, &v_mesh, 1.0);
            let case = format!("mesh {m} case {index}: ours {ours:?}, parry {theirs:?}, {obb:?} {v_box:?} {v_mesh:?}");
            if let (Some(c), Some(i)) = (&sweep.contact, sweep.deciding_triangle) {
                let tri = mesh.triangle(i).translated(&(v_mesh * c.time));
                let then = obb.translated(&(v_box * c.time));
                assert!(
                    tri.distance_to_point(&c.point) <= 1e-9
                        && then.distance_to_point(&c.point) <= 1e-9,
                    "point: {case}"
                );
            }
            match (ours, theirs) {
                (Some(t), Some(s)) => {
                    assert!((t - s).abs() <= 1e-6, "times: {case}");
                    worst = worst.max((t - s).abs());
                    hits += 1;
                }
                (None, None) => {}
                _ => {
                    let closest =
                        shapes_support::min_distance_on_path(&a, &v_box, &b, &v_mesh, 1.0);
                    assert!(closest <= 1e-9, "closest {closest:e}: {case}");
                    grazing += 1;
                }
            }
        }
    }
    println!("moving box-mesh: 100000 paths, {hits} contacts within {worst:e} of parry, {grazing} grazing");
    assert!(hits > 20_000 && grazing < 100);
}
