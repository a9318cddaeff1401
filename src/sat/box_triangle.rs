//! Box against triangle: the 13 rows `T A0 A1 A2 A0xE0 … A2xE2` and the early-exit verdict
//! (docs/methods.md §15.1, Akenine-Möller's test in the table's R/R0/R1 form).

use nalgebra::Vector3;

use super::shape_axis::{first_separating, largest_gap, ShapeAxis, ShapeRow};
use super::DEGENERATE_SINE;
use crate::geometry::triangle::{Triangle, DEGENERATE_AREA};
use crate::geometry::Obb;

/// The pair seen from the box: the triangle's vertices in box coordinates and the box's
/// half-extents, with the numbers every axis needs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoxFrame {
    /// `v_k = Aᵀ(P_k - C)`.
    pub v: [Vector3<f64>; 3],
    /// `E0 = v1 - v0`, `E1 = v2 - v1`, `E2 = v0 - v2` in box coordinates.
    pub e: [Vector3<f64>; 3],
    /// The box's half-extents.
    pub h: Vector3<f64>,
}

impl BoxFrame {
    #[inline(always)]
    pub fn new(obb: &Obb, triangle: &Triangle) -> Self {
        let v = triangle.vertices.map(|p| obb.to_local(&p));
        Self {
            v,
            e: [v[1] - v[0], v[2] - v[1], v[0] - v[2]],
            h: obb.half_extents(),
        }
    }

    /// The axis `L` of row `k` (table order) in box coordinates.
    #[inline(always)]
    pub fn axis(&self, k: usize) -> Vector3<f64> {
        match k {
            0 => self.e[0].cross(&self.e[1]),
            1..=3 => Vector3::ith(k - 1, 1.0),
            _ => box_axis_cross((k - 4) / 3, &self.e[(k - 4) % 3]),
        }
    }

    /// The triangle's shadow `(min, max)` along `l` and the box's shadow radius `Σ h_i |l_i|`.
    #[inline(always)]
    pub fn shadows(&self, l: &Vector3<f64>) -> ((f64, f64), f64) {
        let (p0, p1, p2) = (l.dot(&self.v[0]), l.dot(&self.v[1]), l.dot(&self.v[2]));
        let r0 = self.h.x * l.x.abs() + self.h.y * l.y.abs() + self.h.z * l.z.abs();
        ((p0.min(p1).min(p2), p0.max(p1).max(p2)), r0)
    }

    /// Whether row `k`'s axis is degenerate: a cross axis `Ai × Ej` with `sin θ < 1e-6`, or `T`
    /// of a triangle with (almost) no area.
    #[inline(always)]
    pub fn degenerate(&self, k: usize, l: &Vector3<f64>) -> bool {
        match k {
            0 => {
                let longest = self
                    .e
                    .iter()
                    .map(Vector3::norm_squared)
                    .fold(0.0, crate::math::max_nan);
                l.norm().partial_cmp(&(2.0 * DEGENERATE_AREA * longest))
                    != Some(std::cmp::Ordering::Greater)
            }
            1..=3 => false,
            _ => {
                let e = &self.e[(k - 4) % 3];
                l.norm_squared() < DEGENERATE_SINE * DEGENERATE_SINE * e.norm_squared()
            }
        }
    }

    /// Whether row `k` separates, by the same arithmetic as its row.
    #[inline(always)]
    fn separates(&self, k: usize) -> bool {
        let l = self.axis(k);
        if k >= 4 && self.degenerate(k, &l) {
            return false;
        }
        let ((lo, hi), r0) = self.shadows(&l);
        (0.5 * (lo + hi)).abs() > r0 + 0.5 * (hi - lo)
    }
}

/// `A_i × e` in box coordinates.
#[inline(always)]
pub(crate) fn box_axis_cross(i: usize, e: &Vector3<f64>) -> Vector3<f64> {
    match i {
        0 => Vector3::new(0.0, -e.z, e.y),
        1 => Vector3::new(e.z, 0.0, -e.x),
        _ => Vector3::new(-e.y, e.x, 0.0),
    }
}

/// The 13 rows of a box–triangle pair (A = the box, B = the triangle).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct BoxTriangleTrace {
    /// The rows in table order `T A0 A1 A2 A0xE0 … A2xE2`.
    pub rows: [ShapeRow; 13],
    /// The triangle's vertices in box coordinates, `v_k = Aᵀ(P_k - C)`.
    pub vertices_in_box: [Vector3<f64>; 3],
}

impl BoxTriangleTrace {
    /// The first separating axis in table order; `None` when they intersect.
    pub fn separating_axis(&self) -> Option<ShapeAxis> {
        first_separating(&self.rows).map(|row| row.axis)
    }

    /// Whether no axis separates them (touching counts as intersecting).
    pub fn intersecting(&self) -> bool {
        self.separating_axis().is_none()
    }

    /// The tested row with the largest gap: the smallest overlap when they intersect.
    pub fn largest_gap(&self) -> Option<ShapeRow> {
        largest_gap(&self.rows).copied()
    }

    /// The largest gap over the tested rows: a lower bound of the distance.
    pub fn max_gap(&self) -> f64 {
        self.largest_gap()
            .and_then(|row| row.gap)
            .unwrap_or(f64::NEG_INFINITY)
    }
}

/// Whether the box and the triangle intersect (touching counts), exiting at the first
/// separating axis.
///
/// # Algorithm
/// 1. The triangle's vertices in box coordinates, `v_k = Aᵀ(P_k - C)`.
/// 2. The box axes first (the triangle's AABB in box coordinates against the half-extents),
///    then `T`, then the nine `Ai × Ej`; on each, `R = |m|`, `R1` from the interval of the
///    `L·v_k`, `R0 = Σ h_i |L_i|`, and `R > R0 + R1` separates.
/// 3. A cross axis with `sin θ < 1e-6` is degenerate and skipped (the face axes cover it).
#[inline]
pub fn box_triangle_overlaps(obb: &Obb, triangle: &Triangle) -> bool {
    let frame = BoxFrame::new(obb, triangle);
    let (v, h) = (&frame.v, &frame.h);
    // The box axes: the triangle's extent in box coordinates against the half-extents (the
    // same numbers as the rows, whose axes have one coordinate 1 and two 0).
    for i in 0..3 {
        let (lo, hi) = min_max(v[0][i], v[1][i], v[2][i]);
        if (0.5 * (lo + hi)).abs() > h[i] + 0.5 * (hi - lo) {
            return false;
        }
    }
    if frame.separates(0) {
        return false;
    }
    // The nine cross axes, each written with its two non-zero coordinates.
    for e in &frame.e {
        let threshold = DEGENERATE_SINE * DEGENERATE_SINE * e.norm_squared();
        let pairs = [(1, 2, -e.z, e.y), (0, 2, e.z, -e.x), (0, 1, -e.y, e.x)];
        for (a, b, la, lb) in pairs {
            if la * la + lb * lb < threshold {
                continue;
            }
            let (lo, hi) = min_max(
                la * v[0][a] + lb * v[0][b],
                la * v[1][a] + lb * v[1][b],
                la * v[2][a] + lb * v[2][b],
            );
            let r0 = h[a] * la.abs() + h[b] * lb.abs();
            if (0.5 * (lo + hi)).abs() > r0 + 0.5 * (hi - lo) {
                return false;
            }
        }
    }
    true
}

/// `(min, max)` of three numbers, as the rows take them.
#[inline(always)]
fn min_max(p0: f64, p1: f64, p2: f64) -> (f64, f64) {
    (p0.min(p1).min(p2), p0.max(p1).max(p2))
}

/// All 13 rows of the box–triangle table.
///
/// # Algorithm
/// 1. `v_k = Aᵀ(P_k - C)`, `E0 = v1 - v0`, `E1 = v2 - v1`, `E2 = v0 - v2`, `T = E0 × E1`.
/// 2. For each axis `L` (box coordinates): the triangle's shadow is `[min L·v_k, max L·v_k]`,
///    its centre `m` and radius `R1`; the box's radius `R0 = Σ h_i |L_i|`; `R = |m|`.
/// 3. `Ai × Ej` with `|L| < 1e-6 |Ej|` is degenerate: shown, never separating.
pub fn box_triangle_trace(obb: &Obb, triangle: &Triangle) -> BoxTriangleTrace {
    let frame = BoxFrame::new(obb, triangle);
    let rows = std::array::from_fn(|k| {
        let l = frame.axis(k);
        let degenerate = frame.degenerate(k, &l);
        let (shadow, r0) = frame.shadows(&l);
        ShapeRow::from_shadows(
            ShapeAxis::BOX_TRIANGLE[k],
            obb.direction_to_world(&l),
            l.norm(),
            (-r0, r0),
            shadow,
            degenerate,
        )
    });
    BoxTriangleTrace {
        rows,
        vertices_in_box: frame.v,
    }
}

#[cfg(test)]
mod tests {
    use nalgebra::UnitQuaternion;

    use super::*;

    fn unit_box() -> Obb {
        Obb::new(
            Vector3::zeros(),
            UnitQuaternion::identity(),
            Vector3::new(1.0, 1.0, 1.0),
        )
    }

    #[test]
    fn a_triangle_above_the_box_is_separated_by_a1_and_one_crossing_it_is_not() {
        let above = Triangle::new(
            Vector3::new(-3.0, 1.5, -3.0),
            Vector3::new(3.0, 1.5, -3.0),
            Vector3::new(0.0, 1.5, 3.0),
        );
        let trace = box_triangle_trace(&unit_box(), &above);
        assert_eq!(trace.separating_axis(), Some(ShapeAxis::TriangleNormal));
        let row = trace.rows[2];
        assert_eq!((row.r, row.r0, row.r1), (1.5, 1.0, 0.0));
        assert!((row.gap.unwrap() - 0.5).abs() < 1e-15);
        assert!(!box_triangle_overlaps(&unit_box(), &above));
        let touching = above.translated(&Vector3::new(0.0, -0.5, 0.0));
        assert!(box_triangle_trace(&unit_box(), &touching).intersecting());
        assert!(box_triangle_overlaps(&unit_box(), &touching));
    }

    #[test]
    fn an_edge_parallel_to_a_box_axis_makes_its_cross_rows_degenerate() {
        let t = Triangle::new(
            Vector3::new(2.0, 0.0, 0.0),
            Vector3::new(2.0, 0.0, 1.0),
            Vector3::new(3.0, 1.0, 0.0),
        );
        let trace = box_triangle_trace(&unit_box(), &t);
        let degenerate: Vec<String> = trace
            .rows
            .iter()
            .filter(|row| row.degenerate)
            .map(|row| row.axis.name())
            .collect();
        assert_eq!(degenerate, ["A2xE0"]);
        assert_eq!(trace.separating_axis(), Some(ShapeAxis::BoxFace(0)));
    }
}
