//! A box and a triangle moving with constant velocities: the sweep over the 13 axes, the first
//! contact and its point and features (docs/methods.md §15.1).

use nalgebra::Vector3;

use super::box_triangle::BoxFrame;
use super::box_triangle_contact::box_triangle_contact;
use super::shape_axis::ShapeAxis;
use super::shape_sweep::{first_time, overlap_interval, touches_at, ShapeContact, ShapeSweepRow};
use crate::geometry::triangle::Triangle;
use crate::geometry::Obb;

/// The sweep of a box–triangle pair over `[0, t_max]`, with every axis's interval.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct BoxTriangleSweep {
    /// The 13 rows in table order.
    pub rows: [ShapeSweepRow; 13],
    /// `W = V_triangle - V_box`, the triangle's velocity relative to the box.
    pub relative_velocity: Vector3<f64>,
    /// The end of the interval searched.
    pub t_max: f64,
    /// The first time they touch in `[0, t_max]`, if they do.
    pub first_contact: Option<f64>,
    /// The axis that separated last (first in table order among those just touching then).
    pub last_separating_axis: Option<ShapeAxis>,
}

/// Sweeps the triangle moving at `v_triangle` against the box moving at `v_box` over `[0, t_max]`.
///
/// # Algorithm
/// 1. In box coordinates the triangle moves by `w = Aᵀ(v_triangle - v_box)`; on each axis the
///    shadow centre is `m(t) = m + (L·w) t` and `r = R0 + R1` stays.
/// 2. Each axis overlaps while `|m(t)| <= r`: its entry and exit times.
/// 3. First contact is the largest entry if it is before every exit and `t_max` (clamped to 0).
/// 4. The last separating axis is the first in table order just touching then.
pub fn sweep_box_triangle(
    obb: &Obb,
    v_box: Vector3<f64>,
    triangle: &Triangle,
    v_triangle: Vector3<f64>,
    t_max: f64,
) -> BoxTriangleSweep {
    let frame = BoxFrame::new(obb, triangle);
    let relative_velocity = v_triangle - v_box;
    let w = obb.axes().tr_mul(&relative_velocity);
    let mut lengths = [0.0; 13];
    let rows: [ShapeSweepRow; 13] = std::array::from_fn(|k| {
        let l = frame.axis(k);
        lengths[k] = l.norm();
        let skipped = frame.degenerate(k, &l);
        let ((lo, hi), r0) = frame.shadows(&l);
        let (distance, speed, reach) = (0.5 * (lo + hi), l.dot(&w), r0 + 0.5 * (hi - lo));
        let (entry, exit) = if skipped {
            (f64::NEG_INFINITY, f64::INFINITY)
        } else {
            overlap_interval(distance, speed, reach)
        };
        ShapeSweepRow {
            axis: ShapeAxis::BOX_TRIANGLE[k],
            distance,
            speed,
            reach,
            entry,
            exit,
            skipped,
        }
    });
    let first_contact = first_time(&rows, t_max);
    let last_separating_axis = first_contact.and_then(|time| {
        (0..13)
            .find(|&k| touches_at(&rows[k], lengths[k], time))
            .map(|k| rows[k].axis)
    });
    BoxTriangleSweep {
        rows,
        relative_velocity,
        t_max,
        first_contact,
        last_separating_axis,
    }
}

/// The first contact of the moving box and triangle within `[0, t_max]`, with its point.
///
/// # Algorithm
/// [`sweep_box_triangle`] for the time and the last separating axis, then
/// [`box_triangle_contact`] with both shapes moved to that time.
pub fn box_triangle_first_contact(
    obb: &Obb,
    v_box: Vector3<f64>,
    triangle: &Triangle,
    v_triangle: Vector3<f64>,
    t_max: f64,
) -> Option<ShapeContact> {
    let sweep = sweep_box_triangle(obb, v_box, triangle, v_triangle, t_max);
    let time = sweep.first_contact?;
    let (obb_then, triangle_then) = (
        obb.translated(&(v_box * time)),
        triangle.translated(&(v_triangle * time)),
    );
    let mut contact = box_triangle_contact(&obb_then, &triangle_then, sweep.last_separating_axis);
    contact.time = time;
    Some(contact)
}
