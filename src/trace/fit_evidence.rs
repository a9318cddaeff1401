//! The linear algebra behind a fitted box, shown: the covariance matrix, its eigen-decomposition
//! with the residual of each eigenpair, and the projections that give the half-extents.

use nalgebra::{Matrix3, Vector3};
use serde::Serialize;

use crate::geometry::fit::{obb_of_points, ObbMethod};
use crate::math::arr3;
use crate::scene::FitReport;

/// The evidence of a covariance fit (docs/methods.md §3.3), for the points as the scene gave them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FitEvidence {
    /// The centre of the covariance: the points' mean, or the hull surface's area-weighted mean.
    pub mean: [f64; 3],
    /// The symmetric covariance matrix `C`, by rows.
    pub covariance: [[f64; 3]; 3],
    /// The unit eigenvectors, largest eigenvalue first (the box's axes `A0 A1 A2`, with
    /// `A2 = A0 × A1`).
    pub eigenvectors: [[f64; 3]; 3],
    /// The eigenvalues, largest first (not written again in JSON: the fit record has them).
    #[serde(skip)]
    pub eigenvalues: [f64; 3],
    /// `|C v - λ v|` for each eigenpair: how exactly the solver's answer satisfies `C v = λ v`.
    pub residuals: [f64; 3],
    /// For each axis, the smallest and largest projection `(P - mean) · A_k` of the points.
    pub projections: [[f64; 2]; 3],
    /// `(max - min) / 2` on each axis: the box's half-extents.
    pub half_extents: [f64; 3],
}

/// The evidence of `fit` when it is a covariance box (`fit = "obb"`), else `None`.
///
/// # Algorithm
/// The same steps the fit took (docs/methods.md §3.3): the covariance about the mean (of the
/// points, or of the hull's surface for `obb_method = "hull"`), its symmetric eigen-decomposition
/// by nalgebra, the eigenvectors sorted by eigenvalue; then each point's projection on each axis,
/// whose range gives the half-extent. The residual `|C v - λ v|` is computed here from `C`, `λ`
/// and `v` as recorded, independently of the solver.
pub fn fit_evidence(fit: &FitReport) -> Option<FitEvidence> {
    if fit.method != "obb" {
        return None;
    }
    let method = if fit.variant.as_deref() == Some("hull") {
        ObbMethod::Hull
    } else {
        ObbMethod::Points
    };
    let fitted = obb_of_points(&fit.points, method)?;
    let axes: Matrix3<f64> = fitted.obb.rotation().to_rotation_matrix().into_inner();
    let c = fitted.covariance;
    let column = |k: usize| -> Vector3<f64> { axes.column(k).into() };
    let residuals = [0, 1, 2].map(|k| (c * column(k) - column(k) * fitted.eigenvalues[k]).norm());
    let projections = [0, 1, 2].map(|k| {
        let along = fit
            .points
            .iter()
            .map(|p| (p - fitted.centroid).dot(&column(k)));
        let (low, high) = along.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), x| {
            (l.min(x), h.max(x))
        });
        [low, high]
    });
    Some(FitEvidence {
        mean: arr3(&fitted.centroid),
        covariance: [0, 1, 2].map(|i| [0, 1, 2].map(|j| c[(i, j)])),
        eigenvectors: [0, 1, 2].map(|k| arr3(&column(k))),
        eigenvalues: fitted.eigenvalues,
        residuals,
        half_extents: projections.map(|[low, high]| (high - low) / 2.0),
        projections,
    })
}
