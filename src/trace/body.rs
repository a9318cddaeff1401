//! What `explain` reports of each body: its shape and state at the frame, a mesh's size and a
//! fit's evidence.

use serde::Serialize;

use super::fit_evidence::{fit_evidence, FitEvidence};
use crate::geometry::Convex;
use crate::math::{arr3, wxyz};
use crate::scene::{BodySpec, ShapeSpec};

/// A body's shape and state at the explained frame.
#[derive(Clone, Debug, Serialize)]
pub struct BodyRecord {
    /// The body's name.
    pub name: String,
    /// `box`, `sphere`, `plane`, `triangle` or `mesh`.
    pub shape: &'static str,
    /// Centre (a plane: its point closest to the origin).
    pub center: [f64; 3],
    /// Box half-extents.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub half_extents: Option<[f64; 3]>,
    /// Sphere radius.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub radius: Option<f64>,
    /// Plane normal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub normal: Option<[f64; 3]>,
    /// Plane offset.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offset: Option<f64>,
    /// Box unit axes `A0 A1 A2`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub axes: Option<[[f64; 3]; 3]>,
    /// A triangle's vertices in world coordinates at this frame.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vertices: Option<Vec<[f64; 3]>>,
    /// A mesh: how many vertices and triangles it has, and the OBJ file it was read from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mesh: Option<MeshRecord>,
    /// An ellipsoid's radii along its axes `A0 A1 A2`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub radii: Option<[f64; 3]>,
    /// A cylinder's half height along its axis `A1` (its radius is `radius`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub half_height: Option<f64>,
    /// A k-DOP: its `k`, with `slabs` and its corners in `vertices`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub k: Option<usize>,
    /// A k-DOP's slabs in world coordinates, one `[min, max]` per direction (faces, corners, edges).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slabs: Option<Vec<[f64; 2]>>,
    /// Orientation `[w, x, y, z]`.
    pub rotation: [f64; 4],
    /// Linear velocity.
    pub velocity: [f64; 3],
    /// Angular velocity (rad/s, world frame).
    pub angular_velocity: [f64; 3],
    /// How the body was fitted to points, or `null`.
    pub fit: Option<FitRecord>,
}

/// The size and source of a mesh body.
#[derive(Clone, Debug, Serialize)]
pub struct MeshRecord {
    /// How many vertices.
    pub vertex_count: usize,
    /// How many triangles.
    pub triangle_count: usize,
    /// The OBJ file, as the scene names it; `null` for vertices written in the scene.
    pub file: Option<String>,
}

/// The evidence of a points fit.
#[derive(Clone, Debug, Serialize)]
pub struct FitRecord {
    /// Always `points`.
    pub from: &'static str,
    /// `obb`, `aabb` or `sphere`.
    pub method: String,
    /// The sub-method, if any.
    pub variant: Option<String>,
    /// Covariance eigenvalues, largest first (obb).
    pub eigenvalues: Option<[f64; 3]>,
    /// How many points were fitted.
    pub point_count: usize,
    /// For a covariance box: the covariance, eigenvectors, residuals and projections.
    #[serde(flatten)]
    pub evidence: Option<FitEvidence>,
}

/// The record of one body.
pub fn body_record(body: &BodySpec) -> BodyRecord {
    let matrix = body.rotation.to_rotation_matrix().into_inner();
    let mut record = BodyRecord {
        name: body.name.clone(),
        shape: "box",
        center: arr3(&body.center),
        half_extents: None,
        radius: None,
        normal: None,
        offset: None,
        axes: None,
        vertices: None,
        mesh: None,
        radii: None,
        half_height: None,
        k: None,
        slabs: None,
        rotation: wxyz(&body.rotation),
        velocity: arr3(&body.velocity),
        angular_velocity: arr3(&body.angular_velocity),
        fit: body.fit.as_ref().map(|fit| FitRecord {
            from: "points",
            method: fit.method.clone(),
            variant: fit.variant.clone(),
            eigenvalues: fit.eigenvalues,
            point_count: fit.points.len(),
            evidence: fit_evidence(fit),
        }),
    };
    match &body.shape {
        &ShapeSpec::Box { half_extents } => {
            record.half_extents = Some(arr3(&half_extents));
            record.axes = Some(std::array::from_fn(|i| {
                arr3(&matrix.column(i).into_owned())
            }));
        }
        &ShapeSpec::Sphere { radius } => {
            record.shape = "sphere";
            record.radius = Some(radius);
        }
        &ShapeSpec::Plane { normal, offset } => {
            record.shape = "plane";
            record.center = arr3(&(normal * offset));
            record.normal = Some(arr3(&normal));
            record.offset = Some(offset);
        }
        &ShapeSpec::Triangle { vertices } => {
            record.shape = "triangle";
            record.vertices = Some(vertices.iter().map(|v| arr3(&(v + body.center))).collect());
        }
        ShapeSpec::Mesh(spec) => {
            record.shape = "mesh";
            record.mesh = Some(MeshRecord {
                vertex_count: spec.mesh.vertices().len(),
                triangle_count: spec.mesh.len(),
                file: spec.file.clone(),
            });
        }
        ShapeSpec::Convex(convex) => {
            record.shape = convex.name();
            let axes = std::array::from_fn(|i| arr3(&matrix.column(i).into_owned()));
            match convex.placed(body.center, body.rotation) {
                Convex::Ellipsoid(e) => {
                    record.radii = Some(arr3(&e.radii));
                    record.axes = Some(axes);
                }
                Convex::Cylinder(c) => {
                    record.radius = Some(c.radius);
                    record.half_height = Some(c.half_height);
                    record.axes = Some(axes);
                }
                Convex::Kdop(k) => {
                    record.k = Some(k.k);
                    record.slabs = Some(k.min.iter().zip(&k.max).map(|(a, b)| [*a, *b]).collect());
                    record.vertices = Some(k.vertices.iter().map(arr3).collect());
                }
            }
        }
    }
    record
}
