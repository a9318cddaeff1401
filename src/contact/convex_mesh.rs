//! An ellipsoid, a cylinder or a k-DOP and a triangle mesh: the tree finds the triangles, GJK and
//! EPA on each decide (docs/methods.md §15.6 and the hierarchy of §3.5).

use nalgebra::Vector3;

use super::convex_pair;
use super::convex_sweep::triangle_time;
use super::mesh_walk::{aabb_gap, near, nearest};
use super::{ManifoldPoint, PairContact, PairKind, PlacedMesh};
use crate::geometry::epa::penetration;
use crate::geometry::{Aabb, Convex};

/// The shape moved into the mesh's own coordinates, and its AABB there.
fn local(a: &Convex, m: &PlacedMesh) -> (Convex, Aabb) {
    let moved = a.translated(&-m.offset);
    let bounds = moved.aabb();
    (moved, bounds)
}

/// The least over the mesh's triangles of GJK's signed distance.
pub(super) fn separation(a: &Convex, m: &PlacedMesh) -> f64 {
    let (a, bounds) = local(a, m);
    nearest(&m.mesh, &bounds, f64::INFINITY, |t| {
        penetration(&a, t).signed_distance
    })
    .map_or(f64::INFINITY, |(gap, _)| gap)
}

/// The record of a contact with triangle `i` of a mesh.
fn on_mesh(found: PairContact, i: usize) -> PairContact {
    PairContact {
        pair: PairKind::ConvexMesh,
        triangle: Some(i),
        ..found
    }
}

/// The contact of the shape with the mesh's nearest triangle, the normal from the shape towards
/// the mesh; `None` when every triangle is farther than `max_gap`.
///
/// # Algorithm
/// The triangle of least signed distance (GJK, EPA when overlapping), by branch and bound over the
/// tree, then the contact with it, moved back into the world.
pub(super) fn contact(a: &Convex, m: &PlacedMesh, max_gap: f64) -> Option<PairContact> {
    let (moved, bounds) = local(a, m);
    let (_, i) = nearest(&m.mesh, &bounds, max_gap, |t| {
        penetration(&moved, t).signed_distance
    })?;
    let found = convex_pair::contact(&moved, &m.mesh.triangle(i), f64::INFINITY)?;
    Some(on_mesh(found, i).moved(&m.offset))
}

/// The first contact of the translating shape and mesh: the triangles near the shape's swept
/// AABB, each by its first-contact time (an ellipsoid's closed form in its scaled space, else
/// conservative advancement), the earliest kept; the contact is then taken with
/// that triangle at that time.
pub(super) fn first_contact(
    a: &Convex,
    va: Vector3<f64>,
    m: &PlacedMesh,
    vm: Vector3<f64>,
    t_max: f64,
) -> Option<PairContact> {
    let (moved, bounds) = local(a, m);
    let relative = va - vm;
    let end = moved.translated(&(relative * t_max)).aabb();
    let swept = Aabb {
        min: bounds.min.inf(&end.min),
        max: bounds.max.sup(&end.max),
    };
    let mut best: Option<(f64, usize)> = None;
    for i in near(&m.mesh, &swept, 0.0) {
        let triangle = m.mesh.triangle(i);
        if aabb_gap(&triangle.aabb(), &swept) > 0.0 {
            continue;
        }
        let limit = best.map_or(t_max, |(t, _)| t);
        if let Some(t) = triangle_time(&moved, relative, &triangle, Vector3::zeros(), limit) {
            if best.is_none_or(|(b, k)| t < b || (t == b && i < k)) {
                best = Some((t, i));
            }
        }
    }
    let (time, i) = best?;
    let then = moved.translated(&(relative * time));
    let found = convex_pair::contact(&then, &m.mesh.triangle(i), f64::INFINITY)?;
    Some(on_mesh(found, i).at(time).moved(&(m.offset + vm * time)))
}

/// The contact point with its gap, and the shape's rim points near the triangle's plane.
pub(super) fn manifold(a: &Convex, _: &PlacedMesh, contact: &PairContact) -> Vec<ManifoldPoint> {
    convex_pair::flat_manifold(a, contact)
}
