//! Reading the body facts of an `expect` entry: `{ body = "bullet", position = [x, "_", z],
//! velocity = [vx], tolerance = 0.01 }`.

use toml::de::DeValue;

use super::expect::DEFAULT_BODY_TOLERANCE;
use super::model::Fact;
use super::parse::Reader;
use super::Place;
use crate::scene::fields::Fields;
use crate::scene::value::{self, Raw, Report};
use crate::scene::{self, Scene};

/// What stands for a free component in `position` or `velocity`.
pub const FREE: &str = "_";

/// Reads `body`, `position` and `velocity` of the entry `f` (`what` names it) into `facts`;
/// `false` when something was reported.
pub(crate) fn read(
    f: &mut Fields<'_, '_>,
    what: &str,
    scene: Option<&Scene>,
    tolerance: Option<f64>,
    reader: &Reader<'_>,
    r: &mut Report<'_>,
    facts: &mut Vec<(Place, Fact)>,
) -> bool {
    let mut ok = true;
    let body = f.raw("body").and_then(|raw| {
        let name = value::string(r, &format!("`body` in {what}"), raw)?;
        if let Some(scene) = scene {
            if let Err(message) = scene::find_body(&scene.bodies, name) {
                r.error(
                    raw.span(),
                    format!("`body` in {what}: {message} (scene {})", scene.name),
                );
                return None;
            }
        }
        Some(name.to_string())
    });
    ok &= body.is_some() || f.raw("body").is_none();
    let tolerance = tolerance.unwrap_or(DEFAULT_BODY_TOLERANCE);
    let mut stated = false;
    for key in ["position", "velocity"] {
        let Some(raw) = f.raw(key) else {
            continue;
        };
        stated = true;
        let Some(components) = components(raw, &format!("`{key}` in {what}"), r) else {
            ok = false;
            continue;
        };
        let Some(body) = body.clone() else {
            continue;
        };
        let fact = if key == "position" {
            Fact::Position {
                body,
                components,
                tolerance,
            }
        } else {
            Fact::Velocity {
                body,
                components,
                tolerance,
            }
        };
        facts.push((reader.place(&raw.span()), fact));
    }
    if stated && f.raw("body").is_none() {
        f.missing::<()>("body", "the body whose `position` or `velocity` is stated");
        ok = false;
    }
    if !stated && f.raw("body").is_some() {
        r.error(
            f.span_of("body"),
            format!("`body` in {what} goes with `position` or `velocity`"),
        );
        ok = false;
    }
    ok
}

/// One to three components, each a number or `"_"` (free); missing ones are free.
fn components(raw: &Raw<'_>, what: &str, r: &mut Report<'_>) -> Option<[Option<f64>; 3]> {
    let shape = format!("{what} must be an array of up to 3 numbers, \"{FREE}\" for a free component, like [1.5, \"{FREE}\", 0]");
    let DeValue::Array(items) = raw.get_ref() else {
        r.error(raw.span(), shape);
        return None;
    };
    if items.is_empty() || items.len() > 3 {
        r.error(raw.span(), shape);
        return None;
    }
    let mut out = [None; 3];
    let mut ok = true;
    for (k, item) in items.iter().enumerate() {
        match item.get_ref() {
            DeValue::String(s) if s == FREE => {}
            DeValue::String(s) => {
                r.error(
                    item.span(),
                    format!("{what}: `{s}` is neither a number nor \"{FREE}\" (a free component)"),
                );
                ok = false;
            }
            _ => match value::number(
                r,
                &format!("component {} of {what}", ["x", "y", "z"][k]),
                item,
            ) {
                Some(x) => out[k] = Some(x),
                None => ok = false,
            },
        }
    }
    if ok && out.iter().all(Option::is_none) {
        r.error(
            raw.span(),
            format!("{what} leaves every component free: state at least one"),
        );
        return None;
    }
    ok.then_some(out)
}
