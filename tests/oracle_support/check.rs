//! The static check shared by the oracle families: sepax's two verdicts, the trace's row order
//! and parry's verdict on one pair, with counts of each outcome.

use std::fmt;

use sepax::sat::{self, AxisId};
use sepax::Obb;

use super::{describe, near_touching, parry_intersects};

/// Pairs whose signed distance is within this band of zero are skipped.
pub const TOUCH_BAND: f64 = 1e-12;

/// Which case of which family: `Rng::case(seed, index)` replays it.
#[derive(Clone, Copy)]
pub struct Case {
    pub family: &'static str,
    pub seed: u64,
    pub index: u64,
}

impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (seed {:#x}, case {})",
            self.family, self.seed, self.index
        )
    }
}

/// How many pairs of a family were checked, with which verdict, and how many were skipped.
#[derive(Default)]
pub struct Tally {
    pub pairs: usize,
    pub intersecting: usize,
    pub separated: usize,
    pub skipped: usize,
}

impl Tally {
    pub fn count(&mut self, intersecting: bool) {
        self.pairs += 1;
        if intersecting {
            self.intersecting += 1;
        } else {
            self.separated += 1;
        }
    }

    pub fn report(&self, family: &str) {
        println!(
            "{family}: {} pairs checked ({} intersecting, {} separated), {} skipped within 1e-12 of touching",
            self.pairs, self.intersecting, self.separated, self.skipped
        );
    }

    /// Both verdicts make up at least `fraction` of the checked pairs.
    pub fn assert_mixed(&self, family: &str, fraction: f64) {
        let least = self.intersecting.min(self.separated) as f64;
        assert!(
            least >= fraction * self.pairs as f64,
            "{family}: verdicts too one-sided"
        );
    }
}

/// sepax's verdict: the early-exit test and the full trace must agree, rows in table order
/// (the trace always has 15 rows: it is an array).
pub fn sepax_verdict(a: &Obb, b: &Obb, case: Case) -> bool {
    let fast = sat::overlaps(a, b);
    let rows = sat::trace(a, b);
    let context = || format!("{case}\n a = {}\n b = {}", describe(a), describe(b));
    assert_eq!(
        fast,
        rows.intersecting(),
        "overlaps vs trace: {}",
        context()
    );
    assert!(
        rows.rows().iter().map(|row| row.axis).eq(AxisId::ALL),
        "row order: {}",
        context()
    );
    fast
}

/// sepax against parry (and against `expected` when known) on one static pair; pairs within
/// `TOUCH_BAND` of touching are only counted as skipped.
pub fn check_static(a: &Obb, b: &Obb, case: Case, expected: Option<bool>, tally: &mut Tally) {
    let ours = sepax_verdict(a, b, case);
    if near_touching(a, b, TOUCH_BAND) {
        tally.skipped += 1;
        return;
    }
    let theirs = parry_intersects(a, b);
    let context = || format!("{case}\n a = {}\n b = {}", describe(a), describe(b));
    assert_eq!(
        ours,
        theirs,
        "sepax intersecting = {ours}, parry = {theirs}: {}",
        context()
    );
    if let Some(expected) = expected {
        assert_eq!(
            ours,
            expected,
            "expected intersecting = {expected}: {}",
            context()
        );
    }
    tally.count(ours);
}
