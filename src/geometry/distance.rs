//! Distances from a point to lines, segments, planes and boxes (docs/methods.md §9.1–§9.3).
//! Line-to-shape distances are in `line_distance`.

use nalgebra::Vector3;

use super::{Obb, Plane};

/// The closest point of a line or segment `P + λ v` to a query point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointLineDistance {
    /// The parameter `λ` of the closest point (clamped to `[0, 1]` for a segment).
    pub lambda: f64,
    /// Whether a segment's `λ' = v·(Q - P)/(v·v)` fell outside `[0, 1]` and was clamped.
    pub clamped: bool,
    /// The closest point `P + λ v`.
    pub closest: Vector3<f64>,
    /// The distance from the query point to `closest`.
    pub distance: f64,
}

/// `λ' = v·(Q - P)/(v·v)`, or 0 for a zero direction.
fn projection_parameter(q: &Vector3<f64>, origin: &Vector3<f64>, direction: &Vector3<f64>) -> f64 {
    let length_squared = direction.norm_squared();
    if length_squared == 0.0 {
        0.0
    } else {
        direction.dot(&(q - origin)) / length_squared
    }
}

/// Distance from `q` to the line `origin + λ direction` (a zero direction is the point `origin`).
pub fn point_line(
    q: &Vector3<f64>,
    origin: &Vector3<f64>,
    direction: &Vector3<f64>,
) -> PointLineDistance {
    let lambda = projection_parameter(q, origin, direction);
    let closest = origin + direction * lambda;
    PointLineDistance {
        lambda,
        clamped: false,
        closest,
        distance: (q - closest).norm(),
    }
}

/// Distance from `q` to the segment from `start` to `end`: `λ'` clamped to `[0, 1]`.
pub fn point_segment(
    q: &Vector3<f64>,
    start: &Vector3<f64>,
    end: &Vector3<f64>,
) -> PointLineDistance {
    let direction = end - start;
    let unclamped = projection_parameter(q, start, &direction);
    let lambda = unclamped.clamp(0.0, 1.0);
    let closest = start + direction * lambda;
    PointLineDistance {
        lambda,
        clamped: !(0.0..=1.0).contains(&unclamped),
        closest,
        distance: (q - closest).norm(),
    }
}

/// The closest point of a plane to a query point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointPlaneDistance {
    /// `N·Q - d0`: positive above the plane (on the normal's side).
    pub signed_distance: f64,
    /// The foot of the perpendicular.
    pub closest: Vector3<f64>,
    /// `|signed_distance|`.
    pub distance: f64,
}

/// Distance from `q` to the plane.
pub fn point_plane(q: &Vector3<f64>, plane: &Plane) -> PointPlaneDistance {
    let signed_distance = plane.signed_distance(q);
    PointPlaneDistance {
        signed_distance,
        closest: plane.project_point(q),
        distance: signed_distance.abs(),
    }
}

/// The closest point of a solid box to a query point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointBoxDistance {
    /// The box coordinates `d_i = A_i · (Q - C)` of the query point.
    pub local: Vector3<f64>,
    /// Which coordinates are outside: `|d_i| > a_i`.
    pub outside: [bool; 3],
    /// The closest point of the box (the clamped coordinates, back in world space).
    pub closest: Vector3<f64>,
    /// The distance, 0 inside.
    pub distance: f64,
}

/// Distance from `q` to the solid box: clamp its box coordinates to `[-a_i, a_i]` (a point
/// inside is its own closest point, at distance exactly 0).
pub fn point_obb(q: &Vector3<f64>, obb: &Obb) -> PointBoxDistance {
    let local = obb.to_local(q);
    let outside: [bool; 3] = std::array::from_fn(|i| local[i].abs() > obb.half_extents()[i]);
    let closest = if outside.contains(&true) {
        obb.closest_point(q)
    } else {
        *q
    };
    PointBoxDistance {
        local,
        outside,
        closest,
        distance: (q - closest).norm(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segment_clamps_to_its_nearer_end() {
        let (a, b) = (Vector3::zeros(), Vector3::new(2.0, 0.0, 0.0));
        let beyond = point_segment(&Vector3::new(3.0, 4.0, 0.0), &a, &b);
        assert!(beyond.clamped);
        assert_eq!((beyond.lambda, beyond.distance), (1.0, 17f64.sqrt()));
        let line = point_line(&Vector3::new(3.0, 4.0, 0.0), &a, &b);
        assert_eq!((line.lambda, line.distance), (1.5, 4.0));
    }

    #[test]
    fn point_plane_reports_the_side() {
        let plane = Plane::new(Vector3::z(), 1.0).unwrap();
        let below = point_plane(&Vector3::new(1.0, 2.0, -2.0), &plane);
        assert_eq!((below.signed_distance, below.distance), (-3.0, 3.0));
        assert_eq!(below.closest, Vector3::new(1.0, 2.0, 1.0));
    }
}
