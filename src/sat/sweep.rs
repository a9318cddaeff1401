//! Boxes moving with constant velocities: per-axis entry and exit times and the first contact.

use nalgebra::Vector3;

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
    /// When the projections start to overlap (`-inf` if they always did, `+inf` if never).
    pub entry: f64,
    /// When the projections stop overlapping (`+inf` if they never do, `-inf` if never overlapping).
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
///    at that time (faces before edges when several touch at once).
pub fn sweep(a: &Obb, va: Vector3<f64>, b: &Obb, vb: Vector3<f64>, t_max: f64) -> SweepTrace {
    let frame = PairFrame::new(a, b);
    let w = vb - va;
    let columns = Columns::new(&frame, a, &(b.center() - a.center()), &w);
    let rows: [SweepRow; 15] = std::array::from_fn(|k| {
        let (entry, exit) =
            overlap_interval(columns.distance[k], columns.speed[k], columns.reach[k]);
        SweepRow {
            axis: AxisId::ALL[k],
            distance: columns.distance[k],
            speed: columns.speed[k],
            reach: columns.reach[k],
            entry,
            exit,
            skipped: !columns.tested(k),
        }
    });
    let (last_entry, first_exit) = columns.window();
    let touches = last_entry <= first_exit && last_entry <= t_max && first_exit >= 0.0;
    let first_contact = touches.then_some(last_entry.max(0.0));
    let last_separating_axis = first_contact.and_then(|time| columns.touching_axis(&frame, time));
    SweepTrace {
        rows,
        relative_velocity: w,
        t_max,
        first_contact,
        last_separating_axis,
    }
}

/// The sweep's numbers for the 15 axes, column by column.
struct Columns {
    distance: [f64; 15],
    speed: [f64; 15],
    reach: [f64; 15],
    /// Bit `k` set when axis `k` is tested (not a degenerate cross axis).
    tested: u16,
}

impl Columns {
    #[inline(always)]
    fn new(frame: &PairFrame, a: &Obb, d: &Vector3<f64>, w: &Vector3<f64>) -> Self {
        let d_in_a = in_frame_of(a, d);
        let w_in_a = in_frame_of(a, w);
        let tested = for_each_axis!(axis => {
            u16::from(!matches!(axis, AxisId::Edge(i, j) if frame.is_parallel(i, j, DEGENERATE_SINE)))
                << axis.index()
        });
        Self {
            distance: for_each_axis!(axis => frame.along(axis, &d_in_a)),
            speed: for_each_axis!(axis => frame.along(axis, &w_in_a)),
            reach: for_each_axis!(axis => {
                let (r0, r1) = frame.radii(axis, 0.0);
                r0 + r1
            }),
            tested: tested.iter().fold(0, |mask, bit| mask | bit),
        }
    }

    fn tested(&self, k: usize) -> bool {
        self.tested >> k & 1 == 1
    }

    /// The largest entry time and the smallest exit time over the tested axes.
    #[inline(always)]
    fn window(&self) -> (f64, f64) {
        let (mut last_entry, mut first_exit) = (f64::NEG_INFINITY, f64::INFINITY);
        for k in 0..15 {
            let (entry, exit) = overlap_interval(self.distance[k], self.speed[k], self.reach[k]);
            // Selects rather than branches: an untested axis contributes nothing.
            let tested = self.tested(k);
            let entry = if tested { entry } else { f64::NEG_INFINITY };
            let exit = if tested { exit } else { f64::INFINITY };
            last_entry = if entry > last_entry {
                entry
            } else {
                last_entry
            };
            first_exit = if exit < first_exit { exit } else { first_exit };
        }
        (last_entry, first_exit)
    }

    /// The first tested axis in table order on which the projections just touch at `time`.
    fn touching_axis(&self, frame: &PairFrame, time: f64) -> Option<AxisId> {
        (0..15)
            .filter(|&k| self.tested(k))
            .map(|k| AxisId::ALL[k])
            .find(|&axis| {
                let k = axis.index();
                let length_squared = match axis {
                    AxisId::Edge(i, j) => frame.cross_length_squared(i, j),
                    _ => 1.0,
                };
                just_touches(
                    self.distance[k],
                    self.speed[k],
                    self.reach[k],
                    length_squared,
                    time,
                )
            })
    }
}

/// Whether an axis's projections just touch at `time`:
/// `||p + t w| - r| <= 1e-9 |L| + 1e-9 (|p| + r)`, compared squared so `|L|` needs no root.
#[inline(always)]
pub(super) fn just_touches(p: f64, w: f64, r: f64, length_squared: f64, time: f64) -> bool {
    let gap = ((p + time * w).abs() - r).abs();
    let excess = gap - 1e-9 * (p.abs() + r);
    excess <= 0.0 || excess * excess <= 1e-18 * length_squared
}

/// The times where `|p + t w| <= r`, as `(entry, exit)`; `(+inf, -inf)` when never.
///
/// Without a branch: each numerator is pushed away from zero by the smallest normal number
/// (far below the rounding of any sum of positive extents), so a still axis (`w = ±0`, an
/// infinite inverse) gives `±inf` and never `0 · inf`. A still axis that overlaps or just
/// touches overlaps for all time; one that does not never overlaps.
#[inline(always)]
pub(super) fn overlap_interval(p: f64, w: f64, r: f64) -> (f64, f64) {
    let inverse_speed = 1.0 / w;
    let t1 = ((-r - p) - f64::MIN_POSITIVE) * inverse_speed;
    let t2 = ((r - p) + f64::MIN_POSITIVE) * inverse_speed;
    if t1 < t2 {
        (t1, t2)
    } else {
        (t2, t1)
    }
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
