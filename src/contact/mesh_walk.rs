//! Walks of a mesh's tree that the mesh pair files share: the triangle of least gap, and every
//! triangle within a gap, both pruned by the distance of the tree's boxes.

use std::cell::Cell;
use std::ops::ControlFlow;

use crate::geometry::{Aabb, TriMesh, Triangle};

/// The signed gap of two AABBs: the largest of `a.min - b.max` and `b.min - a.max` over x, y and
/// z (negative when they overlap); a lower bound of the distance of anything inside them.
pub(super) fn aabb_gap(a: &Aabb, b: &Aabb) -> f64 {
    (0..3)
        .map(|k| (a.min[k] - b.max[k]).max(b.min[k] - a.max[k]))
        .fold(f64::NEG_INFINITY, f64::max)
}

/// The triangle of least gap to a shape whose AABB is `bounds` (mesh coordinates), among those
/// whose gap is at most `limit`, with that gap; `None` when none is.
///
/// # Algorithm
/// Branch and bound over the tree: each triangle's gap is `gap(t)` (a lower bound of its
/// distance with the right sign) raised to the gap of the AABBs, so that no triangle in a node
/// has a smaller gap than the node's box: a node whose box is farther than the best gap so far
/// is skipped.
pub(super) fn nearest(
    mesh: &TriMesh,
    bounds: &Aabb,
    limit: f64,
    gap: impl Fn(&Triangle) -> f64,
) -> Option<(f64, usize)> {
    let best_gap = Cell::new(limit);
    let mut best = None;
    mesh.bvh().traverse(
        |node| aabb_gap(node, bounds) <= best_gap.get(),
        |i| {
            let triangle = mesh.triangle(i as usize);
            let g = gap(&triangle).max(aabb_gap(&triangle.aabb(), bounds));
            let better = match best {
                None => g <= best_gap.get(),
                Some((b, k)) => g < b || (g == b && (i as usize) < k),
            };
            if better {
                best_gap.set(g);
                best = Some((g, i as usize));
            }
            ControlFlow::Continue(())
        },
    );
    best
}

/// Every triangle whose box is within `limit` of `bounds`, in the tree's order.
pub(super) fn near(mesh: &TriMesh, bounds: &Aabb, limit: f64) -> Vec<usize> {
    let mut found = Vec::new();
    mesh.bvh().traverse(
        |node| aabb_gap(node, bounds) <= limit,
        |i| {
            if aabb_gap(&mesh.triangle(i as usize).aabb(), bounds) <= limit {
                found.push(i as usize);
            }
            ControlFlow::Continue(())
        },
    );
    found
}
