//! An `ellipsoid` or a `cylinder` body: centre, rotation and its sizes.

use super::body::{read_placement, Placed};
use super::fields::Fields;
use super::model::ShapeSpec;
use super::value::Report;
use crate::geometry::ConvexSpec;

/// Validates the keys of an ellipsoid (`radii`) or a cylinder (`radius`, `half_height`, its axis
/// along the body's own y), with `center` and `rotation`.
pub(crate) fn validate(f: &mut Fields<'_, '_>, shape: &str, r: &mut Report<'_>) -> Option<Placed> {
    let (center, rotation) = read_placement(f, r);
    let convex = if shape == "ellipsoid" {
        let radii = f.positive_vec3(r, "radii");
        let radii = radii.or_else(|| f.missing("radii", "its three radii [a, b, c]"));
        radii.map(|radii| ConvexSpec::Ellipsoid { radii })
    } else {
        let radius = f.positive(r, "radius");
        let radius = radius.or_else(|| f.missing("radius", "a cylinder needs it"));
        let half = f.positive(r, "half_height");
        let half = half.or_else(|| {
            f.missing(
                "half_height",
                "half its height, along the cylinder's own y axis",
            )
        });
        match (radius, half) {
            (Some(radius), Some(half_height)) => Some(ConvexSpec::Cylinder {
                radius,
                half_height,
            }),
            _ => None,
        }
    };
    Some(Placed {
        shape: ShapeSpec::Convex(convex?),
        center: center?,
        rotation: rotation?,
        fit: None,
    })
}
