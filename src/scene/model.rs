//! The validated scene a file describes, independent of the TOML that spelled it.

use nalgebra::{UnitQuaternion, Vector3};

pub use crate::dynamics::response::ResponseModel;

/// A loaded, validated scene.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// Short name: the file stem (`two_boxes` for `scenes/two_boxes.toml`).
    pub name: String,
    /// The optional `title`.
    pub title: Option<String>,
    /// The optional `description`.
    pub description: Option<String>,
    /// The `[world]` table.
    pub world: WorldSettings,
    /// The `[[body]]` entries in file order.
    pub bodies: Vec<BodySpec>,
    /// The `[[spring]]` entries in file order.
    pub springs: Vec<SpringSpec>,
    /// The `[[force]]` entries in file order (gravity is in [`WorldSettings`]).
    pub forces: Vec<ForceSpec>,
    /// The `[[constraint]]` entries in file order.
    pub constraints: Vec<ConstraintSpec>,
}

/// The `[world]` table.
#[derive(Clone, Debug, PartialEq)]
pub struct WorldSettings {
    /// Seconds per frame, `> 0`.
    pub dt: f64,
    /// Number of frames to simulate (default 600).
    pub frames: usize,
    /// Gravity acceleration (default zero).
    pub gravity: Vector3<f64>,
    /// The integrator, one of [`INTEGRATORS`](super::INTEGRATORS) (default `rk4`).
    pub integrator: String,
    /// Coefficient of restitution of every contact, in `[0, 1]` (default 0.5).
    pub restitution: f64,
    /// Coefficient of friction of every contact, `>= 0` (default 0).
    pub friction: f64,
    /// Largest error estimate per step, `> 0`: when given, each frame takes adaptive sub-steps.
    pub tolerance: Option<f64>,
    /// What a contact does (default `impulse`; `none` is a detect-only world).
    pub response: ResponseModel,
}

/// One `[[body]]`.
#[derive(Clone, Debug, PartialEq)]
pub struct BodySpec {
    /// Unique name.
    pub name: String,
    /// The shape; a `points` body arrives here already fitted.
    pub shape: ShapeSpec,
    /// Centre (for a plane: unused, zero).
    pub center: Vector3<f64>,
    /// Orientation (identity by default).
    pub rotation: UnitQuaternion<f64>,
    /// Linear velocity (default zero).
    pub velocity: Vector3<f64>,
    /// Angular velocity in rad/s, world frame (default zero).
    pub angular_velocity: Vector3<f64>,
    /// Mass (default 1).
    pub mass: f64,
    /// Immovable body (`fixed = true`).
    pub fixed: bool,
    /// How the shape was fitted to `points`, if it was.
    pub fit: Option<FitReport>,
}

/// The shape of a body.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ShapeSpec {
    /// A box with half-extents along its own axes.
    Box {
        /// Half-extents, each `> 0`.
        half_extents: Vector3<f64>,
    },
    /// A sphere.
    Sphere {
        /// Radius `> 0`.
        radius: f64,
    },
    /// The plane `normal · x = offset`.
    Plane {
        /// Unit normal (normalised on load).
        normal: Vector3<f64>,
        /// Offset along the normal.
        offset: f64,
    },
}

/// The evidence of a `points` body's fit.
#[derive(Clone, Debug, PartialEq)]
pub struct FitReport {
    /// `"obb"`, `"aabb"` or `"sphere"`.
    pub method: String,
    /// The sub-method: `"points"`/`"hull"` for obb, `"aabb-center"`/`"centroid"`/`"ritter"` for sphere.
    pub variant: Option<String>,
    /// Covariance eigenvalues, largest first (obb only).
    pub eigenvalues: Option<[f64; 3]>,
    /// The points the volume was fitted to.
    pub points: Vec<Vector3<f64>>,
}

// Springs, forces and constraints are the dynamics' own types: a scene names bodies by index.
pub use crate::dynamics::constraints::{
    Constraint as ConstraintSpec, ConstraintKind, ConstraintMethod,
};
pub use crate::dynamics::forces::{Force as ForceSpec, Spring as SpringSpec};
