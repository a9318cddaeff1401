//! A box and a sphere: the box point closest to the centre (docs/methods.md §6.5).

use nalgebra::Vector3;

use super::{BoxPart, ManifoldPoint, PairContact, PairKind};
use crate::geometry::sphere_box::sweep_sphere_obb;
use crate::geometry::{Obb, Sphere};

/// The signed distance from the centre to the box surface (negative inside) minus the radius.
pub(super) fn separation(o: &Obb, s: &Sphere) -> f64 {
    let q = o.to_local(&s.center).abs() - o.half_extents();
    let outside = q.map(|x| x.max(0.0)).norm();
    outside + q.max().min(0.0) - s.radius
}

/// The contact of the box with the sphere, the normal from the box towards the sphere; `None`
/// when they are farther apart than `max_gap`.
///
/// # Algorithm
/// 1. The box point closest to the centre (its coordinates clamped to the box): outside, the
///    gap is its distance minus the radius and the normal points from it to the centre.
/// 2. A centre inside the box: the nearest face, whose outward normal is the normal; the gap is
///    minus the depth and the radius, the point the centre (inside both).
pub(super) fn contact(o: &Obb, s: &Sphere, max_gap: f64) -> Option<PairContact> {
    if separation(o, s) > max_gap {
        return None;
    }
    let c = s.center;
    let closest = o.closest_point(&c);
    let outside = c - closest;
    let (gap, normal) = if let Some(n) = outside.try_normalize(1e-12) {
        (outside.norm() - s.radius, n)
    } else {
        let (n, room) = nearest_face(o, &c);
        (-room - s.radius, n)
    };
    Some(PairContact {
        sphere_on: Some(BoxPart::nearest(&o.to_local(&c), &o.half_extents())),
        ..PairContact::single(PairKind::BoxSphere, gap, closest, normal)
    })
}

/// The outward normal of the box face nearest a point inside, and the point's depth below it.
fn nearest_face(o: &Obb, p: &Vector3<f64>) -> (Vector3<f64>, f64) {
    let local = o.to_local(p);
    let room = o.half_extents() - local.abs();
    let i = room.imin();
    (o.axis(i) * local[i].signum(), room[i])
}

/// The first contact of the translating box and sphere: the first root of the convex distance
/// along the path ([`sweep_sphere_obb`]), then the contact there.
pub(super) fn first_contact(
    o: &Obb,
    vo: Vector3<f64>,
    s: &Sphere,
    vs: Vector3<f64>,
    t_max: f64,
) -> Option<PairContact> {
    let time = sweep_sphere_obb(s, &vs, o, &vo, t_max)?.time;
    let moved = Sphere {
        center: s.center + vs * time,
        ..*s
    };
    contact(&o.translated(&(vo * time)), &moved, f64::INFINITY).map(|c| c.at(time))
}

/// The contact point with its gap; for a centre inside the box, its foot on the nearest face
/// (where pushing the sphere out along the normal acts).
pub(super) fn manifold(o: &Obb, s: &Sphere, contact: &PairContact) -> Vec<ManifoldPoint> {
    if contact.sphere_on == Some(super::BoxPart::Inside) {
        let (n, room) = nearest_face(o, &s.center);
        return vec![(s.center + n * room, contact.gap)];
    }
    vec![(contact.point, contact.gap)]
}
