//! Reading a step's `quiz`: multiple choice, or a number to type.

use toml::de::DeValue;

use super::model::{Answer, Quiz};
use super::parse::{Reader, Reported};
use super::prose;
use crate::scene::fields::Fields;
use crate::scene::value::{self, Raw, Report};
use crate::scene::Scene;

/// Default relative tolerance of a numeric answer (0.5 %, at least 0.005).
pub const DEFAULT_RELATIVE_TOLERANCE: f64 = 0.005;

/// Reads `quiz = { ... }` of step `label`.
pub(crate) fn read(
    raw: &Raw<'_>,
    label: &str,
    scene: Option<&Scene>,
    reader: &Reader<'_>,
    r: &mut Report<'_>,
) -> Result<Quiz, Reported> {
    read_quiz(raw, label, scene, reader, r).ok_or(Reported)
}

fn read_quiz(
    raw: &Raw<'_>,
    label: &str,
    scene: Option<&Scene>,
    reader: &Reader<'_>,
    r: &mut Report<'_>,
) -> Option<Quiz> {
    let what = format!("`quiz` in {label}");
    let table = value::table(r, &what, raw)?;
    let mut f = Fields::new(table, raw.span(), what.clone());
    let prose_of = |f: &mut Fields<'_, '_>, key: &'static str, r: &mut Report<'_>| {
        let raw = f.raw(key)?;
        let read = prose::read(
            raw,
            &format!("`{key}` of the quiz in {label}"),
            scene,
            reader,
            r,
        );
        if read.is_none() {
            f.fail();
        }
        read
    };
    let hint = prose_of(&mut f, "hint", r);
    let explain = prose_of(&mut f, "explain", r);
    let choices = f.raw("choices").map(|c| choices(c, &what, r));
    let tolerance = f.positive(r, "tolerance");
    let answer = match (f.raw("answer"), choices) {
        (None, _) => f.missing("answer", "the right choice, or the number to type"),
        (Some(raw), Some(choices)) => {
            let choices = choices?;
            let word = value::string(r, &format!("`answer` in {what}"), raw)?;
            match choices.iter().position(|c| c == word) {
                Some(correct) if tolerance.is_none() => Some(Answer::Choice { choices, correct }),
                Some(_) => {
                    r.error(
                        f.span_of("tolerance"),
                        format!("`tolerance` in {what} applies only to a number answer"),
                    );
                    None
                }
                None => {
                    r.error(
                        raw.span(),
                        format!(
                            "`answer` in {what} must be one of the choices: {}",
                            choices.join(", ")
                        ),
                    );
                    None
                }
            }
        }
        (Some(raw), None) => {
            let value = value::number(
                r,
                &format!("`answer` in {what} (without `choices`, a number)"),
                raw,
            )?;
            let tolerance = tolerance.unwrap_or(DEFAULT_RELATIVE_TOLERANCE * value.abs().max(1.0));
            Some(Answer::Number { value, tolerance })
        }
    };
    let finished = f.finish(r);
    let quiz = Quiz {
        answer: answer?,
        hint,
        explain,
    };
    finished.then_some(quiz)
}

fn choices(raw: &Raw<'_>, what: &str, r: &mut Report<'_>) -> Option<Vec<String>> {
    let DeValue::Array(items) = raw.get_ref() else {
        r.error(
            raw.span(),
            format!("`choices` in {what} must be an array of strings"),
        );
        return None;
    };
    if !(2..=9).contains(&items.len()) {
        r.error(
            raw.span(),
            format!(
                "`choices` in {what} needs 2 to 9 choices (answered with keys 1-9), found {}",
                items.len()
            ),
        );
        return None;
    }
    let words: Vec<Option<&str>> = items
        .iter()
        .map(|item| value::string(r, &format!("a choice in {what}"), item))
        .collect();
    words.into_iter().map(|w| w.map(str::to_string)).collect()
}
