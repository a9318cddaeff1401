//! An ellipsoid, a cylinder or a k-DOP against a box, a sphere, a triangle or another of them:
//! GJK on the support functions, EPA for the depth, conservative advancement for the first
//! contact (docs/methods.md §15.6).

use nalgebra::Vector3;

use super::convex_face::{box_faces, convex_faces, on_face, triangle_faces};
use super::convex_sweep::{sphere_cylinder_time, triangle_time};
use super::{ManifoldPoint, PairContact, PairKind};
use crate::geometry::advance::{conservative_advancement, Motion};
use crate::geometry::epa::{penetration, Penetration};
use crate::geometry::support::{SupportMap, Translated};
use crate::geometry::{Convex, Obb, Sphere, Triangle};

/// A shape a convex shape is tested against by GJK.
pub(crate) trait Partner: SupportMap {
    /// The pair the convex shape and this kind of shape form.
    const PAIR: PairKind;

    /// Whether the shape touches with flat faces (a box, a triangle, a k-DOP), so that a
    /// cylinder's rim or a k-DOP's corners may rest on it at several points.
    fn flat(&self) -> bool {
        true
    }

    /// The outward unit normals of the shape's flat faces; none for a round shape.
    fn face_normals(&self) -> Vec<Vector3<f64>> {
        Vec::new()
    }

    /// The first time within `[0, t_max]` that `a` (moving at `va`) touches this shape (moving
    /// at `vb`): conservative advancement, unless the pair has a closed form.
    fn first_time_with(
        &self,
        a: &Convex,
        va: Vector3<f64>,
        vb: Vector3<f64>,
        t_max: f64,
    ) -> Option<f64> {
        first_time(a, va, self, vb, t_max)
    }
}

impl Partner for Obb {
    const PAIR: PairKind = PairKind::ConvexBox;
    fn face_normals(&self) -> Vec<Vector3<f64>> {
        box_faces(self)
    }
}

impl Partner for Sphere {
    const PAIR: PairKind = PairKind::ConvexSphere;
    fn flat(&self) -> bool {
        false
    }
    fn first_time_with(
        &self,
        a: &Convex,
        va: Vector3<f64>,
        vb: Vector3<f64>,
        t_max: f64,
    ) -> Option<f64> {
        match a {
            Convex::Cylinder(c) => sphere_cylinder_time(c, va, self, vb, t_max),
            _ => first_time(a, va, self, vb, t_max),
        }
    }
}

impl Partner for Triangle {
    const PAIR: PairKind = PairKind::ConvexTriangle;
    fn face_normals(&self) -> Vec<Vector3<f64>> {
        triangle_faces(self)
    }
    fn first_time_with(
        &self,
        a: &Convex,
        va: Vector3<f64>,
        vb: Vector3<f64>,
        t_max: f64,
    ) -> Option<f64> {
        triangle_time(a, va, self, vb, t_max)
    }
}

impl Partner for Convex {
    const PAIR: PairKind = PairKind::ConvexConvex;
    fn flat(&self) -> bool {
        matches!(self, Convex::Kdop(_))
    }
    fn face_normals(&self) -> Vec<Vector3<f64>> {
        convex_faces(self)
    }
}

/// The contact's kind: `convex-touch` (GJK's closest points, touching) or `convex-overlap`
/// (EPA's deepest points, already overlapping).
pub(crate) fn kind_of(signed_distance: f64) -> &'static str {
    if signed_distance < 0.0 {
        "convex-overlap"
    } else {
        "convex-touch"
    }
}

/// GJK's signed distance (EPA's depth when they overlap).
pub(super) fn separation<B: Partner>(a: &Convex, b: &B) -> f64 {
    penetration(a, b).signed_distance
}

/// The record of a penetration: the point halfway between the witnesses, the normal from `a`
/// towards `b` (the centres' direction when GJK ends exactly touching without one).
pub(crate) fn record<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(
    found: &Penetration,
    a: &A,
    b: &B,
    pair: PairKind,
) -> PairContact {
    let point = 0.5 * (found.point_a + found.point_b);
    let normal = found
        .normal
        .try_normalize(1e-12)
        .or_else(|| (b.center() - a.center()).try_normalize(1e-12))
        .unwrap_or_else(Vector3::y);
    PairContact {
        convex: Some(kind_of(found.signed_distance)),
        ..PairContact::single(pair, found.signed_distance, point, normal)
    }
}

/// The contact of the convex shape with `b`, the normal from it towards `b`; `None` when they
/// are farther apart than `max_gap`.
///
/// # Algorithm
/// GJK on `A - B`; apart or touching, its distance and closest points; overlapping, EPA from
/// GJK's tetrahedron gives the depth, the normal and the deepest points. The point is halfway
/// between the two witnesses. When a flat face of either shape separates them as well, its
/// normal is the contact's ([`on_face`]).
pub(super) fn contact<B: Partner>(a: &Convex, b: &B, max_gap: f64) -> Option<PairContact> {
    let found = penetration(a, b);
    if found.signed_distance > max_gap {
        return None;
    }
    Some(on_face(a, b, faces(a, b), record(&found, a, b, B::PAIR)))
}

/// The outward normals of `b`'s flat faces and of `a`'s.
fn faces<B: Partner>(a: &Convex, b: &B) -> (Vec<Vector3<f64>>, Vec<Vector3<f64>>) {
    (b.face_normals(), convex_faces(a))
}

/// The first time within `[0, t_max]` that the shapes, translating at `va` and `vb`, touch
/// (conservative advancement on GJK's distance, docs/methods.md §15.6).
pub(crate) fn first_time<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(
    a: &A,
    va: Vector3<f64>,
    b: &B,
    vb: Vector3<f64>,
    t_max: f64,
) -> Option<f64> {
    conservative_advancement(a, &Motion::linear(va), b, &Motion::linear(vb), t_max).time_of_impact
}

/// The first contact of the translating shapes: the time of first contact (an ellipsoid and a
/// triangle in the ellipsoid's scaled space, a sphere and a cylinder by its exact distance, any
/// other pair by conservative advancement), then the contact of the shapes placed there.
pub(super) fn first_contact<B: Partner>(
    a: &Convex,
    va: Vector3<f64>,
    b: &B,
    vb: Vector3<f64>,
    t_max: f64,
) -> Option<PairContact> {
    let time = b.first_time_with(a, va, vb, t_max)?;
    let (moved_a, moved_b) = (
        Translated {
            shape: a,
            offset: va * time,
        },
        Translated {
            shape: b,
            offset: vb * time,
        },
    );
    let found = penetration(&moved_a, &moved_b);
    let touch = record(&found, &moved_a, &moved_b, B::PAIR);
    Some(on_face(&moved_a, &moved_b, faces(a, b), touch).at(time))
}

/// The contact point with its gap; against a flat partner also the convex shape's rim points
/// near the contact ([`flat_manifold`]).
pub(super) fn manifold<B: Partner>(a: &Convex, b: &B, contact: &PairContact) -> Vec<ManifoldPoint> {
    if b.flat() {
        flat_manifold(a, contact)
    } else {
        vec![(contact.point, contact.gap)]
    }
}

/// Rim points (a cylinder's rims, a k-DOP's corners) within this share of the shape's smallest
/// size of the contact join a manifold on a flat face.
const MANIFOLD_DEPTH: f64 = 0.25;

/// Rim points within this share of the shape's size of the contact's gap are its support.
const SUPPORT_SLACK: f64 = 1e-9;

/// The contact point, and the rim points of `a` whose depth below its support point along the
/// contact's normal `n` is within a band, each with the gap `gap + n·(s_A(n) - p)` (the flat
/// partner's face taken as the plane through the contact, normal `n`). When rim points are the
/// shape's lowest (a cylinder's rim, side or cap, a k-DOP's corner, edge or face), they are
/// its exact support and the contact point (GJK's, a little off that support) is left out: off
/// it, it would lever the shape into a slow roll.
pub(super) fn flat_manifold(a: &Convex, contact: &PairContact) -> Vec<ManifoldPoint> {
    let n = contact.normal;
    let size = match a {
        Convex::Cylinder(c) => c.radius.min(c.half_height),
        _ => a.bounding_radius(),
    };
    let top = n.dot(&a.support(&n));
    let rim: Vec<ManifoldPoint> = a
        .rim_points(&-n)
        .into_iter()
        .map(|p| (p, contact.gap + top - n.dot(&p)))
        .filter(|&(_, gap)| gap <= contact.gap + MANIFOLD_DEPTH * size)
        .collect();
    let lowest = rim
        .iter()
        .filter(|&&(_, gap)| gap <= contact.gap + SUPPORT_SLACK * size)
        .count();
    let mut points = if lowest > 0 {
        Vec::new()
    } else {
        vec![(contact.point, contact.gap)]
    };
    points.extend(rim);
    points
}
