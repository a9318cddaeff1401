//! The `[[measure]]` tables: named points, segments, lines and planes, and the distances to
//! measure between them and the bodies.

use std::collections::HashMap;

use toml::de::DeValue;

use super::fields::Fields;
use super::figure::{figure, FigureSpec, FIGURES};
use super::model::ShapeSpec;
use super::roster::Roster;
use super::suggest::suggest;
use super::value::{self, Raw, Report};

/// What a distance is measured from or to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The body with this index in the scene.
    Body(usize),
    /// The figure with this index among the scene's figures.
    Figure(usize),
}

/// A `[[measure]]` table with `distance = ["A", "B"]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeasureSpec {
    /// The first name.
    pub a: Target,
    /// The second name.
    pub b: Target,
}

/// A distance whose two names are resolved once every figure is known.
struct Pending<'t, 'i> {
    names: [&'t Raw<'i>; 2],
    label: String,
}

/// Validates every `[[measure]]` table: the figures, then the distances between named things.
pub(crate) fn validate(
    items: &[Raw<'_>],
    bodies: &Roster<'_>,
    r: &mut Report<'_>,
) -> Option<(Vec<FigureSpec>, Vec<MeasureSpec>)> {
    let mut figures = Vec::new();
    let mut pending = Vec::new();
    let mut ok = true;
    let mut first_use: HashMap<&str, usize> = HashMap::new();
    for (index, item) in items.iter().enumerate() {
        let Some(table) = value::table(r, &format!("measure #{}", index + 1), item) else {
            ok = false;
            continue;
        };
        let label = format!("measure #{}", index + 1);
        if let Some(names) = table.get("distance") {
            let mut f = Fields::new(table, item.span(), label.clone());
            f.raw("distance");
            let two = two_names(r, &label, names);
            let finished = f.finish_with(r, |key, label, _| {
                Some(format!(
                    "unknown key `{key}` in {label}: a measure with `distance` takes no other \
                     key; name a {} in a [[measure]] of its own",
                    FIGURES.join(", ")
                ))
            });
            ok &= finished && two.is_some();
            pending.extend(two.map(|names| Pending { names, label }));
            continue;
        }
        let Some((name, spec)) = figure(table, item.span(), label, bodies, r) else {
            ok = false;
            continue;
        };
        if let Some(first) = first_use.get(spec.name.as_str()) {
            let line = r.line_of(*first);
            let message = format!(
                "duplicate measure name {:?}: the measure at line {line} has it",
                spec.name
            );
            r.error(name.span(), message);
            ok = false;
        } else {
            first_use.insert(name_str(name), name.span().start);
        }
        figures.push(spec);
    }
    let mut measures = Vec::new();
    for p in &pending {
        let targets = p
            .names
            .map(|raw| resolve(raw, &p.label, &figures, bodies, ok, r));
        match targets {
            [Some(a), Some(b)] if a == b => {
                let message = format!("{} measures {:?} to itself", p.label, name_str(p.names[1]));
                r.error(p.names[1].span(), message);
                ok = false;
            }
            [Some(a), Some(b)] => measures.push(MeasureSpec { a, b }),
            _ => ok = false,
        }
    }
    ok.then_some((figures, measures))
}

fn name_str<'t>(raw: &'t Raw<'_>) -> &'t str {
    match raw.get_ref() {
        DeValue::String(s) => s,
        _ => "",
    }
}

/// The two names of `distance = ["A", "B"]`.
fn two_names<'t, 'i>(
    r: &mut Report<'_>,
    label: &str,
    raw: &'t Raw<'i>,
) -> Option<[&'t Raw<'i>; 2]> {
    let what = format!("`distance` in {label}");
    match raw.get_ref() {
        DeValue::Array(items) if items.len() == 2 => {
            let read = items
                .iter()
                .all(|item| value::string(r, &what, item).is_some());
            read.then(|| [&items[0], &items[1]])
        }
        other => {
            let found = match other {
                DeValue::Array(items) => format!("{} names", items.len()),
                other => value::kind(other).to_string(),
            };
            let message = format!("{what} must be an array of 2 names, found {found}");
            r.error(raw.span(), message);
            None
        }
    }
}

/// The body or figure that `raw` names.
fn resolve(
    raw: &Raw<'_>,
    label: &str,
    figures: &[FigureSpec],
    bodies: &Roster<'_>,
    complete: bool,
    r: &mut Report<'_>,
) -> Option<Target> {
    let name = name_str(raw);
    if let Some(i) = figures.iter().position(|f| f.name == name) {
        return Some(Target::Figure(i));
    }
    if let Some(i) = bodies.index_of(name) {
        if let Some(ShapeSpec::Mesh(_)) = bodies.spec(i).map(|s| &s.shape) {
            let message = format!(
                "`distance` in {label} names body {name:?}, a mesh; distances are measured to \
                 boxes, spheres, planes, triangles, ellipsoids, cylinders, k-DOPs and the named \
                 figures"
            );
            r.error(raw.span(), message);
            return None;
        }
        return Some(Target::Body(i));
    }
    if complete && bodies.is_complete() {
        let mut names = bodies.names();
        names.extend(figures.iter().map(|f| f.name.as_str()));
        let listed: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
        let head = format!("`distance` in {label}: unknown name {name:?}");
        let tail = super::suggest::listing(
            "the bodies and figures are",
            &listed,
            "the scene's [[body]] and [[figure]] tables",
        );
        r.error(raw.span(), suggest(&head, name, &names, &tail));
    }
    None
}
