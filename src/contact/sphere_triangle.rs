//! A sphere and a triangle: the triangle's point nearest the centre (docs/methods.md §15.3, the
//! sphere being the ellipsoid with equal radii).

use nalgebra::Vector3;

use super::{ManifoldPoint, PairContact, PairKind};
use crate::geometry::sphere_triangle::{sphere_triangle, sweep_sphere_triangle};
use crate::geometry::{Sphere, Triangle};

/// The distance from the centre to the triangle minus the radius.
pub(super) fn separation(s: &Sphere, t: &Triangle) -> f64 {
    sphere_triangle(s, t).gap
}

/// The contact of the sphere with the triangle, the normal from the sphere towards the triangle;
/// `None` when they are farther apart than `max_gap`.
///
/// # Algorithm
/// The triangle's point nearest the centre (Ericson's region walk): the gap is its distance minus
/// the radius, the normal points from the centre to it; a centre on the triangle takes the
/// triangle's normal.
pub(super) fn contact(s: &Sphere, t: &Triangle, max_gap: f64) -> Option<PairContact> {
    let test = sphere_triangle(s, t);
    if test.gap > max_gap {
        return None;
    }
    let normal = (test.closest - s.center)
        .try_normalize(1e-12)
        .unwrap_or_else(|| t.unit_normal());
    Some(PairContact {
        triangle_feature: Some(test.feature),
        ..PairContact::single(PairKind::SphereTriangle, test.gap, test.closest, normal)
    })
}

/// The first contact of the translating sphere and triangle: the closed form of the sweep
/// ([`sweep_sphere_triangle`]: the face, then the vertices and edges), then the contact there.
pub(super) fn first_contact(
    s: &Sphere,
    vs: Vector3<f64>,
    t: &Triangle,
    vt: Vector3<f64>,
    t_max: f64,
) -> Option<PairContact> {
    let time = sweep_sphere_triangle(s, &vs, t, &vt, t_max).time?;
    let moved = Sphere {
        center: s.center + vs * time,
        ..*s
    };
    contact(&moved, &t.translated(&(vt * time)), f64::INFINITY).map(|c| c.at(time))
}

/// The contact point with its gap.
pub(super) fn manifold(_: &Sphere, _: &Triangle, contact: &PairContact) -> Vec<ManifoldPoint> {
    vec![(contact.point, contact.gap)]
}
