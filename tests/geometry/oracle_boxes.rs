//! sepax's box-box verdicts and first-contact times against parry3d-f64 on seeded random families.
//!
//! Every static pair checks `overlaps == trace(..).intersecting() == parry intersection_test` and
//! the table order of the trace rows. Pairs within 1e-12 of touching (parry's signed contact
//! distance) are skipped and counted: either verdict is right there up to rounding. A failure
//! prints the family, seed and case index; `Rng::case(seed, index)` replays it.

use crate::oracle_support;

use oracle_support::check::{check_static, sepax_verdict, Case, Tally, TOUCH_BAND};
use oracle_support::touch::{self, Touch};
use oracle_support::{
    about, describe, min_distance_on_path, near_touching, parry_distance, parry_intersects,
    parry_time_of_impact, rotated, Rng,
};
use sepax::nalgebra::{UnitQuaternion, Vector3};
use sepax::sat::{self, AxisId};
use sepax::Obb;

const SEED: u64 = 0x05E9_A0C1_E000_0001;

/// The generator of case `index` of family number `family`, and the case's name for messages.
fn case(name: &'static str, family: u64, index: u64) -> (Rng, Case) {
    let seed = SEED ^ family;
    let case = Case {
        family: name,
        seed,
        index,
    };
    (Rng::case(seed, index), case)
}

#[test]
fn random_orientations_agree_with_parry() {
    let mut tally = Tally::default();
    for index in 0..200_000 {
        let (mut rng, case) = case("random", 1, index);
        let (a, b) = (rng.obb(3.0), rng.obb(3.0));
        check_static(&a, &b, case, None, &mut tally);
    }
    tally.report("random orientations");
    tally.assert_mixed("random orientations", 0.3);
}

/// Identity rotations; half the pairs on a grid of quarter units, where coordinates are often
/// exactly equal and touching is exact in floating point (so never skipped: touching intersects).
#[test]
fn axis_aligned_agree_with_parry_including_exact_touching() {
    let (mut tally, mut exactly_touching) = (Tally::default(), 0);
    for index in 0..100_000 {
        let (mut rng, case) = case("axis-aligned", 2, index);
        let grid = |rng: &mut Rng, lo: usize, n: usize| (lo + rng.below(n)) as f64 * 0.25 - 3.0;
        let aligned = |rng: &mut Rng| {
            let (center, extents) = if index % 2 == 0 {
                let c = Vector3::from_fn(|_, _| grid(rng, 0, 25));
                (c, Vector3::from_fn(|_, _| grid(rng, 13, 12)))
            } else {
                (rng.vector(3.0), rng.extents(0.05, 3.0))
            };
            Obb::new(center, UnitQuaternion::identity(), extents)
        };
        let (a, b) = (aligned(&mut rng), aligned(&mut rng));
        if index % 2 == 1 {
            check_static(&a, &b, case, None, &mut tally);
            continue;
        }
        let gap = (0..3)
            .map(|k| {
                (b.center()[k] - a.center()[k]).abs() - a.half_extents()[k] - b.half_extents()[k]
            })
            .fold(f64::NEG_INFINITY, f64::max);
        exactly_touching += usize::from(gap == 0.0);
        let (ours, theirs) = (sepax_verdict(&a, &b, case), parry_intersects(&a, &b));
        assert_eq!(
            (ours, theirs),
            (gap <= 0.0, gap <= 0.0),
            "{case}: gap {gap}"
        );
        tally.count(ours);
    }
    tally.report("axis-aligned");
    println!("axis-aligned: {exactly_touching} grid pairs exactly touching, all intersecting");
    tally.assert_mixed("axis-aligned", 0.3);
    assert!(exactly_touching > 100);
}

/// B is A turned about one of A's axes only (sometimes by 0 or a quarter turn), so the cross
/// axes of the shared axis are degenerate; half the A boxes are axis-aligned.
#[test]
fn shared_axis_agree_with_parry() {
    let mut tally = Tally::default();
    for index in 0..100_000 {
        let (mut rng, case) = case("shared axis", 3, index);
        let mut a = rng.obb(3.0);
        if index % 2 == 0 {
            a = rotated(&a, UnitQuaternion::identity());
        }
        let (k, turn) = (rng.below(3), rng.range(-3.2, 3.2));
        let angle = [0.0, std::f64::consts::FRAC_PI_2, turn, turn][rng.below(4)];
        let axis = a.axis(k);
        let b = rotated(&rng.obb(3.0), about(&axis, angle) * a.rotation());
        assert!(
            sat::trace(&a, &b)
                .row(AxisId::Edge(k, k).index())
                .degenerate,
            "{case}"
        );
        check_static(&a, &b, case, None, &mut tally);
    }
    tally.report("shared axis");
    tally.assert_mixed("shared axis", 0.3);
}

/// B is A turned by `angle` about a random axis; the edges of A's axis `i` and B's axis `i`
/// are then nearly parallel. Half the pairs are placed touching across those two edges
/// (along their normalised cross product) and shifted apart or together by `offset`.
fn near_parallel_pair(rng: &mut Rng, angle: f64) -> (Obb, Obb, Option<bool>) {
    let a = rng.obb(1.5);
    let b = rotated(&rng.obb(1.5), a.rotation() * about(&rng.direction(), angle));
    if rng.next_u64() & 1 == 0 {
        return (a, b, None);
    }
    let i = (0..3)
        .max_by(|&p, &q| {
            let sine = |k: usize| a.axis(k).cross(&b.axis(k)).norm();
            sine(p).total_cmp(&sine(q))
        })
        .expect("three axes");
    let n = sepax::nalgebra::Unit::new_normalize(a.axis(i).cross(&b.axis(i)) * rng.sign());
    let pair: Touch = touch::place(rng, &a, &b, &n);
    let offset = rng.sign() * rng.log_range(1e-8, 1e-2);
    (a, pair.shifted(offset), Some(offset < 0.0))
}

#[test]
fn near_parallel_edges_above_threshold_agree_with_parry() {
    let mut tally = Tally::default();
    for index in 0..60_000 {
        let (mut rng, case) = case("near-parallel 1e-5..1e-3", 4, index);
        let angle = rng.log_range(1e-5, 1e-3);
        let (a, b, expected) = near_parallel_pair(&mut rng, angle);
        check_static(&a, &b, case, expected, &mut tally);
    }
    tally.report("near-parallel 1e-5..1e-3 rad");
    tally.assert_mixed("near-parallel 1e-5..1e-3 rad", 0.3);
}

/// Below the degenerate threshold sepax skips the cross axis of the nearly parallel edges, so
/// it may call intersecting what parry separates, but only when the boxes are closer than
/// `1e-6 · (a0+a1+a2+b0+b1+b2)`. sepax never separates what parry calls intersecting, except
/// within 1e-12 of touching. No pair is skipped otherwise: agreement is checked everywhere.
#[test]
fn near_parallel_edges_below_threshold_disagree_only_within_bound() {
    let (mut tally, mut disagreements, mut worst) = (Tally::default(), 0, 0.0_f64);
    for index in 0..60_000 {
        let (mut rng, case) = case("near-parallel 1e-12..1e-7", 5, index);
        let angle = rng.log_range(1e-12, 1e-7);
        let (a, b, _) = near_parallel_pair(&mut rng, angle);
        let (ours, theirs) = (sepax_verdict(&a, &b, case), parry_intersects(&a, &b));
        let context = || format!("{case}\n a = {}\n b = {}", describe(&a), describe(&b));
        if ours && !theirs {
            let bound = 1e-6 * (a.half_extents().sum() + b.half_extents().sum());
            let distance = parry_distance(&a, &b);
            assert!(
                distance < bound,
                "distance {distance:e} over {bound:e}: {}",
                context()
            );
            disagreements += 1;
            worst = worst.max(distance / bound);
        } else if !ours && theirs {
            assert!(
                near_touching(&a, &b, TOUCH_BAND),
                "sepax separates: {}",
                context()
            );
            tally.skipped += 1;
            continue;
        }
        tally.count(ours);
    }
    tally.report("near-parallel 1e-12..1e-7 rad");
    println!(
        "near-parallel 1e-12..1e-7 rad: {disagreements} pairs sepax intersecting / parry separated, \
         largest parry distance {worst:.3} of the bound"
    );
    tally.assert_mixed("near-parallel 1e-12..1e-7 rad", 0.3);
}

/// Vertex-face, edge-face, face-face and edge-edge contacts built exactly, then B moved 1e-7
/// apart (separated) or together (intersecting) along the contact normal.
#[test]
fn touching_features_shifted_by_1e_7_agree_with_parry() {
    let mut tally = Tally::default();
    for index in 0..50_000 {
        let (mut rng, case) = case("touching, B moved +1e-7 then -1e-7", 6, index);
        let pair = touch::any_touch(&mut rng, 3.0);
        for offset in [1e-7, -1e-7] {
            let b = pair.shifted(offset);
            check_static(&pair.a, &b, case, Some(offset < 0.0), &mut tally);
        }
    }
    tally.report("touching features ±1e-7");
    tally.assert_mixed("touching features ±1e-7", 0.45);
}

/// B resting flat on a face of A, turned about the shared normal, then lifted or pressed by an
/// offset from 1e-9 to 1e-3 (or left touching, which the band skips).
#[test]
fn resting_face_turned_about_normal_agrees_with_parry() {
    let mut tally = Tally::default();
    for index in 0..60_000 {
        let (mut rng, case) = case("resting face", 7, index);
        let pair = touch::face_face(&mut rng, 3.0);
        let offset = match index % 5 {
            0 => 0.0,
            _ => rng.sign() * rng.log_range(1e-9, 1e-3),
        };
        let expected = (offset != 0.0).then_some(offset < 0.0);
        check_static(&pair.a, &pair.shifted(offset), case, expected, &mut tally);
    }
    tally.report("resting face turned about the normal");
    tally.assert_mixed("resting face turned about the normal", 0.3);
}

/// An axis-aligned A and a B turned about z resting exactly on A's top face (the plane
/// z = a2 and B's bottom face are exact in floating point). The cross axes parallel to the
/// normal round `R` and `R0 + R1` differently, so either verdict may come out, as for parry;
/// this pins that any separation claimed is rounding: every separating row's gap is < 1e-15.
#[test]
fn resting_exactly_on_top_face_is_separated_only_by_rounding() {
    let (mut ours, mut theirs) = (0, 0);
    for index in 0..5_000 {
        let (mut rng, case) = case("resting exactly", 8, index);
        let quarter = |rng: &mut Rng| (1 + rng.below(12)) as f64 * 0.25;
        let size = Vector3::from_fn(|_, _| quarter(&mut rng));
        let a = Obb::new(Vector3::zeros(), UnitQuaternion::identity(), size);
        let hb = Vector3::from_fn(|_, _| quarter(&mut rng));
        let (x, y) = (rng.range(-0.5, 0.5), rng.range(-0.5, 0.5));
        let turn = about(&Vector3::z(), rng.range(-3.2, 3.2));
        let b = Obb::new(Vector3::new(x, y, size.z + hb.z), turn, hb);
        let separated = !sepax_verdict(&a, &b, case);
        for row in sat::trace(&a, &b)
            .rows()
            .iter()
            .filter(|row| row.separating)
        {
            let gap = row.gap.expect("a separating row is not degenerate");
            assert!(gap < 1e-15, "{case}: {} separates by {gap:e}", row.axis);
        }
        ours += usize::from(separated);
        theirs += usize::from(!parry_intersects(&a, &b));
    }
    println!(
        "resting exactly: 5000 touching pairs, separated by rounding: sepax {ours}, parry {theirs}"
    );
}

/// Random boxes moving roughly towards each other over `[0, 1]`: sepax's first contact time
/// against parry's `cast_shapes`. Only grazing paths (parry's smallest distance along the path
/// within 1e-9 of zero) may disagree on contact / no contact; they must stay under 0.1 %.
#[test]
fn moving_boxes_first_contact_time_agrees_with_parry() {
    const PAIRS: usize = 100_000;
    let (mut tally, mut hits, mut later, mut grazing, mut worst) =
        (Tally::default(), 0, 0, 0_usize, 0.0_f64);
    for index in 0..PAIRS as u64 {
        let (mut rng, case) = case("moving", 9, index);
        let (a, b) = (rng.obb(3.0), rng.obb(5.0));
        let va = rng.vector(2.0);
        let vb = va + (a.center() - b.center()) * rng.range(0.0, 1.2) + rng.vector(2.0);
        check_static(&a, &b, case, None, &mut tally);
        let sweep = sat::sweep(&a, va, &b, vb, 1.0);
        let contact = sat::first_contact(&a, va, &b, vb, 1.0);
        let ours = contact.as_ref().map(|contact| contact.time);
        assert_eq!(ours, sweep.first_contact, "{case}: first_contact vs sweep");
        if let Some(contact) = &contact {
            assert_eq!(
                contact.axis, sweep.last_separating_axis,
                "{case}: first_contact's axis vs the sweep's last separating axis"
            );
        }
        let theirs = parry_time_of_impact(&a, &va, &b, &vb, 1.0);
        let context = || {
            format!("{case}: sepax {ours:?}, parry {theirs:?}\n a = {}\n va = {va:?}\n b = {}\n vb = {vb:?}", describe(&a), describe(&b))
        };
        match (ours, theirs) {
            (Some(t), Some(s)) => {
                assert!((t - s).abs() <= 1e-6, "contact times differ: {}", context());
                (hits, later) = (hits + 1, later + usize::from(t > 0.0));
                worst = worst.max((t - s).abs());
            }
            (None, None) => {}
            _ => {
                let closest = min_distance_on_path(&a, &va, &b, &vb, 1.0);
                assert!(
                    closest <= 1e-9,
                    "closest distance {closest:e}: {}",
                    context()
                );
                grazing += 1;
            }
        }
    }
    tally.report("moving (static pairs at t = 0)");
    println!("moving: {PAIRS} paths, {hits} contacts ({later} after t = 0), times within {worst:e} of parry, {grazing} grazing disagreements");
    assert!(
        (grazing as f64) < 1e-3 * PAIRS as f64,
        "too many grazing paths"
    );
    assert!(
        later > PAIRS / 4 && hits < PAIRS * 9 / 10,
        "contacts {hits}, after t = 0 {later}"
    );
}
