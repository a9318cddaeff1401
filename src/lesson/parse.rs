//! Reading a lesson file into a [`Lesson`], every problem located in the file.

mod select;

use std::ops::Range;
use std::path::Path;

use toml::de::{DeTable, DeValue};

use super::model::{Lesson, Place, Step, VIEWS};
use super::show;
use super::{expect, prose, quiz};
use crate::scene::fields::Fields;
use crate::scene::load::parse_root;
use crate::scene::value::{self, Raw, Report};
use crate::scene::{self, line_col, Diagnostics, Scene};
pub(crate) use select::{axis_name, pair, Reported};
use select::{play_until, selection};

/// What the parser needs while it reads one file.
pub(crate) struct Reader<'s> {
    pub text: &'s str,
    pub path: &'s str,
    pub dir: Option<&'s Path>,
}

impl Reader<'_> {
    /// The line and column of a byte offset.
    pub fn place(&self, span: &Range<usize>) -> Place {
        let (line, column) = line_col(self.text, span.start);
        Place { line, column }
    }
}

/// Parses and validates the lesson `text`; `path` names it, `dir` resolves relative scene paths.
pub fn load_lesson_str(text: &str, path: &str, dir: Option<&Path>) -> Result<Lesson, Diagnostics> {
    let mut r = Report::new(path, text);
    let reader = Reader { text, path, dir };
    let lesson = parse_root(
        text,
        "the file is empty: a lesson needs a `title`, a `scene` and [[step]] tables",
        &mut r,
    )
    .and_then(|root| document(root.get_ref(), &reader, &mut r));
    match lesson {
        Some(lesson) if r.diagnostics.is_empty() => Ok(lesson),
        _ => Err(Diagnostics(r.into_sorted())),
    }
}

fn document(root: &DeTable<'_>, reader: &Reader<'_>, r: &mut Report<'_>) -> Option<Lesson> {
    let mut f = Fields::new(root, 0..0, "the lesson");
    let title = f.string(r, "title").map(str::to_string);
    let cites = f.string(r, "cites").map(str::to_string);
    let mut scenes = Vec::new();
    match f.raw("scene") {
        Some(raw) => scenes.extend(scene_at(raw, reader, r)),
        None => r.unlocated(
            "the lesson has no `scene` (a path relative to the lesson, or a shipped scene's name)",
        ),
    }
    let steps = match f.raw("step") {
        None => {
            r.unlocated("the lesson has no [[step]] tables");
            None
        }
        Some(raw) => steps(raw, reader, &mut scenes, r),
    };
    if title.is_none() {
        f.missing::<()>("title", "the lesson's name in the menu");
    }
    let finished = f.finish(r);
    let name = Path::new(reader.path).file_stem().map_or_else(
        || reader.path.to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let lesson = Lesson {
        name,
        path: reader.path.to_string(),
        title: title?,
        cites,
        scenes,
        steps: steps?,
    };
    (finished && !lesson.scenes.is_empty()).then_some(lesson)
}

/// Loads the scene named by `raw`: a path relative to the lesson, else a shipped scene's name.
fn scene_at(raw: &Raw<'_>, reader: &Reader<'_>, r: &mut Report<'_>) -> Option<Scene> {
    let arg = value::string(r, "`scene`", raw)?;
    let relative = reader.dir.map(|dir| dir.join(arg)).filter(|p| p.is_file());
    let stem = Path::new(arg)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let shipped = scene::shipped_scenes()
        .iter()
        .any(|(name, _)| *name == stem);
    let loaded = match relative {
        Some(path) => scene::load_path(&path),
        None if shipped => scene::load(&stem),
        None => scene::load(arg),
    };
    match loaded {
        Ok(scene) => Some(scene),
        Err(problems) => {
            let found = problems.0.len();
            let mut message = format!(
                "scene `{arg}` cannot be used ({found} problem{}):",
                if found == 1 { "" } else { "s" }
            );
            for problem in &problems.0 {
                message.push_str(&format!("\n    {problem}").replace('\n', "\n    "));
            }
            r.error(raw.span(), message);
            None
        }
    }
}

fn steps(
    raw: &Raw<'_>,
    reader: &Reader<'_>,
    scenes: &mut Vec<Scene>,
    r: &mut Report<'_>,
) -> Option<Vec<Step>> {
    let DeValue::Array(items) = raw.get_ref() else {
        r.error(
            raw.span(),
            "`step` must be an array of tables: write [[step]]",
        );
        return None;
    };
    if items.is_empty() {
        r.error(raw.span(), "the lesson needs at least one step");
    }
    let mut out = Vec::new();
    let mut current = 0;
    for (index, item) in items.iter().enumerate() {
        let Some(table) = value::table(r, &format!("step {}", index + 1), item) else {
            continue;
        };
        out.extend(step(
            table,
            item.span(),
            index,
            reader,
            scenes,
            &mut current,
            r,
        ));
    }
    (out.len() == items.len()).then_some(out)
}

fn step(
    table: &DeTable<'_>,
    span: Range<usize>,
    index: usize,
    reader: &Reader<'_>,
    scenes: &mut Vec<Scene>,
    current: &mut usize,
    r: &mut Report<'_>,
) -> Option<Step> {
    let label = format!("step {}", index + 1);
    let mut f = Fields::new(table, span.clone(), label.clone());
    let text_raw = f.raw("text");
    if let Some(raw) = f.raw("scene") {
        if let Some(scene) = scene_at(raw, reader, r) {
            scenes.push(scene);
            *current = scenes.len() - 1;
        } else {
            f.fail();
        }
    }
    let scene = scenes.get(*current);
    let text =
        text_raw.map(|raw| prose::read(raw, &format!("`text` of {label}"), scene, reader, r));
    let frames = scene.map_or(usize::MAX, |s| s.world.frames);
    let frame = f.count(r, "frame", (0, frames as u64));
    let view = f.choice(r, "view", VIEWS).map(str::to_string);
    let select = f
        .raw("select")
        .and_then(|raw| selection(raw, &label, scene, r));
    let play_until = f
        .raw("play_until")
        .and_then(|raw| play_until(raw, &label, scene, r));
    let expectations = f
        .raw("expect")
        .map(|raw| expect::read(raw, &label, scene, reader, r));
    let quiz = f
        .raw("quiz")
        .map(|raw| quiz::read(raw, &label, scene, reader, r));
    let show = f.raw("show").map(|raw| show::read(raw, &label, r));
    let hide_table = f.choice(r, "hide", &["table"]).is_some();
    if text.is_none() {
        f.missing::<()>("text", "the narration shown for the step");
    }
    let finished = f.finish(r);
    let step = Step {
        place: reader.place(&span),
        text: text??,
        scene: *current,
        frame,
        select,
        view,
        play_until,
        expect: expectations.unwrap_or(Some(Vec::new()))?,
        quiz: quiz.transpose().ok()?,
        show: show.unwrap_or(Some(Vec::new()))?,
        hide_table,
    };
    finished.then_some(step)
}
