//! Records of what the engine decided for a scene at one frame, read by `explain`, the TUI and
//! the lesson checker alike.

mod body;
mod box_pair;
mod convex;
mod convex_text;
mod finite;
mod fit_evidence;
mod frame;
mod frames_text;
mod held_pair;
mod kinds;
mod linear_system;
mod matrices;
mod measures;
mod number;
mod pairs;
mod particle_step;
mod probe_text;
mod rays;
mod rotating;
mod shapes;
mod simulate;
mod soft_step;
mod surface_text;
mod surfaces;
mod table_rows;
mod text;
mod touching;
mod transforms;
mod triangle_pair;
mod world_text;

pub use body::{body_record, BodyRecord, FitRecord, MeshRecord};
pub use box_pair::{box_verdict, BoxVerdict};
pub use fit_evidence::{fit_evidence, FitEvidence};
pub use frame::{
    body_frame, kinematic_timeline, BodyFrame, DivergedRecord, EnergyRecord, EventRecord,
    FrameRecord,
};
pub use frames_text::{fit_lines, render_body_frames, render_frames, render_pair_frames};
pub use held_pair::{held_pair, HeldPair};
pub use kinds::CONTACT_KINDS;
pub use linear_system::{linear_system_record, render_linear_system, LinearSystemRecord};
pub use matrices::{
    matrix_record, render_matrices, EigenPairRecord, EigenRecord, LuRecord, MatrixRecord,
};
pub use measures::{figure_item, measure_record, MeasureRecord, TermRecord};
pub use number::{coordinates, counted, fixed};
pub use pairs::{
    explain_pair, ContactRecord, EpaRecord, GjkRecord, MeshWalk, PairRecord, ShapeTable, Stage,
    StageCheck, SweepRecord,
};
pub use particle_step::{particle_step, particle_steps, ParticleStep};
pub use probe_text::describe_hit;
pub use rays::{ray_record, CourseTestRecord, HitRecord, LegRecord, RayRecord, ESCAPE_DRAW_LENGTH};
pub use rotating::ApproximationRecord;
pub use simulate::{
    bodies_at, frame_at, frame_record, scene_timeline, simulate_frames, simulate_timeline,
    world_from_scene, Frames, SimOptions,
};
pub use soft_step::{render_soft_step, soft_step_record, SoftStepRecord};
pub use surfaces::is_explained;
pub use table_rows::{shadow_anchor, RowFlag, TableRow};
pub use text::{
    approximation_lines, describe_contact, render_head, render_pair, render_text, NO_PAIRS,
};
pub use touching::{enclosing_ball, may_touch};
pub use transforms::{frames_record, BodyTransform, FramesRecord, PairTransform};
pub use world_text::{friction_records, world_lines, FrictionRecord};

use nalgebra::{UnitQuaternion, Vector3};
use serde::Serialize;

use crate::sat::Robustness;
use crate::scene::{BodySpec, Scene};

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
    /// Where the horizon came from, when `explain` chose it (absent in a library's explanation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub horizon_from: Option<HorizonFrom>,
    /// How contacts are answered: `impulse`, `particle` or `none` (the scene's `response`).
    pub response: crate::dynamics::response::ResponseModel,
    /// The scene's friction forces (`[[force]] kind = "friction"`), absent when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub friction_forces: Vec<FrictionRecord>,
    /// Every body's state at that frame, in scene order.
    pub bodies: Vec<BodyRecord>,
    /// Each body's frame and each pair's transform (`explain --transforms`), else absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frames: Option<FramesRecord>,
    /// The system the implicit-Euler step from this frame solves (`explain --linear-system`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub linear_system: Option<LinearSystemRecord>,
    /// What the soft step did in the frame reached (a scene with `resting = "soft"`, frame 1
    /// on).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solver: Option<SoftStepRecord>,
    /// Every `[[ray]]` of the scene cast among the bodies at that frame.
    pub rays: Vec<RayRecord>,
    /// Every distance the scene's `[[measure]]` entries ask for, at that frame.
    pub measures: Vec<MeasureRecord>,
    /// Every `[[matrix]]` of the scene, factored and decomposed (absent when there is none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub matrices: Vec<MatrixRecord>,
    /// Every pair, `a` before `b` in scene order (the last field: `explain` streams it).
    pub pairs: Vec<PairRecord>,
}

/// Where `explain`'s horizon came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HorizonFrom {
    /// `--horizon` on the command line.
    Option,
    /// The rest of the scene: its frames after the explained one, times dt.
    RestOfScene,
    /// One frame, dt: the scene gives no `frames`.
    OneFrame,
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
    /// Only pairs that intersect now, rest on each other or first touch within the horizon.
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
        horizon_from: None,
        response: scene.world.response,
        friction_forces: friction_records(scene),
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
        matrices: scene.matrices.iter().map(matrix_record).collect(),
        bodies,
        frames: None,
        linear_system: None,
        solver: None,
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
