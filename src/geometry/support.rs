//! Support functions of the convex shapes: the point farthest along a direction, the input of
//! GJK, EPA and conservative advancement (docs/methods.md §15.6).

use nalgebra::Vector3;

use super::cylinder::Cylinder;
use super::ellipsoid::Ellipsoid;
use super::kdop::Kdop;
use super::{Obb, Sphere, Triangle};

/// A convex shape known by its support function.
pub trait SupportMap {
    /// A point of the shape farthest along `direction` (any one of them on a tie; a zero
    /// direction may give any point of the shape).
    fn support(&self, direction: &Vector3<f64>) -> Vector3<f64>;

    /// A point inside the shape (its centre): GJK's first guess and the pivot of its spin.
    fn center(&self) -> Vector3<f64>;

    /// The largest distance from [`SupportMap::center`] to a point of the shape.
    fn bounding_radius(&self) -> f64;
}

impl SupportMap for Obb {
    fn support(&self, direction: &Vector3<f64>) -> Vector3<f64> {
        let h = self.half_extents();
        let local = self.axes().tr_mul(direction);
        let corner = Vector3::from_fn(|i, _| if local[i] < 0.0 { -h[i] } else { h[i] });
        self.to_world(&corner)
    }

    fn center(&self) -> Vector3<f64> {
        Obb::center(self)
    }

    fn bounding_radius(&self) -> f64 {
        self.half_extents().norm()
    }
}

impl SupportMap for Sphere {
    fn support(&self, direction: &Vector3<f64>) -> Vector3<f64> {
        let length = direction.norm();
        if length > 0.0 {
            self.center + direction * (self.radius / length)
        } else {
            self.center + Vector3::x() * self.radius
        }
    }

    fn center(&self) -> Vector3<f64> {
        self.center
    }

    fn bounding_radius(&self) -> f64 {
        self.radius
    }
}

impl SupportMap for Triangle {
    fn support(&self, direction: &Vector3<f64>) -> Vector3<f64> {
        farthest(&self.vertices, direction)
    }

    fn center(&self) -> Vector3<f64> {
        self.centroid()
    }

    fn bounding_radius(&self) -> f64 {
        let c = self.centroid();
        self.vertices
            .iter()
            .map(|v| (v - c).norm())
            .fold(0.0, crate::math::max_nan)
    }
}

impl SupportMap for Ellipsoid {
    fn support(&self, direction: &Vector3<f64>) -> Vector3<f64> {
        self.support_point(direction)
    }

    fn center(&self) -> Vector3<f64> {
        self.center
    }

    fn bounding_radius(&self) -> f64 {
        self.radii.max()
    }
}

impl SupportMap for Cylinder {
    fn support(&self, direction: &Vector3<f64>) -> Vector3<f64> {
        self.support_point(direction)
    }

    fn center(&self) -> Vector3<f64> {
        self.center
    }

    fn bounding_radius(&self) -> f64 {
        self.radius.hypot(self.half_height)
    }
}

/// The k-DOP's slab polytope, by its corners.
impl SupportMap for Kdop {
    fn support(&self, direction: &Vector3<f64>) -> Vector3<f64> {
        farthest(&self.vertices, direction)
    }

    fn center(&self) -> Vector3<f64> {
        self.vertices.iter().sum::<Vector3<f64>>() / self.vertices.len().max(1) as f64
    }

    fn bounding_radius(&self) -> f64 {
        let c = SupportMap::center(self);
        self.vertices
            .iter()
            .map(|v| (v - c).norm())
            .fold(0.0, crate::math::max_nan)
    }
}

/// The point `offset` away from another shape's: the shape moved without turning.
#[derive(Clone, Copy, Debug)]
pub struct Translated<'a, S: SupportMap + ?Sized> {
    /// The shape.
    pub shape: &'a S,
    /// How far it moved.
    pub offset: Vector3<f64>,
}

impl<S: SupportMap + ?Sized> SupportMap for Translated<'_, S> {
    fn support(&self, direction: &Vector3<f64>) -> Vector3<f64> {
        self.shape.support(direction) + self.offset
    }

    fn center(&self) -> Vector3<f64> {
        self.shape.center() + self.offset
    }

    fn bounding_radius(&self) -> f64 {
        self.shape.bounding_radius()
    }
}

/// The shape turned by `rotation` about its centre and moved by `offset`.
#[derive(Clone, Copy, Debug)]
pub struct Placed<'a, S: SupportMap + ?Sized> {
    /// The shape.
    pub shape: &'a S,
    /// The turn about the shape's centre.
    pub rotation: nalgebra::UnitQuaternion<f64>,
    /// How far the centre moved.
    pub offset: Vector3<f64>,
}

impl<S: SupportMap + ?Sized> SupportMap for Placed<'_, S> {
    fn support(&self, direction: &Vector3<f64>) -> Vector3<f64> {
        let c = self.shape.center();
        let local = self
            .shape
            .support(&self.rotation.inverse_transform_vector(direction));
        c + self.offset + self.rotation.transform_vector(&(local - c))
    }

    fn center(&self) -> Vector3<f64> {
        self.shape.center() + self.offset
    }

    fn bounding_radius(&self) -> f64 {
        self.shape.bounding_radius()
    }
}

/// The point of `points` with the largest `direction·p` (the first on a tie).
pub fn farthest(points: &[Vector3<f64>], direction: &Vector3<f64>) -> Vector3<f64> {
    let mut best = points[0];
    let mut best_dot = direction.dot(&best);
    for p in &points[1..] {
        let dot = direction.dot(p);
        if dot > best_dot {
            (best, best_dot) = (*p, dot);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use nalgebra::UnitQuaternion;

    use super::*;

    #[test]
    fn supports_reach_the_projected_radius() {
        let obb = Obb::new(
            Vector3::new(1.0, 0.0, 0.0),
            UnitQuaternion::from_euler_angles(0.2, 0.4, 0.6),
            Vector3::new(1.0, 2.0, 3.0),
        );
        let n = Vector3::new(0.2, -0.7, 0.4).normalize();
        let reach = n.dot(&(obb.support(&n) - obb.center()));
        assert!((reach - obb.projected_radius(&n)).abs() < 1e-12);
        let s = Sphere {
            center: Vector3::zeros(),
            radius: 2.0,
        };
        assert!((s.support(&n) - n * 2.0).norm() < 1e-15);
        let turned = Placed {
            shape: &obb,
            rotation: UnitQuaternion::from_euler_angles(0.0, 0.0, 1.0),
            offset: Vector3::y(),
        };
        let p = turned.support(&n);
        assert!(
            (n.dot(&(p - turned.center()))
                - obb.projected_radius(&turned.rotation.inverse_transform_vector(&n)))
            .abs()
                < 1e-12
        );
    }
}
