//! A box and a plane: the box's lowest corners on the plane's side (docs/methods.md §6.6).

use nalgebra::Vector3;

use super::{ManifoldPoint, PairContact, PairKind};
use crate::geometry::box_plane::sweep_obb_plane;
use crate::geometry::{Obb, Plane};
use crate::math::sign;
use crate::sat::{ContactKind, Region};

/// Corners within this share of the smallest half-extent above the lowest one join the manifold.
const MANIFOLD_DEPTH: f64 = 0.5;

/// The centre's distance from the plane minus the effective radius `Σ a_i |A_i·N|`.
pub(super) fn separation(o: &Obb, p: &Plane) -> f64 {
    p.normal.dot(&o.center()) - p.offset - o.projected_radius(&p.normal)
}

/// The corners' heights above the plane on the box's side of it, and that side (`±1`).
fn heights(o: &Obb, p: &Plane) -> ([(Vector3<f64>, f64); 8], f64) {
    let side = sign(p.normal.dot(&o.center()) - p.offset);
    let height = |v: Vector3<f64>| (v, side * (p.normal.dot(&v) - p.offset));
    (o.vertices().map(height), side)
}

/// The contact of the box with the plane, the normal from the box towards the plane; `None`
/// when the box is farther than `max_gap` from it.
///
/// # Algorithm
/// 1. Each corner's height above the plane, on the side of the box's centre.
/// 2. The lowest corners (within `1e-9 (1 + |a|)` of the lowest): one, two or four of them make
///    a vertex, an edge or a face on the plane; the point is their centroid, the region the
///    corners in order around it, the gap the lowest height.
pub(super) fn contact(o: &Obb, p: &Plane, max_gap: f64) -> Option<PairContact> {
    if separation(o, p) > max_gap {
        return None;
    }
    let (corners, side) = heights(o, p);
    let lowest = corners
        .iter()
        .map(|&(_, h)| h)
        .fold(f64::INFINITY, crate::math::min_nan);
    let tolerance = 1e-9 * (1.0 + o.half_extents().norm());
    let mut region: Vec<Vector3<f64>> = corners
        .iter()
        .filter(|&&(_, h)| h <= lowest + tolerance)
        .map(|&(v, _)| v)
        .collect();
    let point = region.iter().sum::<Vector3<f64>>() / region.len() as f64;
    order_around(&mut region, &point, &p.normal);
    let features = match region.len() {
        1 => ContactKind::VertexFace,
        2 => ContactKind::EdgeFace,
        _ => ContactKind::FaceFace,
    };
    Some(PairContact {
        features: Some(features),
        region: Region::from_points(region),
        ..PairContact::single(PairKind::BoxPlane, lowest, point, -(p.normal * side))
    })
}

/// Sorts points of a planar polygon by angle about `centre` in the plane normal to `n`.
fn order_around(points: &mut [Vector3<f64>], centre: &Vector3<f64>, n: &Vector3<f64>) {
    let u = n
        .cross(&Vector3::x())
        .try_normalize(1e-6)
        .unwrap_or_else(|| n.cross(&Vector3::y()).normalize());
    let w = n.cross(&u);
    let angle = |p: &Vector3<f64>| (w.dot(&(p - centre))).atan2(u.dot(&(p - centre)));
    points.sort_by(|p, q| angle(p).total_cmp(&angle(q)));
}

/// The first contact of the box translating at `vo` with the plane (moving at `vp`, along
/// itself or not): the sweep of the centre with the effective radius, then the contact there.
pub(super) fn first_contact(
    o: &Obb,
    vo: Vector3<f64>,
    p: &Plane,
    vp: Vector3<f64>,
    t_max: f64,
) -> Option<PairContact> {
    let relative = vo - vp;
    let time = sweep_obb_plane(o, &relative, p, t_max).sweep.time?;
    let moved = o.translated(&(relative * time));
    contact(&moved, p, f64::INFINITY).map(|c| c.at(time))
}

/// The corners within half the smallest half-extent of the lowest, each with its height.
pub(super) fn manifold(o: &Obb, p: &Plane, contact: &PairContact) -> Vec<ManifoldPoint> {
    let band = MANIFOLD_DEPTH * o.half_extents().min();
    let (corners, _) = heights(o, p);
    corners
        .into_iter()
        .filter(|&(_, h)| h <= contact.gap + band)
        .collect()
}
