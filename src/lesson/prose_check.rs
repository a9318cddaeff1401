//! The prose check: every number a step's prose states (with three or more significant digits,
//! outside placeholders and worked spans) must be a value of the engine's records at the step's
//! frame, and every placeholder must have a value there.

use serde::Serialize;
use serde_json::Value as Json;

use super::model::{Lesson, Step};
use super::narration::{value_of, Value};
use super::numbers::{self, Quoted};
use super::prose_arithmetic::{self, Known};
use super::records::FrameRecords;
use crate::scene::Diagnostic;

/// A value of the records and where it was found (`pairs.A,B.axes.A1.r0`).
pub type Labelled = (f64, String);

/// What the prose check of one step found.
#[derive(Default)]
pub(crate) struct ProseFindings {
    /// Numbers and placeholders checked.
    pub checked: usize,
    /// One located diagnostic per number that no record gives, or placeholder without a value.
    pub findings: Vec<Diagnostic>,
}

/// Checks the text, hint and explanation of step `index` against `records`; `worked` are the
/// results of the lesson's written arithmetic.
pub(crate) fn check_step(
    lesson: &Lesson,
    index: usize,
    records: &mut FrameRecords<'_>,
    worked: &[f64],
) -> ProseFindings {
    let givens = prose_arithmetic::givens(records.scene);
    let step: &Step = &lesson.steps[index];
    let quiz = step.quiz.as_ref();
    let pieces = [
        ("text", Some(&step.text)),
        ("hint", quiz.and_then(|q| q.hint.as_ref())),
        ("explanation", quiz.and_then(|q| q.explain.as_ref())),
    ];
    let mut out = ProseFindings::default();
    let mut values: Option<Vec<Labelled>> = None;
    let frame = records.frame;
    let say = |place: super::Place, message: String| {
        Diagnostic::located(
            &lesson.path,
            place.line,
            place.column,
            format!("step {}: {message}", index + 1),
        )
    };
    for (what, prose) in pieces {
        let Some(prose) = prose else { continue };
        for p in &prose.placeholders {
            out.checked += 1;
            if let Value::Missing(why) = value_of(p, records) {
                let written = &prose.source[p.range.clone()];
                out.findings.push(say(
                    p.place,
                    format!("{written} in the {what} has no value at frame {frame}: {why}"),
                ));
            }
        }
        if !prose.arithmetic.is_empty() {
            let engine = values.get_or_insert_with(|| engine_values(records)).clone();
            let known = Known {
                engine: &engine,
                givens: &givens,
                worked,
            };
            let found = prose_arithmetic::findings(prose, records, &known);
            out.checked += found.checked;
            out.findings.extend(
                found
                    .findings
                    .into_iter()
                    .map(|(place, message)| say(place, format!("in the {what}, {message}"))),
            );
        }
        if prose.numbers.is_empty() {
            continue;
        }
        let values = values.get_or_insert_with(|| engine_values(records));
        for quoted in &prose.numbers {
            out.checked += 1;
            if values.iter().any(|(v, _)| quoted.matches(*v)) {
                continue;
            }
            out.findings
                .push(say(quoted.place, unmatched(quoted, what, frame, values)));
        }
    }
    out
}

/// The message for a number no record gives, with the record value nearest to it (by ratio).
fn unmatched(quoted: &Quoted, what: &str, frame: usize, values: &[Labelled]) -> String {
    let distance = |x: f64| (x.abs() / quoted.magnitude).ln().abs();
    let nearest = values
        .iter()
        .filter(|(v, _)| v.is_finite() && *v != 0.0)
        .min_by(|(x, _), (y, _)| distance(*x).total_cmp(&distance(*y)));
    let scientific = quoted.written.contains(['e', 'E']);
    let decimals = usize::try_from(1 - quoted.last_digit).unwrap_or(0).min(9);
    let nearest = nearest.map_or_else(String::new, |(v, label)| {
        if scientific {
            format!(" (nearest: {v:.3e} = {label})")
        } else {
            format!(" (nearest: {v:.decimals$} = {label})")
        }
    });
    format!(
        "{} in the {what} is not a value of the engine at frame {frame}{nearest}; write a placeholder, or mark worked arithmetic as [[…]]",
        quoted.written
    )
}

/// Every number of the records of the frame: the frame's record, the events inside the frame,
/// every pair and body as `explain` reports them (with `R0 + R1` and `R - (R0 + R1)` of each
/// row, as the table shows them), every pair's first contact at or after the frame, and what the
/// matrices overlay shows (the frames of every pair, an implicit-Euler scene's linear system)
/// and the particle model's steps at planes.
pub fn engine_values(records: &mut FrameRecords<'_>) -> Vec<Labelled> {
    let mut out = Vec::new();
    collect(&json(records.record()), "frame", &mut out);
    collect(&json(&records.events_inside(None)), "events", &mut out);
    let explanation = records.explanation();
    for pair in &explanation.pairs {
        let group = if pair.axes.is_empty() {
            "table"
        } else {
            "axes"
        };
        for row in pair.rows() {
            let label = format!("pairs.{},{}.{group}.{}", pair.a, pair.b, row.name);
            out.push((row.r0 + row.r1, format!("{label}.r0+r1")));
            out.push((row.r - (row.r0 + row.r1), format!("{label}.r-(r0+r1)")));
        }
    }
    collect(&json(&explanation), "explain", &mut out);
    // What the matrices overlay shows: every pair's frames, and implicit Euler's system.
    let frames = crate::trace::frames_record(&records.record().specs, None);
    collect(&json(&frames), "frames", &mut out);
    if let Ok(system) = crate::trace::linear_system_record(records.scene, records.frame) {
        collect(&json(&system), "linear_system", &mut out);
    }
    // What the contact panel works at a lesson step with `show = ["method"]`: the particle
    // model's step of each sphere at each plane.
    let steps = crate::trace::particle_steps(records.scene, records.record());
    collect(&json(&steps), "particle_step", &mut out);
    for (a, b) in records.pair_names() {
        if let Some(contact) = records.contact(a, b) {
            collect(&json(contact), &format!("contact.{a},{b}"), &mut out);
        }
    }
    out
}

fn json(value: &impl Serialize) -> Json {
    serde_json::to_value(value).unwrap_or(Json::Null)
}

/// Every number under `value`, labelled by its path; arrays of named things are labelled by
/// name (`bodies.bullet`), of pairs by the pair (`pairs.A,B`), of axis rows by the axis.
fn collect(value: &Json, path: &str, out: &mut Vec<Labelled>) {
    match value {
        Json::Number(n) => out.extend(n.as_f64().map(|x| (x, path.to_string()))),
        Json::String(text) => out.extend(
            numbers::magnitudes(text)
                .into_iter()
                .map(|x| (x, path.to_string())),
        ),
        Json::Array(items) => {
            for (k, item) in items.iter().enumerate() {
                let name = |key: &str| item.get(key).and_then(Json::as_str).map(str::to_string);
                let label = name("name")
                    .or_else(|| Some(format!("{},{}", name("a")?, name("b")?)))
                    .or_else(|| name("axis"))
                    .unwrap_or_else(|| k.to_string());
                collect(item, &format!("{path}.{label}"), out);
            }
        }
        Json::Object(fields) => {
            for (key, item) in fields {
                collect(item, &format!("{path}.{key}"), out);
            }
        }
        Json::Bool(_) | Json::Null => {}
    }
}
