//! Pure geometry: bounding volumes and the shapes sepax tests (no time stepping, no I/O).

pub mod advance;
pub mod box_plane;
pub mod bvh;
pub mod clip;
pub mod convex;
pub mod cylinder;
pub mod distance;
pub mod ellipsoid;
pub mod epa;
pub mod epa_polish;
pub mod fit;
pub mod gjk;
pub mod hull;
pub mod kdop;
pub mod line_distance;
pub mod line_triangle;
pub mod mesh;
pub mod obb;
pub mod planes;
pub mod ray;
pub mod ray_convex;
pub mod ray_triangle_course;
pub mod separation;
pub mod simplex;
pub mod sphere_box;
pub mod sphere_triangle;
pub mod spheres;
pub mod support;
pub mod triangle;
pub mod volumes;

pub use convex::{Convex, ConvexSpec};
pub use cylinder::Cylinder;
pub use ellipsoid::Ellipsoid;
pub use kdop::Kdop;
pub use mesh::TriMesh;
pub use obb::Obb;
pub use support::SupportMap;
pub use triangle::Triangle;

use nalgebra::Vector3;

/// An axis-aligned bounding box given by its minimum and maximum corners.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb {
    /// The corner with the smallest coordinates.
    pub min: Vector3<f64>,
    /// The corner with the largest coordinates.
    pub max: Vector3<f64>,
}

/// A solid sphere.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sphere {
    /// The centre.
    pub center: Vector3<f64>,
    /// The radius, `>= 0`.
    pub radius: f64,
}

/// The plane of points `x` with `normal · x = offset`; `normal` has unit length.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plane {
    /// Unit normal.
    pub normal: Vector3<f64>,
    /// Signed distance of the plane from the origin along `normal`.
    pub offset: f64,
}
