//! A `triangle` body: three vertices in world coordinates at frame 0, checked for area.

use nalgebra::{UnitQuaternion, Vector3};
use toml::de::DeValue;

use super::body::Placed;
use super::fields::Fields;
use super::model::ShapeSpec;
use super::value::{self, Raw, Report};
use crate::geometry::Triangle;

/// Validates the keys of a triangle body: `vertices`, three points making a triangle with area.
pub(crate) fn validate(f: &mut Fields<'_, '_>, r: &mut Report<'_>) -> Option<Placed> {
    let Some(raw) = f.raw("vertices") else {
        return f.missing(
            "vertices",
            "its three corners [[x, y, z], [x, y, z], [x, y, z]]",
        );
    };
    let what = format!("`vertices` in {}", f.label());
    let Some(points) = points_of(r, &what, raw) else {
        f.fail();
        return None;
    };
    let [v0, v1, v2]: [Vector3<f64>; 3] = match points.try_into() {
        Ok(three) => three,
        Err(points) => {
            let n = points.len();
            r.error(
                raw.span(),
                format!("{what} must be an array of 3 points [x, y, z], found {n}"),
            );
            f.fail();
            return None;
        }
    };
    let triangle = Triangle::new(v0, v1, v2);
    if let Some(evidence) = triangle.degeneracy() {
        r.error(
            raw.span(),
            format!(
                "the {what} make a degenerate triangle, its corners (almost) on one line: area \
                 {:e} is below 1e-12 of its longest edge squared ({:e})",
                evidence.area,
                evidence.longest_edge * evidence.longest_edge
            ),
        );
        f.fail();
        return None;
    }
    let center = triangle.centroid();
    Some(Placed {
        shape: ShapeSpec::Triangle {
            vertices: triangle.vertices.map(|v| v - center),
        },
        center,
        rotation: UnitQuaternion::identity(),
        fit: None,
    })
}

/// The points `[x, y, z]` of the array in `raw` (`what` names it); every bad point is reported.
pub(crate) fn points_of(
    r: &mut Report<'_>,
    what: &str,
    raw: &Raw<'_>,
) -> Option<Vec<Vector3<f64>>> {
    let DeValue::Array(items) = raw.get_ref() else {
        let found = value::kind(raw.get_ref());
        r.error(
            raw.span(),
            format!("{what} must be an array of points [x, y, z], found {found}"),
        );
        return None;
    };
    let each = format!("each point of {what}");
    let parsed: Vec<Option<Vector3<f64>>> = items
        .iter()
        .map(|item| value::vec3(r, &each, item))
        .collect();
    parsed.into_iter().collect()
}
