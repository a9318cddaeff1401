//! Records of what the engine decided for a scene at one frame, read by `explain`, the TUI and
//! the lesson checker alike.

mod box_pair;
mod convex;
mod convex_text;
mod finite;
mod fit_evidence;
mod frame;
mod frames_text;
mod kinds;
mod linear_system;
mod measures;
mod number;
mod pairs;
mod probe_text;
mod rays;
mod rotating;
mod shapes;
mod simulate;
mod surface_text;
mod surfaces;
mod table_rows;
mod text;
mod touching;
mod transforms;
mod triangle_pair;

pub use box_pair::{box_verdict, BoxVerdict};
pub use fit_evidence::{fit_evidence, FitEvidence};
pub use frame::{
    body_frame, kinematic_timeline, BodyFrame, DivergedRecord, EnergyRecord, EventRecord,
    FrameRecord,
};
pub use frames_text::{fit_lines, render_body_frames, render_frames, render_pair_frames};
pub use kinds::CONTACT_KINDS;
pub use linear_system::{linear_system_record, render_linear_system, LinearSystemRecord};
pub use measures::{figure_item, measure_record, MeasureRecord};
pub use number::{coordinates, fixed};
pub use pairs::{
    explain_pair, ContactRecord, EpaRecord, GjkRecord, MeshWalk, PairRecord, ShapeTable, Stage,
    StageCheck, SweepRecord,
};
pub use probe_text::describe_hit;
pub use rays::{ray_record, HitRecord, LegRecord, RayRecord, ESCAPE_DRAW_LENGTH};
pub use rotating::ApproximationRecord;
pub use simulate::{
    bodies_at, frame_record, moving_surface, moving_surface_message, scene_timeline,
    simulate_frames, simulate_timeline, world_from_scene, Frames, SimOptions,
};
pub use surfaces::is_explained;
pub use table_rows::{shadow_anchor, RowFlag, TableRow};
pub use text::{
    approximation_lines, describe_contact, render_head, render_pair, render_text, NO_PAIRS,
};
pub use touching::{enclosing_ball, may_touch};
pub use transforms::{frames_record, BodyTransform, FramesRecord, PairTransform};

use nalgebra::{UnitQuaternion, Vector3};
use serde::Serialize;

use crate::geometry::Convex;
use crate::math::{arr3, wxyz};
use crate::sat::Robustness;
use crate::scene::{BodySpec, Scene, ShapeSpec};

/// Everything `explain` reports for a scene at one frame (the `--json` contract).
#[derive(Clone, Debug, Serialize)]
pub struct Explanation {
    /// The scene's short name.
    pub scene: String,
    /// The frame explained.
    pub frame: usize,
    /// Scene time of that frame, `frame · dt`.
    pub time: f64,
    /// How far ahead the first contact is searched, in seconds.
    pub horizon: f64,
    /// Every body's state at that frame, in scene order.
    pub bodies: Vec<BodyRecord>,
    /// Each body's frame and each pair's transform (`explain --frames`), else absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frames: Option<FramesRecord>,
    /// The system the implicit-Euler step from this frame solves (`explain --linear-system`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub linear_system: Option<LinearSystemRecord>,
    /// Every `[[ray]]` of the scene cast among the bodies at that frame.
    pub rays: Vec<RayRecord>,
    /// Every distance the scene's `[[measure]]` entries ask for, at that frame.
    pub measures: Vec<MeasureRecord>,
    /// Every pair, `a` before `b` in scene order (the last field: `explain` streams it).
    pub pairs: Vec<PairRecord>,
}

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

/// A body's pose at scene time `t`, assuming constant linear and angular velocity.
pub fn pose_at(body: &BodySpec, t: f64) -> (Vector3<f64>, UnitQuaternion<f64>) {
    if body.fixed {
        return (body.center, body.rotation);
    }
    let spin = UnitQuaternion::from_scaled_axis(body.angular_velocity * t);
    (body.center + body.velocity * t, spin * body.rotation)
}

/// Which pairs `explain` reports: every pair (or one named pair), only the touching ones, and at
/// most some number of them, in scene order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairFilter<'a> {
    /// Only the pair of these two bodies (either order).
    pub only_pair: Option<(&'a str, &'a str)>,
    /// Only pairs that intersect now or first touch within the horizon.
    pub touching: bool,
    /// At most this many pairs (the first ones in scene order).
    pub limit: Option<usize>,
}

/// Explains every pair of the scene (or only `only_pair`) at `frame`, searching `horizon` ahead.
pub fn explain(
    scene: &Scene,
    bodies: &[BodySpec],
    frame: usize,
    horizon: f64,
    only_pair: Option<(&str, &str)>,
    robustness: Robustness,
) -> Explanation {
    let filter = PairFilter {
        only_pair,
        ..PairFilter::default()
    };
    explain_filtered(scene, bodies, frame, horizon, &filter, robustness)
}

/// Explains the pairs `filter` keeps at `frame`, searching `horizon` ahead.
pub fn explain_filtered(
    scene: &Scene,
    bodies: &[BodySpec],
    frame: usize,
    horizon: f64,
    filter: &PairFilter<'_>,
    robustness: Robustness,
) -> Explanation {
    let mut explanation = explain_head(scene, bodies, frame, horizon);
    explanation.pairs =
        explain_pairs(bodies, explanation.time, horizon, *filter, robustness).collect();
    explanation
}

/// The explanation of the scene at `frame` without its pairs (the part `explain` writes first).
pub fn explain_head(scene: &Scene, bodies: &[BodySpec], frame: usize, horizon: f64) -> Explanation {
    let specs = bodies;
    let bodies: Vec<BodyRecord> = bodies.iter().map(body_record).collect();
    debug_assert!(
        bodies.iter().all(finite::body_is_finite),
        "a body record holds a number that is not finite: {bodies:?}"
    );
    Explanation {
        scene: scene.name.clone(),
        frame,
        time: frame as f64 * scene.world.dt,
        horizon,
        rays: scene
            .rays
            .iter()
            .map(|ray| ray_record(ray, specs))
            .collect(),
        measures: scene
            .measures
            .iter()
            .map(|m| measure_record(m, specs, &scene.figures))
            .collect(),
        bodies,
        frames: None,
        linear_system: None,
        pairs: Vec::new(),
    }
}

/// The records of the pairs of `bodies` that `filter` keeps at scene time `time`, `a` before `b`
/// in scene order, each computed when it is read.
///
/// # Algorithm
/// Pairs are visited in scene order. With `touching`, a pair whose enclosing spheres stay apart
/// over the horizon ([`may_touch`]) is skipped without a record; the others are explained and kept
/// when they intersect or meet. The walk stops once `limit` pairs are kept.
pub fn explain_pairs<'a>(
    bodies: &'a [BodySpec],
    time: f64,
    horizon: f64,
    filter: PairFilter<'a>,
    robustness: Robustness,
) -> impl Iterator<Item = PairRecord> + 'a {
    let wanted = move |a: &BodySpec, b: &BodySpec| {
        filter
            .only_pair
            .is_none_or(|(x, y)| (a.name == x && b.name == y) || (a.name == y && b.name == x))
            && (!filter.touching || may_touch(a, b, horizon))
    };
    bodies
        .iter()
        .enumerate()
        .flat_map(move |(i, a)| bodies[i + 1..].iter().map(move |b| (a, b)))
        .filter(move |(a, b)| wanted(a, b))
        .filter_map(move |(a, b)| {
            let record = explain_pair(a, b, time, horizon, robustness)?;
            debug_assert!(
                finite::pair_is_finite(&record),
                "the record of {} and {} holds a number that is not finite: {record:?}",
                record.a,
                record.b
            );
            Some(record)
        })
        .filter(move |record| !filter.touching || record.touches())
        .take(filter.limit.unwrap_or(usize::MAX))
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
