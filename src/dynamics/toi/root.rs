//! The first zero of a separation: adaptive subdivision under a rate bound, then bisection.

/// Penetrations shallower than this (length units) that begin and end between two samples are
/// not searched for: they are grazes, not impacts.
pub const GRAZE: f64 = 1e-9;
/// The bisection stops when the bracket is this narrow (seconds).
pub const TIME_TOLERANCE: f64 = 1e-12;
/// The subdivision gives up after this many evaluations of the separation.
pub const MAX_EVALUATIONS: usize = 200_000;

/// What the search found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Found {
    /// The separation is already `<= 0` at the start.
    AtStart,
    /// The first sign change, bisected to this bracket `[apart, touching]`.
    Crossing([f64; 2]),
    /// The rate bound rules out a zero everywhere.
    Never,
    /// The evaluation budget ran out before the interval was cleared.
    GaveUp,
}

/// The outcome with its cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Search {
    pub found: Found,
    /// Separation evaluations (ends, subdivision and bisection points).
    pub evaluations: usize,
    /// Bisection steps: splits of an interval already known to end in contact.
    pub iterations: usize,
    /// The separation at the start and at the end of the interval.
    pub ends: [f64; 2],
}

/// The first zero of `f` on `[0, end]` given `rate(a, b)`, a bound on `|f'|` over `[a, b]`.
///
/// # Algorithm
/// 1. Evaluate both ends; `f(0) <= 0` means contact at the start.
/// 2. Take sub-intervals `[a, b]` left to right (`f(a) > 0` always holds).
/// 3. If `f(b) > 0`: `f >= (f(a) + f(b) - K (b - a))/2` on it; above `-GRAZE`, skip it.
/// 4. Otherwise split it at the midpoint and look at the left half first. An interval ending in
///    contact is split too (a bisection step), so a later root is never taken for the first.
/// 5. Stop at the first interval ending in contact that is narrower than `TIME_TOLERANCE`.
pub(crate) fn first_zero(
    mut f: impl FnMut(f64) -> f64,
    rate: impl Fn(f64, f64) -> f64,
    end: f64,
) -> Search {
    let tolerance = TIME_TOLERANCE.max(4.0 * f64::EPSILON * end.abs());
    let ends = [f(0.0), f(end)];
    let mut search = Search {
        found: Found::Never,
        evaluations: 2,
        iterations: 0,
        ends,
    };
    if ends[0] <= 0.0 {
        search.found = Found::AtStart;
        return search;
    }
    let mut pending = vec![(0.0, ends[0], end, ends[1])];
    while let Some((a, fa, b, fb)) = pending.pop() {
        let touching = fb <= 0.0;
        let m = 0.5 * (a + b);
        if touching && (b - a <= tolerance || m <= a || m >= b) {
            search.found = Found::Crossing([a, b]);
            return search;
        }
        if !touching && (fa + fb - rate(a, b) * (b - a) > -2.0 * GRAZE || b - a <= tolerance) {
            continue;
        }
        if search.evaluations >= MAX_EVALUATIONS {
            search.found = Found::GaveUp;
            return search;
        }
        let fm = f(m);
        search.evaluations += 1;
        search.iterations += usize::from(touching);
        pending.push((m, fm, b, fb));
        pending.push((a, fa, m, fm));
    }
    search
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_narrow_dip_between_two_positive_ends() {
        // f dips below zero only on (0.3001, 0.3003): ends are positive, the bound forces a split.
        let f = |t: f64| (t - 0.3002).abs() - 1e-4;
        let search = first_zero(f, |_, _| 1.0, 1.0);
        let Found::Crossing([lo, hi]) = search.found else {
            panic!("missed the dip: {search:?}")
        };
        assert!(hi - lo <= TIME_TOLERANCE && (hi - 0.3001).abs() < 1e-11);
    }

    #[test]
    fn clears_a_function_that_stays_positive() {
        let search = first_zero(|t: f64| 1.0 + t, |_, _| 1.0, 2.0);
        assert_eq!(search.found, Found::Never);
        assert_eq!(search.evaluations, 2);
        assert_eq!(first_zero(|_| -1.0, |_, _| 0.0, 1.0).found, Found::AtStart);
    }
}
