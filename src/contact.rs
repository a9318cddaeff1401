//! The one door for contact queries: a table indexed by the kinds of two placed shapes (like
//! the query dispatcher of parry or the contact register of `Box2D`), one file per pair kind,
//! every query returning the same [`PairContact`] record that the resting pass, the time-of-impact search
//! and `explain` all read.
//!
//! ```text
//!            Box        Sphere         Plane         Triangle         Mesh         Convex
//! Box       box_box    box_sphere     box_plane     box_triangle     box_mesh     (swapped)
//! Sphere    (swapped)  sphere_sphere  sphere_plane  sphere_triangle  sphere_mesh  (swapped)
//! Plane     (swapped)  (swapped)      never touch   never touch      never touch  (swapped)
//! Triangle  (swapped)  (swapped)      never touch   never touch      never touch  (swapped)
//! Mesh      (swapped)  (swapped)      never touch   never touch      never touch  (swapped)
//! Convex    convex_pair convex_pair   convex_plane  convex_pair      convex_mesh  convex_pair
//! ```
//!
//! `Convex` is an ellipsoid, a cylinder or a k-DOP, known by its support function: GJK and EPA
//! (`convex_pair`) answer every pair of it but the plane (its support point facing the plane)
//! and the mesh (GJK per triangle through the tree).
//!
//! Planes, triangles and meshes never respond to a contact (they stay put or move at a constant
//! velocity), so a pair of two of them is never tested here: `explain` still shows the
//! triangle–triangle table, without a first contact.
//!
//! A new shape adds a row and a column: its pair files, and a [`Shape`] variant.

mod box_box;
mod box_mesh;
mod box_plane;
mod box_sphere;
mod box_triangle;
mod convex_face;
mod convex_mesh;
mod convex_pair;
mod convex_plane;
pub mod convex_sweep;
mod mesh_walk;
mod record;
mod sphere_mesh;
mod sphere_plane;
mod sphere_sphere;
mod sphere_triangle;

use std::sync::Arc;

use nalgebra::Vector3;

pub use record::{BoxPart, ManifoldPoint, PairContact, PairKind};

use crate::geometry::{Convex, Obb, Plane, Sphere, TriMesh, Triangle};

/// A shape placed in the world at one instant.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// An oriented box.
    Box(Obb),
    /// A solid sphere.
    Sphere(Sphere),
    /// A plane (the half-space below it counts as solid only for spheres and boxes that cross it).
    Plane(Plane),
    /// A triangle in world coordinates.
    Triangle(Triangle),
    /// A triangle mesh moved by an offset.
    Mesh(PlacedMesh),
    /// An ellipsoid, a cylinder or a k-DOP.
    Convex(Convex),
}

/// A triangle mesh placed in the world: each vertex of `mesh` plus `offset` (the tree is shared,
/// never rebuilt, as the mesh moves).
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedMesh {
    /// The mesh and its tree.
    pub mesh: Arc<TriMesh>,
    /// Where the mesh's origin is in the world.
    pub offset: Vector3<f64>,
}

/// Which kind of shape, the index into the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeKind {
    /// [`Shape::Box`].
    Box = 0,
    /// [`Shape::Sphere`].
    Sphere = 1,
    /// [`Shape::Plane`].
    Plane = 2,
    /// [`Shape::Triangle`].
    Triangle = 3,
    /// [`Shape::Mesh`].
    Mesh = 4,
    /// [`Shape::Convex`].
    Convex = 5,
}

impl Shape {
    /// The kind of this shape.
    pub fn kind(&self) -> ShapeKind {
        match self {
            Shape::Box(_) => ShapeKind::Box,
            Shape::Sphere(_) => ShapeKind::Sphere,
            Shape::Plane(_) => ShapeKind::Plane,
            Shape::Triangle(_) => ShapeKind::Triangle,
            Shape::Mesh(_) => ShapeKind::Mesh,
            Shape::Convex(_) => ShapeKind::Convex,
        }
    }

    /// The same shape moved by `offset` (a plane never moves).
    #[must_use]
    pub fn translated(&self, offset: &Vector3<f64>) -> Self {
        match self {
            Shape::Box(o) => Shape::Box(o.translated(offset)),
            Shape::Sphere(s) => Shape::Sphere(Sphere {
                center: s.center + offset,
                ..*s
            }),
            Shape::Plane(p) => Shape::Plane(*p),
            Shape::Triangle(t) => Shape::Triangle(t.translated(offset)),
            Shape::Mesh(m) => Shape::Mesh(PlacedMesh {
                mesh: Arc::clone(&m.mesh),
                offset: m.offset + offset,
            }),
            Shape::Convex(c) => Shape::Convex(c.translated(offset)),
        }
    }
}

/// The first contact of two translating shapes (shape, velocity, shape, velocity, horizon).
type FirstContact = fn(&Shape, Vector3<f64>, &Shape, Vector3<f64>, f64) -> Option<PairContact>;

/// The queries of one pair kind, on shapes given in the order of its file.
struct Queries {
    pair: PairKind,
    separation: fn(&Shape, &Shape) -> f64,
    contact: fn(&Shape, &Shape, f64) -> Option<PairContact>,
    first_contact: FirstContact,
    manifold: fn(&Shape, &Shape, &PairContact) -> Vec<ManifoldPoint>,
}

/// The queries of the pair file `$file` for shapes `$a`, `$b`: each unpacks the two shapes (the
/// table only ever hands it that pair) and calls the file's function of the same name.
macro_rules! queries {
    ($pair:expr, $file:ident, $a:ident, $b:ident) => {
        Queries {
            pair: $pair,
            separation: |a, b| match (a, b) {
                (Shape::$a(a), Shape::$b(b)) => $file::separation(a, b),
                _ => f64::INFINITY,
            },
            contact: |a, b, max_gap| match (a, b) {
                (Shape::$a(a), Shape::$b(b)) => $file::contact(a, b, max_gap),
                _ => None,
            },
            first_contact: |a, va, b, vb, t_max| match (a, b) {
                (Shape::$a(a), Shape::$b(b)) => $file::first_contact(a, va, b, vb, t_max),
                _ => None,
            },
            manifold: |a, b, contact| match (a, b) {
                (Shape::$a(a), Shape::$b(b)) => $file::manifold(a, b, contact),
                _ => Vec::new(),
            },
        }
    };
}

static BOX_BOX: Queries = queries!(PairKind::BoxBox, box_box, Box, Box);
static BOX_SPHERE: Queries = queries!(PairKind::BoxSphere, box_sphere, Box, Sphere);
static BOX_PLANE: Queries = queries!(PairKind::BoxPlane, box_plane, Box, Plane);
static SPHERE_SPHERE: Queries = queries!(PairKind::SphereSphere, sphere_sphere, Sphere, Sphere);
static SPHERE_PLANE: Queries = queries!(PairKind::SpherePlane, sphere_plane, Sphere, Plane);
static BOX_TRIANGLE: Queries = queries!(PairKind::BoxTriangle, box_triangle, Box, Triangle);
static BOX_MESH: Queries = queries!(PairKind::BoxMesh, box_mesh, Box, Mesh);
static SPHERE_TRIANGLE: Queries =
    queries!(PairKind::SphereTriangle, sphere_triangle, Sphere, Triangle);
static SPHERE_MESH: Queries = queries!(PairKind::SphereMesh, sphere_mesh, Sphere, Mesh);
static CONVEX_BOX: Queries = queries!(PairKind::ConvexBox, convex_pair, Convex, Box);
static CONVEX_SPHERE: Queries = queries!(PairKind::ConvexSphere, convex_pair, Convex, Sphere);
static CONVEX_PLANE: Queries = queries!(PairKind::ConvexPlane, convex_plane, Convex, Plane);
static CONVEX_TRIANGLE: Queries = queries!(PairKind::ConvexTriangle, convex_pair, Convex, Triangle);
static CONVEX_MESH: Queries = queries!(PairKind::ConvexMesh, convex_mesh, Convex, Mesh);
static CONVEX_CONVEX: Queries = queries!(PairKind::ConvexConvex, convex_pair, Convex, Convex);

/// The table: row the first shape's kind, column the second's; `true` when the pair file takes
/// the shapes the other way round (the answer is then turned back); `None` never touches.
static TABLE: [[Option<(&Queries, bool)>; 6]; 6] = [
    [
        Some((&BOX_BOX, false)),
        Some((&BOX_SPHERE, false)),
        Some((&BOX_PLANE, false)),
        Some((&BOX_TRIANGLE, false)),
        Some((&BOX_MESH, false)),
        Some((&CONVEX_BOX, true)),
    ],
    [
        Some((&BOX_SPHERE, true)),
        Some((&SPHERE_SPHERE, false)),
        Some((&SPHERE_PLANE, false)),
        Some((&SPHERE_TRIANGLE, false)),
        Some((&SPHERE_MESH, false)),
        Some((&CONVEX_SPHERE, true)),
    ],
    [
        Some((&BOX_PLANE, true)),
        Some((&SPHERE_PLANE, true)),
        None,
        None,
        None,
        Some((&CONVEX_PLANE, true)),
    ],
    [
        Some((&BOX_TRIANGLE, true)),
        Some((&SPHERE_TRIANGLE, true)),
        None,
        None,
        None,
        Some((&CONVEX_TRIANGLE, true)),
    ],
    [
        Some((&BOX_MESH, true)),
        Some((&SPHERE_MESH, true)),
        None,
        None,
        None,
        Some((&CONVEX_MESH, true)),
    ],
    [
        Some((&CONVEX_BOX, false)),
        Some((&CONVEX_SPHERE, false)),
        Some((&CONVEX_PLANE, false)),
        Some((&CONVEX_TRIANGLE, false)),
        Some((&CONVEX_MESH, false)),
        Some((&CONVEX_CONVEX, false)),
    ],
];

/// The table's entry for shapes of kinds `a` and `b`.
fn entry(a: ShapeKind, b: ShapeKind) -> Option<(&'static Queries, bool)> {
    TABLE[a as usize][b as usize]
}

/// Which pair two kinds of shape form, whatever their order.
pub fn pair_kind(a: ShapeKind, b: ShapeKind) -> PairKind {
    use ShapeKind::{Mesh, Plane, Triangle};
    if let Some((queries, _)) = entry(a, b) {
        return queries.pair;
    }
    let (low, high) = if (a as usize) <= (b as usize) {
        (a, b)
    } else {
        (b, a)
    };
    match (low, high) {
        (Plane, Triangle) => PairKind::PlaneTriangle,
        (Plane, Mesh) => PairKind::PlaneMesh,
        (Triangle, Triangle) => PairKind::TriangleTriangle,
        (Triangle, Mesh) => PairKind::TriangleMesh,
        (Mesh, Mesh) => PairKind::MeshMesh,
        _ => PairKind::PlanePlane,
    }
}

/// Signed separation of two shapes: positive apart, 0 touching, negative overlapping (two
/// boxes, a box and a triangle: the largest SAT gap, a lower bound of the distance with the
/// right sign; a mesh: the least over its triangles; two of planes, triangles and meshes:
/// infinite).
pub fn separation(a: &Shape, b: &Shape) -> f64 {
    match entry(a.kind(), b.kind()) {
        Some((queries, false)) => (queries.separation)(a, b),
        Some((queries, true)) => (queries.separation)(b, a),
        None => f64::INFINITY,
    }
}

/// How two placed shapes touch now (time 0 of the record), with the normal from `a` towards
/// `b`; `None` when their separation exceeds `max_gap`, and for two of planes, triangles and
/// meshes.
pub fn contact(a: &Shape, b: &Shape, max_gap: f64) -> Option<PairContact> {
    match entry(a.kind(), b.kind())? {
        (queries, false) => (queries.contact)(a, b, max_gap),
        (queries, true) => (queries.contact)(b, a, max_gap).map(PairContact::flipped),
    }
}

/// The first contact within `[0, t_max]` of the shapes moving with constant velocities `va`,
/// `vb` (no rotation): the contact of the shapes placed at that time.
pub fn first_contact(
    a: &Shape,
    va: Vector3<f64>,
    b: &Shape,
    vb: Vector3<f64>,
    t_max: f64,
) -> Option<PairContact> {
    match entry(a.kind(), b.kind())? {
        (queries, false) => (queries.first_contact)(a, va, b, vb, t_max),
        (queries, true) => (queries.first_contact)(b, vb, a, va, t_max).map(PairContact::flipped),
    }
}

/// The points a resting contact of the two shapes holds, each with its own separation along the
/// contact's normal: box corners near a plane, a box's incident face clipped to the other's
/// reference face, the single point of a sphere.
pub fn manifold(a: &Shape, b: &Shape, contact: &PairContact) -> Vec<ManifoldPoint> {
    match entry(a.kind(), b.kind()) {
        Some((queries, false)) => (queries.manifold)(a, b, contact),
        Some((queries, true)) => (queries.manifold)(b, a, &contact.clone().flipped()),
        None => Vec::new(),
    }
}
