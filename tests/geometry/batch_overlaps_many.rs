//! `sat::overlaps_many` gives the verdict of `sat::overlaps` on every pair: 120,000 pairs of the
//! batch families (random, touching, axis-aligned, near-parallel, overlapping, ...) and boxes
//! sharing an axis exactly, whose degenerate cross axes the rule must skip.

use crate::oracle_support;
use crate::pairs;

use oracle_support::{about, rotated, Rng};
use sepax::sat::{self, BoxPairs};
use sepax::Obb;

const SEED: u64 = 0xBA7C_0000_0019_0003;

/// B turned about one of A's axes: the cross axes of that axis with B's are exactly degenerate.
fn shared_axis(index: u64) -> (Obb, Obb) {
    let mut rng = Rng::case(SEED ^ 7, index);
    let a = rng.obb(1.5);
    let axis = a.axis(rng.below(3));
    let b = rotated(
        &rng.obb(1.5),
        about(&axis, rng.range(-3.0, 3.0)) * a.rotation(),
    );
    (a, b)
}

/// The pairs no face axis separates that a degenerate cross axis would separate if tested.
fn saved_by_the_rule(a: &Obb, b: &Obb) -> bool {
    let trace = sat::trace(a, b);
    let rows = trace.rows();
    rows[..6].iter().all(|row| !row.separating)
        && rows
            .iter()
            .any(|row| row.degenerate && row.r > row.r0 + row.r1)
}

#[test]
fn overlaps_many_equals_overlaps_on_120_000_pairs() {
    let mut boxes: Vec<(Obb, Obb)> = (0..100_000)
        .map(|index| {
            let case = pairs::case(SEED, index);
            (case.a, case.b)
        })
        .collect();
    boxes.extend((0..20_000).map(shared_axis));
    let columns: BoxPairs = boxes.iter().map(|(a, b)| (a, b)).collect();
    assert_eq!(columns.len(), boxes.len());
    let verdicts = sat::overlaps_many(&columns);
    assert_eq!(verdicts.len(), boxes.len());
    let (mut counts, mut saved) = ([0_usize; 2], 0);
    for (k, ((a, b), &batch)) in boxes.iter().zip(&verdicts).enumerate() {
        let scalar = sat::overlaps(a, b);
        assert_eq!(batch, scalar, "pair {k}: a = {a:?}, b = {b:?}");
        counts[usize::from(scalar)] += 1;
        saved += usize::from(scalar && saved_by_the_rule(a, b));
    }
    println!(
        "apart {}, intersecting {}, kept intersecting by the degenerate rule {saved}",
        counts[0], counts[1]
    );
    assert!(counts[0] > 30_000 && counts[1] > 30_000, "{counts:?}");
    assert!(
        saved > 100,
        "only {saved} pairs exercise the degenerate rule"
    );
}

#[test]
fn every_length_and_reuse_give_the_same_verdicts() {
    let boxes: Vec<(Obb, Obb)> = (0..41)
        .map(|index| {
            let case = pairs::case(SEED ^ 3, index);
            (case.a, case.b)
        })
        .collect();
    let mut columns = BoxPairs::with_capacity(8);
    assert!(columns.is_empty());
    assert!(sat::overlaps_many(&columns).is_empty());
    for n in 0..boxes.len() {
        columns.clear();
        for (a, b) in &boxes[..n] {
            columns.push(a, b);
        }
        let expected: Vec<bool> = boxes[..n]
            .iter()
            .map(|(a, b)| sat::overlaps(a, b))
            .collect();
        assert_eq!(sat::overlaps_many(&columns), expected, "{n} pairs");
    }
}
