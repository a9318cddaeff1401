//! Clipping: a convex polygon, a segment or a point against half-planes (Sutherland–Hodgman)
//! and a segment against a box (Liang–Barsky), each with a slack so features that touch within
//! rounding still meet. Every contact region of the shape tables is clipped here.

use std::ops::Deref;

use nalgebra::SVector;

/// Most corners a clipped polygon keeps. Each half-plane adds at most one corner to a convex
/// polygon: a quadrilateral clipped by the four sides of a rectangle has at most eight corners,
/// a triangle clipped by the six faces of a box at most nine.
pub const POLYGON_CAPACITY: usize = 12;

/// A convex polygon of at most [`POLYGON_CAPACITY`] corners in `D` dimensions, kept inline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Polygon<const D: usize> {
    corners: [SVector<f64, D>; POLYGON_CAPACITY],
    len: usize,
}

impl<const D: usize> Polygon<D> {
    /// A polygon with no corners.
    pub fn new() -> Self {
        Self {
            corners: [SVector::zeros(); POLYGON_CAPACITY],
            len: 0,
        }
    }

    /// The polygon with these corners in order (at most [`POLYGON_CAPACITY`]; extra ones are
    /// dropped).
    pub fn from_corners(corners: impl IntoIterator<Item = SVector<f64, D>>) -> Self {
        let mut polygon = Self::new();
        for corner in corners {
            polygon.push(corner);
        }
        polygon
    }

    /// The polygon without corners within `tolerance` of the one before (the last compared
    /// with the first): a clipped polygon repeats a corner where it only touches a side.
    #[must_use]
    pub fn without_repeats(&self, tolerance: f64) -> Self {
        let mut out = Self::new();
        for corner in self.iter() {
            let repeated = out
                .last()
                .is_some_and(|last: &SVector<f64, D>| (corner - last).amax() <= tolerance);
            if !repeated {
                out.push(*corner);
            }
        }
        while out.len > 1 && (out.corners[out.len - 1] - out.corners[0]).amax() <= tolerance {
            out.len -= 1;
        }
        out
    }

    /// Appends a corner (ignored when full).
    pub fn push(&mut self, corner: SVector<f64, D>) {
        if self.len < POLYGON_CAPACITY {
            self.corners[self.len] = corner;
            self.len += 1;
        }
    }
}

impl<const D: usize> Default for Polygon<D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const D: usize> Deref for Polygon<D> {
    type Target = [SVector<f64, D>];

    fn deref(&self) -> &Self::Target {
        &self.corners[..self.len]
    }
}

/// One side of a clipping region: the points `p` with `normal · p <= offset` are inside.
pub type HalfPlane<const D: usize> = (SVector<f64, D>, f64);

/// Sutherland–Hodgman: the convex `polygon` (or a segment's two ends, or one point) clipped by
/// each half-plane in turn, a corner within `slack` outside (`normal · p - offset <= slack`)
/// still counting as inside.
///
/// # Algorithm
/// For each half-plane, walk the edges `previous → current`: keep `current` when it is inside;
/// when the edge crosses the boundary, add the crossing `previous + (current - previous) s`
/// with `s = d_previous / (d_previous - d_current)`. A segment `p q` with one end outside is
/// cut once, at `p + (q - p) s`, and keeps its order; a point is kept or dropped. A polygon's
/// result may repeat a corner where it only touches a side.
pub fn clip_polygon<const D: usize>(
    polygon: &Polygon<D>,
    half_planes: impl IntoIterator<Item = HalfPlane<D>>,
    slack: f64,
) -> Polygon<D> {
    let mut out = *polygon;
    for (normal, offset) in half_planes {
        let distance = |p: &SVector<f64, D>| normal.dot(p) - offset;
        let input = std::mem::take(&mut out);
        if let [p, q] = *input {
            let (dp, dq) = (distance(&p), distance(&q));
            let crossing = || p + (q - p) * (dp / (dp - dq));
            match (dp <= slack, dq <= slack) {
                (true, true) => out = input,
                (false, false) => {}
                (true, false) => out = Polygon::from_corners([p, crossing()]),
                (false, true) => out = Polygon::from_corners([crossing(), q]),
            }
            continue;
        }
        for (m, current) in input.iter().enumerate() {
            let previous = &input[(m + input.len() - 1) % input.len()];
            let (dp, dc) = (distance(previous), distance(current));
            if (dp <= slack) != (dc <= slack) {
                out.push(previous + (current - previous) * (dp / (dp - dc)));
            }
            if dc <= slack {
                out.push(*current);
            }
        }
    }
    out
}

/// Liang–Barsky: the parameters `[lo, hi]` within `[s_min, s_max]` of the points `p + s dir`
/// inside the box `|x_k| <= limits_k`; `None` when the segment misses the box by more than
/// `slack`. A segment that only meets the box within `slack` gives one parameter twice.
///
/// # Algorithm
/// 1. Each coordinate with a direction component narrows the interval to where
///    `-limit <= p + s dir <= limit`; a coordinate the segment runs parallel to keeps it whole
///    if `|p| <= limit + slack`, else nothing is inside.
/// 2. An empty interval is tried again with every limit grown by `slack`: when that meets, the
///    middle of the grown interval is the meeting parameter.
pub fn clip_segment<const D: usize>(
    p: &SVector<f64, D>,
    dir: &SVector<f64, D>,
    (s_min, s_max): (f64, f64),
    limits: &SVector<f64, D>,
    slack: f64,
) -> Option<(f64, f64)> {
    let window = |grow: f64| {
        let (mut lo, mut hi) = (s_min, s_max);
        for k in 0..D {
            let limit = limits[k] + grow;
            if dir[k].abs() > 1e-15 {
                let (t1, t2) = ((-limit - p[k]) / dir[k], (limit - p[k]) / dir[k]);
                lo = lo.max(t1.min(t2));
                hi = hi.min(t1.max(t2));
            } else if p[k].abs() > limits[k] + slack {
                return None;
            }
        }
        Some((lo, hi))
    };
    let (lo, hi) = window(0.0)?;
    if lo <= hi {
        return Some((lo, hi));
    }
    let (lo, hi) = window(slack)?;
    (lo <= hi).then(|| {
        let middle = 0.5 * (lo + hi);
        (middle, middle)
    })
}

#[cfg(test)]
mod tests {
    use nalgebra::{Vector2, Vector3};

    use super::*;

    fn square(half: f64) -> Polygon<2> {
        Polygon::from_corners(
            [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
                .map(|(x, y)| Vector2::new(x * half, y * half)),
        )
    }

    fn clip(polygon: &Polygon<2>, limit: f64, slack: f64) -> Polygon<2> {
        let sides = [Vector2::x(), -Vector2::x(), Vector2::y(), -Vector2::y()].map(|n| (n, limit));
        clip_polygon(polygon, sides, slack)
    }

    #[test]
    fn a_square_turned_by_45_degrees_becomes_an_octagon() {
        let turned = Polygon::from_corners(
            [(1.4, 0.0), (0.0, 1.4), (-1.4, 0.0), (0.0, -1.4)].map(|(x, y)| Vector2::new(x, y)),
        );
        let octagon = clip(&turned, 1.0, 0.0);
        assert_eq!(octagon.len(), 8);
        assert!(octagon.iter().all(|p| p.x.abs() <= 1.0 && p.y.abs() <= 1.0));
    }

    #[test]
    fn a_square_beside_the_rectangle_meets_it_only_within_the_slack() {
        let beside = Polygon::from_corners(
            square(0.5)
                .iter()
                .map(|p| p + Vector2::new(1.5 + 1e-12, 0.0)),
        );
        assert!(clip(&beside, 1.0, 0.0).is_empty());
        let edge = clip(&beside, 1.0, 1e-10);
        assert!(!edge.is_empty());
        assert!(edge
            .iter()
            .all(|p| (p.x - 1.0).abs() < 1e-10 && p.y.abs() <= 0.5));
    }

    #[test]
    fn the_height_of_a_tilted_face_is_carried_to_the_crossings() {
        let tilted = Polygon::from_corners(
            [(-2.0, -0.5), (2.0, -0.5), (2.0, 0.5), (-2.0, 0.5)]
                .map(|(x, y)| Vector3::new(x, y, 0.25 * x)),
        );
        let sides = [(Vector3::x(), 1.0), (-Vector3::x(), 1.0)];
        let clipped = clip_polygon(&tilted, sides, 0.0);
        assert_eq!(clipped.len(), 4);
        assert!(clipped
            .iter()
            .all(|p| p.x.abs() == 1.0 && p.z == 0.25 * p.x));
    }

    #[test]
    fn a_segment_is_cut_once_in_order_and_a_point_kept_or_dropped() {
        let x = (Vector3::x(), 1.0);
        let p = Vector3::new(0.5, 0.0, 0.0);
        let point = Polygon::from_corners([p]);
        assert_eq!(&*clip_polygon(&point, [x], 0.0), &[p][..]);
        assert!(clip_polygon(&point, [(Vector3::x(), 0.0)], 0.0).is_empty());
        let (a, b) = (Vector3::zeros(), Vector3::new(2.0, 0.0, 1.0));
        let forward = clip_polygon(&Polygon::from_corners([a, b]), [x], 0.0);
        assert_eq!(&*forward, &[a, Vector3::new(1.0, 0.0, 0.5)][..]);
        let backward = clip_polygon(&Polygon::from_corners([b, a]), [x], 0.0);
        assert_eq!(&*backward, &[Vector3::new(1.0, 0.0, 0.5), a][..]);
        let beyond = (Vector3::x(), -1e-13);
        assert_eq!(clip_polygon(&forward, [beyond], 1e-12).len(), 2);
        assert!(clip_polygon(&forward, [beyond], 0.0).is_empty());
    }

    #[test]
    fn a_triangle_across_a_cube_keeps_all_nine_corners() {
        // The plane x + y + z = 0 cuts the cube |x_k| <= 1 in a hexagon; this triangle in it
        // cuts off three of the hexagon's corners with its sides and pokes out beyond the other
        // three: nine corners, six where its sides cross the cube's faces and three of the
        // hexagon's.
        let triangle = Polygon::from_corners(
            [(-1.84, 1.84, 0.0), (0.0, -1.84, 1.84), (1.84, 0.0, -1.84)]
                .map(|(x, y, z)| Vector3::new(x, y, z)),
        );
        let box_sides =
            [0, 1, 2].map(|k| [(Vector3::ith(k, 1.0), 1.0), (Vector3::ith(k, -1.0), 1.0)]);
        let clipped = clip_polygon(&triangle, box_sides.into_iter().flatten(), 0.0);
        assert_eq!(clipped.len(), 9);
        assert!(clipped.iter().all(|p| p.amax() <= 1.0 + 1e-12));
        assert!(clipped.iter().all(|p| p.sum().abs() < 1e-12));
    }

    #[test]
    fn repeated_corners_are_dropped_down_to_a_segment() {
        let sliver = Polygon::from_corners(
            [(1.0, -0.5), (1.0, -0.5), (1.0, 0.5), (1.0 + 1e-17, 0.5)]
                .map(|(x, y)| Vector2::new(x, y)),
        );
        let segment = sliver.without_repeats(1e-12);
        assert_eq!(
            &*segment,
            &[Vector2::new(1.0, -0.5), Vector2::new(1.0, 0.5)][..]
        );
        assert_eq!(square(1.0).without_repeats(1e-12), square(1.0));
    }

    #[test]
    fn segments_clip_to_their_inside_part_or_miss_beyond_the_slack() {
        let limits = Vector2::new(1.0, 1.0);
        let across = clip_segment(
            &Vector2::new(-3.0, 0.0),
            &Vector2::x(),
            (0.0, 6.0),
            &limits,
            0.0,
        );
        assert_eq!(across, Some((2.0, 4.0)));
        let beside = Vector2::new(0.0, 1.0 + 1e-12);
        assert_eq!(
            clip_segment(&beside, &Vector2::x(), (-1.0, 1.0), &limits, 0.0),
            None
        );
        assert_eq!(
            clip_segment(&beside, &Vector2::x(), (-1.0, 1.0), &limits, 1e-10),
            Some((-1.0, 1.0))
        );
        // Through the corner (1, 1) from outside: meets only there, within the slack.
        let corner = clip_segment(
            &Vector2::new(2.0, 1e-13),
            &Vector2::new(-1.0, 1.0),
            (0.0, 3.0),
            &limits,
            1e-10,
        );
        let (lo, hi) = corner.unwrap();
        assert!(lo == hi && (lo - 1.0).abs() < 1e-9);
    }
}
