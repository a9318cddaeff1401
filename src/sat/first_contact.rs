//! The first contact of two moving boxes, in stages: the six face axes first, which decide
//! almost every miss on their own, then the nine edge axes.

use nalgebra::Vector3;

use super::contact::Contact;
use super::kernel::{for_each_axis, in_frame_of, PairFrame, DEGENERATE_SINE};
use super::sweep::overlap_interval;
use super::swept_contact::{swept_contact, SweptPair};
use super::AxisId;
use crate::geometry::Obb;

const FACES: [AxisId; 6] = [
    AxisId::FaceA(0),
    AxisId::FaceA(1),
    AxisId::FaceA(2),
    AxisId::FaceB(0),
    AxisId::FaceB(1),
    AxisId::FaceB(2),
];

/// One axis of the sweep: `L·D`, `L·W` and `R0 + R1` (infinite for a degenerate cross axis).
#[derive(Clone, Copy)]
struct Line {
    distance: f64,
    speed: f64,
    reach: f64,
}

impl Line {
    #[inline(always)]
    fn new(frame: &PairFrame, axis: AxisId, d: &[f64; 3], w: &[f64; 3]) -> Self {
        let degenerate =
            matches!(axis, AxisId::Edge(i, j) if frame.is_parallel(i, j, DEGENERATE_SINE));
        let (r0, r1) = frame.radii(axis, 0.0);
        Self {
            distance: frame.along(axis, d),
            speed: frame.along(axis, w),
            reach: if degenerate { f64::INFINITY } else { r0 + r1 },
        }
    }

    /// Whether the projections just touch at `time` (within rounding of the axis's numbers).
    #[inline(always)]
    fn touches_at(&self, frame: &PairFrame, axis: AxisId, time: f64) -> bool {
        if self.reach == f64::INFINITY {
            return false;
        }
        let gap = ((self.distance + time * self.speed).abs() - self.reach).abs();
        let slack = 1e-9 * (self.distance.abs() + self.reach);
        // |L| <= 1, so a gap beyond the face-axis bound cannot pass: skip the square root.
        gap <= 1e-9 + slack && gap <= 1e-9 * frame.length(axis) + slack
    }
}

/// The largest entry and smallest exit time of some axes, merged into `window`.
#[inline(always)]
fn narrow<const N: usize>(window: (f64, f64), lines: &[Line; N]) -> (f64, f64) {
    let (mut last_entry, mut first_exit) = window;
    for line in lines {
        let (entry, exit) = overlap_interval(line.distance, line.speed, line.reach);
        last_entry = if entry > last_entry {
            entry
        } else {
            last_entry
        };
        first_exit = if exit < first_exit { exit } else { first_exit };
    }
    (last_entry, first_exit)
}

/// Whether a window of overlap leaves no contact within `[0, t_max]`.
#[inline(always)]
fn misses((last_entry, first_exit): (f64, f64), t_max: f64) -> bool {
    last_entry > first_exit || last_entry > t_max || first_exit < 0.0
}

/// The first contact of the moving boxes within `[0, t_max]`, with its point and features.
///
/// # Algorithm
/// The computation of [`super::sweep`] (entry and exit times per axis, contact at the largest
/// entry if it comes before every exit and `t_max`), ordered to stop early:
/// 1. The six face axes, whose numbers are cheapest; if their window already misses
///    `[0, t_max]`, no axis can bring the boxes together.
/// 2. The nine edge axes narrow the window; contact is at its start (clamped to 0).
/// 3. The last separating axis is the first in table order that just touches then; the point
///    comes from the seed's formulas in A's frame ([`swept_contact`]).
#[inline]
pub fn first_contact(
    a: &Obb,
    va: Vector3<f64>,
    b: &Obb,
    vb: Vector3<f64>,
    t_max: f64,
) -> Option<Contact> {
    let frame = PairFrame::new(a, b);
    let d = in_frame_of(a, &(b.center() - a.center()));
    let w = in_frame_of(a, &(vb - va));
    let faces = for_each_axis!(faces: axis => Line::new(&frame, axis, &d, &w));
    let window = narrow((f64::NEG_INFINITY, f64::INFINITY), &faces);
    if misses(window, t_max) {
        return None;
    }
    let edges = for_each_axis!(edges: axis => Line::new(&frame, axis, &d, &w));
    let window = narrow(window, &edges);
    if misses(window, t_max) {
        return None;
    }
    let time = window.0.max(0.0);
    let on_face = (0..6).find(|&k| faces[k].touches_at(&frame, FACES[k], time));
    let axis = on_face.map(|k| FACES[k]).or_else(|| {
        (0..9)
            .find(|&k| edges[k].touches_at(&frame, AxisId::Edge(k / 3, k % 3), time))
            .map(|k| AxisId::Edge(k / 3, k % 3))
    });
    let pair = SweptPair {
        a,
        va,
        b,
        vb,
        offset_in_a: std::array::from_fn(|i| d[i] + time * w[i]),
        time,
    };
    Some(swept_contact(&frame, &pair, axis))
}
