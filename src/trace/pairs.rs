//! The record of one pair: which stage decided, the 15 rows, the sweep and the first contact.

use nalgebra::Vector3;
use serde::Serialize;

use super::box_pair::{box_verdict, CheapStages};
use super::rotating::{follow_rotation, spins, ApproximationRecord};
use crate::contact::PairContact;
use crate::geometry::Obb;
use crate::math::arr3;
use crate::sat::{self, AxisRow, Robustness, SweepRow};
use crate::scene::{BodySpec, ShapeSpec};

pub use super::convex::{EpaRecord, GjkRecord};
pub use super::surfaces::{MeshWalk, ShapeTable};

/// The stages of the pipeline, cheapest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// Enclosing spheres.
    Spheres,
    /// Axis-aligned bounding boxes.
    Aabbs,
    /// The separating-axis test of two boxes.
    Sat,
    /// The exact test of a pair that is not two boxes.
    Exact,
}

impl Stage {
    /// The name shown to people.
    pub fn label(self) -> &'static str {
        match self {
            Stage::Spheres => "spheres",
            Stage::Aabbs => "AABBs",
            Stage::Sat => "SAT",
            Stage::Exact => "exact test",
        }
    }
}

/// One cheap-rejection stage and what it found.
#[derive(Clone, Debug, Serialize)]
pub struct StageCheck {
    /// Which stage.
    pub stage: Stage,
    /// Whether this stage alone proves the pair apart.
    pub separated: bool,
    /// The numbers behind the verdict.
    pub detail: String,
}

/// One axis of the sweep as written to JSON (`null` for an infinite time).
#[derive(Clone, Debug, Serialize)]
pub struct SweepRecord {
    /// Axis name.
    pub axis: String,
    /// Absolute time the projections start to overlap.
    pub entry: Option<f64>,
    /// Absolute time they stop overlapping.
    pub exit: Option<f64>,
    /// Whether the axis was not tested (degenerate).
    pub skipped: bool,
}

/// The first contact as written to JSON.
#[derive(Clone, Debug, Serialize)]
pub struct ContactRecord {
    /// Absolute scene time of first contact.
    pub time: f64,
    /// A point on both bodies.
    pub point: [f64; 3],
    /// The last separating axis, `null` when already overlapping.
    pub axis: Option<String>,
    /// What touches ([`PairContact::kind_name`]): `vertex-face`, `edge-face`, `face-face`,
    /// `edge-edge` or `overlap` for two boxes, `vertex-plane`, `sphere-face`, … otherwise.
    pub kind: String,
    /// Unit normal from `a` towards `b`.
    pub normal: [f64; 3],
    /// The contact region (one point, a segment, or a polygon).
    pub region: Vec<[f64; 3]>,
    /// The touching features in words.
    pub features: String,
}

/// Everything decided about one pair.
#[derive(Clone, Debug, Serialize)]
pub struct PairRecord {
    /// First body (earlier in the scene).
    pub a: String,
    /// Second body.
    pub b: String,
    /// `box-box`, `box-sphere`, `sphere-plane`, …
    pub shapes: String,
    /// Whether the bodies touch or overlap now.
    pub intersecting: bool,
    /// The stage that decided: the first cheap stage that proves them apart, else the exact test.
    pub stage: Stage,
    /// The cheap stages and what each found.
    pub stages: Vec<StageCheck>,
    /// The first separating axis in table order, `null` when none separates.
    pub separating_axis: Option<String>,
    /// The robustness rule used for near-parallel edges.
    pub robustness: &'static str,
    /// The 15 rows for two boxes, empty otherwise.
    pub axes: Vec<AxisRow>,
    /// The sweep's per-axis intervals for two boxes, empty otherwise.
    pub sweep: Vec<SweepRecord>,
    /// The first contact within the horizon, `null` if none.
    pub contact: Option<ContactRecord>,
    /// For a spinning body: each approximation of the contact time and its error (docs/methods.md §10).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub approximations: Vec<ApproximationRecord>,
    /// A pair with a triangle: the rows of its table (box–triangle, triangle–triangle, or a
    /// mesh's deciding triangle), with the same columns as `axes`; absent for other pairs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<ShapeTable>,
    /// A pair with a mesh: the walk of its tree and the triangle that decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mesh: Option<MeshWalk>,
    /// A pair with an ellipsoid, a cylinder or a k-DOP (but not against a plane): GJK's
    /// iterations, then EPA's or conservative advancement's; absent for other pairs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gjk: Option<GjkRecord>,
    /// Apart, but by no more than the gap at which `simulate` holds a resting contact
    /// ([`crate::dynamics::world::TOUCHING`], 1e-8 m): that gap (rounding, for a body at rest on another); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resting_gap: Option<f64>,
    /// One sentence a person understands.
    pub sentence: String,
}

impl PairRecord {
    /// Whether `row` is the first separating axis of the pair.
    pub fn is_first_separating(&self, row: &AxisRow) -> bool {
        self.separating_axis.as_deref().and_then(sat::AxisId::parse) == Some(row.axis)
    }
}

/// Explains the pair `a`, `b` at scene time `time`, searching `horizon` seconds ahead.
pub fn explain_pair(
    a: &BodySpec,
    b: &BodySpec,
    time: f64,
    horizon: f64,
    robustness: Robustness,
) -> Option<PairRecord> {
    let mut record = match (&a.shape, &b.shape) {
        (&ShapeSpec::Box { half_extents: ha }, &ShapeSpec::Box { half_extents: hb }) => {
            let box_a = Obb::new(a.center, a.rotation, ha);
            let box_b = Obb::new(b.center, b.rotation, hb);
            Some(box_box((a, &box_a), (b, &box_b), time, horizon, robustness))
        }
        _ if super::convex::is_convex_pair(a, b) => super::convex::convex_pair(a, b, time, horizon),
        (sa, sb) if sa.is_surface() || sb.is_surface() => {
            super::surfaces::surface_pair(a, b, time, horizon)
        }
        _ => super::shapes::other_pair(a, b, time, horizon),
    }?;
    if !record.intersecting {
        super::touching::note_resting(&mut record, a, b);
    }
    Some(record)
}

fn box_box(
    (a, box_a): (&BodySpec, &Obb),
    (b, box_b): (&BodySpec, &Obb),
    time: f64,
    horizon: f64,
    robustness: Robustness,
) -> PairRecord {
    let (va, vb) = (velocity(a), velocity(b));
    let verdict = box_verdict(box_a, va, box_b, vb, horizon, robustness);
    let sweep = sat::sweep(box_a, va, box_b, vb, horizon);
    let trace = &verdict.trace;
    let mut record = PairRecord {
        a: a.name.clone(),
        b: b.name.clone(),
        shapes: "box-box".into(),
        intersecting: verdict.intersecting(),
        stage: verdict.stage,
        stages: cheap_stages(box_a, box_b),
        separating_axis: verdict.separating_axis().map(|axis| axis.to_string()),
        robustness: trace.robustness.name(),
        axes: trace.rows().to_vec(),
        sweep: sweep
            .rows
            .iter()
            .map(|row| sweep_record(row, time))
            .collect(),
        contact: verdict
            .contact
            .map(|c| contact_record(&PairContact::of_boxes(c), time, &a.name, &b.name)),
        approximations: Vec::new(),
        table: None,
        mesh: None,
        gjk: None,
        resting_gap: None,
        sentence: String::new(),
    };
    if spins(a) || spins(b) {
        follow_rotation(&mut record, (a, b), time, horizon);
    }
    record.sentence = super::text::box_box_sentence(&record, trace);
    record
}

/// A body's velocity as the explanations move it (zero for a fixed body).
pub(crate) fn velocity(body: &BodySpec) -> Vector3<f64> {
    if body.fixed {
        Vector3::zeros()
    } else {
        body.velocity
    }
}

/// The enclosing-sphere and AABB checks for two boxes, with the numbers behind each.
pub(crate) fn cheap_stages(a: &Obb, b: &Obb) -> Vec<StageCheck> {
    let cheap = CheapStages::new(a, b);
    let (distance, reach) = (cheap.distance, cheap.reach);
    let spheres = StageCheck {
        stage: Stage::Spheres,
        separated: cheap.spheres_apart(),
        detail: format!(
            "|C1 - C0| = {} {} r0 + r1 = {}",
            super::fixed(distance, 3),
            if cheap.spheres_apart() { ">" } else { "<=" },
            super::fixed(reach, 3)
        ),
    };
    let apart: Vec<&str> = ["x", "y", "z"]
        .into_iter()
        .zip(cheap.aabbs_apart_on)
        .filter_map(|(name, apart)| apart.then_some(name))
        .collect();
    let aabbs = StageCheck {
        stage: Stage::Aabbs,
        separated: cheap.aabbs_apart(),
        detail: if apart.is_empty() {
            "the AABBs overlap on x, y and z".into()
        } else {
            format!("the AABBs are apart on {}", apart.join(", "))
        },
    };
    vec![spheres, aabbs]
}

fn sweep_record(row: &SweepRow, time: f64) -> SweepRecord {
    let finite = |t: f64| t.is_finite().then_some(time + t);
    SweepRecord {
        axis: row.axis.to_string(),
        entry: finite(row.entry),
        exit: finite(row.exit),
        skipped: row.skipped,
    }
}

/// The JSON record of a contact of a shape table found `time` seconds into the scene, its
/// touching features in words.
pub(crate) fn contact_record_parts(
    contact: &sat::ShapeContact,
    time: f64,
    features: String,
) -> ContactRecord {
    ContactRecord {
        time: time + contact.time,
        point: arr3(&contact.point),
        axis: contact.axis.map(sat::ShapeAxis::name),
        kind: contact.kind.name().into(),
        normal: arr3(&contact.normal),
        region: contact.region.iter().map(arr3).collect(),
        features,
    }
}

/// The JSON record of a contact found `time` seconds into the scene (the contact table's
/// record, whichever shapes touch).
pub(crate) fn contact_record(contact: &PairContact, time: f64, a: &str, b: &str) -> ContactRecord {
    ContactRecord {
        time: time + contact.time,
        point: arr3(&contact.point),
        axis: contact.axis.map(|axis| axis.to_string()),
        kind: contact.kind_name().into(),
        normal: arr3(&contact.normal),
        region: contact.region.iter().map(arr3).collect(),
        features: contact.box_contact().map_or_else(
            || match contact.kind_name() {
                "convex-touch" => "closest points meet (GJK)".to_string(),
                "convex-overlap" => "overlapping (EPA depth)".to_string(),
                kind => format!("{kind} contact"),
            },
            |boxes| super::text::describe_contact(&boxes, a, b),
        ),
    }
}
