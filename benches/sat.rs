//! Speed of the box-box test on one fixed set of 4096 random pairs (half intersecting):
//! `sepax::sat::overlaps` against a plain early-exit OBB test and parry's `intersection_test`,
//! the full 15-row `trace`, and `first_contact` against parry's `cast_shapes` on 4096 moving
//! pairs. Before anything is timed, all three verdicts and both contact times are checked to
//! agree on these sets. Every result is passed to `black_box` whole (a contact by reference), so
//! the compiler cannot skip the parts a caller would read, such as the contact point.
//!
//! Run with `cargo bench --bench sat`; every benchmark handles the whole set per iteration, so
//! the time per pair is the reported time divided by 4096.

#[path = "../tests/oracle_support/mod.rs"]
mod oracle_support;

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
use sepax::nalgebra::{Matrix3, Vector3};
use sepax::{sat, Obb};

const PAIRS: usize = 4096;
const SEED: u64 = 0x05E9_A0C1_E000_0B00;

/// The plain separating-axis test for two OBBs as published (Ericson, *Real-Time Collision
/// Detection*, §4.4.1): B's axes and the centre offset in A's frame, `|R|` padded by a small
/// epsilon against parallel edges, then the 15 axes with an exit at the first separating one.
fn plain_obb_overlap(a: &Obb, b: &Obb) -> bool {
    const EPSILON: f64 = 1e-12;
    let (ea, eb) = (a.half_extents(), b.half_extents());
    let r = a.axes().tr_mul(b.axes());
    let t = a.axes().tr_mul(&(b.center() - a.center()));
    let abs_r = r.map(|x| x.abs() + EPSILON);
    for i in 0..3 {
        let rb = eb[0] * abs_r[(i, 0)] + eb[1] * abs_r[(i, 1)] + eb[2] * abs_r[(i, 2)];
        if t[i].abs() > ea[i] + rb {
            return false;
        }
    }
    for j in 0..3 {
        let ra = ea[0] * abs_r[(0, j)] + ea[1] * abs_r[(1, j)] + ea[2] * abs_r[(2, j)];
        let distance = t[0] * r[(0, j)] + t[1] * r[(1, j)] + t[2] * r[(2, j)];
        if distance.abs() > ra + eb[j] {
            return false;
        }
    }
    let frame = (&r, &abs_r, &t, &ea, &eb);
    !(separates_on_cross::<0, 0>(frame)
        || separates_on_cross::<0, 1>(frame)
        || separates_on_cross::<0, 2>(frame)
        || separates_on_cross::<1, 0>(frame)
        || separates_on_cross::<1, 1>(frame)
        || separates_on_cross::<1, 2>(frame)
        || separates_on_cross::<2, 0>(frame)
        || separates_on_cross::<2, 1>(frame)
        || separates_on_cross::<2, 2>(frame))
}

type Frame<'a> = (
    &'a Matrix3<f64>,
    &'a Matrix3<f64>,
    &'a Vector3<f64>,
    &'a Vector3<f64>,
    &'a Vector3<f64>,
);

/// Whether `L = A_I × B_J` separates: in A's frame `L = e_I × R e_J`, so
/// `|L·t| = |t[I+2] R[I+1][J] - t[I+1] R[I+2][J]|` and the radii use the other two extents.
#[inline]
fn separates_on_cross<const I: usize, const J: usize>((r, abs_r, t, ea, eb): Frame) -> bool {
    let (i1, i2, j1, j2) = ((I + 1) % 3, (I + 2) % 3, (J + 1) % 3, (J + 2) % 3);
    let ra = ea[i1] * abs_r[(i2, J)] + ea[i2] * abs_r[(i1, J)];
    let rb = eb[j1] * abs_r[(I, j2)] + eb[j2] * abs_r[(I, j1)];
    (t[i2] * r[(i1, J)] - t[i1] * r[(i2, J)]).abs() > ra + rb
}

struct StaticSet {
    boxes: Vec<(Obb, Obb)>,
    parry: Vec<(Pose, Cuboid, Pose, Cuboid)>,
}

struct MovingSet {
    boxes: Vec<(Obb, Vector3<f64>, Obb, Vector3<f64>)>,
    parry: Vec<(Pose, DVec3, Cuboid, Pose, DVec3, Cuboid)>,
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
    let (mut boxes, mut hits) = (Vec::with_capacity(PAIRS), 0);
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
        hits += usize::from(ours.is_some());
        boxes.push((a, va, b, vb));
    }
    println!("moving set: {PAIRS} pairs, {hits} reach contact within t = 1");
    let parry = boxes
        .iter()
        .map(|(a, va, b, vb)| (pose(a), dvec(va), cuboid(a), pose(b), dvec(vb), cuboid(b)))
        .collect();
    MovingSet { boxes, parry }
});

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
    let set = &MOVING.boxes;
    bencher.counter(ItemsCount::new(PAIRS)).bench_local(|| {
        set.iter()
            .filter_map(|(a, va, b, vb)| {
                sat::first_contact(black_box(a), *va, black_box(b), *vb, 1.0)
            })
            .map(|contact| black_box(&contact).time)
            .sum::<f64>()
    });
}

#[divan::bench]
fn first_contact_parry_cast_shapes(bencher: Bencher) {
    let set = &MOVING.parry;
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    };
    bencher.counter(ItemsCount::new(PAIRS)).bench_local(|| {
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

/// A floor for `trace`: the plain test's arithmetic for all 15 axes with no early exit,
/// returning each axis's normalised gap (`R - R0 - R1` over `|L|`), as the trace reports it.
fn plain_all_gaps(a: &Obb, b: &Obb) -> [f64; 15] {
    let (ea, eb) = (a.half_extents(), b.half_extents());
    let r = a.axes().tr_mul(b.axes());
    let t = a.axes().tr_mul(&(b.center() - a.center()));
    let abs_r = r.abs();
    let mut gaps = [0.0; 15];
    for i in 0..3 {
        let rb = eb[0] * abs_r[(i, 0)] + eb[1] * abs_r[(i, 1)] + eb[2] * abs_r[(i, 2)];
        gaps[i] = t[i].abs() - ea[i] - rb;
        let ra = ea[0] * abs_r[(0, i)] + ea[1] * abs_r[(1, i)] + ea[2] * abs_r[(2, i)];
        let distance = t[0] * r[(0, i)] + t[1] * r[(1, i)] + t[2] * r[(2, i)];
        gaps[3 + i] = distance.abs() - ra - eb[i];
    }
    for k in 0..9 {
        let (i, j) = (k / 3, k % 3);
        let (i1, i2, j1, j2) = ((i + 1) % 3, (i + 2) % 3, (j + 1) % 3, (j + 2) % 3);
        let ra = ea[i1] * abs_r[(i2, j)] + ea[i2] * abs_r[(i1, j)];
        let rb = eb[j1] * abs_r[(i, j2)] + eb[j2] * abs_r[(i, j1)];
        let distance = (t[i2] * r[(i1, j)] - t[i1] * r[(i2, j)]).abs();
        gaps[6 + k] = (distance - ra - rb) / (1.0 - r[(i, j)] * r[(i, j)]).max(0.0).sqrt();
    }
    gaps
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
    LazyLock::force(&MOVING);
    divan::main();
}
