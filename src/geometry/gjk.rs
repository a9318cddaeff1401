//! GJK (Gilbert–Johnson–Keerthi) on support functions: the distance of two convex shapes, their
//! closest points, and the record of every iteration for the debugger (docs/methods.md §15.6).

use nalgebra::Vector3;

use super::simplex::{project_origin, Projection, SimplexVertex};
use super::support::SupportMap;

/// GJK stops when the upper and lower distance bounds are this close, relative to the size of
/// the pair (the sum of the bounding radii and the centre distance).
pub const GJK_TOLERANCE: f64 = 1e-10;

/// A bound that moves by less than this share of the tolerance has not moved.
const STALL: f64 = 1e-4;

/// GJK stops after this many iterations in a row in which neither bound moved.
const IDLE_ITERATIONS: usize = 4;

/// GJK gives up after this many iterations (the bounds are still valid then).
pub const GJK_MAX_ITERATIONS: usize = 128;

/// One iteration: the simplex it started from, where it searched and the bounds after it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct GjkIteration {
    /// The simplex at the start of the iteration (points of `A - B` with their sources).
    pub simplex: Vec<SimplexVertex>,
    /// The search direction `-v` (`v` the point of the simplex nearest the origin).
    pub direction: Vector3<f64>,
    /// The support point of `A - B` along the direction.
    pub support: SimplexVertex,
    /// The best lower bound of the distance so far, `max v·w/|v|` (negative values are 0).
    pub lower_bound: f64,
    /// The upper bound `|v|`.
    pub upper_bound: f64,
}

/// Why GJK stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GjkEnd {
    /// The bounds met: the shapes are apart by the distance.
    Converged,
    /// The simplex is a tetrahedron around the origin: the shapes overlap.
    ContainsOrigin,
    /// The nearest point of the simplex is within tolerance of the origin: touching.
    Touching,
    /// A support point came back that the simplex already had, or neither bound moved for
    /// several iterations: no further progress.
    NoProgress,
    /// The iteration limit was reached; the bounds still hold.
    IterationLimit,
}

/// The result of GJK with its record.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Gjk {
    /// Every iteration, in order.
    pub iterations: Vec<GjkIteration>,
    /// The distance (0 when touching or overlapping).
    pub distance: f64,
    /// The point of A nearest B (a point of both when touching).
    pub closest_a: Vector3<f64>,
    /// The point of B nearest A.
    pub closest_b: Vector3<f64>,
    /// Whether the shapes touch or overlap (distance within the tolerance).
    pub intersecting: bool,
    /// Why GJK stopped.
    pub end: GjkEnd,
    /// The final simplex (a tetrahedron around the origin for EPA when they overlap).
    pub simplex: Vec<SimplexVertex>,
    /// The absolute tolerance used, in length units.
    pub tolerance: f64,
    /// The best lower bound of the distance (0 when intersecting): `distance - lower_bound`
    /// is GJK's own error bound.
    pub lower_bound: f64,
    /// The unit direction from A towards B along which `lower_bound` holds: every point of B is
    /// at least that far beyond every point of A along it (zero when intersecting).
    pub separating_normal: Vector3<f64>,
}

impl Gjk {
    /// The unit normal from A towards B along the closest points (zero when intersecting).
    pub fn normal(&self) -> Vector3<f64> {
        (self.closest_b - self.closest_a)
            .try_normalize(0.0)
            .unwrap_or_else(Vector3::zeros)
    }
}

/// The tolerance of a pair: [`GJK_TOLERANCE`] times its size.
pub(crate) fn pair_tolerance<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(a: &A, b: &B) -> f64 {
    let size = a.bounding_radius() + b.bounding_radius() + (a.center() - b.center()).norm();
    GJK_TOLERANCE * size.max(1e-300)
}

/// The support point of `A - B` along `direction`.
pub(crate) fn support_of<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(
    a: &A,
    b: &B,
    direction: &Vector3<f64>,
) -> SimplexVertex {
    SimplexVertex::new(a.support(direction), b.support(&-direction))
}

/// The distance and closest points of two convex shapes, with the record of every iteration.
///
/// # Algorithm
/// On the Minkowski difference `A - B` (support `s_A(d) - s_B(-d)`):
/// 1. Start from `v = c_A - c_B`, a point of `A - B`.
/// 2. Search along `-v`: the support point `w`; `v·w/|v|` is a lower bound of the distance,
///    `|v|` an upper bound. Stop when they meet within the tolerance.
/// 3. Add `w` to the simplex, replace `v` by the simplex's point nearest the origin and drop
///    the vertices that do not carry it.
/// 4. A tetrahedron around the origin, or `|v|` within tolerance, means touching or overlap; a
///    support point already in the simplex, or bounds that have not moved for four iterations,
///    mean rounding rules: `|v|` is then the distance.
///    The closest points are the barycentric combinations of the simplex's sources.
pub fn gjk<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(a: &A, b: &B) -> Gjk {
    let tolerance = pair_tolerance(a, b);
    let start = SimplexVertex::new(a.center(), b.center());
    let mut projection = Projection {
        kept: vec![(start, 1.0)],
        contains_origin: false,
    };
    let mut simplex: Vec<SimplexVertex> = Vec::new();
    let mut v = start.w;
    if v.norm() <= tolerance {
        v = Vector3::x() * tolerance;
    }
    let (mut iterations, mut lower) = (Vec::new(), 0.0_f64);
    let mut separating = Vector3::zeros();
    let mut end = GjkEnd::IterationLimit;
    let (mut last_bounds, mut idle) = ((f64::INFINITY, 0.0_f64), 0);
    for _ in 0..GJK_MAX_ITERATIONS {
        let upper = v.norm();
        let direction = -v;
        let w = support_of(a, b, &direction);
        let along = v.dot(&w.w) / upper;
        if along > lower {
            // A - B lies beyond `along` in the direction v: B beyond A along -v.
            lower = along;
            separating = direction / upper;
        }
        let moved =
            upper < last_bounds.0 - STALL * tolerance || lower > last_bounds.1 + STALL * tolerance;
        idle = if moved { 0 } else { idle + 1 };
        last_bounds = (upper, lower);
        iterations.push(GjkIteration {
            simplex: simplex.clone(),
            direction,
            support: w,
            lower_bound: lower,
            upper_bound: upper,
        });
        if upper - lower <= tolerance {
            end = GjkEnd::Converged;
            break;
        }
        if idle >= IDLE_ITERATIONS {
            // In exact arithmetic the bounds close in at every iteration; when neither has moved
            // for several, rounding rules (a flat cap over a face whose gap is far below the
            // face's size): |v| is then the distance to rounding.
            end = GjkEnd::NoProgress;
            break;
        }
        if simplex
            .iter()
            .any(|s| (s.w - w.w).norm() <= 1e-3 * tolerance)
        {
            end = GjkEnd::NoProgress;
            break;
        }
        simplex.push(w);
        projection = project_origin(&simplex);
        simplex = projection.kept.iter().map(|(s, _)| *s).collect();
        if projection.contains_origin {
            end = GjkEnd::ContainsOrigin;
            break;
        }
        v = projection.point();
        if v.norm() <= tolerance {
            end = GjkEnd::Touching;
            break;
        }
    }
    let (closest_a, closest_b) = projection.witnesses();
    let overlapping = matches!(end, GjkEnd::ContainsOrigin | GjkEnd::Touching);
    let distance = if overlapping {
        0.0
    } else {
        (closest_a - closest_b).norm()
    };
    Gjk {
        iterations,
        distance,
        closest_a,
        closest_b,
        intersecting: overlapping || distance <= tolerance,
        end,
        simplex,
        tolerance,
        lower_bound: if overlapping {
            0.0
        } else {
            lower.clamp(0.0, distance)
        },
        separating_normal: if overlapping || lower <= 0.0 {
            Vector3::zeros()
        } else {
            separating
        },
    }
}

#[cfg(test)]
mod tests {
    use nalgebra::UnitQuaternion;

    use super::*;
    use crate::geometry::{Obb, Sphere};

    #[test]
    fn two_spheres_are_apart_by_the_gap_and_the_bounds_close_in() {
        let a = Sphere {
            center: Vector3::zeros(),
            radius: 1.0,
        };
        let b = Sphere {
            center: Vector3::new(3.0, 4.0, 0.0),
            radius: 2.0,
        };
        let result = gjk(&a, &b);
        assert!((result.distance - 2.0).abs() < 1e-9, "{result:?}");
        assert!(!result.intersecting && result.end == GjkEnd::Converged);
        assert!((result.closest_a - Vector3::new(0.6, 0.8, 0.0)).norm() < 1e-5);
        for pair in result.iterations.windows(2) {
            assert!(pair[1].lower_bound >= pair[0].lower_bound);
            assert!(pair[1].upper_bound <= pair[0].upper_bound + 1e-12);
        }
    }

    #[test]
    fn overlapping_boxes_end_with_the_origin_inside() {
        let a = Obb::new(
            Vector3::zeros(),
            UnitQuaternion::identity(),
            Vector3::new(1.0, 1.0, 1.0),
        );
        let b = Obb::new(
            Vector3::new(1.5, 0.3, 0.2),
            UnitQuaternion::from_euler_angles(0.3, 0.2, 0.1),
            Vector3::new(1.0, 1.0, 1.0),
        );
        let result = gjk(&a, &b);
        assert!(result.intersecting && result.distance == 0.0);
        let apart = b.translated(&Vector3::new(3.0, 0.0, 0.0));
        let result = gjk(&a, &apart);
        // The witnesses lie on the boxes, and the gap along x bounds the distance from below.
        assert!(a.distance_to_point(&result.closest_a) < 1e-9);
        assert!(apart.distance_to_point(&result.closest_b) < 1e-9);
        let x_gap = apart
            .vertices()
            .iter()
            .map(|p| p.x)
            .fold(f64::INFINITY, crate::math::min_nan)
            - 1.0;
        assert!(result.distance >= x_gap - 1e-9 && !result.intersecting);
        let along_normal = result.normal().dot(&(result.closest_b - result.closest_a));
        assert!((along_normal - result.distance).abs() < 1e-12);
    }

    #[test]
    fn a_flat_cap_just_above_a_face_stops_when_rounding_rules_not_at_the_limit() {
        let table = Obb::new(
            Vector3::new(0.3, -0.5, 0.2),
            UnitQuaternion::from_axis_angle(&Vector3::y_axis(), 0.3),
            Vector3::new(3.0, 0.5, 3.0),
        );
        for gap in [1e-9, 1e-6, 1e-3] {
            let can = crate::geometry::Cylinder {
                center: Vector3::new(0.0, 1.0 + gap, 0.0),
                rotation: UnitQuaternion::identity(),
                radius: 0.5,
                half_height: 1.0,
            };
            let result = gjk(&can, &table);
            assert!(result.iterations.len() < 16, "{gap}: {:?}", result.end);
            assert!(result.end != GjkEnd::IterationLimit);
            assert!(
                (result.distance - gap).abs() < 1e-12,
                "{gap}: {}",
                result.distance
            );
        }
    }
}
