//! The prose check's arithmetic: every chain `a op b = c` of a step's prose must give its printed
//! result, and a short operand (under three significant digits, which the number check skips)
//! close to a value of the step's records must be that value, unless the scene or the lesson's
//! own arithmetic gives it.

use super::arithmetic::Token;
use super::arithmetic_check::{follows, printed, rounded_as, wrong, Printed};
use super::model::{Lesson, Place};
use super::narration::{shown, value_of};
use super::numbers::{self, CHECKED_DIGITS};
use super::prose::Prose;
use super::prose_check::Labelled;
use super::records::FrameRecords;
use crate::scene::Scene;

/// What an operand of written arithmetic may be.
pub(crate) struct Known<'k> {
    /// The values of the step's records.
    pub engine: &'k [Labelled],
    /// The numbers of the step's scene.
    pub givens: &'k [f64],
    /// The printed results of the lesson's arithmetic.
    pub worked: &'k [f64],
}

/// What the arithmetic of one piece of prose gave.
#[derive(Default)]
pub(crate) struct Found {
    /// Chains and operands checked.
    pub checked: usize,
    /// Where and what is wrong.
    pub findings: Vec<(Place, String)>,
}

/// Every number the scene states (its settings and bodies; not its title or description).
pub(crate) fn givens(scene: &Scene) -> Vec<f64> {
    let settings = Scene {
        title: None,
        description: None,
        ..scene.clone()
    };
    numbers::magnitudes(&format!("{settings:?}"))
}

/// The printed results of every chain of the lesson's prose (the numbers an author worked out).
pub(crate) fn worked_results(lesson: &Lesson) -> Vec<f64> {
    let proses = lesson.steps.iter().flat_map(|step| {
        let quiz = step.quiz.as_ref();
        [
            Some(&step.text),
            quiz.and_then(|q| q.hint.as_ref()),
            quiz.and_then(|q| q.explain.as_ref()),
        ]
    });
    proses
        .flatten()
        .flat_map(|prose| &prose.arithmetic)
        .flat_map(|chain| &chain.segments)
        .filter_map(|segment| match segment.tokens.as_slice() {
            [Token::Number(x, _)] | [Token::Op('-'), Token::Number(x, _)] => Some(*x),
            _ => None,
        })
        .collect()
}

/// The wrong results and unknown operands of `prose`'s arithmetic, with the placeholders valued
/// as the screen prints them at the frame of `records`.
pub(crate) fn findings(prose: &Prose, records: &mut FrameRecords<'_>, known: &Known<'_>) -> Found {
    let printed: Vec<Option<Printed>> = prose
        .placeholders
        .iter()
        .map(|p| printed(&shown(p, &value_of(p, records))))
        .collect();
    let value = |k: usize| printed.get(k).copied().flatten();
    let frame = records.frame;
    let mut out = Found::default();
    for chain in &prose.arithmetic {
        out.checked += 1;
        let first = &chain.segments[0];
        let whole = first.range.start..chain.segments[chain.segments.len() - 1].range.end;
        let written = &prose.source[whole];
        for w in wrong(chain, &value) {
            let expression = chain
                .segments
                .iter()
                .find(|s| s.place() == w.place)
                .map_or(written, |s| &prose.source[s.range.clone()]);
            out.findings.push((
                w.place,
                format!(
                    "`{written}`: {expression} is {}, which rounds to {}, not {}",
                    rounded_as(w.value, (w.value, w.result.1 - 2)),
                    rounded_as(w.value, w.result),
                    rounded_as(w.result.0, w.result)
                ),
            ));
        }
        for segment in &chain.segments {
            if segment.tokens.len() < 2 {
                continue;
            }
            for (x, last, place, span) in segment.operands() {
                out.checked += 1;
                let short = numbers::significant(&prose.source[span.clone()]) < CHECKED_DIGITS;
                if !short || whole_number(x, last) || is_known(x, last, known) {
                    continue;
                }
                let Some((v, label)) = near_miss(x, known.engine) else {
                    continue;
                };
                out.findings.push((
                    place,
                    format!(
                        "`{written}`: the operand {} is not the engine's {} = {} at frame {frame}, nor a number of the scene or a result worked out in the lesson; write a placeholder, or the value to its digits",
                        &prose.source[span],
                        label,
                        rounded_as(*v, (*v, last - 1)),
                    ),
                ));
            }
        }
    }
    out
}

/// A whole number written without a point (`2`, `100`): a count or a constant of a formula.
fn whole_number(x: f64, last: i32) -> bool {
    last >= 0 && x.fract() == 0.0
}

/// Whether `x`, written to the digit `last`, is one of the known numbers rounded (any sign).
fn is_known(x: f64, last: i32, known: &Known<'_>) -> bool {
    let same = |v: f64| follows(v.abs(), (x.abs(), last));
    known.engine.iter().any(|(v, _)| same(*v))
        || known.givens.iter().any(|v| same(*v))
        || known.worked.iter().any(|v| same(*v))
}

/// How close (relatively) an operand must be to an engine value to be taken for that value
/// rounded wrongly or copied stale (`7.5` for the impulse 7.348).
pub(crate) const NEAR_MISS: f64 = 0.03;

/// The engine value of the step nearest to `x` (any sign) when it is within [`NEAR_MISS`].
fn near_miss(x: f64, engine: &[Labelled]) -> Option<&Labelled> {
    let distance = |v: f64| (v.abs() - x.abs()).abs() / x.abs();
    engine
        .iter()
        .filter(|(v, _)| v.is_finite() && *v != 0.0)
        .min_by(|(a, _), (b, _)| distance(*a).total_cmp(&distance(*b)))
        .filter(|(v, _)| distance(*v) <= NEAR_MISS)
}
