//! Where a contact's anchor sits on a round body (a sphere or an ellipsoid): at its support point
//! toward the other body, however it has turned, since such a body rolls over its surface
//! instead of carrying the touching point with it.

use nalgebra::{UnitQuaternion, Vector3};

use crate::dynamics::{BodyShape, RigidBody};
use crate::geometry::ConvexSpec;

/// The point of `body`'s surface furthest along `toward` from its centre, turned by `rotation`,
/// for a sphere or an ellipsoid; `None` for a body whose anchors are its material points.
pub(super) fn support_arm(
    body: &RigidBody,
    rotation: &UnitQuaternion<f64>,
    toward: &Vector3<f64>,
) -> Option<Vector3<f64>> {
    match &body.shape {
        BodyShape::Sphere(radius) => Some(toward * *radius),
        BodyShape::Convex(ConvexSpec::Ellipsoid { radii }) => {
            Some(ellipsoid_support(radii, rotation, toward))
        }
        _ => None,
    }
}

/// The point of an ellipsoid (these radii, turned by `rotation`, centred at the origin) furthest
/// along `d`: `R A² u / |A u|` with `u = Rᵀ d`.
pub(super) fn ellipsoid_support(
    radii: &Vector3<f64>,
    rotation: &UnitQuaternion<f64>,
    d: &Vector3<f64>,
) -> Vector3<f64> {
    let u = rotation.inverse_transform_vector(d);
    let scaled = radii.component_mul(&u);
    let length = scaled.norm();
    if length == 0.0 {
        return Vector3::zeros();
    }
    rotation.transform_vector(&(radii.component_mul(&scaled) / length))
}
