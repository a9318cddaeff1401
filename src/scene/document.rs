//! The whole file: top-level keys, `[world]`, the `[[body]]` array and checks across bodies, then
//! the springs, forces and constraints that refer to the bodies by name.

use std::collections::HashMap;
use std::ops::Range;

use toml::de::{DeTable, DeValue};

use super::fields::Fields;
use super::model::Scene;
use super::roster::Roster;
use super::value::{self, Raw, Report};
use super::{body, constraint, force, matrix, measure, ray, spring, world};

/// The validation of one table of an array of tables: (table, header span, index, bodies, report).
type Validate<T> =
    for<'a> fn(&DeTable<'_>, Range<usize>, usize, &Roster<'a>, &mut Report<'_>) -> Option<T>;

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
    let roster = match f.raw("body") {
        None => {
            r.unlocated("the scene has no [[body]] table");
            Roster::unreadable()
        }
        Some(raw) => bodies(raw, r),
    };
    let springs = each(f.raw("spring"), "spring", &roster, r, spring::validate);
    let forces = each(f.raw("force"), "force", &roster, r, force::validate);
    let constraints = each(
        f.raw("constraint"),
        "constraint",
        &roster,
        r,
        constraint::validate,
    );
    let rays = each(f.raw("ray"), "ray", &roster, r, ray::validate);
    let rays = rays.filter(|rays| {
        let names: Vec<&str> = rays.iter().map(|ray| ray.name.as_str()).collect();
        unique_names(f.raw("ray"), "ray", &names, r)
    });
    let matrices = each(f.raw("matrix"), "matrix", &roster, r, matrix::validate);
    let matrices = matrices.filter(|matrices| {
        let names: Vec<&str> = matrices.iter().map(|m| m.name.as_str()).collect();
        unique_names(f.raw("matrix"), "matrix", &names, r)
    });
    let measured = match f.raw("measure") {
        None => Some((Vec::new(), Vec::new())),
        Some(raw) => {
            tables(raw, "measure", r).and_then(|items| measure::validate(items, &roster, r))
        }
    };
    let finished = f.finish(r);
    let (figures, measures) = measured.unzip();
    let scene = Scene {
        name: name.to_string(),
        title,
        description,
        world: world?,
        bodies: roster.into_specs()?,
        springs: springs?,
        forces: forces?,
        constraints: constraints?,
        rays: rays?,
        figures: figures?,
        measures: measures?,
        matrices: matrices?,
    };
    finished.then_some(scene)
}

/// The tables of the array of tables `key` ([[key]]), reporting any other kind of value.
fn tables<'t, 'i>(raw: &'t Raw<'i>, key: &str, r: &mut Report<'_>) -> Option<&'t [Raw<'i>]> {
    match raw.get_ref() {
        DeValue::Array(items) => Some(items),
        DeValue::Table(_) => {
            r.error(
                raw.span(),
                format!("`{key}` must be an array of tables: write [[{key}]], not [{key}]"),
            );
            None
        }
        other => {
            let found = value::kind(other);
            r.error(
                raw.span(),
                format!("`{key}` must be an array of tables ([[{key}]]), found {found}"),
            );
            None
        }
    }
}

/// Validates every table of the optional array `raw` ([[key]]) with `validate`.
fn each<T>(
    raw: Option<&Raw<'_>>,
    key: &str,
    bodies: &Roster<'_>,
    r: &mut Report<'_>,
    validate: Validate<T>,
) -> Option<Vec<T>> {
    let Some(raw) = raw else {
        return Some(Vec::new());
    };
    let items = tables(raw, key, r)?;
    let mut specs = Vec::new();
    for (index, item) in items.iter().enumerate() {
        if let Some(table) = value::table(r, &format!("{key} #{}", index + 1), item) {
            specs.extend(validate(table, item.span(), index, bodies, r));
        }
    }
    (specs.len() == items.len()).then_some(specs)
}

/// Validates every `[[body]]` and that their names are unique.
fn bodies<'t>(raw: &'t Raw<'_>, r: &mut Report<'_>) -> Roster<'t> {
    let Some(items) = tables(raw, "body", r) else {
        return Roster::unreadable();
    };
    if items.is_empty() {
        r.error(raw.span(), "the scene needs at least one body");
    }
    let mut roster = Roster::new();
    let mut first_use: HashMap<&str, usize> = HashMap::new();
    for (index, item) in items.iter().enumerate() {
        let Some(table) = value::table(r, &format!("body #{}", index + 1), item) else {
            roster.push(None);
            continue;
        };
        let checked = body::validate(table, item.span(), index, r);
        if let Some((name, span)) = &checked.name {
            if let Some(first) = first_use.get(name) {
                let line = r.line_of(*first);
                let message =
                    format!("duplicate body name {name:?}: the body at line {line} has it");
                r.error(span.clone(), message);
            } else {
                first_use.insert(name, span.start);
            }
        }
        roster.push(Some(checked));
    }
    roster
}

/// Reports a name of the `[[key]]` tables used twice (at the second use); `true` when the names
/// are unique.
fn unique_names(raw: Option<&Raw<'_>>, key: &str, names: &[&str], r: &mut Report<'_>) -> bool {
    let Some(DeValue::Array(items)) = raw.map(Raw::get_ref) else {
        return true;
    };
    let mut unique = true;
    for (k, name) in names.iter().enumerate() {
        if let Some(first) = names[..k].iter().position(|other| other == name) {
            let span = match items[k].get_ref() {
                DeValue::Table(t) => t.get("name").map_or(items[k].span(), Raw::span),
                _ => items[k].span(),
            };
            let line = r.line_of(items[first].span().start);
            let message = format!("duplicate {key} name {name:?}: the {key} at line {line} has it");
            r.error(span, message);
            unique = false;
        }
    }
    unique
}
