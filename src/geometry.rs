//! Pure geometry: bounding volumes and the shapes sepax tests (no time stepping, no I/O).

pub mod box_plane;
pub mod clip;
pub mod distance;
pub mod fit;
pub mod hull;
pub mod line_distance;
pub mod line_triangle;
pub mod obb;
pub mod planes;
pub mod sphere_box;
pub mod spheres;
pub mod volumes;

pub use obb::Obb;

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
