//! The overlapping-start mix of the SAT benchmark: random boxes with B moving towards A's
//! centre, about half of them already overlapping at t = 0 (resting contact inside a
//! simulation starts that way), split into the pairs that start apart and meet within t = 1
//! and those that start overlapping. Every pair is checked against parry3d-f64 before timing;
//! the benchmarks of the mix are here too.

use std::sync::LazyLock;

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use parry3d_f64::glamx::DVec3;
use parry3d_f64::math::Pose;
use parry3d_f64::query;
use parry3d_f64::shape::Cuboid;
use sepax::contact::{self, Shape};
use sepax::nalgebra::Vector3;
use sepax::sat::{self, ContactKind};
use sepax::Obb;

use crate::oracle_support::{
    cuboid, dvec, min_distance_on_path, near_touching, parry_time_of_impact, pose, Rng,
};

/// One part of the mix, with the same pairs as parry takes them.
#[derive(Default)]
pub struct MixSet {
    pub boxes: Vec<(Obb, Vector3<f64>, Obb, Vector3<f64>)>,
    pub parry: Vec<(Pose, DVec3, Cuboid, Pose, DVec3, Cuboid)>,
}

impl MixSet {
    fn push(&mut self, (a, va, b, vb): (Obb, Vector3<f64>, Obb, Vector3<f64>)) {
        self.boxes.push((a, va, b, vb));
        self.parry.push((
            pose(&a),
            dvec(&va),
            cuboid(&a),
            pose(&b),
            dvec(&vb),
            cuboid(&b),
        ));
    }
}

/// `per_part` pairs that start apart and meet within t = 1, then `per_part` that start
/// overlapping, drawn from one stream of random pairs (none within 1e-6 of touching at t = 0,
/// none grazing). The contact of every pair is checked against parry: the time within 1e-6
/// for the pairs that meet; for the overlapping ones a point inside both boxes (within 1e-9),
/// the kind `overlap`, the point, depth and depth axis of `sat::contact` (the one rule on the
/// 15 rows), and a depth no
/// larger than the boxes' overlap along the normal of parry's `contact` (the least overlap of
/// all directions is the penetration depth).
pub fn overlap_mix(seed: u64, per_part: usize) -> [MixSet; 2] {
    let mut parts = [MixSet::default(), MixSet::default()];
    for index in 0.. {
        if parts.iter().all(|part| part.boxes.len() == per_part) {
            break;
        }
        let mut rng = Rng::case(seed, index);
        let (a, b) = (rng.obb(1.5), rng.obb(3.0));
        let va = rng.vector(0.5);
        let vb = va + (a.center() - b.center()) * rng.range(0.3, 1.5);
        let overlapping = sat::overlaps(&a, &b);
        let part = usize::from(overlapping);
        if parts[part].boxes.len() == per_part || near_touching(&a, &b, 1e-6) {
            continue;
        }
        let ours = sat::first_contact(&a, va, &b, vb, 1.0);
        if overlapping {
            let contact = ours.expect("overlapping boxes touch at t = 0");
            check_overlap(&a, &b, &contact, index);
        } else {
            let closest = min_distance_on_path(&a, &va, &b, &vb, 1.0);
            let Some(contact) = ours.filter(|_| closest <= 0.0) else {
                continue;
            };
            let theirs = parry_time_of_impact(&a, &va, &b, &vb, 1.0).expect("parry sees it");
            assert!((contact.time - theirs).abs() <= 1e-6, "case {index}");
        }
        parts[part].push((a, va, b, vb));
    }
    parts
}

/// The overlap contact of `a` and `b` against parry's contact of the same pair.
fn check_overlap(a: &Obb, b: &Obb, contact: &sat::Contact, index: u64) {
    assert_eq!(
        (contact.time, contact.axis, contact.kind),
        (0.0, None, ContactKind::Overlap),
        "case {index}"
    );
    let inside = a
        .distance_to_point(&contact.point)
        .max(b.distance_to_point(&contact.point));
    assert!(inside <= 1e-9, "case {index}: point {inside:e} outside");
    let placed = sat::contact(a, b, 0.0);
    assert!(
        placed.kind == contact.kind
            && placed.depth_axis() == contact.depth_axis()
            && (placed.gap - contact.gap).abs() <= 1e-12
            && (placed.point - contact.point).norm() <= 1e-12,
        "case {index}: the sweep's {contact:?}, the placed boxes' {placed:?}"
    );
    let theirs = query::contact(&pose(a), &cuboid(a), &pose(b), &cuboid(b), 0.0)
        .expect("cuboids are supported")
        .expect("parry sees the overlap");
    let n = Vector3::new(theirs.normal1.x, theirs.normal1.y, theirs.normal1.z);
    let overlap =
        a.projected_radius(&n) + b.projected_radius(&n) - n.dot(&(b.center() - a.center())).abs();
    assert!(
        -contact.gap <= overlap + 1e-9,
        "case {index}: depth {} along {:?}, more than {overlap} along parry's normal",
        -contact.gap,
        contact.depth_axis()
    );
}

/// Pairs in each part of the overlapping-start mix.
const MIX_PAIRS: usize = 2048;

/// The overlapping-start mix: pairs that start apart and meet, then pairs that start overlapping.
pub static MIX: LazyLock<[MixSet; 2]> = LazyLock::new(|| overlap_mix(crate::SEED ^ 2, MIX_PAIRS));

/// The parts of the mix the `overlap_mix_*` benchmarks take.
const STARTS: [&str; 2] = ["apart", "overlapping"];

/// The part of the mix whose pairs start `start`.
fn mix_with(start: &str) -> &'static MixSet {
    &MIX[usize::from(start == "overlapping")]
}

/// `first_contact` on the pairs that start apart and meet, and on those that start overlapping.
#[divan::bench(args = STARTS)]
fn first_contact_sepax(bencher: Bencher, start: &str) {
    crate::bench_sepax_first_contact(bencher, &mix_with(start).boxes);
}

/// parry's `cast_shapes` on the same pairs.
#[divan::bench(args = STARTS)]
fn first_contact_parry(bencher: Bencher, start: &str) {
    crate::bench_parry_cast_shapes(bencher, &mix_with(start).parry);
}

/// The contact table's `contact` (the one the simulation asks for) on the overlapping pairs.
#[divan::bench]
fn contact_sepax(bencher: Bencher) {
    let set: Vec<(Shape, Shape)> = mix_with("overlapping")
        .boxes
        .iter()
        .map(|(a, _, b, _)| (Shape::Box(*a), Shape::Box(*b)))
        .collect();
    bencher.counter(ItemsCount::new(set.len())).bench_local(|| {
        set.iter()
            .filter_map(|(a, b)| contact::contact(black_box(a), black_box(b), f64::INFINITY))
            .map(|found| black_box(&found).gap)
            .sum::<f64>()
    });
}

/// parry's `contact` on the overlapping pairs.
#[divan::bench]
fn contact_parry(bencher: Bencher) {
    let set = &mix_with("overlapping").parry;
    bencher.counter(ItemsCount::new(set.len())).bench_local(|| {
        set.iter()
            .filter_map(|(pa, _, ca, pb, _, cb)| {
                query::contact(black_box(pa), ca, black_box(pb), cb, 0.0)
                    .ok()
                    .flatten()
            })
            .map(|hit| black_box(&hit).dist)
            .sum::<f64>()
    });
}
