//! Per-axis entry and exit times of two shadows moving at constant speeds, shared by the
//! box–triangle sweep and the mesh sweep (docs/methods.md §7, §15.1).

use nalgebra::Vector3;

use super::region::Region;
use super::shape_axis::ShapeAxis;
use super::ContactKind;

/// One axis of a sweep: where the second shadow's centre is along `L` and when they overlap.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct ShapeSweepRow {
    /// Which axis.
    pub axis: ShapeAxis,
    /// `m1 - m0` at the start (signed, `L` unnormalised).
    pub distance: f64,
    /// `L·W`, the rate of change of `distance`.
    pub speed: f64,
    /// `R0 + R1`, constant while nothing rotates.
    pub reach: f64,
    /// When the shadows start to overlap (`-inf` if they always did).
    pub entry: f64,
    /// When they stop overlapping (`+inf` if they never do).
    pub exit: f64,
    /// A degenerate axis: not tested (its interval is all time).
    pub skipped: bool,
}

/// Where and how two shapes touch, for the shape tables.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ShapeContact {
    /// The time of first contact (0 for a static query).
    pub time: f64,
    /// A point on both shapes (one of many for edge-face and face-face contact).
    pub point: Vector3<f64>,
    /// The last separating axis; `None` when the shapes already overlapped.
    pub axis: Option<ShapeAxis>,
    /// The touching features, named as for two boxes (the first shape's feature first).
    pub kind: ContactKind,
    /// Unit contact normal pointing from the first shape towards the second.
    pub normal: Vector3<f64>,
    /// The contact region: one point, a segment's two ends, or a clipped polygon.
    pub region: Region,
}

/// The times where `|p + t w| <= r`, as `(entry, exit)`; no finite time between them when never.
///
/// Each numerator is pushed away from zero by the smallest normal number, so a still axis
/// (`w = ±0`) gives `±inf` and never `0 · inf`: overlapping for ever or never.
#[inline(always)]
pub(crate) fn overlap_interval(p: f64, w: f64, r: f64) -> (f64, f64) {
    let inverse_speed = 1.0 / w;
    let t1 = ((-r - p) - f64::MIN_POSITIVE) * inverse_speed;
    let t2 = ((r - p) + f64::MIN_POSITIVE) * inverse_speed;
    (t1.min(t2), t1.max(t2))
}

/// Whether an axis just touches at `time`: `||p + t w| - r| <= 1e-9 |L| + 1e-9 (|p| + r)`.
#[inline(always)]
pub(crate) fn touches_at(row: &ShapeSweepRow, length: f64, time: f64) -> bool {
    let gap = ((row.distance + time * row.speed).abs() - row.reach).abs();
    !row.skipped && gap <= 1e-9 * length + 1e-9 * (row.distance.abs() + row.reach)
}

/// The window of contact: the largest entry and the smallest exit over the tested rows, and
/// the first contact time in `[0, t_max]` (clamped to 0) if the window meets it.
pub(crate) fn first_time(rows: &[ShapeSweepRow], t_max: f64) -> Option<f64> {
    let (entry, exit) = rows
        .iter()
        .filter(|row| !row.skipped)
        .fold((f64::NEG_INFINITY, f64::INFINITY), |(entry, exit), row| {
            (entry.max(row.entry), exit.min(row.exit))
        });
    let misses = entry > exit || entry > t_max || exit < 0.0;
    (!misses).then_some(entry.max(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals_and_the_window() {
        assert_eq!(overlap_interval(3.0, -1.0, 1.0), (2.0, 4.0));
        assert_eq!(
            overlap_interval(0.5, 0.0, 1.0),
            (f64::NEG_INFINITY, f64::INFINITY)
        );
        let (entry, exit) = overlap_interval(3.0, 0.0, 1.0);
        assert!(entry > exit || entry == f64::INFINITY || exit == f64::NEG_INFINITY);
        let row = |entry, exit| ShapeSweepRow {
            axis: ShapeAxis::Slab(0),
            distance: 0.0,
            speed: 0.0,
            reach: 1.0,
            entry,
            exit,
            skipped: false,
        };
        assert_eq!(first_time(&[row(0.5, 2.0), row(-1.0, 1.0)], 1.0), Some(0.5));
        assert_eq!(first_time(&[row(0.5, 2.0), row(-1.0, 0.4)], 1.0), None);
        assert_eq!(first_time(&[row(-0.5, 2.0)], 1.0), Some(0.0));
        assert_eq!(first_time(&[row(1.5, 2.0)], 1.0), None);
    }
}
