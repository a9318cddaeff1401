//! Rigid bodies in time: state, integrators with error estimates, forces, constraints,
//! collisions inside a frame and the response (docs/methods.md §10–§14).

pub mod constraints;
pub mod energy;
pub mod forces;
pub mod integrate;
pub mod system;

use std::sync::Arc;

use nalgebra::{Matrix3, UnitQuaternion, Vector3};

use crate::geometry::{ConvexSpec, Obb, Sphere, TriMesh};

pub mod response;
pub mod toi;
pub mod world;

/// The kinematic state of one rigid body.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyState {
    /// Position of the centre of mass.
    pub position: Vector3<f64>,
    /// Linear velocity.
    pub velocity: Vector3<f64>,
    /// Orientation (body to world).
    pub rotation: UnitQuaternion<f64>,
    /// Angular velocity in the world frame (rad/s).
    pub angular_velocity: Vector3<f64>,
}

impl BodyState {
    /// Velocity of the material point at world position `p`: `v + ω × (p - x)`.
    pub fn point_velocity(&self, p: &Vector3<f64>) -> Vector3<f64> {
        self.velocity + self.angular_velocity.cross(&(p - self.position))
    }
}

/// The shape a body collides with, in its own frame.
#[derive(Clone, Debug, PartialEq)]
pub enum BodyShape {
    /// A box with these half-extents.
    Box(Vector3<f64>),
    /// A sphere of this radius.
    Sphere(f64),
    /// The plane `normal · x = offset` (always fixed).
    Plane {
        /// Unit normal.
        normal: Vector3<f64>,
        /// Offset along the normal.
        offset: f64,
    },
    /// A triangle: its vertices relative to the body's position (never pushed: still, or moving
    /// at a constant velocity).
    Triangle([Vector3<f64>; 3]),
    /// A triangle mesh: its vertices relative to the body's position (never pushed: still, or
    /// moving at a constant velocity).
    Mesh(Arc<TriMesh>),
    /// An ellipsoid or a cylinder (dynamic), or a k-DOP (never pushed, like a triangle: its slabs
    /// keep the world's directions).
    Convex(ConvexSpec),
}

impl BodyShape {
    /// Whether the shape is a triangle, a mesh or a k-DOP (a surface: never pushed, at most
    /// translating).
    pub fn is_surface(&self) -> bool {
        match self {
            BodyShape::Triangle(_) | BodyShape::Mesh(_) => true,
            BodyShape::Convex(c) => !c.is_dynamic(),
            _ => false,
        }
    }
}

/// A rigid body: shape, mass properties and current state.
#[derive(Clone, Debug, PartialEq)]
pub struct RigidBody {
    /// Unique name.
    pub name: String,
    /// Collision shape.
    pub shape: BodyShape,
    /// Mass (ignored when fixed).
    pub mass: f64,
    /// Whether the body never moves.
    pub fixed: bool,
    /// Current state.
    pub state: BodyState,
}

impl RigidBody {
    /// Whether the body has infinite mass: marked fixed, or a plane, a triangle, a mesh or a k-DOP
    /// (which contacts never push; a triangle, a mesh or a k-DOP may still move at its constant
    /// velocity, [`RigidBody::is_kinematic`]).
    pub fn is_fixed(&self) -> bool {
        self.fixed
            || matches!(
                self.shape,
                BodyShape::Plane { .. } | BodyShape::Triangle(_) | BodyShape::Mesh(_)
            )
            || matches!(&self.shape, BodyShape::Convex(c) if !c.is_dynamic())
    }

    /// Whether the body is a triangle, a mesh or a k-DOP: a surface the world never pushes, which
    /// stays where it is or moves at its constant velocity.
    pub fn is_surface(&self) -> bool {
        self.shape.is_surface()
    }

    /// Whether the body is a surface moving at its constant velocity (infinite mass: contacts
    /// never push it); in a world, every other fixed body is at rest.
    pub fn is_kinematic(&self) -> bool {
        self.is_surface() && self.state.velocity != Vector3::zeros()
    }

    /// `1/m`, or 0 for a fixed body.
    pub fn inverse_mass(&self) -> f64 {
        if self.fixed {
            0.0
        } else {
            1.0 / self.mass
        }
    }

    /// The inertia tensor in the body frame (box: `m/3 (b² + c²)` with half-extents; sphere:
    /// `2/5 m r²`; ellipsoid: `m/5 (b² + c²)`, …; cylinder: `m r²/2` about its y axis,
    /// `m (3r² + (2h)²)/12` across).
    pub fn inertia_body(&self) -> Matrix3<f64> {
        match &self.shape {
            &BodyShape::Box(h) => Matrix3::from_diagonal(&Vector3::new(
                self.mass / 3.0 * (h.y * h.y + h.z * h.z),
                self.mass / 3.0 * (h.x * h.x + h.z * h.z),
                self.mass / 3.0 * (h.x * h.x + h.y * h.y),
            )),
            &BodyShape::Sphere(r) => Matrix3::identity() * (0.4 * self.mass * r * r),
            BodyShape::Convex(c) => Matrix3::from_diagonal(&c.inertia_diagonal(self.mass)),
            BodyShape::Plane { .. } | BodyShape::Triangle(_) | BodyShape::Mesh(_) => {
                Matrix3::zeros()
            }
        }
    }

    /// The inertia tensor in the world frame, `R I_body Rᵀ`.
    pub fn inertia_world(&self) -> Matrix3<f64> {
        let r = self.state.rotation.to_rotation_matrix().into_inner();
        r * self.inertia_body() * r.transpose()
    }

    /// The inverse world inertia, or zero for a fixed body or a plane.
    pub fn inverse_inertia_world(&self) -> Matrix3<f64> {
        if self.fixed {
            return Matrix3::zeros();
        }
        self.inertia_world()
            .try_inverse()
            .unwrap_or_else(Matrix3::zeros)
    }

    /// The body's box at its current state, if it is a box.
    pub fn obb(&self) -> Option<Obb> {
        match self.shape {
            BodyShape::Box(h) => Some(Obb::new(self.state.position, self.state.rotation, h)),
            _ => None,
        }
    }

    /// The body's sphere at its current state, if it is a sphere.
    pub fn sphere(&self) -> Option<Sphere> {
        match self.shape {
            BodyShape::Sphere(radius) => Some(Sphere {
                center: self.state.position,
                radius,
            }),
            _ => None,
        }
    }

    /// Velocity of the material point at world position `p`: `v + ω × (p - x)`.
    pub fn point_velocity(&self, p: &Vector3<f64>) -> Vector3<f64> {
        self.state.point_velocity(p)
    }
}
