//! Overlapping boxes: a point inside both, and the points of each box's edges inside the other.

use nalgebra::Vector3;

use super::contact::{Contact, ContactKind};
use super::features::axis_normal;
use super::region::Region;
use super::AxisId;
use crate::geometry::clip::clip_segment;
use crate::geometry::Obb;

/// The contact of overlapping boxes at `time`: a point inside both, the normal along the axis
/// of least overlap `depth_axis` (`gap` is its negative depth).
///
/// # Algorithm
/// The centroid of every box edge clipped by the other box (each clipped end lies in both
/// boxes, and so does their centroid); the middle of the centres if no edge meets the other
/// box.
pub(super) fn overlap_contact(
    a: &Obb,
    b: &Obb,
    depth_axis: Option<AxisId>,
    gap: f64,
    time: f64,
) -> Contact {
    let points = intersection_points(a, b);
    let point = if points.is_empty() {
        0.5 * (a.center() + b.center())
    } else {
        points.iter().sum::<Vector3<f64>>() / points.len() as f64
    };
    let normal = depth_axis.map_or_else(Vector3::zeros, |axis| axis_normal(a, b, axis));
    Contact {
        time,
        point,
        axis: None,
        kind: ContactKind::Overlap,
        normal,
        region: Region::point(point),
        gap,
        depth_axis,
    }
}

/// The ends of every edge of each box clipped to the other box: points on both boxes.
pub fn intersection_points(a: &Obb, b: &Obb) -> Vec<Vector3<f64>> {
    touching_points(a, b, 0.0)
}

/// The ends of every edge of each box clipped to the other box grown by `slack`.
pub(super) fn touching_points(a: &Obb, b: &Obb, slack: f64) -> Vec<Vector3<f64>> {
    let mut points = clipped_edges(a, b, slack);
    points.extend(clipped_edges(b, a, slack));
    points
}

/// The ends of the edges of `edges_of` inside `clip_by` (Liang–Barsky in `clip_by`'s frame).
fn clipped_edges(edges_of: &Obb, clip_by: &Obb, slack: f64) -> Vec<Vector3<f64>> {
    let corners = edges_of.vertices();
    let limits = clip_by.half_extents();
    let mut out = Vec::new();
    for (k, corner) in corners.iter().enumerate() {
        for axis in 0..3 {
            if k >> axis & 1 == 1 {
                continue;
            }
            let p0 = clip_by.to_local(corner);
            let dir = clip_by.to_local(&corners[k | 1 << axis]) - p0;
            if let Some((lo, hi)) = clip_segment(&p0, &dir, (0.0, 1.0), &limits, slack) {
                out.push(clip_by.to_world(&(p0 + lo * dir)));
                out.push(clip_by.to_world(&(p0 + hi * dir)));
            }
        }
    }
    out
}
