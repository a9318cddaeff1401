//! Cheap rejection over a frame's motion: swept bounding volumes, then swept spheres and AABBs
//! per pair (docs/methods.md §3.5); the broad phases over them are in `grid` (a frame's pairs)
//! and `sort_sweep` (a struck body's new partners).

use nalgebra::Vector3;

use crate::dynamics::toi::spin_between;
use crate::dynamics::{BodyShape, BodyState, RigidBody};
use crate::geometry::fit::aabb_of_points;
use crate::geometry::Aabb;

/// How many pairs each stage of the cheap rejection let through (summed over a frame).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stages {
    /// Pairs the broad phase proposed (swept AABBs overlapping, found on a uniform grid, and
    /// every body with a plane).
    pub broad_phase: usize,
    /// Of those, pairs whose swept bounding spheres meet.
    pub spheres: usize,
    /// Of those, pairs whose swept AABBs overlap: these get the exact test.
    pub aabbs: usize,
}

/// A body's reach over a stretch of time, or a plane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Volume {
    /// A moving or fixed body: the AABB and bounding sphere of everything it sweeps.
    Swept {
        /// The swept AABB.
        aabb: Aabb,
        /// Centre of the swept bounding sphere.
        center: Vector3<f64>,
        /// Radius of the swept bounding sphere.
        radius: f64,
    },
    /// The plane `normal · x = offset` (solid below).
    Plane {
        /// Unit normal.
        normal: Vector3<f64>,
        /// Offset.
        offset: f64,
    },
}

/// What a body sweeps while moving from `start` to `end` in `h` seconds along the cubic Hermite
/// path: the path lies in the hull of its Bézier control points `x0, x0 + v0 h/3, x1 - v1 h/3,
/// x1`, grown by the distance from the centre to the farthest surface point.
pub(super) fn swept(body: &RigidBody, start: &BodyState, end: &BodyState, h: f64) -> Volume {
    let reach = match &body.shape {
        BodyShape::Plane { normal, offset } => {
            return Volume::Plane {
                normal: *normal,
                offset: *offset,
            }
        }
        BodyShape::Box(half) => half.norm(),
        BodyShape::Sphere(r) => *r,
        BodyShape::Convex(c) if c.is_dynamic() => c.reach(),
        // A k-DOP, a triangle or a mesh only translates, along a straight line: its own box at
        // the start, and at the end when it moves.
        BodyShape::Convex(c) => {
            let aabb = c.placed(start.position, start.rotation).aabb();
            return carried(&aabb, &(end.position - start.position));
        }
        BodyShape::Triangle(vertices) => {
            let corners = vertices.map(|v| v + start.position);
            let aabb = aabb_of_points(&corners).expect("three corners");
            return carried(&aabb, &(end.position - start.position));
        }
        BodyShape::Mesh(mesh) => {
            let own = mesh.aabb();
            let offset = start.position;
            let aabb = Aabb {
                min: own.min + offset,
                max: own.max + offset,
            };
            return carried(&aabb, &(end.position - start.position));
        }
    };
    let controls = [
        start.position,
        start.position + start.velocity * (h / 3.0),
        end.position - end.velocity * (h / 3.0),
        end.position,
    ];
    let path = aabb_of_points(&controls).expect("four control points");
    let grow = Vector3::repeat(reach);
    let aabb = match (&body.shape, h == 0.0) {
        (BodyShape::Box(_), true) => body.obb().map_or(path, |o| o.aabb()),
        (BodyShape::Box(half), false) => {
            let around = box_around(half, start, &spin_between(start, end, h), h);
            let grown = Aabb {
                min: path.min - around,
                max: path.max + around,
            };
            let sphere = Aabb {
                min: path.min - grow,
                max: path.max + grow,
            };
            Aabb {
                min: grown.min.sup(&sphere.min),
                max: grown.max.inf(&sphere.max),
            }
        }
        _ => Aabb {
            min: path.min - grow,
            max: path.max + grow,
        },
    };
    Volume::Swept {
        aabb,
        center: path.center(),
        radius: 0.5 * (path.max - path.min).norm() + reach,
    }
}

/// How far a box turning at `spin` for `h` from its pose at `start` reaches from its centre
/// along each world axis: its own extent at the start, grown by the farthest any corner moves
/// while the box turns (the chord `|r| min(θ, 2)` of a turn by `θ = |spin| h`; the track turns
/// about one axis at a constant rate, [`spin_between`]).
fn box_around(half: &Vector3<f64>, start: &BodyState, spin: &Vector3<f64>, h: f64) -> Vector3<f64> {
    let rotation = start.rotation.to_rotation_matrix();
    let extent = rotation.matrix().abs() * half;
    let turn = (spin.norm() * h).min(2.0);
    extent + Vector3::repeat(half.norm() * turn)
}

/// The volume of a body inside `aabb` translated by `shift` along a straight line: the union of
/// the box at both ends.
fn carried(aabb: &Aabb, shift: &Vector3<f64>) -> Volume {
    if *shift == Vector3::zeros() {
        return still(aabb);
    }
    let moved = Aabb {
        min: aabb.min + shift,
        max: aabb.max + shift,
    };
    still(&aabb.union(&moved))
}

/// The volume of a body that stays inside `aabb`.
fn still(aabb: &Aabb) -> Volume {
    Volume::Swept {
        aabb: *aabb,
        center: aabb.center(),
        radius: 0.5 * (aabb.max - aabb.min).norm(),
    }
}

/// Which stage of the cheap rejection separated a pair, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// The swept bounding spheres are apart.
    Spheres,
    /// The swept AABBs are apart.
    Aabbs,
    /// Neither separates: run the exact test.
    Exact,
}

/// Swept spheres first, then AABBs; against a plane, the sphere and the AABB's lowest point.
pub(super) fn cheap_rejection(a: &Volume, b: &Volume, margin: f64) -> Verdict {
    match (a, b) {
        (Volume::Plane { .. }, Volume::Plane { .. }) => Verdict::Spheres,
        (
            Volume::Plane { normal, offset },
            Volume::Swept {
                aabb,
                center,
                radius,
            },
        )
        | (
            Volume::Swept {
                aabb,
                center,
                radius,
            },
            Volume::Plane { normal, offset },
        ) => {
            if normal.dot(center) - offset > radius + margin {
                return Verdict::Spheres;
            }
            let (middle, half) = (aabb.center(), aabb.half_extents());
            if normal.dot(&middle) - half.dot(&normal.abs()) - offset > margin {
                return Verdict::Aabbs;
            }
            Verdict::Exact
        }
        (
            Volume::Swept {
                aabb: p,
                center: c,
                radius: r,
            },
            Volume::Swept {
                aabb: q,
                center: d,
                radius: s,
            },
        ) => {
            if (c - d).norm() > r + s + margin {
                Verdict::Spheres
            } else if (0..3).any(|k| p.min[k] > q.max[k] + margin || q.min[k] > p.max[k] + margin) {
                Verdict::Aabbs
            } else {
                Verdict::Exact
            }
        }
    }
}
