//! Boxes, spheres, triangles and convex shapes against a triangle mesh through its AABB tree: the
//! traversal's counts, then the deciding triangle's own test (docs/methods.md §15.1, §15.2, §15.6;
//! the hierarchy of §3.5).

use std::cell::Cell;
use std::ops::ControlFlow;

use nalgebra::Vector3;

use super::box_triangle::{box_triangle_overlaps, box_triangle_trace, BoxTriangleTrace};
use super::box_triangle_sweep::box_triangle_first_contact;
use super::shape_sweep::ShapeContact;
use super::triangle_triangle::{triangle_triangle_trace, TriangleTriangleTrace};
use crate::geometry::bvh::Traversal;
use crate::geometry::gjk::{gjk, Gjk};
use crate::geometry::sphere_triangle::{
    sphere_triangle, sweep_sphere_triangle, SphereTriangle, TriangleSweep,
};
use crate::geometry::{Aabb, Convex, Obb, Sphere, TriMesh, Triangle};

/// A still shape against a mesh: what the tree did and the triangle that decided.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MeshQuery<T> {
    /// Nodes visited and triangles tested (the walk stops at the first triangle that meets).
    pub traversal: Traversal,
    /// Whether some triangle touches or overlaps the shape.
    pub intersecting: bool,
    /// For a hit, the first triangle met in the tree's order (depth first, left child first).
    /// For a miss, the nearest miss: the tested triangle whose table's largest gap (the best
    /// lower bound of its distance) is smallest, the earlier in the tree's order on a tie.
    /// `None` when the tree rejected every leaf: then the traversal is the whole evidence.
    pub deciding_triangle: Option<usize>,
    /// The deciding triangle's own test.
    pub evidence: Option<T>,
}

/// A moving shape against a mesh: the earliest contact over the triangles the swept box meets.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MeshSweep<C> {
    /// Nodes visited and triangles swept.
    pub traversal: Traversal,
    /// The triangle touched first (the earlier in the tree's order on a tie).
    pub deciding_triangle: Option<usize>,
    /// Its contact.
    pub contact: Option<C>,
}

/// Walks the tree with `overlaps` and tests the triangles with `gap` (`<= 0` meets); returns
/// the record and the deciding triangle as defined on [`MeshQuery`].
fn decide(
    mesh: &TriMesh,
    overlaps: impl Fn(&Aabb) -> bool,
    gap: impl Fn(&Triangle) -> (bool, f64),
) -> (Traversal, bool, Option<usize>) {
    let (mut nearest, mut hit): (Option<(f64, usize)>, Option<usize>) = (None, None);
    let traversal = mesh.bvh().traverse(overlaps, |i| {
        let (meets, g) = gap(&mesh.triangle(i as usize));
        if meets {
            hit = Some(i as usize);
            return ControlFlow::Break(());
        }
        if nearest.is_none_or(|(best, _)| g < best) {
            nearest = Some((g, i as usize));
        }
        ControlFlow::Continue(())
    });
    (traversal, hit.is_some(), hit.or(nearest.map(|(_, i)| i)))
}

/// Whether the box meets any triangle of the mesh (touching counts), stopping at the first.
///
/// # Algorithm
/// Depth-first walk of the tree, entering the nodes whose AABB meets the box's AABB; at a leaf
/// each triangle gets the early-exit box–triangle test.
pub fn box_mesh_overlaps(obb: &Obb, mesh: &TriMesh) -> bool {
    let bounds = obb.aabb();
    let mut hit = false;
    mesh.bvh().traverse(
        |node| node.overlaps(&bounds),
        |i| {
            hit = box_triangle_overlaps(obb, &mesh.triangle(i as usize));
            if hit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    hit
}

/// The box against the mesh with the traversal record and the deciding triangle's 13 rows.
pub fn box_mesh(obb: &Obb, mesh: &TriMesh) -> MeshQuery<BoxTriangleTrace> {
    let bounds = obb.aabb();
    let (traversal, intersecting, deciding_triangle) = decide(
        mesh,
        |n| n.overlaps(&bounds),
        |t| {
            let trace = box_triangle_trace(obb, t);
            (trace.intersecting(), trace.max_gap())
        },
    );
    MeshQuery {
        traversal,
        intersecting,
        deciding_triangle,
        evidence: deciding_triangle.map(|i| box_triangle_trace(obb, &mesh.triangle(i))),
    }
}

/// The sphere against the mesh with the traversal record and the deciding triangle's closest point.
pub fn sphere_mesh(sphere: &Sphere, mesh: &TriMesh) -> MeshQuery<SphereTriangle> {
    let bounds = Aabb {
        min: sphere.center - Vector3::repeat(sphere.radius),
        max: sphere.center + Vector3::repeat(sphere.radius),
    };
    let (traversal, intersecting, deciding_triangle) = decide(
        mesh,
        |n| n.overlaps(&bounds),
        |t| {
            let test = sphere_triangle(sphere, t);
            (test.touching, test.gap)
        },
    );
    MeshQuery {
        traversal,
        intersecting,
        deciding_triangle,
        evidence: deciding_triangle.map(|i| sphere_triangle(sphere, &mesh.triangle(i))),
    }
}

/// The triangle against the mesh with the traversal record and the deciding pair's table.
pub fn triangle_mesh(triangle: &Triangle, mesh: &TriMesh) -> MeshQuery<TriangleTriangleTrace> {
    let bounds = triangle.aabb();
    let (traversal, intersecting, deciding_triangle) = decide(
        mesh,
        |n| n.overlaps(&bounds),
        |t| {
            let trace = triangle_triangle_trace(triangle, t);
            let gap = trace
                .largest_gap()
                .and_then(|row| row.gap)
                .unwrap_or(f64::NEG_INFINITY);
            (trace.intersecting(), gap)
        },
    );
    MeshQuery {
        traversal,
        intersecting,
        deciding_triangle,
        evidence: deciding_triangle.map(|i| triangle_triangle_trace(triangle, &mesh.triangle(i))),
    }
}

/// An ellipsoid, a cylinder or a k-DOP against the mesh with the traversal record and GJK's
/// record on the deciding triangle.
///
/// # Algorithm
/// Depth-first walk of the tree, entering the nodes whose AABB meets the shape's AABB; at a leaf
/// each triangle gets GJK on the two support functions (touching counts as meeting; the
/// distance orders the misses).
pub fn convex_mesh(shape: &Convex, mesh: &TriMesh) -> MeshQuery<Gjk> {
    let bounds = shape.aabb();
    let (traversal, intersecting, deciding_triangle) = decide(
        mesh,
        |n| n.overlaps(&bounds),
        |t| {
            let found = gjk(shape, t);
            (found.intersecting, found.distance)
        },
    );
    MeshQuery {
        traversal,
        intersecting,
        deciding_triangle,
        evidence: deciding_triangle.map(|i| gjk(shape, &mesh.triangle(i))),
    }
}

/// The earliest contact over the triangles whose boxes meet `bounds` swept by `w` over
/// `[0, best]`, the window shrinking as contacts are found.
fn earliest<C>(
    mesh: &TriMesh,
    bounds: &Aabb,
    w: &Vector3<f64>,
    t_max: f64,
    contact: impl Fn(&Triangle) -> Option<(f64, C)>,
) -> MeshSweep<C> {
    let best_time = Cell::new(t_max);
    let mut best: Option<(f64, usize, C)> = None;
    let swept = |node: &Aabb| {
        let end = w * best_time.get();
        let reach = Aabb {
            min: bounds.min + end.inf(&Vector3::zeros()),
            max: bounds.max + end.sup(&Vector3::zeros()),
        };
        node.overlaps(&reach)
    };
    let traversal = mesh.bvh().traverse(swept, |i| {
        if let Some((t, c)) = contact(&mesh.triangle(i as usize)) {
            if best.as_ref().is_none_or(|(b, _, _)| t < *b) {
                best_time.set(t);
                best = Some((t, i as usize, c));
            }
        }
        ControlFlow::Continue(())
    });
    MeshSweep {
        traversal,
        deciding_triangle: best.as_ref().map(|(_, i, _)| *i),
        contact: best.map(|(_, _, c)| c),
    }
}

/// The first contact of a box moving at `v_box` with a mesh moving at `v_mesh` within `[0, t_max]`.
///
/// # Algorithm
/// The tree is walked with the box's AABB swept by the relative velocity over `[0, t]`, `t`
/// the earliest contact found so far (at first `t_max`); each triangle met is swept over its
/// 13 axes ([`box_triangle_first_contact`]) and the earliest contact is kept.
pub fn sweep_box_mesh(
    obb: &Obb,
    v_box: Vector3<f64>,
    mesh: &TriMesh,
    v_mesh: Vector3<f64>,
    t_max: f64,
) -> MeshSweep<ShapeContact> {
    earliest(mesh, &obb.aabb(), &(v_box - v_mesh), t_max, |t| {
        box_triangle_first_contact(obb, v_box, t, v_mesh, t_max).map(|c| (c.time, c))
    })
}

/// The first contact of a sphere moving at `v_sphere` with a mesh moving at `v_mesh`, as for
/// [`sweep_box_mesh`] with the sphere–triangle closed form.
pub fn sweep_sphere_mesh(
    sphere: &Sphere,
    v_sphere: Vector3<f64>,
    mesh: &TriMesh,
    v_mesh: Vector3<f64>,
    t_max: f64,
) -> MeshSweep<TriangleSweep> {
    let bounds = Aabb {
        min: sphere.center - Vector3::repeat(sphere.radius),
        max: sphere.center + Vector3::repeat(sphere.radius),
    };
    earliest(mesh, &bounds, &(v_sphere - v_mesh), t_max, |t| {
        let sweep = sweep_sphere_triangle(sphere, &v_sphere, t, &v_mesh, t_max);
        sweep.time.map(|time| (time, sweep))
    })
}
