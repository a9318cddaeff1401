//! Triangle against triangle: the rows `NA NB EA0xEB0 … EA2xEB2`, the six in-plane edge normals
//! when the triangles are coplanar, and Möller's interval test as a check (docs/methods.md §15.2).

use nalgebra::Vector3;

use super::moller::{moller, MollerTest, COPLANAR};
use super::shape_axis::{first_separating, largest_gap, ShapeAxis, ShapeRow};
use super::DEGENERATE_SINE;
use crate::geometry::Triangle;

/// The table of a triangle pair, with Möller's verdict computed on its own.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TriangleTriangleTrace {
    /// `NA NB EA0xEB0 … EA2xEB2`, then `NAxEA0 … NBxEB2` when `coplanar`.
    pub rows: Vec<ShapeRow>,
    /// The planes are parallel (`|NA × NB| < 1e-6 |NA| |NB|`) and within `1e-12` of the pair's
    /// size of each other along `NA`: the first eleven rows all lie along the normal, none of
    /// them separates (their gaps are rounding), and the in-plane edge normals decide.
    pub coplanar: bool,
    /// Möller's interval-overlap test of the same pair.
    pub moller: MollerTest,
}

impl TriangleTriangleTrace {
    /// The first separating axis in table order; `None` when they intersect.
    pub fn separating_axis(&self) -> Option<ShapeAxis> {
        first_separating(&self.rows).map(|row| row.axis)
    }

    /// Whether no axis separates the triangles (touching counts as intersecting).
    pub fn intersecting(&self) -> bool {
        self.separating_axis().is_none()
    }

    /// Whether the table and Möller's test give the same verdict.
    pub fn agrees_with_moller(&self) -> bool {
        self.intersecting() == self.moller.intersecting
    }

    /// The tested row with the largest gap: the smallest overlap when they intersect.
    pub fn largest_gap(&self) -> Option<ShapeRow> {
        largest_gap(&self.rows).copied()
    }
}

/// The rows of the triangle pair and Möller's verdict.
///
/// # Algorithm
/// 1. Work relative to A's first vertex. `NA = EA0 × EA1`, `NB = EB0 × EB1`.
/// 2. On every axis each triangle's shadow is the interval of its three vertices (centre and
///    radius); `R` is the distance of the centres, `R > R0 + R1` separates.
/// 3. `EAi × EBj` of (near-)parallel edges (`sin θ < 1e-6`) is degenerate: shown, not tested.
/// 4. Coplanar triangles (parallel normals, `NA`'s gap within `1e-12` of the pair's size) add
///    the six in-plane edge normals `NA × EAi` and `NB × EBj`, which decide the 2D case; the
///    rows along the normal are then never separating.
/// 5. Möller's test ([`moller`]) is run on the same pair as an independent check.
pub fn triangle_triangle_trace(a: &Triangle, b: &Triangle) -> TriangleTriangleTrace {
    let origin = a.vertices[0];
    let va = a.vertices.map(|v| v - origin);
    let vb = b.vertices.map(|v| v - origin);
    let (ea, eb) = (edges(&va), edges(&vb));
    let (na, nb) = (ea[0].cross(&ea[1]), eb[0].cross(&eb[1]));
    let interval = |v: &[Vector3<f64>; 3], l: &Vector3<f64>| {
        let [p0, p1, p2] = v.map(|p| l.dot(&p));
        (p0.min(p1).min(p2), p0.max(p1).max(p2))
    };
    let row = |axis, l: Vector3<f64>, degenerate| {
        ShapeRow::from_shadows(
            axis,
            l,
            l.norm(),
            interval(&va, &l),
            interval(&vb, &l),
            degenerate,
        )
    };
    let mut rows = Vec::with_capacity(17);
    rows.push(row(ShapeAxis::NormalA, na, na == Vector3::zeros()));
    rows.push(row(ShapeAxis::NormalB, nb, nb == Vector3::zeros()));
    for (i, e) in ea.iter().enumerate() {
        for (j, f) in eb.iter().enumerate() {
            let l = e.cross(f);
            let degenerate = is_short(&l, e.norm_squared() * f.norm_squared());
            rows.push(row(ShapeAxis::EdgeEdge(i, j), l, degenerate));
        }
    }
    let parallel = is_short(&na.cross(&nb), na.norm_squared() * nb.norm_squared());
    let size = va
        .iter()
        .chain(&vb)
        .map(Vector3::norm)
        .fold(0.0, crate::math::max_nan);
    let coplanar = parallel && rows[0].gap.is_some_and(|gap| gap.abs() <= COPLANAR * size);
    if coplanar {
        // Every row so far lies along the common normal, where both shadows are points within
        // rounding of each other: none of them can separate coplanar triangles.
        for row in &mut rows {
            row.separating = false;
        }
        for (i, e) in ea.iter().enumerate() {
            rows.push(row(ShapeAxis::InPlaneA(i), na.cross(e), false));
        }
        for (j, f) in eb.iter().enumerate() {
            rows.push(row(ShapeAxis::InPlaneB(j), nb.cross(f), false));
        }
    }
    TriangleTriangleTrace {
        rows,
        coplanar,
        moller: moller(a, b),
    }
}

/// Whether the triangles intersect by the table (touching counts).
pub fn triangles_overlap(a: &Triangle, b: &Triangle) -> bool {
    triangle_triangle_trace(a, b).intersecting()
}

/// `E0 = v1 - v0`, `E1 = v2 - v1`, `E2 = v0 - v2`.
fn edges(v: &[Vector3<f64>; 3]) -> [Vector3<f64>; 3] {
    [v[1] - v[0], v[2] - v[1], v[0] - v[2]]
}

/// `|l|² < sin²θ_min · scale²`: a cross product of (near-)parallel vectors.
fn is_short(l: &Vector3<f64>, scale_squared: f64) -> bool {
    l.norm_squared() < DEGENERATE_SINE * DEGENERATE_SINE * scale_squared
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f64, y: f64, z: f64) -> Vector3<f64> {
        Vector3::new(x, y, z)
    }

    #[test]
    fn crossing_triangles_intersect_and_stacked_ones_are_separated_by_na() {
        let a = Triangle::new(v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(0.0, 2.0, 0.0));
        let crossing = Triangle::new(v(0.5, 0.5, -1.0), v(0.5, 0.5, 1.0), v(3.0, 3.0, 0.0));
        let trace = triangle_triangle_trace(&a, &crossing);
        assert!(trace.intersecting() && trace.agrees_with_moller() && !trace.coplanar);
        assert_eq!(trace.rows.len(), 11);
        let above = a.translated(&v(0.0, 0.0, 0.5));
        let trace = triangle_triangle_trace(&a, &above);
        assert_eq!(trace.separating_axis(), Some(ShapeAxis::NormalA));
        assert!(!trace.coplanar && trace.agrees_with_moller());
    }

    #[test]
    fn coplanar_triangles_need_the_in_plane_rows() {
        let a = Triangle::new(v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(0.0, 2.0, 0.0));
        let beside = Triangle::new(v(1.5, 1.5, 0.0), v(3.0, 1.0, 0.0), v(1.0, 3.0, 0.0));
        let trace = triangle_triangle_trace(&a, &beside);
        assert!(trace.coplanar);
        assert_eq!(trace.rows.len(), 17);
        assert!(trace.rows[..11].iter().all(|row| !row.separating));
        assert_eq!(trace.separating_axis(), Some(ShapeAxis::InPlaneA(1)));
        assert!(trace.agrees_with_moller());
        let touching = Triangle::new(v(1.0, 1.0, 0.0), v(3.0, 1.0, 0.0), v(1.0, 3.0, 0.0));
        let trace = triangle_triangle_trace(&a, &touching);
        assert!(trace.intersecting() && trace.agrees_with_moller());
    }
}
