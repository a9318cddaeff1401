//! A sphere and a triangle mesh: the tree finds the triangles, the nearest point of each decides
//! (docs/methods.md §15.3 and the hierarchy of §3.5).

use nalgebra::Vector3;

use super::mesh_walk::nearest;
use super::{sphere_triangle, ManifoldPoint, PairContact, PairKind, PlacedMesh};
use crate::geometry::{Aabb, Sphere};
use crate::sat::sweep_sphere_mesh;

/// The sphere moved into the mesh's own coordinates, and its AABB there.
fn local(s: &Sphere, m: &PlacedMesh) -> (Sphere, Aabb) {
    let center = s.center - m.offset;
    let reach = Vector3::repeat(s.radius);
    let sphere = Sphere { center, ..*s };
    let bounds = Aabb {
        min: center - reach,
        max: center + reach,
    };
    (sphere, bounds)
}

/// The distance from the centre to the nearest triangle minus the radius.
pub(super) fn separation(s: &Sphere, m: &PlacedMesh) -> f64 {
    let (s, bounds) = local(s, m);
    nearest(&m.mesh, &bounds, f64::INFINITY, |t| {
        sphere_triangle::separation(&s, t)
    })
    .map_or(f64::INFINITY, |(gap, _)| gap)
}

/// The contact of the sphere with the mesh's nearest triangle, the normal from the sphere
/// towards the mesh; `None` when every triangle is farther than `max_gap`.
///
/// # Algorithm
/// The triangle nearest the centre, by branch and bound over the tree, then its nearest point
/// (the sphere–triangle contact), moved back into the world.
pub(super) fn contact(s: &Sphere, m: &PlacedMesh, max_gap: f64) -> Option<PairContact> {
    let (s, bounds) = local(s, m);
    let (_, i) = nearest(&m.mesh, &bounds, max_gap, |t| {
        sphere_triangle::separation(&s, t)
    })?;
    let found = sphere_triangle::contact(&s, &m.mesh.triangle(i), f64::INFINITY)?;
    Some(on_mesh(found, i).moved(&m.offset))
}

/// The record of a contact with triangle `i` of a mesh.
fn on_mesh(found: PairContact, i: usize) -> PairContact {
    PairContact {
        pair: PairKind::SphereMesh,
        triangle: Some(i),
        ..found
    }
}

/// The first contact of the translating sphere and mesh: the tree walked with the sphere's swept
/// AABB, each triangle met swept in closed form, the earliest kept ([`sweep_sphere_mesh`]); the
/// contact is then taken with that triangle at that time.
pub(super) fn first_contact(
    s: &Sphere,
    vs: Vector3<f64>,
    m: &PlacedMesh,
    vm: Vector3<f64>,
    t_max: f64,
) -> Option<PairContact> {
    let (s, _) = local(s, m);
    let sweep = sweep_sphere_mesh(&s, vs, &m.mesh, vm, t_max);
    let (i, time) = (sweep.deciding_triangle?, sweep.contact?.time?);
    let moved = Sphere {
        center: s.center + vs * time,
        ..s
    };
    let triangle = m.mesh.triangle(i).translated(&(vm * time));
    let found = sphere_triangle::contact(&moved, &triangle, f64::INFINITY)?;
    Some(on_mesh(found, i).at(time).moved(&m.offset))
}

/// The contact point with its gap.
pub(super) fn manifold(_: &Sphere, _: &PlacedMesh, contact: &PairContact) -> Vec<ManifoldPoint> {
    vec![(contact.point, contact.gap)]
}
