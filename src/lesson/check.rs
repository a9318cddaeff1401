//! Running a lesson headless: where each step stands (scene, frame) and whether every expected
//! fact holds for the engine's records.

use super::facts::evaluate;
use super::model::{Lesson, PlayUntil};
use super::prose_arithmetic;
use super::prose_check;
use super::records::FrameRecords;
use crate::sat::Robustness;
use crate::scene::{Diagnostic, Scene};
use crate::trace::{self, ContactRecord, EventRecord, FrameRecord, PairRecord};

/// The frames of a scene as the lessons and the debugger see them.
pub fn timeline_of(scene: &Scene) -> Vec<FrameRecord> {
    trace::scene_timeline(scene)
}

/// Where a step stands: the scene index and the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepState {
    /// Index into `Lesson::scenes`.
    pub scene: usize,
    /// The frame shown.
    pub frame: usize,
}

/// A lesson with its timelines computed and each step's state resolved.
#[derive(Clone, Debug)]
pub struct Walkthrough {
    /// One timeline per lesson scene.
    pub timelines: Vec<Vec<FrameRecord>>,
    /// Each step's state, or why `play_until` could not be reached.
    pub states: Vec<Result<StepState, String>>,
}

/// The outcome of checking one lesson.
#[derive(Clone, Debug, Default)]
pub struct CheckReport {
    /// How many facts were checked (an unreachable step counts as one failed check).
    pub facts: usize,
    /// One located diagnostic per failed fact or unreachable step.
    pub failures: Vec<Diagnostic>,
    /// How many numbers and placeholders of the prose were checked.
    pub prose_checks: usize,
    /// One located diagnostic per number of the prose that no record gives, or placeholder
    /// without a value at its step's frame.
    pub prose: Vec<Diagnostic>,
}

/// Computes the timelines and every step's scene and frame.
///
/// # Algorithm
/// 1. A step keeps the previous step's frame unless it switches scene (frame 0) or sets `frame`.
/// 2. `play_until = { frame = N }` moves to N; `{ contact = [A, B] }` moves to the frame inside
///    which the pair first touches, from the events of the timeline.
pub fn walk(lesson: &Lesson) -> Walkthrough {
    let timelines: Vec<Vec<FrameRecord>> = lesson.scenes.iter().map(timeline_of).collect();
    let mut states = Vec::new();
    let mut at = StepState { scene: 0, frame: 0 };
    for step in &lesson.steps {
        if step.scene != at.scene {
            at = StepState {
                scene: step.scene,
                frame: 0,
            };
        }
        if let Some(frame) = step.frame {
            at.frame = frame;
        }
        let state = match &step.play_until {
            None => Ok(at),
            Some(PlayUntil::Frame(frame)) => Ok(StepState {
                frame: *frame,
                ..at
            }),
            Some(PlayUntil::Contact(a, b)) => contact_frame(&timelines[at.scene], at.frame, a, b)
                .map(|frame| StepState { frame, ..at })
                .ok_or_else(|| {
                    format!(
                        "play_until contact {a}, {b}: the pair never touches after frame {}",
                        at.frame
                    )
                }),
        };
        if let Ok(reached) = &state {
            at = *reached;
        }
        states.push(state);
    }
    Walkthrough { timelines, states }
}

/// The frame inside which the pair first touches at or after `from`: the frame before the record
/// that lists the contact event (an event exactly at `from`'s time counts as inside `from`).
pub fn contact_frame(timeline: &[FrameRecord], from: usize, a: &str, b: &str) -> Option<usize> {
    first_event(timeline, from, a, b).map(|(record, _)| inside_frame(record, from))
}

/// The frame inside which an event listed by `record` happens, never before `from`.
fn inside_frame(record: &FrameRecord, from: usize) -> usize {
    record.frame.saturating_sub(1).max(from)
}

/// The first contact event of the pair at or after the time of frame `from`, with its record.
fn first_event<'t>(
    timeline: &'t [FrameRecord],
    from: usize,
    a: &str,
    b: &str,
) -> Option<(&'t FrameRecord, &'t EventRecord)> {
    let start = timeline.get(from)?.time;
    timeline.iter().skip(from).find_map(|record| {
        let event = record.events.iter().find(|e| {
            e.kind == "contact"
                && e.time >= start - 1e-9 * (1.0 + start.abs())
                && is_pair(&e.a, &e.b, a, b)
        })?;
        Some((record, event))
    })
}

fn is_pair(x: &str, y: &str, a: &str, b: &str) -> bool {
    (x == a && y == b) || (x == b && y == a)
}

/// The pair's record at a frame of a timeline, contacts searched one frame ahead.
pub fn pair_at(scene: &Scene, record: &FrameRecord, a: &str, b: &str) -> Option<PairRecord> {
    let explanation = trace::explain(
        scene,
        &record.specs,
        record.frame,
        scene.world.dt,
        Some((a, b)),
        Robustness::default(),
    );
    explanation.pairs.into_iter().next()
}

/// The pair's first contact at or after `frame`: touching now, else the next contact event of the
/// simulation (its time; its axis and kind from the event, else from `explain` of the frame).
pub fn first_contact_from(
    scene: &Scene,
    timeline: &[FrameRecord],
    frame: usize,
    a: &str,
    b: &str,
) -> Option<ContactRecord> {
    let now = pair_at(scene, timeline.get(frame)?, a, b)?.contact;
    if now
        .as_ref()
        .is_some_and(|c| (c.time - timeline[frame].time).abs() <= 1e-12)
    {
        return now;
    }
    let (record, event) = first_event(timeline, frame, a, b)?;
    let inside = inside_frame(record, frame);
    let explained = if inside == frame {
        now
    } else {
        pair_at(scene, &timeline[inside], a, b).and_then(|p| p.contact)
    };
    let kind = event
        .contact_kind
        .clone()
        .or_else(|| explained.as_ref().map(|c| c.kind.clone()))
        .unwrap_or_else(|| "unknown".to_string());
    Some(ContactRecord {
        time: event.time,
        point: event.point,
        // A pair with a triangle or a mesh names its row only in `explain`'s contact.
        axis: event
            .axis
            .clone()
            .or_else(|| explained.as_ref().and_then(|c| c.axis.clone())),
        features: explained.map_or_else(|| format!("{kind} contact"), |c| c.features),
        kind,
        normal: event.normal,
        region: vec![event.point],
    })
}

/// Checks every expectation of every step against the engine, and reads every step's prose:
/// each number it states must be a value of the step's records, each placeholder must have one.
pub fn check_lesson(lesson: &Lesson) -> CheckReport {
    let walk = walk(lesson);
    let worked = prose_arithmetic::worked_results(lesson);
    let mut report = CheckReport::default();
    for (index, (step, state)) in lesson.steps.iter().zip(&walk.states).enumerate() {
        let at = match state {
            Ok(at) => *at,
            Err(why) => {
                // The step itself counts as a check: it must be reachable.
                report.facts += 1;
                report.failures.push(Diagnostic::located(
                    &lesson.path,
                    step.place.line,
                    step.place.column,
                    format!("step {}: {why}", index + 1),
                ));
                continue;
            }
        };
        let mut records = FrameRecords::new(
            &lesson.scenes[at.scene],
            &walk.timelines[at.scene],
            at.frame,
        );
        for expectation in &step.expect {
            for (place, fact) in &expectation.facts {
                report.facts += 1;
                let verdict = evaluate(fact, expectation.pair.as_ref(), &mut records);
                if !verdict.holds {
                    let message = format!(
                        "step {}: expected {} {}, the engine says {}",
                        index + 1,
                        verdict.name,
                        verdict.expected,
                        verdict.actual
                    );
                    report.failures.push(Diagnostic::located(
                        &lesson.path,
                        place.line,
                        place.column,
                        message,
                    ));
                }
            }
        }
        if let Some(problem) = selection_problem(step, &mut records) {
            report.facts += 1;
            report.failures.push(Diagnostic::located(
                &lesson.path,
                step.place.line,
                step.place.column,
                format!("step {}: {problem}", index + 1),
            ));
        }
        let prose = prose_check::check_step(lesson, index, &mut records, &worked);
        report.prose_checks += prose.checked;
        report.prose.extend(prose.findings);
    }
    report
}

/// Why the step's `select` names an axis its pair's table does not have (`A0xB2` for a box and
/// a triangle, an in-plane row of triangles that are not coplanar), or `None`.
fn selection_problem(step: &super::Step, records: &mut FrameRecords<'_>) -> Option<String> {
    let selection = step.select.as_ref()?;
    let axis = selection.axis?;
    let (a, b) = &selection.pair;
    let pair = records.pair(a, b)?;
    let reversed = pair.a != *a;
    if axis.row_of(pair, reversed).is_some() {
        return None;
    }
    let rows: Vec<String> = pair.rows().into_iter().map(|row| row.name).collect();
    Some(if rows.is_empty() {
        format!("`select` names axis {axis}, but {a} and {b} have no axis table")
    } else {
        format!(
            "`select` names axis {axis}, which the table of {a} and {b} does not have; its rows: {}",
            rows.join(" ")
        )
    })
}
