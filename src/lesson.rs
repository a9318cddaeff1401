//! Lessons: guided walkthroughs scripted in TOML, checked headless against the engine.

mod arithmetic;
mod arithmetic_check;
mod axis;
mod body;
mod check;
mod expect;
mod facts;
mod mask;
mod model;
mod narration;
mod numbers;
mod parse;
mod placeholder;
mod placeholder_words;
pub mod progress;
mod prose;
mod prose_arithmetic;
mod prose_check;
mod quiz;
mod records;
mod show;
mod tomlstr;

pub use axis::{TableAxis, AXIS_NAMES};
pub use body::FREE;
pub use check::{
    check_lesson, contact_frame, first_contact_from, pair_at, timeline_of, walk, CheckReport,
    StepState, Walkthrough,
};
pub use expect::{
    CONTACT_KINDS, DEFAULT_BODY_TOLERANCE, DEFAULT_ENERGY_TOLERANCE, DEFAULT_TIME_TOLERANCE, STAGES,
};
pub use mask::{Mask, HIDDEN};
pub use model::{
    Answer, Expectation, Fact, Lesson, Place, PlayUntil, Quiz, Selection, Step, VIEWS,
};
pub use narration::{
    resolve, resolve_step, shown, value_of, Resolved, ResolvedProse, ResolvedStep, Value,
};
pub use numbers::{Quoted, CHECKED_DIGITS};
pub use parse::load_lesson_str;
pub use placeholder::{Kind, Placeholder, DEFAULT_PRECISION};
pub use prose::{value_char, value_index, Prose, MARKER, WORKED_BLOCK, WORKED_CLOSE, WORKED_OPEN};
pub use prose_check::{engine_values, Labelled};
pub use quiz::DEFAULT_RELATIVE_TOLERANCE;
pub use records::FrameRecords;
pub use show::{Shown, SHOW_WORDS};

use std::path::Path;

use crate::scene::{self, Diagnostic, Diagnostics};

/// Reads and loads the lesson file at `path` (refused unread over [`scene::MAX_FILE_BYTES`];
/// text that is not UTF-8 or has a control character gets one located message).
pub fn load_lesson_path(path: &Path) -> Result<Lesson, Diagnostics> {
    let shown = path.display().to_string();
    let bytes = scene::read_file(path)?;
    let text = scene::text_of(&bytes, &shown)?;
    load_lesson_str(text, &shown, path.parent())
}

/// What a lesson list says in place of the title of a lesson that does not load.
pub const NOT_LOADING: &str = "(does not load; sepax check says why)";

/// The path a shipped lesson is named by: `lessons/NAME.toml`.
pub fn shipped_path(name: &str) -> String {
    format!("lessons/{name}.toml")
}

/// Loads the shipped lesson `name` from its TOML `text`, named by [`shipped_path`].
pub fn load_shipped(name: &str, text: &str) -> Result<Lesson, Diagnostics> {
    load_lesson_str(text, &shipped_path(name), Some(Path::new("lessons")))
}

/// Loads a lesson by path, by shipped name (`06_separating_axes`), or by its number in the menu.
pub fn load_lesson(arg: &str) -> Result<Lesson, Diagnostics> {
    let path = Path::new(arg);
    if path.is_file()
        || path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
    {
        return load_lesson_path(path);
    }
    let shipped = scene::shipped_lessons();
    let by_number = arg.parse::<usize>().ok().and_then(|n| {
        shipped
            .iter()
            .enumerate()
            .find(|(k, (name, _))| number(name, *k) == n)
            .map(|(_, entry)| entry)
    });
    let by_name = shipped.iter().find(|(name, _)| {
        *name == arg || name.split_once('_').is_some_and(|(_, rest)| rest == arg)
    });
    if let Some((name, text)) = by_number.or(by_name) {
        return load_shipped(name, text);
    }
    let names: Vec<&str> = shipped.iter().map(|(name, _)| *name).collect();
    let numbers: Vec<usize> = names
        .iter()
        .enumerate()
        .map(|(k, name)| number(name, k))
        .collect();
    let head = format!("no such file, and no shipped lesson is called `{arg}`");
    let range = match (numbers.iter().min(), numbers.iter().max()) {
        (Some(lo), Some(hi)) => format!(", numbered {lo} to {hi}"),
        _ => String::new(),
    };
    let tail = scene::listing(
        "shipped lessons",
        &names,
        &format!("`sepax lesson` with no number opens their menu{range}"),
    );
    Err(Diagnostic::unlocated(arg, scene::suggest(&head, arg, &names, &tail)).into())
}

/// A shipped lesson's number in the menu: the digits its name starts with (`06_…` is 6), else its
/// position from 1.
pub fn number(name: &str, position: usize) -> usize {
    let digits: String = name.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().unwrap_or(position + 1)
}
