//! The solid ellipsoid: support radius and point, exact inertia, the map to "ellipsoid space"
//! and the closed forms against a plane (docs/methods.md §15.3).

use nalgebra::{Matrix3, UnitQuaternion, Vector3};

use super::planes::{sweep_to_plane, PlaneSweep};
use super::{Aabb, Plane};

/// An ellipsoid: centre, rotation (its axes are the columns) and the three radii.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Ellipsoid {
    /// The centre.
    pub center: Vector3<f64>,
    /// The rotation from ellipsoid coordinates to world coordinates.
    pub rotation: UnitQuaternion<f64>,
    /// The radii `r0 r1 r2` along the ellipsoid's axes, all `> 0`.
    pub radii: Vector3<f64>,
}

/// An ellipsoid against a plane, still or moving, with the closed form's numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EllipsoidPlane {
    /// `ρ(N) = sqrt(Σ (r_i R_i·N)²)`: the ellipsoid's reach along the plane's normal.
    pub support_radius: f64,
    /// The sweep of the centre with effective radius `ρ(N)` (time 0 and `OverlappingAtStart`
    /// when the plane already cuts the ellipsoid).
    pub sweep: PlaneSweep,
    /// `|N·c - d| - ρ(N)` at the start: the gap, negative when the plane cuts the ellipsoid.
    pub gap: f64,
    /// At the contact time: the surface point whose normal is the plane's (facing it).
    pub contact_point: Option<Vector3<f64>>,
}

impl Ellipsoid {
    /// The axes `R_0 R_1 R_2` as the columns of a matrix.
    pub fn axes(&self) -> Matrix3<f64> {
        self.rotation.to_rotation_matrix().into_inner()
    }

    /// `R diag(r²) Rᵀ`, the matrix of the support map.
    fn shape_matrix(&self) -> Matrix3<f64> {
        let r = self.axes();
        r * Matrix3::from_diagonal(&self.radii.component_mul(&self.radii)) * r.transpose()
    }

    /// `ρ(n) = sqrt(Σ (r_i R_i·n)²)`, the reach along the unit direction `n`.
    pub fn support_radius(&self, n: &Vector3<f64>) -> f64 {
        let local = self.rotation.inverse_transform_vector(n);
        local.component_mul(&self.radii).norm()
    }

    /// The surface point whose outward normal is along `n`: `c + R diag(r²) Rᵀ n / ρ(n)`
    /// (the centre for a zero `n`).
    pub fn support_point(&self, n: &Vector3<f64>) -> Vector3<f64> {
        let local = self.rotation.inverse_transform_vector(n);
        let rho = local.component_mul(&self.radii).norm();
        if rho == 0.0 {
            return self.center;
        }
        let r2 = self.radii.component_mul(&self.radii);
        self.center + self.rotation.transform_vector(&local.component_mul(&r2)) / rho
    }

    /// The principal moments of inertia of the solid of mass `m` in its own frame:
    /// `m/5 (r1² + r2², r0² + r2², r0² + r1²)`.
    pub fn inertia_diagonal(&self, mass: f64) -> Vector3<f64> {
        let [a, b, c] = [self.radii.x, self.radii.y, self.radii.z].map(|r| r * r);
        Vector3::new(b + c, a + c, a + b) * (mass / 5.0)
    }

    /// The inertia tensor of the solid of mass `m` in world axes: `R diag(I) Rᵀ`.
    pub fn inertia_world(&self, mass: f64) -> Matrix3<f64> {
        let r = self.axes();
        r * Matrix3::from_diagonal(&self.inertia_diagonal(mass)) * r.transpose()
    }

    /// `E = R diag(1/r) Rᵀ`: the linear map taking the ellipsoid (about the origin) to a unit
    /// sphere. Apply it to world points and velocities; times are unchanged.
    pub fn to_unit_space(&self) -> Matrix3<f64> {
        let r = self.axes();
        r * Matrix3::from_diagonal(&self.radii.map(|x| 1.0 / x)) * r.transpose()
    }

    /// `E⁻¹ = R diag(r) Rᵀ`: from ellipsoid space back to the world.
    pub fn from_unit_space(&self) -> Matrix3<f64> {
        let r = self.axes();
        r * Matrix3::from_diagonal(&self.radii) * r.transpose()
    }

    /// Whether `p` lies in the closed ellipsoid.
    pub fn contains_point(&self, p: &Vector3<f64>) -> bool {
        let local = self.rotation.inverse_transform_vector(&(p - self.center));
        local.component_div(&self.radii).norm_squared() <= 1.0
    }

    /// The point of the solid ellipsoid nearest `p` (`p` itself when inside).
    ///
    /// # Algorithm
    /// In the ellipsoid's axes, `y = Rᵀ (p - c)`, the nearest point of an outside point is
    /// `x_i = r_i² y_i / (r_i² + λ)` with `λ > 0` the root of `F(λ) = Σ (r_i y_i / (r_i² + λ))² - 1`
    /// (Eberly). `F` is convex and decreasing for `λ >= 0` and `F(0) > 0`, so Newton's method from
    /// `λ = 0` climbs to the root from below without passing it; it stops when a step no longer
    /// raises `λ` (docs/methods.md §9).
    pub fn closest_point(&self, p: &Vector3<f64>) -> Vector3<f64> {
        let y = self.rotation.inverse_transform_vector(&(p - self.center));
        if y.component_div(&self.radii).norm_squared() <= 1.0 {
            return *p;
        }
        let r = self.radii;
        let r2 = r.component_mul(&r);
        let mut lambda = 0.0_f64;
        for _ in 0..256 {
            let q = Vector3::from_fn(|i, _| r[i] * y[i] / (r2[i] + lambda));
            let f = q.norm_squared() - 1.0;
            let slope = -2.0 * (0..3).map(|i| q[i] * q[i] / (r2[i] + lambda)).sum::<f64>();
            let next = lambda - f / slope;
            if f <= 0.0 || next.is_nan() || next <= lambda {
                break;
            }
            lambda = next;
        }
        let x = Vector3::from_fn(|i, _| r2[i] * y[i] / (r2[i] + lambda));
        self.center + self.rotation * x
    }

    /// The same ellipsoid moved by `offset`.
    #[must_use]
    pub fn translated(&self, offset: &Vector3<f64>) -> Self {
        Self {
            center: self.center + offset,
            ..*self
        }
    }

    /// The smallest AABB holding the ellipsoid: `c ± sqrt(Σ_i (r_i R_i[k])²)` on each axis `k`.
    pub fn aabb(&self) -> Aabb {
        let m = self.shape_matrix();
        let reach = Vector3::from_fn(|k, _| m[(k, k)].sqrt());
        Aabb {
            min: self.center - reach,
            max: self.center + reach,
        }
    }

    /// The ellipsoid moving at `velocity` against `plane` over `[0, t_max]` (a still ellipsoid
    /// is `velocity = 0`): the signed gap and the first contact by the closed form.
    ///
    /// # Algorithm
    /// The plane sees the ellipsoid as a sphere of radius `ρ(N)`: gap `|N·c - d| - ρ(N)`, and
    /// first contact when `|N·(c + v t) - d| = ρ(N)` (docs/methods.md §15.3); the point touching is the
    /// support point along the normal facing the plane.
    pub fn against_plane(
        &self,
        velocity: &Vector3<f64>,
        plane: &Plane,
        t_max: f64,
    ) -> EllipsoidPlane {
        let support_radius = self.support_radius(&plane.normal);
        let sweep = sweep_to_plane(&self.center, velocity, support_radius, plane, t_max);
        let gap = sweep.start_distance.abs() - support_radius;
        let contact_point = sweep.time.map(|t| {
            let then = self.translated(&(velocity * t));
            let facing = -plane.normal * sweep.start_distance.signum();
            if gap <= 0.0 {
                plane.project_point(&then.center)
            } else {
                then.support_point(&facing)
            }
        });
        EllipsoidPlane {
            support_radius,
            sweep,
            gap,
            contact_point,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turned() -> Ellipsoid {
        Ellipsoid {
            center: Vector3::new(1.0, 2.0, 3.0),
            rotation: UnitQuaternion::from_euler_angles(0.3, -0.7, 1.1),
            radii: Vector3::new(0.5, 1.0, 2.0),
        }
    }

    #[test]
    fn support_point_is_on_the_surface_with_the_asked_normal() {
        let e = turned();
        let n = Vector3::new(0.3, -0.5, 0.8).normalize();
        let p = e.support_point(&n);
        let local = e.rotation.inverse_transform_vector(&(p - e.center));
        assert!((local.component_div(&e.radii).norm() - 1.0).abs() < 1e-12);
        assert!((n.dot(&(p - e.center)) - e.support_radius(&n)).abs() < 1e-12);
        // The gradient of the implicit function at p points along n.
        let gradient = e
            .rotation
            .transform_vector(&local.component_div(&e.radii.component_mul(&e.radii)));
        assert!(gradient.normalize().cross(&n).norm() < 1e-12);
        let unit = e.to_unit_space() * (p - e.center);
        assert!((unit.norm() - 1.0).abs() < 1e-12);
        assert!((e.from_unit_space() * e.to_unit_space() - Matrix3::identity()).norm() < 1e-12);
    }

    #[test]
    fn inertia_of_a_sphere_is_two_fifths_m_r_squared() {
        let ball = Ellipsoid {
            center: Vector3::zeros(),
            rotation: UnitQuaternion::identity(),
            radii: Vector3::new(2.0, 2.0, 2.0),
        };
        assert!((ball.inertia_diagonal(5.0) - Vector3::repeat(8.0)).norm() < 1e-12);
        let e = turned();
        let world = e.inertia_world(3.0);
        assert!((world.trace() - e.inertia_diagonal(3.0).sum()).abs() < 1e-12);
    }

    #[test]
    fn falling_onto_a_floor_touches_when_the_reach_meets_it() {
        let e = turned();
        let floor = Plane::new(Vector3::y(), 0.0).unwrap();
        let rho = e.support_radius(&Vector3::y());
        let fall = e.against_plane(&Vector3::new(0.5, -2.0, 0.0), &floor, 5.0);
        let t = fall.sweep.time.unwrap();
        assert!((t - (2.0 - rho) / 2.0).abs() < 1e-12);
        let p = fall.contact_point.unwrap();
        assert!(p.y.abs() < 1e-12);
        assert!(e
            .translated(&(Vector3::new(0.5, -2.0, 0.0) * t))
            .contains_point(&(p + Vector3::y() * 1e-9)));
        assert!((fall.gap - (2.0 - rho)).abs() < 1e-12);
    }

    #[test]
    fn the_nearest_point_lies_on_the_surface_along_its_normal() {
        let e = turned();
        let axes = e.axes();
        for p in [
            Vector3::new(4.0, -1.0, 2.0),
            e.center + axes * Vector3::new(0.0, 0.0, 2.0 + 1e-9),
            e.center + axes * Vector3::new(3.0, 0.0, 0.0),
        ] {
            let q = e.closest_point(&p);
            let local = axes.transpose() * (q - e.center);
            assert!((local.component_div(&e.radii).norm() - 1.0).abs() < 1e-14);
            // The gradient at q, `R diag(1/r²) local`, is parallel to p - q.
            let normal = axes * local.component_div(&e.radii.component_mul(&e.radii));
            assert!(normal.normalize().cross(&(p - q)).norm() < 1e-12);
        }
        assert_eq!(e.closest_point(&e.center), e.center);
    }
}
