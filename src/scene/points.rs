//! A `points` body: the cloud, the fitted volume and the evidence of the fit.

use nalgebra::{UnitQuaternion, Vector3};
use toml::de::DeValue;

use super::body::Placed;
use super::fields::Fields;
use super::model::{FitReport, ShapeSpec};
use super::value::{self, Report};
use crate::geometry::fit::{
    aabb_of_points, obb_of_points, sphere_of_points, ObbMethod, SphereMethod,
};

/// The valid values of `fit`, `obb_method` and `sphere_method`.
const FITS: &[&str] = &["obb", "aabb", "sphere"];
const OBB_METHODS: &[&str] = &["points", "hull"];
const SPHERE_METHODS: &[&str] = &["aabb-center", "centroid", "ritter"];

/// An extent below this fraction of the cloud's size counts as zero.
const FLAT: f64 = 1e-9;

/// Validates the keys of a points body and fits its volume.
pub(crate) fn validate(f: &mut Fields<'_, '_>, r: &mut Report<'_>) -> Option<Placed> {
    let cloud = read_points(f, r);
    let fit = chosen(f, r, "fit", FITS, "obb");
    let obb_method = chosen(f, r, "obb_method", OBB_METHODS, "points");
    let sphere_method = chosen(f, r, "sphere_method", SPHERE_METHODS, "ritter");
    let fit = fit?;
    for (key, applies_to) in [("obb_method", "obb"), ("sphere_method", "sphere")] {
        if f.raw(key).is_some() && fit != applies_to {
            let label = f.label().to_string();
            let message = format!(
                "`{key}` only applies to fit = \"{applies_to}\", and {label} uses fit = \"{fit}\""
            );
            r.error(f.span_of(key), message);
            f.fail();
        }
    }
    let points = cloud?;
    let variant = match fit {
        "obb" => obb_method?,
        "sphere" => sphere_method?,
        _ => "",
    };
    let placed = fitted(&points, fit, variant);
    let placed = placed.map_err(|problem| {
        let article = if fit == "sphere" { "a" } else { "an" };
        let label = f.label();
        r.error(
            f.span_of("points"),
            format!("cannot fit {article} {fit} to the points of {label}: {problem}"),
        );
        f.fail();
    });
    let (shape, center, rotation, eigenvalues) = placed.ok()?;
    let variant = (!variant.is_empty()).then(|| variant.to_string());
    let report = FitReport {
        method: fit.to_string(),
        variant,
        eigenvalues,
        points,
    };
    Some(Placed {
        shape,
        center,
        rotation,
        fit: Some(report),
    })
}

/// The value of the optional choice `key`, `default` when absent, `None` when invalid.
fn chosen(
    f: &mut Fields<'_, '_>,
    r: &mut Report<'_>,
    key: &'static str,
    options: &[&'static str],
    default: &'static str,
) -> Option<&'static str> {
    match f.raw(key) {
        None => Some(default),
        Some(_) => f.choice(r, key, options),
    }
}

/// The `points` array: every point is an array of 3 finite numbers.
fn read_points(f: &mut Fields<'_, '_>, r: &mut Report<'_>) -> Option<Vec<Vector3<f64>>> {
    let Some(raw) = f.raw("points") else {
        return f.missing("points", "an array of [x, y, z] points to fit");
    };
    let what = format!("each point of `points` in {}", f.label());
    let DeValue::Array(items) = raw.get_ref() else {
        let found = value::kind(raw.get_ref());
        r.error(
            raw.span(),
            format!(
                "`points` in {} must be an array of points, found {found}",
                f.label()
            ),
        );
        f.fail();
        return None;
    };
    let parsed: Vec<Option<Vector3<f64>>> = items
        .iter()
        .map(|item| value::vec3(r, &what, item))
        .collect();
    let points: Option<Vec<Vector3<f64>>> = parsed.into_iter().collect();
    if points.is_none() {
        f.fail();
    }
    points
}

/// The fitted shape, centre, rotation and eigenvalues, or why the points cannot be fitted.
type Fitted = (
    ShapeSpec,
    Vector3<f64>,
    UnitQuaternion<f64>,
    Option<[f64; 3]>,
);

/// Fits `fit` (with `variant`) to the points, rejecting clouds too small or too flat for a volume.
fn fitted(points: &[Vector3<f64>], fit: &str, variant: &str) -> Result<Fitted, String> {
    let needed = if fit == "obb" { 4 } else { 2 };
    if points.len() < needed {
        let n = points.len();
        return Err(format!("it needs at least {needed} points, found {n}"));
    }
    let size = points
        .iter()
        .map(|p| (p - points[0]).norm())
        .fold(0.0, f64::max);
    if !size.is_finite() {
        return Err("the coordinates are too large to fit a volume".to_string());
    }
    if size == 0.0 {
        return Err("all points are the same point".to_string());
    }
    let identity = UnitQuaternion::identity();
    let fitted = match fit {
        "sphere" => {
            let sphere =
                sphere_of_points(points, sphere_method(variant)).ok_or("no sphere fits")?;
            if sphere.radius.is_nan() || sphere.radius <= FLAT * size {
                return Err("its radius would be zero".to_string());
            }
            (
                ShapeSpec::Sphere {
                    radius: sphere.radius,
                },
                sphere.center,
                identity,
                None,
            )
        }
        "aabb" => {
            let aabb = aabb_of_points(points).ok_or("no box fits")?;
            let half = (aabb.max - aabb.min) / 2.0;
            (
                ShapeSpec::Box { half_extents: half },
                (aabb.min + aabb.max) / 2.0,
                identity,
                None,
            )
        }
        _ => {
            let method = if variant == "hull" {
                ObbMethod::Hull
            } else {
                ObbMethod::Points
            };
            let fit = obb_of_points(points, method).ok_or("they are coplanar or collinear")?;
            let (obb, eigenvalues) = (fit.obb, fit.eigenvalues);
            let shape = ShapeSpec::Box {
                half_extents: obb.half_extents(),
            };
            (shape, obb.center(), obb.rotation(), Some(eigenvalues))
        }
    };
    if let ShapeSpec::Box { half_extents } = fitted.0 {
        if let Some(axis) = half_extents
            .iter()
            .position(|h| h.is_nan() || *h <= FLAT * size)
        {
            return Err(format!(
                "they are coplanar or collinear (zero extent along its axis {axis})"
            ));
        }
    }
    let size_values: Vec<f64> = match fitted.0 {
        ShapeSpec::Box { half_extents } => half_extents.iter().copied().collect(),
        ShapeSpec::Sphere { radius } => vec![radius],
        ShapeSpec::Plane { .. } => Vec::new(),
    };
    let mut values = size_values
        .iter()
        .chain(fitted.1.iter())
        .chain(fitted.2.coords.iter());
    if !values.all(|x| x.is_finite()) || fitted.3.is_some_and(|e| e.iter().any(|x| !x.is_finite()))
    {
        return Err("the fit is not a finite volume".to_string());
    }
    Ok(fitted)
}

/// The sphere construction named `variant`.
fn sphere_method(variant: &str) -> SphereMethod {
    match variant {
        "aabb-center" => SphereMethod::AabbCenter,
        "centroid" => SphereMethod::Centroid,
        _ => SphereMethod::Ritter,
    }
}
