//! Bounding volumes fitted to point clouds (docs/methods.md §3.1–§3.4): AABB, three bounding spheres and the
//! OBB by covariance of the points or of their convex hull.

use nalgebra::{Matrix3, Rotation3, SymmetricEigen, UnitQuaternion, Vector3};

use super::hull::{convex_hull, ConvexHull};
use super::{Aabb, Obb, Sphere};

/// How a bounding sphere is built from points (docs/methods.md §3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SphereMethod {
    /// Centre of the AABB, radius to the farthest point.
    AabbCenter,
    /// Centroid of the points, radius to the farthest point.
    Centroid,
    /// Ritter's method: the farthest pair of axis-extreme points, then grow.
    Ritter,
}

/// How the covariance matrix of an OBB fit is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObbMethod {
    /// Covariance of the points themselves, `1/N` (docs/methods.md §3.3).
    Points,
    /// Area-weighted covariance of the convex hull's triangles (docs/methods.md §3.2).
    Hull,
}

/// An OBB fitted by covariance with the evidence of the fit.
#[derive(Clone, Debug, PartialEq)]
pub struct ObbFit {
    /// The fitted box; its axes are the eigenvectors, largest eigenvalue first.
    pub obb: Obb,
    /// The mean used as the covariance centre.
    pub centroid: Vector3<f64>,
    /// The covariance matrix.
    pub covariance: Matrix3<f64>,
    /// The eigenvalues, largest first.
    pub eigenvalues: [f64; 3],
}

/// A mean and the covariance matrix about it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Covariance {
    /// The (possibly weighted) mean.
    pub mean: Vector3<f64>,
    /// The symmetric 3×3 covariance matrix.
    pub matrix: Matrix3<f64>,
}

/// The AABB of the points; `None` when there are none.
pub fn aabb_of_points(points: &[Vector3<f64>]) -> Option<Aabb> {
    let first = points.first()?;
    let (min, max) = points
        .iter()
        .fold((*first, *first), |(lo, hi), p| (lo.inf(p), hi.sup(p)));
    Some(Aabb { min, max })
}

/// A bounding sphere of the points by `method`; `None` when there are none.
pub fn sphere_of_points(points: &[Vector3<f64>], method: SphereMethod) -> Option<Sphere> {
    let center = match method {
        SphereMethod::AabbCenter => aabb_of_points(points)?.center(),
        SphereMethod::Centroid => centroid(points)?,
        SphereMethod::Ritter => return ritter_sphere(points).map(|fit| fit.sphere),
    };
    let radius = points
        .iter()
        .map(|p| (p - center).norm())
        .fold(0.0, crate::math::max_nan);
    Some(Sphere { center, radius })
}

/// The mean of the points; `None` when there are none.
pub fn centroid(points: &[Vector3<f64>]) -> Option<Vector3<f64>> {
    (!points.is_empty()).then(|| points.iter().sum::<Vector3<f64>>() / points.len() as f64)
}

/// One enlargement in Ritter's method: the point that was outside and the sphere after it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RitterGrowth {
    /// Index of the point that lay outside.
    pub point_index: usize,
    /// Its distance from the old centre (greater than the old radius).
    pub distance: f64,
    /// The enlarged sphere, through that point and enclosing the old sphere.
    pub sphere: Sphere,
}

/// Ritter's bounding sphere with every step that built it.
#[derive(Clone, Debug, PartialEq)]
pub struct RitterFit {
    /// Indices of the axis-extreme pair farthest apart.
    pub extreme_pair: [usize; 2],
    /// The sphere on that pair: midpoint and half their distance.
    pub initial: Sphere,
    /// The enlargements, in point order.
    pub growths: Vec<RitterGrowth>,
    /// The final sphere.
    pub sphere: Sphere,
}

/// How far beyond the radius, relatively, a point must lie to make Ritter's sphere grow.
const ON_SPHERE: f64 = 1e-12;

/// Ritter's bounding sphere (docs/methods.md §3.2); `None` when there are no points.
///
/// # Algorithm
/// 1. Find the points with the smallest and largest x, y and z.
/// 2. Of these three pairs take the one farthest apart: centre = midpoint, radius = half distance.
/// 3. For every point at distance `d > r` from the centre (beyond rounding): new radius
///    `(r + d)/2`, centre moved towards the point by `d - new radius` (the new sphere holds the
///    old one and the point).
pub fn ritter_sphere(points: &[Vector3<f64>]) -> Option<RitterFit> {
    if points.is_empty() {
        return None;
    }
    let extreme_pair = farthest_axis_extreme_pair(points);
    let [a, b] = extreme_pair.map(|i| points[i]);
    let initial = Sphere {
        center: (a + b) / 2.0,
        radius: (b - a).norm() / 2.0,
    };
    let mut sphere = initial;
    let mut growths = Vec::new();
    for (point_index, p) in points.iter().enumerate() {
        let distance = (p - sphere.center).norm();
        // A point on the sphere up to rounding (a relative 1e-12) is inside: growing for it
        // would record a step that changes nothing.
        if distance > sphere.radius * (1.0 + ON_SPHERE) {
            let radius = f64::midpoint(sphere.radius, distance);
            let center = sphere.center + (p - sphere.center) * ((distance - radius) / distance);
            sphere = Sphere { center, radius };
            growths.push(RitterGrowth {
                point_index,
                distance,
                sphere,
            });
        }
    }
    Some(RitterFit {
        extreme_pair,
        initial,
        growths,
        sphere,
    })
}

/// Of the pairs (smallest x, largest x), (… y), (… z), the indices of the pair farthest apart.
pub(crate) fn farthest_axis_extreme_pair(points: &[Vector3<f64>]) -> [usize; 2] {
    let extreme = |axis: usize, larger: bool| {
        (0..points.len())
            .reduce(|best, i| {
                let better = if larger {
                    points[i][axis] > points[best][axis]
                } else {
                    points[i][axis] < points[best][axis]
                };
                if better {
                    i
                } else {
                    best
                }
            })
            .unwrap_or(0)
    };
    let pairs = [0, 1, 2].map(|axis| [extreme(axis, false), extreme(axis, true)]);
    let spread = |[i, j]: [usize; 2]| (points[j] - points[i]).norm_squared();
    pairs.into_iter().fold(pairs[0], |best, pair| {
        if spread(pair) > spread(best) {
            pair
        } else {
            best
        }
    })
}

/// The covariance `C = (1/N) Σ (Pi - m)(Pi - m)ᵀ` about the centroid m; `None` without points.
pub fn points_covariance(points: &[Vector3<f64>]) -> Option<Covariance> {
    let mean = centroid(points)?;
    let sum: Matrix3<f64> = points
        .iter()
        .map(|p| (p - mean) * (p - mean).transpose())
        .sum();
    Some(Covariance {
        mean,
        matrix: sum / points.len() as f64,
    })
}

/// The area-weighted covariance of the hull's surface; `None` when its area is zero.
///
/// # Algorithm
/// 1. For each triangle `p q r`: area `A`, centroid `c = (p + q + r)/3`.
/// 2. Mean `μ = Σ A c / Σ A`.
/// 3. `C = Σ (A/12)(9 c cᵀ + p pᵀ + q qᵀ + r rᵀ) / Σ A - μ μᵀ`.
pub fn hull_covariance(hull: &ConvexHull) -> Option<Covariance> {
    let mut total_area = 0.0;
    let mut weighted_centroids = Vector3::zeros();
    let mut second_moment = Matrix3::zeros();
    for i in 0..hull.triangles.len() {
        let [p, q, r] = hull.triangle(i);
        let area = (q - p).cross(&(r - p)).norm() / 2.0;
        let c = (p + q + r) / 3.0;
        total_area += area;
        weighted_centroids += c * area;
        let outer = |v: Vector3<f64>| v * v.transpose();
        second_moment += (outer(c) * 9.0 + outer(p) + outer(q) + outer(r)) * (area / 12.0);
    }
    if total_area <= 0.0 {
        return None;
    }
    let mean = weighted_centroids / total_area;
    Some(Covariance {
        mean,
        matrix: second_moment / total_area - mean * mean.transpose(),
    })
}

/// An OBB of the points by covariance; `None` when there are none.
///
/// `ObbMethod::Hull` falls back to the points' covariance when the hull is degenerate (fewer than
/// four points, or coplanar ones).
pub fn obb_of_points(points: &[Vector3<f64>], method: ObbMethod) -> Option<ObbFit> {
    let from_hull = match method {
        ObbMethod::Points => None,
        ObbMethod::Hull => convex_hull(points).and_then(|hull| hull_covariance(&hull)),
    };
    let covariance = match from_hull {
        Some(covariance) => covariance,
        None => points_covariance(points)?,
    };
    Some(obb_from_covariance(points, &covariance))
}

/// The box whose axes are the eigenvectors of `covariance` and which holds `points`.
///
/// # Algorithm
/// 1. Eigen-decompose C; sort by eigenvalue, largest first: `A0 A1`, then `A2 = A0 × A1`.
/// 2. For each axis k, `min_k` and `max_k` of `(Pi - m) · A_k`.
/// 3. Centre `m + Σ ((min_k + max_k)/2) A_k`, half-extents `(max_k - min_k)/2`.
pub fn obb_from_covariance(points: &[Vector3<f64>], covariance: &Covariance) -> ObbFit {
    let (rotation, eigenvalues) = principal_axes(&covariance.matrix);
    let axes = rotation.to_rotation_matrix().into_inner();
    let mean = covariance.mean;
    let (low, high) = points.iter().map(|p| axes.tr_mul(&(p - mean))).fold(
        (
            Vector3::repeat(f64::INFINITY),
            Vector3::repeat(f64::NEG_INFINITY),
        ),
        |(low, high), local| (low.inf(&local), high.sup(&local)),
    );
    let (low, high) = if points.is_empty() {
        (Vector3::zeros(), Vector3::zeros())
    } else {
        (low, high)
    };
    let center = mean + axes * ((low + high) / 2.0);
    ObbFit {
        obb: Obb::new(center, rotation, (high - low) / 2.0),
        centroid: mean,
        covariance: covariance.matrix,
        eigenvalues,
    }
}

/// The right-handed rotation whose columns are the eigenvectors, largest eigenvalue first.
fn principal_axes(matrix: &Matrix3<f64>) -> (UnitQuaternion<f64>, [f64; 3]) {
    let eigen = SymmetricEigen::new(*matrix);
    let mut order = [0, 1, 2];
    order.sort_by(|&i, &j| eigen.eigenvalues[j].total_cmp(&eigen.eigenvalues[i]));
    let a0 = eigen.eigenvectors.column(order[0]).normalize();
    let a1 = eigen.eigenvectors.column(order[1]).into_owned();
    let a1 = (a1 - a0 * a0.dot(&a1)).normalize();
    let a2 = a0.cross(&a1);
    let rotation = Rotation3::from_matrix_unchecked(Matrix3::from_columns(&[a0, a1, a2]));
    (
        UnitQuaternion::from_rotation_matrix(&rotation),
        order.map(|i| eigen.eigenvalues[i]),
    )
}
