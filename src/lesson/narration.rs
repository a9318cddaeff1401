//! Prose with its placeholders resolved at a step's frame: the values the screen shows in place
//! of `{{…}}`, each kept with the placeholder it came from (so a screen can mask one).

use super::axis::TableAxis;
use super::check::StepState;
use super::model::Lesson;
use super::placeholder::{Kind, Placeholder};
use super::prose::Prose;
use super::records::FrameRecords;
use crate::geometry::ConvexSpec;
use crate::scene::ShapeSpec;
use crate::trace::FrameRecord;
use nalgebra::{Quaternion, UnitQuaternion, Vector3};

/// A placeholder's value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A number.
    Number(f64),
    /// A vector (a position, a velocity, a contact point).
    Vector([f64; 3]),
    /// A unit quaternion `(w, x, y, z)`.
    Quaternion([f64; 4]),
    /// A word (an axis name, a contact kind, `none`, `degenerate`).
    Word(String),
    /// No value at this frame, and why (`the pair never touches at or after frame 3`).
    Missing(String),
}

/// One placeholder of a piece of prose and its value at the step's frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved {
    /// The placeholder as written (kind, pair, axis, body, precision).
    pub placeholder: Placeholder,
    /// Its value.
    pub value: Value,
    /// The value as the screen shows it.
    pub text: String,
}

/// A piece of prose ready to show: Markdown in which the character [`super::value_index`] reads
/// as `k` stands for `values[k]`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ResolvedProse {
    /// The Markdown, see [`Prose::template`].
    pub template: String,
    /// The placeholders' values, in order.
    pub values: Vec<Resolved>,
}

/// A step's narration, hint and explanation, resolved once at the step's frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ResolvedStep {
    /// The narration.
    pub text: ResolvedProse,
    /// The quiz's hint.
    pub hint: Option<ResolvedProse>,
    /// The quiz's explanation.
    pub explain: Option<ResolvedProse>,
}

/// Resolves step `k` of `lesson` at `state`, from the scenes' `timelines`.
pub fn resolve_step(
    lesson: &Lesson,
    timelines: &[Vec<FrameRecord>],
    k: usize,
    state: StepState,
) -> ResolvedStep {
    let step = &lesson.steps[k];
    let mut records = FrameRecords::new(
        &lesson.scenes[state.scene],
        &timelines[state.scene],
        state.frame,
    );
    let quiz = step.quiz.as_ref();
    ResolvedStep {
        text: resolve(&step.text, &mut records),
        hint: quiz
            .and_then(|q| q.hint.as_ref())
            .map(|p| resolve(p, &mut records)),
        explain: quiz
            .and_then(|q| q.explain.as_ref())
            .map(|p| resolve(p, &mut records)),
    }
}

/// Resolves every placeholder of `prose` from `records`.
pub fn resolve(prose: &Prose, records: &mut FrameRecords<'_>) -> ResolvedProse {
    ResolvedProse {
        template: prose.template(),
        values: prose
            .placeholders
            .iter()
            .map(|p| {
                let value = value_of(p, records);
                let text = shown(p, &value);
                Resolved {
                    placeholder: p.clone(),
                    value,
                    text,
                }
            })
            .collect(),
    }
}

/// The value of one placeholder at the frame of `records`.
pub fn value_of(p: &Placeholder, records: &mut FrameRecords<'_>) -> Value {
    let frame = records.frame;
    let pick = |v: [f64; 3]| {
        p.component
            .map_or(Value::Vector(v), |c| Value::Number(v[c]))
    };
    let body = p.body.as_deref().and_then(|name| records.body(name));
    let no_body = || {
        Value::Missing(format!(
            "no body {:?} at frame {frame}",
            p.body.as_deref().unwrap_or("")
        ))
    };
    match p.kind {
        Kind::Energy => Value::Number(records.record().energy.total),
        Kind::Time => Value::Number(records.record().time),
        Kind::Frame => Value::Number(frame as f64),
        Kind::Asleep => Value::Number(records.record().sleeping as f64),
        Kind::ContactHertz => {
            let world = &records.scene.world;
            Value::Number(world.solver.effective_hertz(world.dt))
        }
        Kind::Substeps => Value::Number(records.scene.world.solver.substeps as f64),
        Kind::SoftOverlapMm | Kind::SoftSinkMm | Kind::SoftImpulse | Kind::SoftWarmStart => {
            held_value(p, records)
        }
        Kind::Position => body.map_or_else(no_body, |b| pick(b.position)),
        Kind::Velocity => body.map_or_else(no_body, |b| pick(b.velocity)),
        Kind::ErrorEstimate => body.map_or_else(no_body, |b| Value::Number(b.error_estimate)),
        Kind::Axis => body.map_or_else(no_body, |b| {
            let [w, x, y, z] = b.rotation;
            let rotation = UnitQuaternion::from_quaternion(Quaternion::new(w, x, y, z));
            let axis = rotation * Vector3::ith(p.index.unwrap_or(0), 1.0);
            pick([axis.x, axis.y, axis.z])
        }),
        Kind::Rotation => body.map_or_else(no_body, |b| match p.component {
            Some(c) => Value::Number(b.rotation[c]),
            None => Value::Quaternion(b.rotation),
        }),
        Kind::HalfExtents | Kind::Radius | Kind::Radii | Kind::Eigenvalues => {
            shape_value(p, records)
        }
        Kind::Gap | Kind::R | Kind::R0 | Kind::R1 | Kind::SeparatingAxis => pair_value(p, records),
        Kind::ContactTime | Kind::ContactPoint | Kind::ContactKind => {
            let (a, b) = p.pair.clone().unwrap_or_default();
            let Some(contact) = records.contact(&a, &b) else {
                return Value::Missing(format!(
                    "{a} and {b} never touch at or after frame {frame}"
                ));
            };
            match p.kind {
                Kind::ContactTime => Value::Number(contact.time),
                Kind::ContactPoint => pick(contact.point),
                _ => Value::Word(contact.kind.clone()),
            }
        }
    }
}

/// A value of what the soft step did at the placeholder's pair in the frame.
fn held_value(p: &Placeholder, records: &FrameRecords<'_>) -> Value {
    let (a, b) = p.pair.clone().unwrap_or_default();
    let Some(held) = crate::trace::held_pair(records.record(), &a, &b) else {
        return Value::Missing(format!(
            "the soft step did not hold {a} and {b} at frame {}",
            records.frame
        ));
    };
    Value::Number(match p.kind {
        Kind::SoftOverlapMm => held.overlap_end * 1e3,
        Kind::SoftSinkMm => held.predicted_sink * 1e3,
        Kind::SoftImpulse => held.impulse,
        _ => held.warm_start,
    })
}

/// A value of a body's shape as the scene holds it at the frame: half-extents, radius, an
/// ellipsoid's radii, the eigenvalues of its fit.
fn shape_value(p: &Placeholder, records: &FrameRecords<'_>) -> Value {
    let name = p.body.as_deref().unwrap_or("");
    let Some(spec) = records.record().specs.iter().find(|s| s.name == name) else {
        return Value::Missing(format!("no body {name:?} at frame {}", records.frame));
    };
    let pick = |v: [f64; 3]| {
        p.component
            .map_or(Value::Vector(v), |c| Value::Number(v[c]))
    };
    match (p.kind, &spec.shape) {
        (Kind::HalfExtents, ShapeSpec::Box { half_extents: h }) => pick([h.x, h.y, h.z]),
        (
            Kind::Radius,
            ShapeSpec::Sphere { radius } | ShapeSpec::Convex(ConvexSpec::Cylinder { radius, .. }),
        ) => Value::Number(*radius),
        (Kind::Radii, ShapeSpec::Convex(ConvexSpec::Ellipsoid { radii })) => {
            pick([radii.x, radii.y, radii.z])
        }
        (Kind::Eigenvalues, _) => match spec.fit.as_ref().and_then(|f| f.eigenvalues) {
            Some(values) => pick(values),
            None => Value::Missing(format!("{name} was not fitted by its covariance")),
        },
        (Kind::HalfExtents, _) => Value::Missing(format!("{name} is not a box")),
        (Kind::Radii, _) => Value::Missing(format!("{name} is not an ellipsoid")),
        _ => Value::Missing(format!("{name} is not a sphere or a cylinder")),
    }
}

/// A value read from the pair's row of the axis (named with the pair as written).
fn pair_value(p: &Placeholder, records: &mut FrameRecords<'_>) -> Value {
    let frame = records.frame;
    let (a, b) = p.pair.clone().unwrap_or_default();
    let Some(pair) = records.pair(&a, &b) else {
        return Value::Missing(format!("no pair {a}, {b} at frame {frame}"));
    };
    let reversed = pair.a != a;
    if p.kind == Kind::SeparatingAxis {
        let axis = pair.separating_axis.as_deref().and_then(TableAxis::parse);
        let named = |axis: TableAxis| if reversed { axis.swapped() } else { axis };
        return Value::Word(axis.map_or_else(|| "none".to_string(), |x| named(x).to_string()));
    }
    let Some((_, row)) = p.axis.and_then(|axis| axis.row_of(pair, reversed)) else {
        return Value::Missing(format!("{a} and {b} have no such row in an axis table"));
    };
    // Two boxes named the other way round swap R0 and R1; a surface table keeps its roles.
    let (r0, r1) = if reversed && !pair.axes.is_empty() {
        (row.r1, row.r0)
    } else {
        (row.r0, row.r1)
    };
    match p.kind {
        Kind::R => Value::Number(row.r),
        Kind::R0 => Value::Number(r0),
        Kind::R1 => Value::Number(r1),
        _ => row
            .gap
            .map_or_else(|| Value::Word("degenerate".into()), Value::Number),
    }
}

/// The value as shown: numbers with the placeholder's decimals (the error estimate, and numbers
/// of a million or more, in scientific notation), vectors as `(x, y, z)`, `none` when missing.
pub fn shown(p: &Placeholder, value: &Value) -> String {
    let number = |x: f64| {
        let digits = if matches!(p.kind, Kind::Frame | Kind::Asleep | Kind::Substeps) {
            0
        } else {
            p.precision
        };
        if p.kind == Kind::ErrorEstimate || x.abs() >= 1e6 {
            format!("{x:.digits$e}")
        } else {
            let text = format!("{x:.digits$}");
            let zero = text
                .trim_start_matches('-')
                .chars()
                .all(|c| c == '0' || c == '.');
            if zero {
                text.trim_start_matches('-').to_string()
            } else {
                text
            }
        }
    };
    match value {
        Value::Number(x) => number(*x),
        Value::Vector(v) => format!("({}, {}, {})", number(v[0]), number(v[1]), number(v[2])),
        Value::Quaternion(q) => format!(
            "({}, {}, {}, {})",
            number(q[0]),
            number(q[1]),
            number(q[2]),
            number(q[3])
        ),
        Value::Word(word) => word.clone(),
        Value::Missing(_) => "none".into(),
    }
}
