//! The validated scene a file describes, independent of the TOML that spelled it.

use std::sync::Arc;

use nalgebra::{UnitQuaternion, Vector3};

pub use super::figure::{Figure, FigureSpec};
pub use super::matrix::MatrixSpec;
pub use super::measure::{MeasureSpec, Target};
pub use super::ray::RaySpec;
pub use crate::dynamics::response::ResponseModel;
use crate::dynamics::world::Solver;
use crate::geometry::{ConvexSpec, TriMesh, Triangle};

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
    /// The `[[ray]]` entries in file order.
    pub rays: Vec<RaySpec>,
    /// The figures that `[[measure]]` entries name (points, segments, lines, planes), in file order.
    pub figures: Vec<FigureSpec>,
    /// The distances that `[[measure]]` entries ask for, in file order.
    pub measures: Vec<MeasureSpec>,
    /// The `[[matrix]]` entries in file order.
    pub matrices: Vec<MatrixSpec>,
}

/// The `[world]` table.
#[derive(Clone, Debug, PartialEq)]
pub struct WorldSettings {
    /// Seconds per frame, `> 0`.
    pub dt: f64,
    /// Number of frames to simulate (default 600).
    pub frames: usize,
    /// Whether the scene (or the command line) gives `frames`, rather than the default.
    pub frames_given: bool,
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
    /// How resting contacts are solved: `substeps`, `iterations`, `contact_hertz`,
    /// `damping_ratio`, `push_out_speed`, `sleep` (each optional).
    pub solver: Solver,
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
#[derive(Clone, Debug, PartialEq)]
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
    /// A triangle, placed by its vertices in world coordinates at frame 0: the body's centre is
    /// their centroid, and the vertices are kept relative to it.
    Triangle {
        /// The vertices minus the body's centre, in world orientation.
        vertices: [Vector3<f64>; 3],
    },
    /// A triangle mesh (static, or moving at a constant velocity; never dynamic).
    Mesh(MeshSpec),
    /// An ellipsoid, a cylinder or a k-DOP (a `points` body with `fit = "kdop"`), known by its
    /// support function.
    Convex(ConvexSpec),
}

impl ShapeSpec {
    /// The shape's name as a scene writes it: `box`, `sphere`, `plane`, `triangle`, `mesh`,
    /// `ellipsoid`, `cylinder` or `kdop`.
    pub fn name(&self) -> &'static str {
        match self {
            ShapeSpec::Box { .. } => "box",
            ShapeSpec::Sphere { .. } => "sphere",
            ShapeSpec::Plane { .. } => "plane",
            ShapeSpec::Triangle { .. } => "triangle",
            ShapeSpec::Mesh(_) => "mesh",
            ShapeSpec::Convex(convex) => convex.name(),
        }
    }

    /// Whether the shape is a triangle or a mesh: surfaces that never respond to a contact.
    pub fn is_surface(&self) -> bool {
        matches!(self, ShapeSpec::Triangle { .. } | ShapeSpec::Mesh(_))
    }

    /// The radius of a ball about the body's centre that holds the shape; `None` for a plane.
    pub fn reach(&self) -> Option<f64> {
        match self {
            ShapeSpec::Box { half_extents } => Some(half_extents.norm()),
            ShapeSpec::Sphere { radius } => Some(*radius),
            ShapeSpec::Plane { .. } => None,
            ShapeSpec::Triangle { vertices } => Some(farthest(vertices)),
            ShapeSpec::Mesh(spec) => Some(farthest(spec.mesh.vertices())),
            ShapeSpec::Convex(convex) => Some(convex.reach()),
        }
    }

    /// The triangles of a triangle or a mesh body whose centre is at `center`, in world
    /// coordinates (none for the other shapes).
    pub fn triangles_at(&self, center: &Vector3<f64>) -> Vec<Triangle> {
        match self {
            ShapeSpec::Triangle { vertices } => vec![Triangle {
                vertices: vertices.map(|v| v + center),
            }],
            ShapeSpec::Mesh(spec) => (0..spec.mesh.len())
                .map(|i| spec.mesh.triangle(i).translated(center))
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// The largest length of the points.
fn farthest(points: &[Vector3<f64>]) -> f64 {
    points
        .iter()
        .map(Vector3::norm)
        .fold(0.0, crate::math::max_nan)
}

/// The geometry of a mesh body.
#[derive(Clone, Debug, PartialEq)]
pub struct MeshSpec {
    /// The mesh with its tree, its vertices relative to the body's centre: already scaled and
    /// turned by the body's rotation (which never changes, since a mesh does not spin).
    pub mesh: Arc<TriMesh>,
    /// The OBJ file it was read from, as the scene names it; `None` for inline vertices.
    pub file: Option<String>,
}

/// The evidence of a `points` body's fit.
#[derive(Clone, Debug, PartialEq)]
pub struct FitReport {
    /// `"obb"`, `"aabb"`, `"sphere"` or `"kdop"`.
    pub method: String,
    /// The sub-method: `"points"`/`"hull"` for obb, `"aabb-center"`/`"centroid"`/`"ritter"` for
    /// sphere, `"k = 26"` (the direction set) for kdop.
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
