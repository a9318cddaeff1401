//! The whole file: top-level keys, `[world]`, the `[[body]]` array and checks across bodies.

use std::collections::HashMap;

use toml::de::{DeTable, DeValue};

use super::diagnostic::suggest;
use super::fields::Fields;
use super::model::{BodySpec, Scene};
use super::value::{self, Raw, Report};
use super::{body, world};

/// Validates the parsed file `root` into the scene called `name`.
pub(crate) fn validate(root: &DeTable<'_>, name: &str, r: &mut Report<'_>) -> Option<Scene> {
    let mut f = Fields::new(root, 0..0, "the scene");
    let title = f.string(r, "title").map(str::to_string);
    let description = f.string(r, "description").map(str::to_string);
    let world = match f.raw("world") {
        None => {
            r.unlocated("the scene has no [world] table (it needs at least `dt`)");
            None
        }
        Some(raw) => {
            value::table(r, "`world`", raw).and_then(|t| world::validate(t, raw.span(), r))
        }
    };
    let bodies = match f.raw("body") {
        None => {
            r.unlocated("the scene has no [[body]] table");
            None
        }
        Some(raw) => bodies(raw, r),
    };
    let finished = f.finish(r);
    let scene = Scene {
        name: name.to_string(),
        title,
        description,
        world: world?,
        bodies: bodies?,
    };
    finished.then_some(scene)
}

/// Validates every `[[body]]` and that their names are unique.
fn bodies(raw: &Raw<'_>, r: &mut Report<'_>) -> Option<Vec<BodySpec>> {
    let items = match raw.get_ref() {
        DeValue::Array(items) => items,
        DeValue::Table(_) => {
            r.error(
                raw.span(),
                "`body` must be an array of tables: write [[body]], not [body]",
            );
            return None;
        }
        other => {
            let found = value::kind(other);
            r.error(
                raw.span(),
                format!("`body` must be an array of tables ([[body]]), found {found}"),
            );
            return None;
        }
    };
    if items.is_empty() {
        r.error(raw.span(), "the scene needs at least one body");
    }
    let mut specs = Vec::new();
    let mut first_use: HashMap<&str, usize> = HashMap::new();
    for (index, item) in items.iter().enumerate() {
        let Some(table) = value::table(r, &format!("body #{}", index + 1), item) else {
            continue;
        };
        let checked = body::validate(table, item.span(), index, r);
        if let Some((name, span)) = checked.name {
            if let Some(first) = first_use.get(name) {
                let line = r.line_of(*first);
                let message =
                    format!("duplicate body name {name:?}: the body at line {line} has it");
                r.error(span, message);
            } else {
                first_use.insert(name, span.start);
            }
        }
        specs.extend(checked.spec);
    }
    (specs.len() == items.len() && !items.is_empty()).then_some(specs)
}

/// The index of the body called `name`, or a message naming the closest and all the bodies.
///
/// Tables that refer to bodies by name (springs, constraints, lessons) report the message at the
/// place of the name with [`Diagnostic::at_span`](super::Diagnostic::at_span).
pub fn find_body(bodies: &[BodySpec], name: &str) -> Result<usize, String> {
    if let Some(index) = bodies.iter().position(|b| b.name == name) {
        return Ok(index);
    }
    let names: Vec<&str> = bodies.iter().map(|b| b.name.as_str()).collect();
    let listed: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
    let tail = format!("the bodies are: {}", listed.join(", "));
    Err(suggest(
        &format!("unknown body {name:?}"),
        name,
        &names,
        &tail,
    ))
}
