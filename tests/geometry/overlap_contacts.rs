//! Boxes that overlap at the start: the sweep's contact (from the numbers the sweep already
//! has) is the one the contact table gives for the placed boxes, its point lies inside both,
//! and its depth is the least overlap of any direction (checked along parry3d-f64's normal).

use crate::oracle_support;

use oracle_support::{cuboid, describe, near_touching, pose, Rng};
use parry3d_f64::query;
use sepax::contact::{self, PairKind, Shape};
use sepax::nalgebra::Vector3;
use sepax::sat::{self, ContactKind};
use sepax::Obb;

const SEED: u64 = 0x05E9_A0C1_E000_0004;

/// How much the boxes overlap along the unit direction `n`.
fn overlap_along(a: &Obb, b: &Obb, n: &Vector3<f64>) -> f64 {
    a.projected_radius(n) + b.projected_radius(n) - n.dot(&(b.center() - a.center())).abs()
}

#[test]
fn overlapping_starts_agree_with_the_placed_boxes_and_parry() {
    let mut checked = 0;
    for index in 0..40_000 {
        let mut rng = Rng::case(SEED, index);
        let (a, b) = (rng.obb(1.5), rng.obb(1.5));
        if !sat::overlaps(&a, &b) || near_touching(&a, &b, 1e-6) {
            continue;
        }
        let context = || format!("case {index}\n a = {}\n b = {}", describe(&a), describe(&b));
        let (va, vb) = (rng.vector(2.0), rng.vector(2.0));
        let swept = sat::first_contact(&a, va, &b, vb, 1.0).expect("they overlap at t = 0");
        assert_eq!(
            (swept.time, swept.axis, swept.kind),
            (0.0, None, ContactKind::Overlap),
            "{}",
            context()
        );
        let inside = a
            .distance_to_point(&swept.point)
            .max(b.distance_to_point(&swept.point));
        assert!(inside <= 1e-9, "point {inside:e} outside: {}", context());
        // The same record for the boxes placed, whoever asks.
        let placed = contact::contact(&Shape::Box(a), &Shape::Box(b), f64::INFINITY)
            .expect("boxes always have a contact");
        assert_eq!(placed.pair, PairKind::BoxBox);
        assert_eq!(placed.features, Some(ContactKind::Overlap), "{}", context());
        assert_eq!(placed.depth_axis, swept.depth_axis(), "{}", context());
        assert_eq!(
            (placed.point, placed.normal),
            (swept.point, swept.normal),
            "{}",
            context()
        );
        // The gap is the table's largest gap, and no direction overlaps less.
        let largest = sat::trace(&a, &b).max_gap();
        assert!((swept.gap - largest).abs() <= 1e-12, "{}", context());
        let theirs = query::contact(&pose(&a), &cuboid(&a), &pose(&b), &cuboid(&b), 0.0)
            .expect("cuboids are supported")
            .expect("parry sees the overlap");
        let n = Vector3::new(theirs.normal1.x, theirs.normal1.y, theirs.normal1.z);
        assert!(
            -swept.gap <= overlap_along(&a, &b, &n) + 1e-9,
            "depth {} more than along parry's normal: {}",
            -swept.gap,
            context()
        );
        assert!(-swept.gap <= overlap_along(&a, &b, &swept.normal) + 1e-9);
        checked += 1;
    }
    println!("overlapping starts: {checked} pairs");
    assert!(checked > 10_000);
}
