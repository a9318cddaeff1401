//! Overlapping boxes: a point inside both, and the points of each box's edges inside the other.

use nalgebra::{Matrix3, Vector3};
use wide::f64x4;

use super::contact::{tie_tolerance, Contact, ContactKind};
use super::features::axis_normal;
use super::kernel::{for_each_axis, in_frame_of, PairFrame};
use super::least_overlap::deepest;
use super::region::Region;
use super::sweep::Line;
use super::AxisId;
use crate::geometry::clip::clip_segment;
use crate::geometry::Obb;

/// The contact of overlapping boxes at `time`: a point inside both, the normal along the axis
/// of least overlap `depth_axis` (`gap` is its negative depth).
///
/// # Algorithm
/// A point inside both from the edges of one box clipped by the other ([`inside_both`]).
pub(super) fn overlap_contact(
    a: &Obb,
    b: &Obb,
    depth_axis: Option<AxisId>,
    gap: f64,
    time: f64,
) -> Contact {
    let frame = PairFrame::new(a, b);
    let offset = in_frame_of(a, &(b.center() - a.center()));
    let point = a.to_world(&inside_both(&frame, &offset));
    let normal = depth_axis.map_or_else(Vector3::zeros, |axis| axis_normal(a, b, axis));
    Contact::new(
        time,
        point,
        None,
        ContactKind::Overlap,
        normal,
        Region::point(point),
        gap,
        depth_axis,
    )
}

/// The contact of placed boxes that overlap deeper than the tie tolerance, at `time`; `None`
/// when they are apart or just touch (the one rule then looks for the touching features).
pub(super) fn overlap_at_rest(a: &Obb, b: &Obb, time: f64) -> Option<Contact> {
    let frame = PairFrame::new(a, b);
    let offset = in_frame_of(a, &(b.center() - a.center()));
    let faces = for_each_axis!(faces: axis => Line::at_rest(&frame, axis, &offset));
    let edges = for_each_axis!(edges: axis => Line::at_rest(&frame, axis, &offset));
    let mut contact = deep_overlap(a, b, &frame, &offset, (&faces, &edges))?;
    contact.time = time;
    Some(contact)
}

/// The contact at time 0 of boxes that overlap deeper than the tie tolerance, from the pair
/// seen from A and the lines of its 15 axes (a sweep's or those of boxes at rest): a point
/// inside both ([`inside_both`]) and the normal along the axis of least overlap
/// ([`deepest`]); `None` when some axis separates them or they just touch. Kept out of line, so
/// the sweep of pairs that start apart stays small.
#[cold]
#[inline(never)]
pub(super) fn deep_overlap(
    a: &Obb,
    b: &Obb,
    frame: &PairFrame,
    offset: &[f64; 3],
    (faces, edges): (&[Line; 6], &[Line; 9]),
) -> Option<Contact> {
    let tolerance = tie_tolerance(a, b);
    let (depth_axis, _) = deepest(faces, edges, tolerance)?;
    // The gap as the table's row gives it, to the last bit.
    let (r0, r1) = frame.radii(depth_axis, 0.0);
    let gap = (frame.along(depth_axis, offset).abs() - r0 - r1) / frame.length(depth_axis);
    if gap >= -tolerance {
        return None;
    }
    let point = a.to_world(&inside_both(frame, offset));
    let normal = axis_normal(a, b, depth_axis);
    Some(Contact::new(
        0.0,
        point,
        None,
        ContactKind::Overlap,
        normal,
        Region::point(point),
        gap,
        Some(depth_axis),
    ))
}

/// A point inside both overlapping boxes, in A's coordinates, from the pair seen from A
/// (`offset` is B's centre in A's coordinates).
///
/// # Algorithm
/// 1. B's edges in A's coordinates, where A is the slab `|x_q| <= a_q`, four parallel edges at a
///    time: they share their direction, so its reciprocal is taken once and the four go through
///    the slabs together (Liang–Barsky, one edge in each lane). Every clipped end lies on B and
///    inside A.
/// 2. The first group of four that meets A gives the point: the centroid of its clipped ends,
///    in both boxes since both are convex.
/// 3. When no edge of B meets A (A pokes through a face of B, or lies inside B), the same with
///    A's edges in B's coordinates; the middle of the centres if neither meets the other (two
///    convex boxes that overlap always have an edge of one meeting the other).
pub(super) fn inside_both(frame: &PairFrame, offset: &[f64; 3]) -> Vector3<f64> {
    let c = &frame.c;
    let d = Vector3::new(offset[0], offset[1], offset[2]);
    // B's edges in A's coordinates: centre d, direction of B's axis m the column m of c.
    let (sum_b, count_b) = clipped_ends(|q, m| c[q][m], &d, &frame.b, &frame.a);
    if count_b > 0.0 {
        return sum_b / count_b;
    }
    // A's edges in B's coordinates: centre -cᵀd, direction of A's axis m the row m of c.
    let c_t = Matrix3::from_fn(|q, m| c[m][q]);
    let (sum_a, count_a) = clipped_ends(|q, m| c[m][q], &-(c_t * d), &frame.a, &frame.b);
    if count_a == 0.0 {
        return d * 0.5;
    }
    // A point x of B's coordinates is d + c x in A's.
    d + c_t.transpose() * (sum_a / count_a)
}

/// The sum and the number of the clipped ends, inside the box `|x_q| <= limits_q`, of the
/// first group of four parallel edges that meets it, of a box of half-extents `h` centred at
/// `centre` whose axis `m` has the coordinates `axis(q, m)`. The four edges of a group go
/// through the slabs together, one in each lane; which of them meet the box is kept as a mask,
/// without a branch.
#[inline(always)]
fn clipped_ends(
    axis: impl Fn(usize, usize) -> f64,
    centre: &Vector3<f64>,
    h: &[f64; 3],
    limits: &[f64; 3],
) -> (Vector3<f64>, f64) {
    let (mut sum, mut count) = ([f64x4::ZERO; 3], 0);
    let column = |m: usize| [axis(0, m), axis(1, m), axis(2, m)];
    // The four edges along an axis start at the centre moved by -h_m along it and by -+h along
    // the other two: the signs of lanes 0..4.
    let (signs_1, signs_2) = (
        f64x4::new([-1.0, 1.0, -1.0, 1.0]),
        f64x4::new([-1.0, -1.0, 1.0, 1.0]),
    );
    // The reciprocals of the nine direction components, three packed divisions. An edge
    // parallel to a slab gets a huge finite reciprocal instead of an infinite one: inside, its
    // times span all parameters; outside, none; never 0 · inf.
    let spans: [f64; 9] = std::array::from_fn(|k| {
        let x = axis(k % 3, k / 3) * (2.0 * h[k / 3]);
        if x.abs() < 1e-300 {
            1e-300_f64.copysign(x)
        } else {
            x
        }
    });
    let inverses: [f64; 12] = {
        let lanes = |k: usize| f64x4::new([spans[k], spans[k + 1], spans[k + 2], spans[k + 3]]);
        let last = f64x4::new([spans[8], 1.0, 1.0, 1.0]);
        let [p, q, r] = [lanes(0), lanes(4), last].map(|x| (f64x4::ONE / x).to_array());
        std::array::from_fn(|k| [p, q, r][k / 4][k % 4])
    };
    for m in 0..3 {
        let (m1, m2) = ((m + 1) % 3, (m + 2) % 3);
        let (along, across_1, across_2) = (column(m), column(m1), column(m2));
        let starts: [f64x4; 3] = std::array::from_fn(|q| {
            f64x4::splat(centre[q] - along[q] * h[m])
                + signs_1 * f64x4::splat(across_1[q] * h[m1])
                + signs_2 * f64x4::splat(across_2[q] * h[m2])
        });
        let span: [f64; 3] = std::array::from_fn(|q| along[q] * (2.0 * h[m]));
        let (mut lo, mut hi) = (f64x4::ZERO, f64x4::ONE);
        for q in 0..3 {
            // The edge enters the slab at the side its direction faces away from.
            let inverse = inverses[3 * m + q];
            let entry_side = f64x4::splat(-limits[q].copysign(inverse));
            let inverse = f64x4::splat(inverse);
            lo = lo.fast_max((entry_side - starts[q]) * inverse);
            hi = hi.fast_min((-entry_side - starts[q]) * inverse);
        }
        let meets = lo.simd_le(hi);
        let middle = lo + hi;
        for q in 0..3 {
            let ends = starts[q] * f64x4::splat(2.0) + middle * f64x4::splat(span[q]);
            sum[q] += ends & meets;
        }
        count += 2 * meets.to_bitmask().count_ones();
        if count > 0 {
            // These edges already give points inside both boxes.
            break;
        }
    }
    let [x, y, z] = sum.map(f64x4::reduce_add);
    (Vector3::new(x, y, z), f64::from(count))
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
