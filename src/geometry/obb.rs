//! The oriented box: centre, rotation and half-extents, with its axes cached.

use nalgebra::{Matrix3, UnitQuaternion, Vector3};

use super::{Aabb, Sphere};

/// An oriented bounding box; `axes()` are the columns `A0 A1 A2` of its rotation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obb {
    center: Vector3<f64>,
    rotation: UnitQuaternion<f64>,
    half_extents: Vector3<f64>,
    axes: Matrix3<f64>,
}

impl Obb {
    /// A box with the given centre, rotation and half-extents.
    pub fn new(
        center: Vector3<f64>,
        rotation: UnitQuaternion<f64>,
        half_extents: Vector3<f64>,
    ) -> Self {
        let axes = rotation.to_rotation_matrix().into_inner();
        Self {
            center,
            rotation,
            half_extents,
            axes,
        }
    }

    /// The centre.
    #[inline]
    pub fn center(&self) -> Vector3<f64> {
        self.center
    }

    /// The rotation from box coordinates to world coordinates.
    #[inline]
    pub fn rotation(&self) -> UnitQuaternion<f64> {
        self.rotation
    }

    /// The half-extents `a0 a1 a2` along the box axes.
    #[inline]
    pub fn half_extents(&self) -> Vector3<f64> {
        self.half_extents
    }

    /// The unit axes as the columns of a matrix.
    #[inline]
    pub fn axes(&self) -> &Matrix3<f64> {
        &self.axes
    }

    /// The unit axis `i` (0, 1 or 2).
    #[inline]
    pub fn axis(&self, i: usize) -> Vector3<f64> {
        self.axes.column(i).into_owned()
    }

    /// The same box moved by `offset`.
    #[inline]
    #[must_use]
    pub fn translated(&self, offset: &Vector3<f64>) -> Self {
        Self {
            center: self.center + offset,
            ..*self
        }
    }

    /// The world point with box coordinates `local`.
    #[inline]
    pub fn to_world(&self, local: &Vector3<f64>) -> Vector3<f64> {
        self.center + self.direction_to_world(local)
    }

    /// The world vector with box coordinates `local` (turned by the box, not moved), written
    /// out because the generic matrix product is not always inlined into hot callers.
    #[inline]
    pub fn direction_to_world(&self, local: &Vector3<f64>) -> Vector3<f64> {
        self.axis(0) * local.x + self.axis(1) * local.y + self.axis(2) * local.z
    }

    /// The box coordinates of the world point `p`.
    #[inline]
    pub fn to_local(&self, p: &Vector3<f64>) -> Vector3<f64> {
        self.axes.tr_mul(&(p - self.center))
    }

    /// The eight corners, corner `k` taking the sign `-` or `+` on axis `i` from bit `i` of `k`.
    pub fn vertices(&self) -> [Vector3<f64>; 8] {
        std::array::from_fn(|k| {
            let sign = |i: usize| if k >> i & 1 == 1 { 1.0 } else { -1.0 };
            self.to_world(&Vector3::new(
                sign(0) * self.half_extents.x,
                sign(1) * self.half_extents.y,
                sign(2) * self.half_extents.z,
            ))
        })
    }

    /// The point of the solid box closest to `p`.
    pub fn closest_point(&self, p: &Vector3<f64>) -> Vector3<f64> {
        let local = self.to_local(p);
        let clamped = local.zip_map(&self.half_extents, |x, h| x.clamp(-h, h));
        self.to_world(&clamped)
    }

    /// Distance from `p` to the solid box (0 inside).
    pub fn distance_to_point(&self, p: &Vector3<f64>) -> f64 {
        (self.closest_point(p) - p).norm()
    }

    /// The radius of the box's projection on the unit direction `n`: `Σ a_i |A_i·n|`.
    pub fn projected_radius(&self, n: &Vector3<f64>) -> f64 {
        (0..3)
            .map(|i| self.half_extents[i] * self.axis(i).dot(n).abs())
            .sum()
    }

    /// The smallest axis-aligned box that holds this box.
    pub fn aabb(&self) -> Aabb {
        let reach = self.axes.abs() * self.half_extents;
        Aabb {
            min: self.center - reach,
            max: self.center + reach,
        }
    }

    /// The sphere through the corners, centred on the box.
    pub fn enclosing_sphere(&self) -> Sphere {
        Sphere {
            center: self.center,
            radius: self.half_extents.norm(),
        }
    }
}
