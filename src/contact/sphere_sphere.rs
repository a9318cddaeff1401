//! Two spheres: the distance of the centres minus the radii (docs/methods.md §6.2).

use nalgebra::Vector3;

use super::{ManifoldPoint, PairContact, PairKind};
use crate::geometry::spheres::sweep_spheres;
use crate::geometry::Sphere;

/// `|C2 - C1| - r1 - r2`.
pub(super) fn separation(s: &Sphere, t: &Sphere) -> f64 {
    (t.center - s.center).norm() - s.radius - t.radius
}

/// The contact of two spheres, the normal along the line of centres from `s` to `t`; `None`
/// when they are farther apart than `max_gap`.
///
/// # Algorithm
/// The gap `|C2 - C1| - r1 - r2`; the point halfway between both surfaces on the line of
/// centres (the touching point when they touch).
pub(super) fn contact(s: &Sphere, t: &Sphere, max_gap: f64) -> Option<PairContact> {
    if separation(s, t) > max_gap {
        return None;
    }
    let d = t.center - s.center;
    let normal = d.try_normalize(1e-300).unwrap_or_else(Vector3::x);
    let gap = d.norm() - s.radius - t.radius;
    let point = s.center + normal * (s.radius + 0.5 * gap);
    Some(PairContact::single(
        PairKind::SphereSphere,
        gap,
        point,
        normal,
    ))
}

/// The first contact of the translating spheres: the quadratic `|D + tW| = r1 + r2`, then the
/// contact there.
pub(super) fn first_contact(
    s: &Sphere,
    vs: Vector3<f64>,
    t: &Sphere,
    vt: Vector3<f64>,
    t_max: f64,
) -> Option<PairContact> {
    let time = sweep_spheres(s, &vs, t, &vt, t_max).time?;
    let at = |sphere: &Sphere, v: Vector3<f64>| Sphere {
        center: sphere.center + v * time,
        ..*sphere
    };
    contact(&at(s, vs), &at(t, vt), f64::INFINITY).map(|c| c.at(time))
}

/// The contact point with its gap.
pub(super) fn manifold(_: &Sphere, _: &Sphere, contact: &PairContact) -> Vec<ManifoldPoint> {
    vec![(contact.point, contact.gap)]
}
