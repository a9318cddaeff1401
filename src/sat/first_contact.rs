//! The first contact of two moving boxes, in stages: the six face axes first, which decide
//! almost every miss on their own, then the nine edge axes.

use nalgebra::Vector3;

use super::contact::Contact;
use super::kernel::{for_each_axis, in_frame_of, PairFrame, DEGENERATE_SINE};
use super::sweep::{just_touches, overlap_interval};
use super::swept_contact::{swept_contact, SweptPair};
use super::AxisId;
use crate::geometry::Obb;

/// One axis of the sweep: `L·D`, `L·W`, `R0 + R1` (infinite for a degenerate cross axis) and
/// `|L|²`.
#[derive(Clone, Copy)]
struct Line {
    distance: f64,
    speed: f64,
    reach: f64,
    length_squared: f64,
}

impl Line {
    #[inline(always)]
    fn new(frame: &PairFrame, axis: AxisId, d: &[f64; 3], w: &[f64; 3]) -> Self {
        let length_squared = match axis {
            AxisId::Edge(i, j) => frame.cross_length_squared(i, j),
            _ => 1.0,
        };
        let degenerate = length_squared < DEGENERATE_SINE * DEGENERATE_SINE;
        let (r0, r1) = frame.radii(axis, 0.0);
        Self {
            distance: frame.along(axis, d),
            speed: frame.along(axis, w),
            reach: if degenerate { f64::INFINITY } else { r0 + r1 },
            length_squared,
        }
    }

    /// Whether the projections just touch at `time` (never for a degenerate axis).
    #[inline(always)]
    fn touches_at(&self, time: f64) -> bool {
        just_touches(
            self.distance,
            self.speed,
            self.reach,
            self.length_squared,
            time,
        )
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
    // Every axis that just touches, as bits in table order; the first one is the answer.
    let mut touching = 0_u16;
    for (k, line) in faces.iter().enumerate() {
        touching |= u16::from(line.touches_at(time)) << k;
    }
    for (k, line) in edges.iter().enumerate() {
        touching |= u16::from(line.touches_at(time)) << (6 + k);
    }
    let axis = (touching != 0).then(|| AxisId::ALL[touching.trailing_zeros() as usize]);
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
