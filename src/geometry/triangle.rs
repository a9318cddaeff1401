//! The triangle: three world vertices, its edges and normal, the degeneracy check a scene loader
//! reports, and the closest point of the solid triangle to a point (docs/methods.md §15.1).

use nalgebra::Vector3;

use super::Aabb;

/// A triangle whose area is below this fraction of its longest edge squared is degenerate.
pub const DEGENERATE_AREA: f64 = 1e-12;

/// Which part of a triangle a closest point lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case", tag = "feature", content = "index")]
pub enum TriangleFeature {
    /// Vertex `k`.
    Vertex(usize),
    /// Edge `k`, from vertex `k` to vertex `k + 1` (`E_k`).
    Edge(usize),
    /// The inside of the face.
    Face,
}

/// Why a triangle cannot be used: its area is too small for its size.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct DegenerateTriangle {
    /// `|E0 × E1| / 2`.
    pub area: f64,
    /// The longest edge's length.
    pub longest_edge: f64,
}

impl std::fmt::Display for DegenerateTriangle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "degenerate triangle: area {:e} is below 1e-12 of its longest edge squared ({:e})",
            self.area,
            self.longest_edge * self.longest_edge
        )
    }
}

/// A triangle given by its three vertices in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Triangle {
    /// `v0 v1 v2`; the normal `T = E0 × E1` follows the right-hand rule.
    pub vertices: [Vector3<f64>; 3],
}

impl Triangle {
    /// The triangle with these vertices (not checked: see [`Triangle::degeneracy`]).
    pub fn new(v0: Vector3<f64>, v1: Vector3<f64>, v2: Vector3<f64>) -> Self {
        Self {
            vertices: [v0, v1, v2],
        }
    }

    /// Vertex `k` (taken modulo 3).
    #[inline]
    pub fn vertex(&self, k: usize) -> Vector3<f64> {
        self.vertices[k % 3]
    }

    /// The edges `E0 = v1 - v0`, `E1 = v2 - v1`, `E2 = v0 - v2`.
    #[inline]
    pub fn edges(&self) -> [Vector3<f64>; 3] {
        let [v0, v1, v2] = self.vertices;
        [v1 - v0, v2 - v1, v0 - v2]
    }

    /// The unnormalised normal `T = E0 × E1` (length twice the area).
    #[inline]
    pub fn normal(&self) -> Vector3<f64> {
        let [e0, e1, _] = self.edges();
        e0.cross(&e1)
    }

    /// The unit normal; zero for a degenerate triangle with no area at all.
    pub fn unit_normal(&self) -> Vector3<f64> {
        self.normal()
            .try_normalize(0.0)
            .unwrap_or_else(Vector3::zeros)
    }

    /// The area.
    pub fn area(&self) -> f64 {
        self.normal().norm() / 2.0
    }

    /// The centroid `(v0 + v1 + v2) / 3`.
    pub fn centroid(&self) -> Vector3<f64> {
        (self.vertices[0] + self.vertices[1] + self.vertices[2]) / 3.0
    }

    /// The evidence that the triangle is degenerate (area below `1e-12` of its longest edge
    /// squared, or a coordinate that is not finite); `None` for a usable triangle.
    pub fn degeneracy(&self) -> Option<DegenerateTriangle> {
        let longest_edge = self
            .edges()
            .iter()
            .map(Vector3::norm)
            .fold(0.0, crate::math::max_nan);
        let area = self.area();
        let finite = self
            .vertices
            .iter()
            .all(|v| v.iter().all(|x| x.is_finite()));
        (!finite
            || area.partial_cmp(&(DEGENERATE_AREA * longest_edge * longest_edge))
                != Some(std::cmp::Ordering::Greater))
        .then_some(DegenerateTriangle { area, longest_edge })
    }

    /// Whether the triangle is degenerate (see [`Triangle::degeneracy`]).
    pub fn is_degenerate(&self) -> bool {
        self.degeneracy().is_some()
    }

    /// The same triangle moved by `offset`.
    #[must_use]
    pub fn translated(&self, offset: &Vector3<f64>) -> Self {
        Self {
            vertices: self.vertices.map(|v| v + offset),
        }
    }

    /// The smallest AABB holding the triangle.
    pub fn aabb(&self) -> Aabb {
        let [v0, v1, v2] = self.vertices;
        Aabb {
            min: v0.inf(&v1).inf(&v2),
            max: v0.sup(&v1).sup(&v2),
        }
    }

    /// The shadow of the triangle on `l`: `(min, max)` of `l·v_k`.
    #[inline]
    pub fn interval(&self, l: &Vector3<f64>) -> (f64, f64) {
        let [p0, p1, p2] = self.vertices.map(|v| l.dot(&v));
        (p0.min(p1).min(p2), p0.max(p1).max(p2))
    }

    /// The point of the solid triangle closest to `p`, and the feature it lies on.
    ///
    /// # Algorithm
    /// Ericson's Voronoi-region walk: the barycentric coordinates from the dot products
    /// `d1..d6` decide whether `p` projects beyond a vertex, onto an edge, or inside the face.
    pub fn closest_point(&self, p: &Vector3<f64>) -> (Vector3<f64>, TriangleFeature) {
        let [a, b, c] = self.vertices;
        let (ab, ac, ap) = (b - a, c - a, p - a);
        let (d1, d2) = (ab.dot(&ap), ac.dot(&ap));
        if d1 <= 0.0 && d2 <= 0.0 {
            return (a, TriangleFeature::Vertex(0));
        }
        let bp = p - b;
        let (d3, d4) = (ab.dot(&bp), ac.dot(&bp));
        if d3 >= 0.0 && d4 <= d3 {
            return (b, TriangleFeature::Vertex(1));
        }
        let vc = d1 * d4 - d3 * d2;
        if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
            return (a + ab * (d1 / (d1 - d3)), TriangleFeature::Edge(0));
        }
        let cp = p - c;
        let (d5, d6) = (ab.dot(&cp), ac.dot(&cp));
        if d6 >= 0.0 && d5 <= d6 {
            return (c, TriangleFeature::Vertex(2));
        }
        let vb = d5 * d2 - d1 * d6;
        if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
            return (a + ac * (d2 / (d2 - d6)), TriangleFeature::Edge(2));
        }
        let va = d3 * d6 - d5 * d4;
        if va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 {
            let w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
            return (b + (c - b) * w, TriangleFeature::Edge(1));
        }
        let denominator = 1.0 / (va + vb + vc);
        let (v, w) = (vb * denominator, vc * denominator);
        (a + ab * v + ac * w, TriangleFeature::Face)
    }

    /// The distance from `p` to the solid triangle.
    pub fn distance_to_point(&self, p: &Vector3<f64>) -> f64 {
        (self.closest_point(p).0 - p).norm()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tri() -> Triangle {
        Triangle::new(
            Vector3::zeros(),
            Vector3::new(2.0, 0.0, 0.0),
            Vector3::new(0.0, 2.0, 0.0),
        )
    }

    #[test]
    fn edges_and_normal_follow_the_issue_convention() {
        let [e0, e1, e2] = tri().edges();
        assert_eq!(e0, Vector3::new(2.0, 0.0, 0.0));
        assert_eq!(e1, Vector3::new(-2.0, 2.0, 0.0));
        assert_eq!(e2, Vector3::new(0.0, -2.0, 0.0));
        assert_eq!(tri().normal(), Vector3::new(0.0, 0.0, 4.0));
        assert_eq!(tri().area(), 2.0);
    }

    #[test]
    fn degenerate_triangles_are_reported_with_their_numbers() {
        assert!(tri().degeneracy().is_none());
        let flat = Triangle::new(
            Vector3::zeros(),
            Vector3::new(1.0, 0.0, 0.0),
            Vector3::new(2.0, 1e-13, 0.0),
        );
        let evidence = flat.degeneracy().expect("collinear");
        assert!((evidence.longest_edge - 2.0).abs() < 1e-12);
        assert!(evidence.to_string().contains("degenerate triangle"));
        let mut nan = tri();
        nan.vertices[1].x = f64::NAN;
        assert!(nan.is_degenerate());
        // A tiny triangle of good shape is fine: the rule is relative to its size.
        let tiny = Triangle::new(
            tri().vertices[0] * 1e-9,
            tri().vertices[1] * 1e-9,
            tri().vertices[2] * 1e-9,
        );
        assert!(!tiny.is_degenerate());
    }

    #[test]
    fn closest_point_names_its_region() {
        let t = tri();
        let cases = [
            (
                Vector3::new(-1.0, -1.0, 3.0),
                Vector3::zeros(),
                TriangleFeature::Vertex(0),
            ),
            (
                Vector3::new(3.0, -0.5, 0.0),
                Vector3::new(2.0, 0.0, 0.0),
                TriangleFeature::Vertex(1),
            ),
            (
                Vector3::new(1.0, -1.0, 0.0),
                Vector3::new(1.0, 0.0, 0.0),
                TriangleFeature::Edge(0),
            ),
            (
                Vector3::new(2.0, 2.0, 1.0),
                Vector3::new(1.0, 1.0, 0.0),
                TriangleFeature::Edge(1),
            ),
            (
                Vector3::new(-1.0, 1.0, 0.0),
                Vector3::new(0.0, 1.0, 0.0),
                TriangleFeature::Edge(2),
            ),
            (
                Vector3::new(0.5, 0.5, -2.0),
                Vector3::new(0.5, 0.5, 0.0),
                TriangleFeature::Face,
            ),
        ];
        for (p, closest, feature) in cases {
            let (q, f) = t.closest_point(&p);
            assert!((q - closest).norm() < 1e-15, "{p:?}: {q:?}");
            assert_eq!(f, feature, "{p:?}");
        }
    }
}
