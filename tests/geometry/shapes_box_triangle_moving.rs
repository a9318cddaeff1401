//! Moving box–triangle pairs: sepax's sweep over the 13 axes against parry3d-f64's
//! `cast_shapes` (cuboid against triangle), and the contact point at the first contact.
//!
//! Times must agree within 1e-6 where both find a contact; only grazing paths (parry's smallest
//! distance along the path within 1e-9) may disagree on contact / no contact, under 0.1 %. The
//! contact point lies on both shapes (within 1e-9) at the contact time.

use crate::oracle_support;
use crate::shapes_support;

use oracle_support::Rng;
use parry3d_f64::shape::Cuboid;
use sepax::sat::{self, ContactKind};
use shapes_support::{describe_triangle, parry_triangle, pose_of, Placed, WORLD};

const SEED: u64 = 0x05E9_A0C1_5A9E_1017;

#[test]
fn moving_pairs_first_contact_agrees_with_parry() {
    const PATHS: u64 = 100_000;
    let (mut hits, mut later, mut grazing, mut worst) = (0, 0, 0_u64, 0.0_f64);
    let mut kinds = std::collections::BTreeMap::new();
    for index in 0..PATHS {
        let mut rng = Rng::case(SEED, index);
        let obb = rng.obb(3.0);
        let center = rng.vector(5.0);
        let w = rng.range(0.3, 3.0);
        let t = shapes_support::triangle_near(&mut rng, &center, w);
        let v_box = rng.vector(2.0);
        let v_tri = v_box + (obb.center() - t.centroid()) * rng.range(0.0, 1.2) + rng.vector(2.0);
        let sweep = sat::sweep_box_triangle(&obb, v_box, &t, v_tri, 1.0);
        let contact = sat::box_triangle_first_contact(&obb, v_box, &t, v_tri, 1.0);
        let ours = contact.as_ref().map(|c| c.time);
        let cuboid = Cuboid::new(oracle_support::dvec(&obb.half_extents()));
        let tri = parry_triangle(&t);
        let (a, b) = (
            Placed::new(pose_of(&obb.center(), &obb.rotation()), &cuboid),
            Placed::new(WORLD, &tri),
        );
        let theirs = shapes_support::time_of_impact(&a, &v_box, &b, &v_tri, 1.0);
        let context = || {
            format!(
                "case {index}: sepax {ours:?}, parry {theirs:?}\n box = {obb:?}\n v_box = {v_box:?}\n triangle = {}\n v_tri = {v_tri:?}",
                describe_triangle(&t)
            )
        };
        assert_eq!(ours, sweep.first_contact, "{}", context());
        if let Some(contact) = &contact {
            assert_eq!(contact.axis, sweep.last_separating_axis, "{}", context());
            let (box_then, tri_then) = (
                obb.translated(&(v_box * contact.time)),
                t.translated(&(v_tri * contact.time)),
            );
            assert!(
                box_then.distance_to_point(&contact.point) <= 1e-9,
                "off the box: {contact:?} {}",
                context()
            );
            assert!(
                tri_then.distance_to_point(&contact.point) <= 1e-9,
                "off the triangle: {contact:?} {}",
                context()
            );
            assert!((contact.normal.norm() - 1.0).abs() < 1e-9, "{}", context());
            if contact.kind != ContactKind::Overlap {
                // The normal points from the box towards the triangle: it separates them.
                let n = contact.normal;
                let (lo, _) = tri_then.interval(&n);
                let box_top = n.dot(&box_then.center()) + box_then.projected_radius(&n);
                assert!(lo >= box_top - 1e-9, "normal: {}", context());
            }
            *kinds.entry(contact.kind.name()).or_insert(0) += 1;
        }
        match (ours, theirs) {
            (Some(t), Some(s)) => {
                assert!((t - s).abs() <= 1e-6, "times differ: {}", context());
                (hits, later) = (hits + 1, later + u64::from(t > 0.0));
                worst = worst.max((t - s).abs());
            }
            (None, None) => {}
            _ => {
                let closest = shapes_support::min_distance_on_path(&a, &v_box, &b, &v_tri, 1.0);
                assert!(
                    closest <= 1e-9,
                    "closest distance {closest:e}: {}",
                    context()
                );
                grazing += 1;
            }
        }
    }
    println!("box-triangle moving: {PATHS} paths, {hits} contacts ({later} after t = 0), times within {worst:e} of parry, {grazing} grazing disagreements; kinds {kinds:?}");
    assert!((grazing as f64) < 1e-3 * PATHS as f64);
    assert!(
        later > PATHS / 4 && hits < PATHS * 9 / 10,
        "contacts {hits}, later {later}"
    );
}
