//! Speed of the box-box test on one fixed set of 4096 random pairs (half intersecting):
//! `sepax::sat::overlaps` against a plain early-exit OBB test and parry's `intersection_test`,
//! the full 15-row `trace`, and `first_contact` against parry's `cast_shapes` on 4096 moving
//! pairs, also timed apart on the pairs that meet and those that do not. Before anything is
//! timed, all three verdicts and both contact times are checked to agree on these sets. Every
//! result is passed to `black_box` whole (a contact by reference), so the compiler cannot skip
//! the parts a caller would read, such as the contact point.
//!
//! The overlapping-start mix (`overlap_mix::*`, in `support/overlap_mix.rs`): random boxes with B moving towards A's centre,
//! the pairs that start apart and meet against those that start overlapping, where the contact
//! of an overlapping configuration is wanted (sepax's `first_contact` and the contact table's
//! `contact`, the one the simulation asks for, against parry's `cast_shapes` and `contact`).
//!
//! Run with `cargo bench --bench sat`; every benchmark handles its whole set per iteration, so
//! the time per pair is the reported time divided by the set's size (the item rate shows it).

#[path = "../tests/oracle_support/mod.rs"]
mod oracle_support;
#[path = "support/overlap_mix.rs"]
mod overlap_mix;
#[path = "support/plain_sat.rs"]
mod plain_sat;

use std::sync::LazyLock;

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use oracle_support::{
    cuboid, min_distance_on_path, near_touching, parry_intersects, parry_time_of_impact, pose, Rng,
};
use parry3d_f64::glamx::DVec3;
use parry3d_f64::math::Pose;
use parry3d_f64::query::{self, ShapeCastOptions};
use parry3d_f64::shape::Cuboid;
use plain_sat::{plain_all_gaps, plain_obb_overlap};
use sepax::nalgebra::Vector3;
use sepax::{sat, Obb};

const PAIRS: usize = 4096;
const SEED: u64 = 0x05E9_A0C1_E000_0B00;

struct StaticSet {
    boxes: Vec<(Obb, Obb)>,
    parry: Vec<(Pose, Cuboid, Pose, Cuboid)>,
}

#[derive(Default)]
struct MovingSet {
    boxes: Vec<(Obb, Vector3<f64>, Obb, Vector3<f64>)>,
    parry: Vec<(Pose, DVec3, Cuboid, Pose, DVec3, Cuboid)>,
    /// Whether each pair meets within t = 1.
    meets: Vec<bool>,
}

fn dvec(v: &Vector3<f64>) -> DVec3 {
    DVec3::new(v.x, v.y, v.z)
}

/// 2048 intersecting and 2048 separated pairs, none within 1e-6 of touching, in random order;
/// sepax, the plain test and parry give the same verdict on every one.
static STATIC: LazyLock<StaticSet> = LazyLock::new(|| {
    let (mut boxes, mut counts) = (Vec::with_capacity(PAIRS), [0_usize; 2]);
    for index in 0.. {
        if boxes.len() == PAIRS {
            break;
        }
        let mut rng = Rng::case(SEED, index);
        let (a, b) = (rng.obb(3.0), rng.obb(3.0));
        let verdict = sat::overlaps(&a, &b);
        if counts[usize::from(verdict)] == PAIRS / 2 || near_touching(&a, &b, 1e-6) {
            continue;
        }
        assert_eq!(
            plain_obb_overlap(&a, &b),
            verdict,
            "plain test, case {index}"
        );
        assert_eq!(parry_intersects(&a, &b), verdict, "parry, case {index}");
        counts[usize::from(verdict)] += 1;
        boxes.push((a, b));
    }
    let parry = boxes
        .iter()
        .map(|(a, b)| (pose(a), cuboid(a), pose(b), cuboid(b)))
        .collect();
    StaticSet { boxes, parry }
});

/// 4096 pairs separated at t = 0 and moving over `[0, 1]`, none grazing (closest approach
/// within 1e-6 of contact without overlap); first-contact times agree with parry within 1e-6.
static MOVING: LazyLock<MovingSet> = LazyLock::new(|| {
    let (mut boxes, mut meets) = (Vec::with_capacity(PAIRS), Vec::with_capacity(PAIRS));
    for index in 0.. {
        if boxes.len() == PAIRS {
            break;
        }
        let mut rng = Rng::case(SEED ^ 1, index);
        let (a, b) = (rng.obb(3.0), rng.obb(5.0));
        let va = rng.vector(2.0);
        let vb = va + (a.center() - b.center()) * rng.range(0.0, 1.2) + rng.vector(2.0);
        let closest = min_distance_on_path(&a, &va, &b, &vb, 1.0);
        if sat::overlaps(&a, &b) || near_touching(&a, &b, 1e-6) || (closest > 0.0 && closest < 1e-6)
        {
            continue;
        }
        let ours = sat::first_contact(&a, va, &b, vb, 1.0).map(|contact| contact.time);
        let theirs = parry_time_of_impact(&a, &va, &b, &vb, 1.0);
        match (ours, theirs) {
            (Some(t), Some(s)) => assert!((t - s).abs() <= 1e-6, "case {index}: {t} vs {s}"),
            (None, None) => {}
            _ => panic!("case {index}: sepax {ours:?}, parry {theirs:?}"),
        }
        meets.push(ours.is_some());
        boxes.push((a, va, b, vb));
    }
    let hits = meets.iter().filter(|&&meet| meet).count();
    println!("moving set: {PAIRS} pairs, {hits} reach contact within t = 1");
    let parry = boxes
        .iter()
        .map(|(a, va, b, vb)| (pose(a), dvec(va), cuboid(a), pose(b), dvec(vb), cuboid(b)))
        .collect();
    MovingSet {
        boxes,
        parry,
        meets,
    }
});

/// The moving set split by outcome: the pairs that meet within t = 1, then those that do not.
static MOVING_BY_OUTCOME: LazyLock<[MovingSet; 2]> = LazyLock::new(|| {
    let mut split = [MovingSet::default(), MovingSet::default()];
    for (k, &meet) in MOVING.meets.iter().enumerate() {
        let part = &mut split[usize::from(!meet)];
        part.boxes.push(MOVING.boxes[k]);
        part.parry.push(MOVING.parry[k]);
        part.meets.push(meet);
    }
    split
});

/// The outcomes `first_contact_by_outcome_*` take: the set of pairs that meet or that do not.
const OUTCOMES: [&str; 2] = ["meet", "miss"];

/// The part of the moving set with `outcome`.
fn moving_with(outcome: &str) -> &'static MovingSet {
    &MOVING_BY_OUTCOME[usize::from(outcome == "miss")]
}

#[divan::bench]
fn overlaps_sepax(bencher: Bencher) {
    let set = &STATIC.boxes;
    bencher.counter(ItemsCount::new(PAIRS)).bench_local(|| {
        set.iter()
            .filter(|(a, b)| sat::overlaps(black_box(a), black_box(b)))
            .count()
    });
}

#[divan::bench]
fn overlaps_plain_ericson(bencher: Bencher) {
    let set = &STATIC.boxes;
    bencher.counter(ItemsCount::new(PAIRS)).bench_local(|| {
        set.iter()
            .filter(|(a, b)| plain_obb_overlap(black_box(a), black_box(b)))
            .count()
    });
}

#[divan::bench]
fn overlaps_parry_intersection_test(bencher: Bencher) {
    let set = &STATIC.parry;
    bencher.counter(ItemsCount::new(PAIRS)).bench_local(|| {
        set.iter()
            .filter(|(pa, ca, pb, cb)| {
                query::intersection_test(black_box(pa), ca, black_box(pb), cb)
                    .is_ok_and(|hit| hit.intersecting)
            })
            .count()
    });
}

#[divan::bench]
fn trace_sepax_all_15_rows(bencher: Bencher) {
    let set = &STATIC.boxes;
    bencher.counter(ItemsCount::new(PAIRS)).bench_local(|| {
        set.iter()
            .map(|(a, b)| black_box(sat::trace(black_box(a), black_box(b))))
            .filter(sat::SatTrace::intersecting)
            .count()
    });
}

#[divan::bench]
fn first_contact_sepax(bencher: Bencher) {
    bench_sepax_first_contact(bencher, &MOVING.boxes);
}

#[divan::bench]
fn first_contact_parry_cast_shapes(bencher: Bencher) {
    bench_parry_cast_shapes(bencher, &MOVING.parry);
}

/// `first_contact` on the pairs that meet and on those that do not, timed apart.
#[divan::bench(args = OUTCOMES)]
fn first_contact_by_outcome_sepax(bencher: Bencher, outcome: &str) {
    bench_sepax_first_contact(bencher, &moving_with(outcome).boxes);
}

/// parry's `cast_shapes` on the pairs that meet and on those that do not, timed apart.
#[divan::bench(args = OUTCOMES)]
fn first_contact_by_outcome_parry(bencher: Bencher, outcome: &str) {
    bench_parry_cast_shapes(bencher, &moving_with(outcome).parry);
}

pub(crate) fn bench_sepax_first_contact(
    bencher: Bencher,
    set: &[(Obb, Vector3<f64>, Obb, Vector3<f64>)],
) {
    bencher.counter(ItemsCount::new(set.len())).bench_local(|| {
        set.iter()
            .filter_map(|(a, va, b, vb)| {
                sat::first_contact(black_box(a), *va, black_box(b), *vb, 1.0)
            })
            .map(|contact| black_box(&contact).time)
            .sum::<f64>()
    });
}

pub(crate) fn bench_parry_cast_shapes(
    bencher: Bencher,
    set: &[(Pose, DVec3, Cuboid, Pose, DVec3, Cuboid)],
) {
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    };
    bencher.counter(ItemsCount::new(set.len())).bench_local(|| {
        set.iter()
            .filter_map(|(pa, va, ca, pb, vb, cb)| {
                query::cast_shapes(black_box(pa), *va, ca, black_box(pb), *vb, cb, options)
                    .ok()
                    .flatten()
            })
            .map(|hit| black_box(&hit).time_of_impact)
            .sum::<f64>()
    });
}

/// The sweep table that `explain` shows for moving boxes: all 15 rows with their entry and exit
/// times, the first contact and the last separating axis (no contact point).
#[divan::bench]
fn sweep_sepax_all_15_rows(bencher: Bencher) {
    let set = &MOVING.boxes;
    bencher.counter(ItemsCount::new(PAIRS)).bench_local(|| {
        set.iter()
            .map(|(a, va, b, vb)| sat::sweep(black_box(a), *va, black_box(b), *vb, 1.0))
            .filter_map(|sweep| black_box(&sweep).first_contact)
            .sum::<f64>()
    });
}

#[divan::bench]
fn trace_floor_plain_all_15_gaps(bencher: Bencher) {
    let set = &STATIC.boxes;
    bencher.counter(ItemsCount::new(PAIRS)).bench_local(|| {
        set.iter()
            .map(|(a, b)| black_box(plain_all_gaps(black_box(a), black_box(b))))
            .filter(|gaps| gaps.iter().all(|&gap| gap <= 0.0))
            .count()
    });
}

fn main() {
    LazyLock::force(&STATIC);
    LazyLock::force(&MOVING_BY_OUTCOME);
    LazyLock::force(&overlap_mix::MIX);
    divan::main();
}
