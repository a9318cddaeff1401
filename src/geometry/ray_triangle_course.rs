//! The ray against a triangle by the course's method: the plane's hit, then the 2D edge sign
//! test with N's largest coordinate dropped (docs/methods.md §9.6, §15.7).

use nalgebra::Vector3;

use super::line_triangle::edge_sign_products;
use super::ray::{RayHit, PARALLEL_DET};
use super::Triangle;

/// What the course's test found for one ray and one triangle: the evidence of its verdict.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CourseRayTriangle {
    /// `N = (V1 - V0) × (V2 - V0)`, not normalised.
    pub normal: Vector3<f64>,
    /// `N·d`; the ray is parallel when `|N·d| <= PARALLEL_DET |V1 - V0| |V2 - V0|`.
    pub normal_dot_direction: f64,
    /// `t = (N·V0 - N·O) / (N·d)`, where the ray's line meets the plane; `None` when parallel.
    pub t: Option<f64>,
    /// `P0 = O + t d`.
    pub plane_point: Option<Vector3<f64>>,
    /// The coordinate dropped for the 2D test (0, 1, 2 for x, y, z): N's largest `|component|`.
    pub dropped_axis: usize,
    /// For each vertex `Vi`, `(NE·F)(NE·G)` with `E = V(i+1) - Vi`, `F = V(i+2) - Vi`,
    /// `G = P0 - Vi` in 2D; `None` when parallel.
    pub edge_products: Option<[f64; 3]>,
    /// The verdict.
    pub verdict: CourseVerdict,
}

/// Why the course's test hits or misses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CourseVerdict {
    /// Every edge product is `>= 0` and `0 <= t <= max_t`.
    Hit,
    /// `N·d` is (nearly) zero: the ray runs along the plane.
    Parallel,
    /// The plane is behind the origin (`t < 0`) or beyond `max_t`.
    OutOfReach,
    /// The edge from vertex `i` has a negative product: `P0` lies on its far side.
    Outside(usize),
}

impl CourseVerdict {
    /// The verdict in a word or two: `hit`, `parallel`, `out of reach`, `outside edge 0`.
    pub fn words(&self) -> String {
        match self {
            CourseVerdict::Hit => "hit".to_string(),
            CourseVerdict::Parallel => "parallel".to_string(),
            CourseVerdict::OutOfReach => "out of reach".to_string(),
            CourseVerdict::Outside(i) => format!("outside edge {i}"),
        }
    }
}

/// The ray `O + t d` (unit `d`) against a triangle (either side), by the course's method.
///
/// # Algorithm
/// 1. `N = (V1 - V0) × (V2 - V0)`; parallel when `|N·d|` is at most [`PARALLEL_DET`]` |U| |W|`
///    (Möller–Trumbore's `det` is `-N·d`, so both tests call the same rays parallel).
/// 2. `t = (N·V0 - N·O) / (N·d)`; no hit unless `0 <= t <= max_t`.
/// 3. `P0 = O + t d`; drop the coordinate of N's largest `|component|` and test P0 against
///    each edge in 2D: inside iff `(NE·F)(NE·G) >= 0` for all three vertices.
///
/// The hit's normal is `N` normalised, turned to face the ray, as for Möller–Trumbore.
pub fn ray_triangle_course(
    origin: &Vector3<f64>,
    direction: &Vector3<f64>,
    triangle: &Triangle,
    max_t: f64,
) -> (Option<RayHit>, CourseRayTriangle) {
    let [v0, v1, v2] = triangle.vertices;
    let (u, w) = (v1 - v0, v2 - v0);
    let normal = u.cross(&w);
    let normal_dot_direction = normal.dot(direction);
    let mut found = CourseRayTriangle {
        normal,
        normal_dot_direction,
        t: None,
        plane_point: None,
        dropped_axis: normal.iamax(),
        edge_products: None,
        verdict: CourseVerdict::Parallel,
    };
    if normal_dot_direction.abs() <= PARALLEL_DET * u.norm() * w.norm() {
        return (None, found);
    }
    let t = (normal.dot(&v0) - normal.dot(origin)) / normal_dot_direction;
    let plane_point = origin + direction * t;
    let products = edge_sign_products(&triangle.vertices, &plane_point, found.dropped_axis);
    found.t = Some(t);
    found.plane_point = Some(plane_point);
    found.edge_products = Some(products);
    found.verdict = match products.iter().position(|&x| x < 0.0) {
        _ if !(0.0..=max_t).contains(&t) => CourseVerdict::OutOfReach,
        Some(i) => CourseVerdict::Outside(i),
        None => CourseVerdict::Hit,
    };
    if found.verdict != CourseVerdict::Hit {
        return (None, found);
    }
    let unit = normal / normal.norm();
    let facing = if unit.dot(direction) > 0.0 {
        -unit
    } else {
        unit
    };
    (Some(RayHit::at(origin, direction, t, facing)), found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn floor_triangle() -> Triangle {
        Triangle::new(
            Vector3::new(0.0, 0.0, 0.0),
            Vector3::new(0.0, 0.0, 2.0),
            Vector3::new(2.0, 0.0, 0.0),
        )
    }

    #[test]
    fn a_ray_down_onto_a_floor_triangle_drops_y_and_hits() {
        let down = Vector3::new(0.0, -1.0, 0.0);
        let (hit, found) =
            ray_triangle_course(&Vector3::new(0.5, 1.0, 0.5), &down, &floor_triangle(), 10.0);
        let hit = hit.unwrap();
        assert_eq!((hit.t, hit.normal), (1.0, Vector3::y()));
        assert_eq!(found.dropped_axis, 1);
        assert_eq!(found.verdict, CourseVerdict::Hit);
        // N = (0, 0, 2) × (2, 0, 0) = (0, 4, 0); N·d = -4.
        assert_eq!(found.normal, Vector3::new(0.0, 4.0, 0.0));
        assert_eq!(found.normal_dot_direction, -4.0);
    }

    #[test]
    fn a_point_past_the_long_edge_fails_that_edge_only() {
        let down = Vector3::new(0.0, -1.0, 0.0);
        let (hit, found) =
            ray_triangle_course(&Vector3::new(1.5, 1.0, 1.5), &down, &floor_triangle(), 10.0);
        assert!(hit.is_none());
        // The long edge runs from V1 = (0, 0, 2) to V2 = (2, 0, 0).
        assert_eq!(found.verdict, CourseVerdict::Outside(1));
        let products = found.edge_products.unwrap();
        assert!(products[0] >= 0.0 && products[1] < 0.0 && products[2] >= 0.0);
    }

    #[test]
    fn parallel_and_behind_rays_miss_with_their_reason() {
        let along = Vector3::new(1.0, 0.0, 0.0);
        let (_, found) = ray_triangle_course(
            &Vector3::new(-1.0, 0.0, 0.5),
            &along,
            &floor_triangle(),
            10.0,
        );
        assert_eq!((found.verdict, found.t), (CourseVerdict::Parallel, None));
        let up = Vector3::new(0.0, 1.0, 0.0);
        let (_, found) =
            ray_triangle_course(&Vector3::new(0.5, 1.0, 0.5), &up, &floor_triangle(), 10.0);
        assert_eq!(
            (found.verdict, found.t),
            (CourseVerdict::OutOfReach, Some(-1.0))
        );
    }
}
