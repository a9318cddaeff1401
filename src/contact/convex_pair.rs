//! An ellipsoid, a cylinder or a k-DOP against a box, a sphere, a triangle or another of them:
//! GJK on the support functions, EPA for the depth, conservative advancement for the first
//! contact (docs/methods.md §15.6).

use nalgebra::Vector3;

use super::{ManifoldPoint, PairContact, PairKind};
use crate::geometry::advance::{conservative_advancement, Motion};
use crate::geometry::epa::{penetration, Penetration};
use crate::geometry::support::{SupportMap, Translated};
use crate::geometry::{Convex, Obb, Sphere, Triangle};

/// A shape a convex shape is tested against by GJK, with the names of the pair.
pub(crate) trait Partner: SupportMap {
    /// The pair the convex shape and this kind of shape form.
    const PAIR: PairKind;

    /// The shape's name in the contact's kind (`box`, `ellipsoid`, …).
    fn partner_name(&self) -> &'static str;
}

impl Partner for Obb {
    const PAIR: PairKind = PairKind::ConvexBox;
    fn partner_name(&self) -> &'static str {
        "box"
    }
}

impl Partner for Sphere {
    const PAIR: PairKind = PairKind::ConvexSphere;
    fn partner_name(&self) -> &'static str {
        "sphere"
    }
}

impl Partner for Triangle {
    const PAIR: PairKind = PairKind::ConvexTriangle;
    fn partner_name(&self) -> &'static str {
        "triangle"
    }
}

impl Partner for Convex {
    const PAIR: PairKind = PairKind::ConvexConvex;
    fn partner_name(&self) -> &'static str {
        self.name()
    }
}

/// The names of what touches: a convex shape (row) and its partner (column).
const KINDS: [[&str; 8]; 3] = [
    [
        "ellipsoid-box",
        "ellipsoid-sphere",
        "ellipsoid-plane",
        "ellipsoid-triangle",
        "ellipsoid-mesh",
        "ellipsoid-ellipsoid",
        "ellipsoid-cylinder",
        "ellipsoid-kdop",
    ],
    [
        "cylinder-box",
        "cylinder-sphere",
        "cylinder-plane",
        "cylinder-triangle",
        "cylinder-mesh",
        "cylinder-ellipsoid",
        "cylinder-cylinder",
        "cylinder-kdop",
    ],
    [
        "kdop-box",
        "kdop-sphere",
        "kdop-plane",
        "kdop-triangle",
        "kdop-mesh",
        "kdop-ellipsoid",
        "kdop-cylinder",
        "kdop-kdop",
    ],
];

/// The contact's kind for the convex shape `a` touching a shape named `partner`.
pub(crate) fn kind_of(a: &Convex, partner: &str) -> &'static str {
    let row = match a {
        Convex::Ellipsoid(_) => 0,
        Convex::Cylinder(_) => 1,
        Convex::Kdop(_) => 2,
    };
    let names = [
        "box",
        "sphere",
        "plane",
        "triangle",
        "mesh",
        "ellipsoid",
        "cylinder",
        "kdop",
    ];
    let column = names.iter().position(|n| *n == partner).unwrap_or(0);
    KINDS[row][column]
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
    kind: &'static str,
) -> PairContact {
    let point = 0.5 * (found.point_a + found.point_b);
    let normal = found
        .normal
        .try_normalize(1e-12)
        .or_else(|| (b.center() - a.center()).try_normalize(1e-12))
        .unwrap_or_else(Vector3::y);
    PairContact {
        convex: Some(kind),
        ..PairContact::single(pair, found.signed_distance, point, normal)
    }
}

/// The contact of the convex shape with `b`, the normal from it towards `b`; `None` when they
/// are farther apart than `max_gap`.
///
/// # Algorithm
/// GJK on `A - B`; apart or touching, its distance and closest points; overlapping, EPA from
/// GJK's tetrahedron gives the depth, the normal and the deepest points. The point is halfway
/// between the two witnesses.
pub(super) fn contact<B: Partner>(a: &Convex, b: &B, max_gap: f64) -> Option<PairContact> {
    let found = penetration(a, b);
    if found.signed_distance > max_gap {
        return None;
    }
    let kind = kind_of(a, b.partner_name());
    Some(record(&found, a, b, B::PAIR, kind))
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

/// The first contact of the translating shapes: conservative advancement to the time of first
/// contact, then the contact of the shapes placed there.
pub(super) fn first_contact<B: Partner>(
    a: &Convex,
    va: Vector3<f64>,
    b: &B,
    vb: Vector3<f64>,
    t_max: f64,
) -> Option<PairContact> {
    let time = first_time(a, va, b, vb, t_max)?;
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
    let kind = kind_of(a, b.partner_name());
    Some(record(&found, &moved_a, &moved_b, B::PAIR, kind).at(time))
}

/// The contact point with its gap.
pub(super) fn manifold<B: Partner>(_: &Convex, _: &B, contact: &PairContact) -> Vec<ManifoldPoint> {
    vec![(contact.point, contact.gap)]
}
