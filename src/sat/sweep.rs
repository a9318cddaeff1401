//! Boxes moving with constant velocities: per-axis entry and exit times and the first contact.

use nalgebra::Vector3;
use wide::f64x2;

use super::kernel::{for_each_axis, in_frame_of, PairFrame, DEGENERATE_SINE};
use super::AxisId;
use crate::geometry::Obb;

/// One axis of the sweep: where B's centre is along `L` and when the projections overlap.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct SweepRow {
    /// Which axis.
    pub axis: AxisId,
    /// `L·D` at the start (signed, `L` unnormalised).
    pub distance: f64,
    /// `L·W`, the rate of change of `L·D`.
    pub speed: f64,
    /// `R0 + R1`, constant while nothing rotates.
    pub reach: f64,
    /// When the projections start to overlap (`-inf` if they always did). An axis whose
    /// projections never overlap has no finite time between `entry` and `exit`.
    pub entry: f64,
    /// When the projections stop overlapping (`+inf` if they never do).
    pub exit: f64,
    /// A degenerate cross axis: not tested.
    pub skipped: bool,
}

/// The sweep of a pair over `[0, t_max]` with every axis's interval and the verdict.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SweepTrace {
    /// The 15 rows in table order.
    pub rows: [SweepRow; 15],
    /// `W = V1 - V0`, B's velocity relative to A.
    pub relative_velocity: Vector3<f64>,
    /// The end of the interval searched.
    pub t_max: f64,
    /// The first time the boxes touch in `[0, t_max]`, if they do.
    pub first_contact: Option<f64>,
    /// The axis that separated last (first in table order among those just touching then).
    pub last_separating_axis: Option<AxisId>,
}

/// Sweeps box `b` moving at `vb` against box `a` moving at `va` over `[0, t_max]`.
///
/// # Algorithm
/// 1. Work with `W = V1 - V0`; on each axis `p(t) = L·D + t L·W` and `r = R0 + R1`.
/// 2. The axis stops separating on the interval where `|p(t)| <= r`: its entry and exit times.
/// 3. First contact is the largest entry time if it is before every exit time and `t_max`
///    (clamped to 0: already touching or overlapping means contact at 0).
/// 4. The last separating axis is the first axis in table order on which the boxes just touch
///    at that time (faces before edges when several touch at once) whose features meet: the
///    time and the axis are those of [`super::first_contact`].
pub fn sweep(a: &Obb, va: Vector3<f64>, b: &Obb, vb: Vector3<f64>, t_max: f64) -> SweepTrace {
    let frame = PairFrame::new(a, b);
    let w = vb - va;
    let (d_in_a, w_in_a) = (
        in_frame_of(a, &(b.center() - a.center())),
        in_frame_of(a, &w),
    );
    let faces = for_each_axis!(faces: axis => Line::new(&frame, axis, &d_in_a, &w_in_a));
    let edges = for_each_axis!(edges: axis => Line::new(&frame, axis, &d_in_a, &w_in_a));
    let rows = for_each_axis!(axis => {
        let k = axis.index();
        let line = if k < 6 { &faces[k] } else { &edges[k - 6] };
        // A skipped axis still shows its own reach and interval.
        let (r0, r1) = frame.radii(axis, 0.0);
        let (entry, exit) = overlap_interval(line.distance, line.speed, r0 + r1);
        SweepRow {
            axis,
            distance: line.distance,
            speed: line.speed,
            reach: r0 + r1,
            entry,
            exit,
            skipped: !line.tested(),
        }
    });
    // The contact's time and axis are `first_contact`'s: one computation, one rule.
    let contact = super::first_contact(a, va, b, vb, t_max);
    SweepTrace {
        rows,
        relative_velocity: w,
        t_max,
        first_contact: contact.as_ref().map(|c| c.time),
        last_separating_axis: contact.and_then(|c| c.axis),
    }
}

/// One axis of a sweep: `L·D`, `L·W`, the reach `R0 + R1` as the window uses it (infinite for
/// a degenerate cross axis, so it never limits the window nor touches) and `|L|²`.
#[derive(Clone, Copy)]
pub(super) struct Line {
    pub distance: f64,
    pub speed: f64,
    pub reach: f64,
    pub length_squared: f64,
}

impl Line {
    /// The numbers of `axis` for offset `d` and relative velocity `w`, both in A's frame.
    #[inline(always)]
    pub fn new(frame: &PairFrame, axis: AxisId, d: &[f64; 3], w: &[f64; 3]) -> Self {
        Self {
            speed: frame.along(axis, w),
            ..Self::at_rest(frame, axis, d)
        }
    }

    /// The numbers of `axis` for boxes at rest with offset `d` (in A's frame): no motion.
    #[inline(always)]
    pub fn at_rest(frame: &PairFrame, axis: AxisId, d: &[f64; 3]) -> Self {
        let length_squared = match axis {
            AxisId::Edge(i, j) => frame.cross_length_squared(i, j),
            _ => 1.0,
        };
        let degenerate = length_squared < DEGENERATE_SINE * DEGENERATE_SINE;
        let (r0, r1) = frame.radii(axis, 0.0);
        Self {
            distance: frame.along(axis, d),
            speed: 0.0,
            reach: if degenerate { f64::INFINITY } else { r0 + r1 },
            length_squared,
        }
    }

    /// Whether the axis is tested (not a degenerate cross axis).
    #[inline(always)]
    pub fn tested(&self) -> bool {
        self.reach < f64::INFINITY
    }
}

/// The window before any axis: all time.
pub(super) const UNBOUNDED: (f64, f64) = (f64::NEG_INFINITY, f64::INFINITY);

/// `window` narrowed to the largest entry and the smallest exit time of `lines`.
///
/// Two axes at a time in the two lanes of one register: the divisions, the slowest part of
/// the sweep, go through the divider in pairs.
#[inline(always)]
pub(super) fn narrow<const N: usize>(window: (f64, f64), lines: &[Line; N]) -> (f64, f64) {
    let (mut last_entry, mut first_exit) = (f64x2::splat(window.0), f64x2::splat(window.1));
    for k in (0..N).step_by(2) {
        let pair = |field| lanes(lines, k, field);
        let (entry, exit) = overlap_intervals(
            pair(|line| line.distance),
            pair(|line| line.speed),
            pair(|line| line.reach),
        );
        last_entry = last_entry.fast_max(entry);
        first_exit = first_exit.fast_min(exit);
    }
    let ([entry_0, entry_1], [exit_0, exit_1]) = (last_entry.to_array(), first_exit.to_array());
    (entry_0.max(entry_1), exit_0.min(exit_1))
}

/// The `field` of lines `k` and `k + 1` in the two lanes of one register (line `k` twice when
/// it is the last).
#[inline(always)]
pub(super) fn lanes<const N: usize>(lines: &[Line; N], k: usize, field: fn(&Line) -> f64) -> f64x2 {
    f64x2::new([field(&lines[k]), field(&lines[(k + 1).min(N - 1)])])
}

/// Whether a window of overlap leaves no contact within `[0, t_max]`.
#[inline(always)]
pub(super) fn misses((last_entry, first_exit): (f64, f64), t_max: f64) -> bool {
    last_entry > first_exit || last_entry > t_max || first_exit < 0.0
}

/// The axes whose projections just touch at `time`, as bits in table order (bit `k` for axis
/// `k`): at the time a sweep finds, every axis overlaps or touches, so these are the axes within
/// `tolerance` of the largest gap, the candidates of the one rule of [`super::contact`]. The
/// faces come first in the table, so the edges are only tested when no face touches.
#[inline(always)]
pub(super) fn touching_axes(
    faces: &[Line; 6],
    edges: &[Line; 9],
    time: f64,
    tolerance: f64,
) -> u32 {
    let faces_touching = touching_bits(faces, time, tolerance);
    if faces_touching == 0 {
        touching_bits(edges, time, tolerance) << 6
    } else {
        faces_touching
    }
}

/// Bit `k` set when `lines[k]` just touches at `time`, two lines at a time: an axis just
/// touches when its gap `(||p + t w| - r|) / |L|` is at most `tolerance`, compared squared so
/// `|L|` needs no root (never for an untested axis, whose reach is infinite).
#[inline(always)]
fn touching_bits<const N: usize>(lines: &[Line; N], time: f64, tolerance: f64) -> u32 {
    let mut bits = 0;
    for k in (0..N).step_by(2) {
        let pair = |field| lanes(lines, k, field);
        let (p, w) = (pair(|line| line.distance), pair(|line| line.speed));
        let (r, length_squared) = (pair(|line| line.reach), pair(|line| line.length_squared));
        let gap = ((p + f64x2::splat(time) * w).abs() - r).abs();
        let touches = (gap * gap).simd_le(f64x2::splat(tolerance * tolerance) * length_squared);
        let lanes_used = if k + 1 < N { 0b11 } else { 0b01 };
        bits |= (touches.to_bitmask() & lanes_used) << k;
    }
    bits
}

/// The times where `|p + t w| <= r`, as `(entry, exit)`; no finite time between them when never.
#[inline(always)]
fn overlap_interval(p: f64, w: f64, r: f64) -> (f64, f64) {
    let (entry, exit) = overlap_intervals(f64x2::splat(p), f64x2::splat(w), f64x2::splat(r));
    (entry.to_array()[0], exit.to_array()[0])
}

/// [`overlap_interval`] of two axes at once.
///
/// Without a branch: each numerator is pushed away from zero by the smallest normal number
/// (far below the rounding of any sum of positive extents), so a still axis (`w = ±0`, an
/// infinite inverse) gives `±inf` and never `0 · inf`. A still axis that overlaps or just
/// touches overlaps for all time; one that does not never overlaps.
#[inline(always)]
fn overlap_intervals(p: f64x2, w: f64x2, r: f64x2) -> (f64x2, f64x2) {
    let inverse_speed = f64x2::ONE / w;
    let t1 = ((-r - p) - f64x2::splat(f64::MIN_POSITIVE)) * inverse_speed;
    let t2 = ((r - p) + f64x2::splat(f64::MIN_POSITIVE)) * inverse_speed;
    (t1.fast_min(t2), t1.fast_max(t2))
}

#[cfg(test)]
mod tests {
    use super::overlap_interval;

    const INF: f64 = f64::INFINITY;

    #[test]
    fn still_axes_overlap_for_ever_or_never_even_when_just_touching() {
        for still in [0.0, -0.0] {
            for p in [-1.0, -0.5, 0.0, 0.5, 1.0] {
                assert_eq!(
                    overlap_interval(p, still, 1.0),
                    (-INF, INF),
                    "p = {p}, w = {still}"
                );
            }
            for p in [-1.0 - 1e-15, -3.0, 1.0 + 1e-15, 3.0] {
                let (entry, exit) = overlap_interval(p, still, 1.0);
                let never = entry > exit || entry == INF || exit == -INF;
                assert!(never, "p = {p}, w = {still}: ({entry}, {exit})");
            }
        }
    }

    #[test]
    fn moving_axes_enter_and_leave_at_the_touching_times() {
        assert_eq!(overlap_interval(3.0, -1.0, 1.0), (2.0, 4.0));
        assert_eq!(overlap_interval(-3.0, 2.0, 1.0), (1.0, 2.0));
        // Just touching at t = 0 and leaving: the exit is 0 up to the smallest normal number.
        let (entry, exit) = overlap_interval(1.0, 1.0, 1.0);
        assert_eq!(entry, -2.0);
        assert!((0.0..=f64::MIN_POSITIVE).contains(&exit), "exit {exit}");
        assert_eq!(overlap_interval(0.0, 1.0, INF), (-INF, INF));
        assert_eq!(overlap_interval(5.0, 0.0, INF), (-INF, INF));
    }
}
