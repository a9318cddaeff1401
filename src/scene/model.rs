//! The validated scene a file describes, independent of the TOML that spelled it.

use nalgebra::{UnitQuaternion, Vector3};

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

/// One `[[spring]]`: a damped spring between two bodies (a fixed body serves as an anchor).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpringSpec {
    /// Index in [`Scene::bodies`] of the body named by `a`.
    pub a: usize,
    /// Index in [`Scene::bodies`] of the body named by `b`, never `a`.
    pub b: usize,
    /// Length at rest, `>= 0` (default: the distance between the bodies' initial centres).
    pub rest_length: f64,
    /// Stiffness `ks`, `>= 0`.
    pub stiffness: f64,
    /// Damping `kd` along the spring, `>= 0` (default 0).
    pub damping: f64,
}

/// One `[[force]]`, selected by its `kind`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ForceSpec {
    /// `kind = "drag"`: viscous drag `-k v` on every moving body.
    Drag {
        /// Drag coefficient, `>= 0`.
        k: f64,
    },
    /// `kind = "central"` with `center`: attraction `strength m / r²` of every moving body to a point.
    CentralPoint {
        /// The attracting point.
        center: Vector3<f64>,
        /// `G·M` of the attracting mass, `> 0`.
        strength: f64,
    },
    /// `kind = "central"` with `between`: mutual attraction `strength m_a m_b / r²` of two bodies.
    CentralBetween {
        /// Index in [`Scene::bodies`] of the first body.
        a: usize,
        /// Index in [`Scene::bodies`] of the second body, never `a`.
        b: usize,
        /// The gravitational constant `G`, `> 0`.
        strength: f64,
    },
}

/// One `[[constraint]]`: what it holds and how it is enforced.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConstraintSpec {
    /// The constraint function `C`, from `kind`.
    pub kind: ConstraintKind,
    /// The enforcement, from `method`.
    pub method: ConstraintMethod,
}

/// What a constraint holds, from `kind`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ConstraintKind {
    /// `kind = "rod"`: `|x_a - x_b| = length`.
    Rod {
        /// Index in [`Scene::bodies`] of one end.
        a: usize,
        /// Index in [`Scene::bodies`] of the other end, never `a`.
        b: usize,
        /// The length held, `>= 0` (default: the bodies' initial distance).
        length: f64,
    },
    /// `kind = "pin"`: `x_a = point`.
    Pin {
        /// Index in [`Scene::bodies`] of the pinned body, which is not fixed.
        a: usize,
        /// The point held (default: the body's initial centre).
        point: Vector3<f64>,
    },
    /// `kind = "circle"`: a bead on a circular wire, `x_a` on the circle.
    Circle {
        /// Index in [`Scene::bodies`] of the bead, which is not fixed.
        a: usize,
        /// Centre of the circle.
        center: Vector3<f64>,
        /// Unit normal of the circle's plane (normalised on load).
        normal: Vector3<f64>,
        /// Radius, `> 0`.
        radius: f64,
    },
}

/// How a constraint is enforced, from `method`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ConstraintMethod {
    /// `method = "penalty"`: the force `-ks C ∇C - kd Ċ ∇C` of an energy function.
    Penalty {
        /// Stiffness `ks`, `> 0`.
        stiffness: f64,
        /// Damping `kd`, `>= 0` (default 0).
        damping: f64,
    },
    /// `method = "lagrange"`: a multiplier for `C̈ = -ks C - kd Ċ` (drift correction).
    Lagrange {
        /// Drift-correction stiffness `ks`, `>= 0` (default 0).
        stiffness: f64,
        /// Drift-correction damping `kd`, `>= 0` (default 0).
        damping: f64,
    },
}
