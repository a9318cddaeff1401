//! Distance between a line and a triangle by the 2D edge sign test (docs/methods.md §9.6).

use nalgebra::{Vector2, Vector3};

use super::line_distance::line_segment;

/// The line `Q + λ V` against the triangle `P1 P2 P3`, with the inside test's evidence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineTriangleDistance {
    /// `N = (P2 - P1) × (P3 - P1)` (not normalised).
    pub normal: Vector3<f64>,
    /// Where the line crosses the triangle's plane, `λ0 = (N·P1 - N·Q)/(N·V)`; `None` when
    /// parallel or the triangle is degenerate.
    pub lambda: Option<f64>,
    /// The crossing point `P0 = Q + λ0 V`.
    pub plane_point: Option<Vector3<f64>>,
    /// The coordinate dropped for the 2D test: the largest `|N|` component.
    pub dropped_axis: usize,
    /// For each edge i, `(NE·F)(NE·G)` with `E = P(i+1) - Pi`, `F = P(i+2) - Pi`,
    /// `G = P0 - Pi`, `NE = (-E_y, E_x)` in 2D; all `>= 0` means inside.
    pub edge_products: Option<[f64; 3]>,
    /// Whether the line passes through the triangle.
    pub inside: bool,
    /// The closest point on the line.
    pub closest_on_line: Vector3<f64>,
    /// The closest point of the triangle.
    pub closest_on_triangle: Vector3<f64>,
    /// The distance, 0 when the line passes through the triangle.
    pub distance: f64,
}

/// Distance between a line and a (solid) triangle.
///
/// # Algorithm
/// 1. `N = (P2 - P1) × (P3 - P1)`; the line meets the plane at `λ0 = (N·P1 - N·Q)/(N·V)`.
/// 2. Project to 2D by dropping the coordinate of N's largest component.
/// 3. Edge sign test: `P0` is inside iff `(NE·F)(NE·G) >= 0` for all three edges; distance 0.
/// 4. Otherwise (or when parallel) the distance is the smallest line-edge distance.
pub fn line_triangle(
    q: &Vector3<f64>,
    v: &Vector3<f64>,
    triangle: &[Vector3<f64>; 3],
) -> LineTriangleDistance {
    let [p1, p2, p3] = *triangle;
    let normal = (p2 - p1).cross(&(p3 - p1));
    let dropped_axis = normal.iamax();
    let normal_dot_direction = normal.dot(v);
    let crossing =
        normal_dot_direction.abs() > super::planes::PARALLEL_TOLERANCE * normal.norm() * v.norm();
    let lambda = crossing.then(|| (normal.dot(&p1) - normal.dot(q)) / normal_dot_direction);
    let plane_point = lambda.map(|lambda| q + v * lambda);
    let edge_products = plane_point.map(|p0| edge_sign_products(triangle, &p0, dropped_axis));
    let inside = edge_products.is_some_and(|products| products.iter().all(|&x| x >= 0.0));
    let (closest_on_line, closest_on_triangle, distance) = match plane_point {
        Some(p0) if inside => (p0, p0, 0.0),
        _ => nearest_edge(q, v, triangle),
    };
    LineTriangleDistance {
        normal,
        lambda,
        plane_point,
        dropped_axis,
        edge_products,
        inside,
        closest_on_line,
        closest_on_triangle,
        distance,
    }
}

/// `(NE·F)(NE·G)` for each edge of the triangle projected along `dropped_axis`.
pub(crate) fn edge_sign_products(
    triangle: &[Vector3<f64>; 3],
    p0: &Vector3<f64>,
    dropped_axis: usize,
) -> [f64; 3] {
    let (u, w) = ((dropped_axis + 1) % 3, (dropped_axis + 2) % 3);
    let flat = |p: &Vector3<f64>| Vector2::new(p[u], p[w]);
    let corners = triangle.map(|p| flat(&p));
    let g_point = flat(p0);
    std::array::from_fn(|i| {
        let pi = corners[i];
        let e = corners[(i + 1) % 3] - pi;
        let f = corners[(i + 2) % 3] - pi;
        let g = g_point - pi;
        let edge_normal = Vector2::new(-e.y, e.x);
        edge_normal.dot(&f) * edge_normal.dot(&g)
    })
}

/// The closest pair between the line and the triangle's three edges.
fn nearest_edge(
    q: &Vector3<f64>,
    v: &Vector3<f64>,
    triangle: &[Vector3<f64>; 3],
) -> (Vector3<f64>, Vector3<f64>, f64) {
    let [first, second, third] =
        [0, 1, 2].map(|i| line_segment(q, v, &triangle[i], &triangle[(i + 1) % 3]));
    let best = [second, third].into_iter().fold(first, |best, next| {
        if next.distance < best.distance {
            next
        } else {
            best
        }
    });
    (best.closest_on_first, best.closest_on_second, best.distance)
}
