//! An ellipsoid, a cylinder or a k-DOP and a plane: the support point facing the plane
//! (docs/methods.md §15.3 for the ellipsoid's closed form).

use nalgebra::Vector3;

use super::{ManifoldPoint, PairContact, PairKind};
use crate::geometry::planes::sweep_to_plane;
use crate::geometry::support::SupportMap;
use crate::geometry::{Convex, Plane};
use crate::math::sign;

/// Rim points (a cylinder's, a k-DOP's corners) within this share of the shape's smallest size
/// above the lowest one join the manifold.
const MANIFOLD_DEPTH: f64 = 0.25;

/// The side of the plane the centre is on (`±1`), and the shape's reach towards the plane.
fn facing(a: &Convex, p: &Plane) -> (f64, f64) {
    let centre = SupportMap::center(a);
    let side = sign(p.normal.dot(&centre) - p.offset);
    let toward = -p.normal * side;
    (side, toward.dot(&(a.support(&toward) - centre)))
}

/// The height of the shape's lowest point above the plane: `N·s(-N) - d`.
pub(super) fn separation(a: &Convex, p: &Plane) -> f64 {
    p.normal.dot(&a.support(&-p.normal)) - p.offset
}

/// The contact of the shape with the plane, the normal from the shape towards the plane;
/// `None` when it is farther than `max_gap` from it.
///
/// # Algorithm
/// On the side of the plane the centre is on, the support point along the normal facing the
/// plane is the shape's lowest point (an ellipsoid's `c + R diag(r²) Rᵀ n / ρ(n)`): its height is
/// the gap, its foot on the plane the point.
pub(super) fn contact(a: &Convex, p: &Plane, max_gap: f64) -> Option<PairContact> {
    if separation(a, p) > max_gap {
        return None;
    }
    let (side, _) = facing(a, p);
    let toward = -p.normal * side;
    let lowest = a.support(&toward);
    let height = p.normal.dot(&lowest) - p.offset;
    let point = lowest - p.normal * height;
    Some(PairContact {
        convex: Some(match a {
            Convex::Ellipsoid(_) => "ellipsoid-plane",
            Convex::Cylinder(_) => "cylinder-plane",
            Convex::Kdop(_) => "kdop-plane",
        }),
        ..PairContact::single(PairKind::ConvexPlane, side * height, point, toward)
    })
}

/// The first contact of the shape translating at `va` with the plane (moving at `vp`): an
/// ellipsoid by its closed form ([`crate::geometry::Ellipsoid::against_plane`]: the plane sees a
/// sphere of radius `ρ(N)`), the others by the centre's sweep with their reach towards the plane;
/// then the contact there.
pub(super) fn first_contact(
    a: &Convex,
    va: Vector3<f64>,
    p: &Plane,
    vp: Vector3<f64>,
    t_max: f64,
) -> Option<PairContact> {
    let relative = va - vp;
    let time = if let Convex::Ellipsoid(e) = a {
        e.against_plane(&relative, p, t_max).sweep.time?
    } else {
        let (_, reach) = facing(a, p);
        sweep_to_plane(&SupportMap::center(a), &relative, reach, p, t_max).time?
    };
    contact(&a.translated(&(relative * time)), p, f64::INFINITY).map(|c| c.at(time))
}

/// An ellipsoid's one point; a cylinder's rim points or a k-DOP's corners near the lowest, each
/// with its height.
pub(super) fn manifold(a: &Convex, p: &Plane, contact: &PairContact) -> Vec<ManifoldPoint> {
    let band = MANIFOLD_DEPTH
        * match a {
            Convex::Cylinder(c) => c.radius.min(c.half_height),
            _ => a.bounding_radius(),
        };
    let (side, _) = facing(a, p);
    let mut points: Vec<ManifoldPoint> = a
        .rim_points(&(p.normal * side))
        .into_iter()
        .map(|v| (v, side * (p.normal.dot(&v) - p.offset)))
        .filter(|&(_, h)| h <= contact.gap + band)
        .collect();
    if points.is_empty() {
        points.push((contact.point, contact.gap));
    }
    points
}
