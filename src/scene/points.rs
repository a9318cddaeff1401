//! A `points` body: the cloud, the fitted volume and the evidence of the fit.

use std::sync::Arc;

use nalgebra::{UnitQuaternion, Vector3};
use toml::de::DeValue;

use super::body::Placed;
use super::fields::Fields;
use super::model::{FitReport, ShapeSpec};
use super::value::{self, Report};
use crate::geometry::fit::{
    aabb_of_points, obb_of_points, sphere_of_points, ObbMethod, SphereMethod,
};
use crate::geometry::kdop::kdop_directions;
use crate::geometry::{ConvexSpec, Kdop, SupportMap};

/// The valid values of `fit` (`kdop` with `k`), `obb_method` and `sphere_method`.
const FITS: &[&str] = &["obb", "aabb", "sphere", "kdop"];
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
    let k = read_k(f, r, fit);
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
    let k_variant;
    let variant = match fit {
        "obb" => obb_method?,
        "sphere" => sphere_method?,
        "kdop" => {
            k_variant = format!("k = {}", k?);
            k_variant.as_str()
        }
        _ => "",
    };
    let placed = fitted(&points, fit, variant);
    let placed = placed.map_err(|problem| {
        let article = if fit == "sphere" || fit == "kdop" {
            "a"
        } else {
            "an"
        };
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

/// The number of directions `k` of a k-DOP: required with `fit = "kdop"`, one of 6, 14, 18, 26;
/// an error with any other fit. `None` when absent or invalid.
fn read_k(f: &mut Fields<'_, '_>, r: &mut Report<'_>, fit: Option<&str>) -> Option<usize> {
    let given = f.raw("k").is_some();
    match fit {
        Some("kdop") if !given => f.missing(
            "k",
            "the number of slab directions of the k-DOP: 6, 14, 18 or 26",
        ),
        Some("kdop") => {
            let k = f.count(r, "k", (1, 1000))?;
            if kdop_directions(k).is_err() {
                let label = f.label().to_string();
                r.error(
                    f.span_of("k"),
                    format!(
                        "k = {k} in {label} is not a standard k-DOP: k must be 6 (faces), 14 \
                         (faces and corners), 18 (faces and edges) or 26 (all three)"
                    ),
                );
                f.fail();
                return None;
            }
            Some(k)
        }
        Some(other) if given => {
            let label = f.label().to_string();
            r.error(
                f.span_of("k"),
                format!("`k` only applies to fit = \"kdop\", and {label} uses fit = \"{other}\""),
            );
            f.fail();
            None
        }
        _ => None,
    }
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
        .fold(0.0, crate::math::max_nan);
    if !size.is_finite() {
        return Err("the coordinates are too large to fit a volume".to_string());
    }
    if size == 0.0 {
        return Err("all points are the same point".to_string());
    }
    let fitted = match fit {
        "sphere" => fit_sphere(points, variant),
        "kdop" => fit_kdop(points, variant),
        "aabb" => fit_aabb(points),
        _ => fit_obb(points, variant),
    }?;
    let (sizes, center, rotation, eigenvalues) = match &fitted {
        &(ShapeSpec::Box { half_extents }, c, q, e) => (half_extents.as_slice().to_vec(), c, q, e),
        &(ShapeSpec::Sphere { radius }, c, q, e) => (vec![radius], c, q, e),
        (ShapeSpec::Convex(ConvexSpec::Kdop(kdop)), c, q, e) => {
            let (c, q, e) = (*c, *q, *e);
            let widths = kdop.max.iter().zip(&kdop.min).map(|(hi, lo)| hi - lo);
            (widths.collect(), c, q, e)
        }
        (shape, ..) => return Err(format!("a {} is not a volume", shape.name())),
    };
    if let Some(axis) = sizes.iter().position(|h| h.is_nan() || *h <= FLAT * size) {
        return Err(format!(
            "they are coplanar or collinear (zero extent along axis {axis})"
        ));
    }
    let mut numbers = sizes
        .iter()
        .chain(center.iter())
        .chain(rotation.coords.iter());
    let eigenvalues_finite = eigenvalues.is_none_or(|e| e.iter().all(|x| x.is_finite()));
    if !numbers.all(|x| x.is_finite()) || !eigenvalues_finite {
        return Err("the fit is not a finite volume".to_string());
    }
    Ok(fitted)
}

/// The bounding sphere by the construction `variant`.
fn fit_sphere(points: &[Vector3<f64>], variant: &str) -> Result<Fitted, String> {
    let sphere = sphere_of_points(points, sphere_method(variant)).ok_or("no sphere fits")?;
    let shape = ShapeSpec::Sphere {
        radius: sphere.radius,
    };
    Ok((shape, sphere.center, UnitQuaternion::identity(), None))
}

/// The k-DOP of the direction set `variant` (`k = 26`), its slabs about its corners' centroid.
fn fit_kdop(points: &[Vector3<f64>], variant: &str) -> Result<Fitted, String> {
    let k = variant
        .trim_start_matches("k = ")
        .parse()
        .map_err(|_| "no direction set")?;
    let kdop = Kdop::fit(points, k).map_err(|e| e.to_string())?;
    let center = SupportMap::center(&kdop);
    let shape = ShapeSpec::Convex(ConvexSpec::Kdop(Arc::new(kdop.translated(&-center))));
    Ok((shape, center, UnitQuaternion::identity(), None))
}

/// The axis-aligned bounding box.
fn fit_aabb(points: &[Vector3<f64>]) -> Result<Fitted, String> {
    let aabb = aabb_of_points(points).ok_or("no box fits")?;
    let shape = ShapeSpec::Box {
        half_extents: (aabb.max - aabb.min) / 2.0,
    };
    Ok((
        shape,
        (aabb.min + aabb.max) / 2.0,
        UnitQuaternion::identity(),
        None,
    ))
}

/// The covariance box, with its eigenvalues, by the covariance `variant`.
fn fit_obb(points: &[Vector3<f64>], variant: &str) -> Result<Fitted, String> {
    let method = if variant == "hull" {
        ObbMethod::Hull
    } else {
        ObbMethod::Points
    };
    let fit = obb_of_points(points, method).ok_or("they are coplanar or collinear")?;
    let shape = ShapeSpec::Box {
        half_extents: fit.obb.half_extents(),
    };
    Ok((
        shape,
        fit.obb.center(),
        fit.obb.rotation(),
        Some(fit.eigenvalues),
    ))
}

/// The sphere construction named `variant`.
fn sphere_method(variant: &str) -> SphereMethod {
    match variant {
        "aabb-center" => SphereMethod::AabbCenter,
        "centroid" => SphereMethod::Centroid,
        _ => SphereMethod::Ritter,
    }
}
