//! A box and a triangle mesh: the tree finds the triangles, the 13-row table decides each
//! (docs/methods.md §15.1 and the hierarchy of §3.5).

use nalgebra::Vector3;

use super::mesh_walk::{near, nearest};
use super::{box_triangle, ManifoldPoint, PairContact, PairKind, PlacedMesh};
use crate::geometry::Obb;
use crate::sat::sweep_box_mesh;

/// The box moved into the mesh's own coordinates.
fn local(o: &Obb, m: &PlacedMesh) -> Obb {
    o.translated(&-m.offset)
}

/// The least over the triangles of the largest gap of their table (raised to the gap of the
/// AABBs): a lower bound of the distance, negative overlapping.
pub(super) fn separation(o: &Obb, m: &PlacedMesh) -> f64 {
    let o = local(o, m);
    nearest(&m.mesh, &o.aabb(), f64::INFINITY, |t| {
        box_triangle::separation(&o, t)
    })
    .map_or(f64::INFINITY, |(gap, _)| gap)
}

/// The contact of the box with the mesh's nearest triangle, the normal from the box towards the
/// mesh; `None` when every triangle is farther than `max_gap`.
///
/// # Algorithm
/// 1. The triangle of least gap, by branch and bound over the tree.
/// 2. Its box–triangle contact (the 13 rows, the axis within the tie tolerance of the largest
///    gap, the touching features along it), moved back into the world.
pub(super) fn contact(o: &Obb, m: &PlacedMesh, max_gap: f64) -> Option<PairContact> {
    let o = local(o, m);
    let (gap, i) = nearest(&m.mesh, &o.aabb(), max_gap, |t| {
        box_triangle::separation(&o, t)
    })?;
    let found = box_triangle::contact(&o, &m.mesh.triangle(i), f64::INFINITY)?;
    Some(on_mesh(found, gap, i).moved(&m.offset))
}

/// The record of a contact with triangle `i` of a mesh.
fn on_mesh(found: PairContact, gap: f64, i: usize) -> PairContact {
    PairContact {
        pair: PairKind::BoxMesh,
        gap,
        triangle: Some(i),
        ..found
    }
}

/// The first contact of the translating box and mesh: the tree walked with the box's swept AABB,
/// each triangle met swept over its 13 axes, the earliest kept ([`sweep_box_mesh`]).
pub(super) fn first_contact(
    o: &Obb,
    vo: Vector3<f64>,
    m: &PlacedMesh,
    vm: Vector3<f64>,
    t_max: f64,
) -> Option<PairContact> {
    let o = local(o, m);
    let sweep = sweep_box_mesh(&o, vo, &m.mesh, vm, t_max);
    let (i, found) = (sweep.deciding_triangle?, sweep.contact?);
    let time = found.time;
    let triangle = m.mesh.triangle(i).translated(&(vm * time));
    let gap = box_triangle::separation(&o.translated(&(vo * time)), &triangle);
    let record = PairContact::of_box_triangle(found, gap);
    Some(on_mesh(record, gap, i).moved(&m.offset))
}

/// The points a resting box holds on every triangle within reach whose plane or a box face lies
/// along the contact's normal (see [`box_triangle::held`]); the contact point when there is none.
pub(super) fn manifold(o: &Obb, m: &PlacedMesh, contact: &PairContact) -> Vec<ManifoldPoint> {
    let local_box = local(o, m);
    let reach = contact.gap.max(0.0) + 0.5 * o.half_extents().min();
    let mut points: Vec<ManifoldPoint> = Vec::new();
    for i in near(&m.mesh, &local_box.aabb(), reach) {
        let triangle = m.mesh.triangle(i).translated(&m.offset);
        for (p, gap) in box_triangle::held(o, &triangle, &contact.normal, contact.gap) {
            if !points.iter().any(|(q, _)| *q == p) {
                points.push((p, gap));
            }
        }
    }
    if points.is_empty() {
        points.push((contact.point, contact.gap));
    }
    points
}
