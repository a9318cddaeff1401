//! Bounding volumes fitted to point clouds (METHODS §1). Placeholder signatures; see issue work.

use nalgebra::{Matrix3, Vector3};

use super::{Aabb, Obb, Sphere};

/// How a bounding sphere is built from points (seed 001).
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
    /// Covariance of the points themselves, `1/N` (seed 004 §1.4).
    Points,
    /// Area-weighted covariance of the convex hull's triangles (seed 001).
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
    let _ = method;
    let aabb = aabb_of_points(points)?;
    let center = (aabb.min + aabb.max) / 2.0;
    let radius = points
        .iter()
        .map(|p| (p - center).norm())
        .fold(0.0, f64::max);
    Some(Sphere { center, radius })
}

/// An OBB of the points by covariance; `None` when there are none.
pub fn obb_of_points(points: &[Vector3<f64>], method: ObbMethod) -> Option<ObbFit> {
    let _ = method;
    let aabb = aabb_of_points(points)?;
    let centroid = (aabb.min + aabb.max) / 2.0;
    Some(ObbFit {
        obb: Obb::new(
            centroid,
            nalgebra::UnitQuaternion::identity(),
            (aabb.max - aabb.min) / 2.0,
        ),
        centroid,
        covariance: Matrix3::zeros(),
        eigenvalues: [0.0; 3],
    })
}
