//! The solid cylinder (axis along its local y): closest point, support point, inertia, and the
//! static sphere–cylinder test (docs/methods.md §15.4).

use nalgebra::{UnitQuaternion, Vector3};

use super::{Aabb, Sphere};

/// A solid cylinder: centre, rotation (its axis is the rotated y), radius and half-height.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Cylinder {
    /// The centre (halfway along the axis).
    pub center: Vector3<f64>,
    /// The rotation from cylinder coordinates to world coordinates.
    pub rotation: UnitQuaternion<f64>,
    /// The radius `ρ > 0`.
    pub radius: f64,
    /// Half the height `h > 0`, along the local y axis.
    pub half_height: f64,
}

/// The static sphere–cylinder test with its closed-form numbers.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct SphereCylinder {
    /// `y = clamp(d·u, -h, h)`: the closest point's height along the axis.
    pub height: f64,
    /// `|q|`, the sphere centre's distance from the axis line.
    pub radial_distance: f64,
    /// The point of the cylinder closest to the sphere's centre (the centre itself inside).
    pub closest: Vector3<f64>,
    /// `|s - k| - r`: the gap, at most `-r` when the centre is inside.
    pub gap: f64,
    /// Whether `|s - k| <= r` (touching counts).
    pub touching: bool,
}

impl Cylinder {
    /// The unit axis `u` (the rotated local y).
    pub fn axis(&self) -> Vector3<f64> {
        self.rotation.transform_vector(&Vector3::y())
    }

    /// The point of the solid cylinder closest to `p`.
    ///
    /// # Algorithm
    /// `d = p - c`, `y = clamp(d·u, -h, h)`, radial part `q = d - (d·u) u` clamped to length
    /// `ρ`; the closest point is `c + y u + q` (worked out in the cylinder's coordinates, where
    /// `u` is the y axis and `q` has no y part even when it is tiny).
    pub fn closest_point(&self, p: &Vector3<f64>) -> Vector3<f64> {
        let d = self.rotation.inverse_transform_vector(&(p - self.center));
        let y = d.y.clamp(-self.half_height, self.half_height);
        let length = d.x.hypot(d.z);
        let scale = if length > self.radius {
            self.radius / length
        } else {
            1.0
        };
        self.center
            + self
                .rotation
                .transform_vector(&Vector3::new(d.x * scale, y, d.z * scale))
    }

    /// The distance from `p` to the solid cylinder (0 inside).
    pub fn distance_to_point(&self, p: &Vector3<f64>) -> f64 {
        (self.closest_point(p) - p).norm()
    }

    /// The point of the cylinder farthest along `n`: the rim point on the cap facing `n`
    /// (in the cylinder's coordinates, so the rim point never leaves the cap's plane).
    pub fn support_point(&self, n: &Vector3<f64>) -> Vector3<f64> {
        let local = self.rotation.inverse_transform_vector(n);
        let cap = if local.y < 0.0 {
            -self.half_height
        } else {
            self.half_height
        };
        let length = local.x.hypot(local.z);
        let (x, z) = if length > 0.0 {
            (
                local.x * self.radius / length,
                local.z * self.radius / length,
            )
        } else {
            (0.0, 0.0)
        };
        self.center + self.rotation.transform_vector(&Vector3::new(x, cap, z))
    }

    /// The principal moments of inertia of the solid of mass `m` in its frame (x, y = axis, z):
    /// across `m(3ρ² + (2h)²)/12`, along `mρ²/2`.
    pub fn inertia_diagonal(&self, mass: f64) -> Vector3<f64> {
        let (r2, height) = (self.radius * self.radius, 2.0 * self.half_height);
        let across = mass * (3.0 * r2 + height * height) / 12.0;
        Vector3::new(across, mass * r2 / 2.0, across)
    }

    /// The same cylinder moved by `offset`.
    #[must_use]
    pub fn translated(&self, offset: &Vector3<f64>) -> Self {
        Self {
            center: self.center + offset,
            ..*self
        }
    }

    /// The smallest AABB holding the cylinder: per world axis `k`, `h |u_k| + ρ sqrt(1 - u_k²)`.
    pub fn aabb(&self) -> Aabb {
        let u = self.axis();
        let reach = Vector3::from_fn(|k, _| {
            self.half_height * u[k].abs() + self.radius * (1.0 - u[k] * u[k]).max(0.0).sqrt()
        });
        Aabb {
            min: self.center - reach,
            max: self.center + reach,
        }
    }
}

/// The static sphere–cylinder test: they touch iff the sphere's centre is within its radius
/// of the cylinder's closest point (a centre inside the cylinder counts).
pub fn sphere_cylinder(sphere: &Sphere, cylinder: &Cylinder) -> SphereCylinder {
    let (u, d) = (cylinder.axis(), sphere.center - cylinder.center);
    let closest = cylinder.closest_point(&sphere.center);
    let distance = (sphere.center - closest).norm();
    SphereCylinder {
        height: d.dot(&u).clamp(-cylinder.half_height, cylinder.half_height),
        radial_distance: (d - u * d.dot(&u)).norm(),
        closest,
        gap: distance - sphere.radius,
        touching: distance <= sphere.radius,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn upright() -> Cylinder {
        Cylinder {
            center: Vector3::zeros(),
            rotation: UnitQuaternion::identity(),
            radius: 1.0,
            half_height: 2.0,
        }
    }

    #[test]
    fn closest_points_on_side_cap_and_rim() {
        let c = upright();
        assert_eq!(
            c.closest_point(&Vector3::new(3.0, 0.5, 0.0)),
            Vector3::new(1.0, 0.5, 0.0)
        );
        assert_eq!(
            c.closest_point(&Vector3::new(0.2, 5.0, 0.1)),
            Vector3::new(0.2, 2.0, 0.1)
        );
        assert_eq!(
            c.closest_point(&Vector3::new(0.0, -4.0, 3.0)),
            Vector3::new(0.0, -2.0, 1.0)
        );
        let inside = Vector3::new(0.1, 0.2, 0.3);
        assert_eq!(c.closest_point(&inside), inside);
        let s = sphere_cylinder(
            &Sphere {
                center: Vector3::new(2.0, 0.0, 0.0),
                radius: 1.0,
            },
            &c,
        );
        assert!(s.touching && s.gap == 0.0 && s.radial_distance == 2.0);
    }

    #[test]
    fn support_and_inertia() {
        let c = upright();
        assert_eq!(
            c.support_point(&Vector3::new(1.0, 1.0, 0.0)),
            Vector3::new(1.0, 2.0, 0.0)
        );
        assert_eq!(
            c.support_point(&Vector3::new(0.0, -1.0, 0.0)),
            Vector3::new(0.0, -2.0, 0.0)
        );
        let i = c.inertia_diagonal(12.0);
        assert_eq!(i, Vector3::new(3.0 + 16.0, 6.0, 3.0 + 16.0));
        let aabb = c.aabb();
        assert_eq!(
            (aabb.min, aabb.max),
            (Vector3::new(-1.0, -2.0, -1.0), Vector3::new(1.0, 2.0, 1.0))
        );
    }
}
