//! A sphere and a plane: the centre's height minus the radius (docs/methods.md §6.6).

use nalgebra::Vector3;

use super::{ManifoldPoint, PairContact, PairKind};
use crate::geometry::planes::sweep_sphere_plane;
use crate::geometry::{Plane, Sphere};
use crate::math::sign;

/// The centre's signed distance from the plane minus the radius.
pub(super) fn separation(s: &Sphere, p: &Plane) -> f64 {
    p.normal.dot(&s.center) - p.offset - s.radius
}

/// The contact of the sphere with the plane, the normal from the sphere towards the plane;
/// `None` when it is farther than `max_gap` from it.
///
/// # Algorithm
/// The centre's height `h` above the plane on its side: the gap is `h - r`, the point the
/// centre's foot on the plane.
pub(super) fn contact(s: &Sphere, p: &Plane, max_gap: f64) -> Option<PairContact> {
    if separation(s, p) > max_gap {
        return None;
    }
    let height = p.normal.dot(&s.center) - p.offset;
    let side = sign(height);
    let point = s.center - p.normal * height;
    let gap = side * height - s.radius;
    Some(PairContact::single(
        PairKind::SpherePlane,
        gap,
        point,
        -(p.normal * side),
    ))
}

/// The first contact of the sphere translating at `vs` with the plane: the centre's sweep with
/// the radius, then the contact there.
pub(super) fn first_contact(
    s: &Sphere,
    vs: Vector3<f64>,
    p: &Plane,
    vp: Vector3<f64>,
    t_max: f64,
) -> Option<PairContact> {
    let relative = vs - vp;
    let time = sweep_sphere_plane(s, &relative, p, t_max).sweep.time?;
    let moved = Sphere {
        center: s.center + relative * time,
        ..*s
    };
    contact(&moved, p, f64::INFINITY).map(|c| c.at(time))
}

/// The contact point with its gap.
pub(super) fn manifold(_: &Sphere, _: &Plane, contact: &PairContact) -> Vec<ManifoldPoint> {
    vec![(contact.point, contact.gap)]
}
