//! The reads a lesson's steps share: two body names, an axis name, `select` and `play_until`.

use toml::de::DeValue;

use crate::lesson::axis::{TableAxis, AXIS_NAMES};
use crate::lesson::model::{PlayUntil, Selection};
use crate::scene::fields::Fields;
use crate::scene::value::{self, Raw, Report};
use crate::scene::{self, Scene};

/// Two body names of `scene` from an array of two strings.
pub(crate) fn pair(
    raw: &Raw<'_>,
    what: &str,
    scene: Option<&Scene>,
    r: &mut Report<'_>,
) -> Option<(String, String)> {
    let names = match raw.get_ref() {
        DeValue::Array(items) if items.len() == 2 => {
            let a = value::string(r, what, &items[0]);
            let b = value::string(r, what, &items[1]);
            (a?, b?)
        }
        _ => {
            r.error(
                raw.span(),
                format!("{what} must be two body names, like [\"A\", \"B\"]"),
            );
            return None;
        }
    };
    if names.0 == names.1 {
        r.error(
            raw.span(),
            format!(
                "{what} names `{}` twice; give two different bodies",
                names.0
            ),
        );
        return None;
    }
    if let Some(scene) = scene {
        for name in [names.0, names.1] {
            if let Err(message) = scene::find_body(&scene.bodies, name) {
                r.error(
                    raw.span(),
                    format!("{what}: {message} (scene {})", scene.name),
                );
                return None;
            }
        }
    }
    Some((names.0.to_string(), names.1.to_string()))
}

/// A problem that has already been reported; the value it concerns is unusable.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reported;

/// An axis name of a table ([`AXIS_NAMES`]), or `"none"` when `allow_none`.
pub(crate) fn axis_name(
    raw: &Raw<'_>,
    what: &str,
    r: &mut Report<'_>,
    allow_none: bool,
) -> Result<Option<TableAxis>, Reported> {
    let name = value::string(r, what, raw).ok_or(Reported)?;
    if allow_none && name == "none" {
        return Ok(None);
    }
    if let Some(axis) = TableAxis::parse(name) {
        return Ok(Some(axis));
    }
    let none = if allow_none { ", or \"none\"" } else { "" };
    r.error(
        raw.span(),
        format!("{what}: unknown axis `{name}`; axes are {AXIS_NAMES}{none}"),
    );
    Err(Reported)
}

/// The `select` table of a step: a pair and optionally an axis row.
pub(super) fn selection(
    raw: &Raw<'_>,
    label: &str,
    scene: Option<&Scene>,
    r: &mut Report<'_>,
) -> Option<Selection> {
    let table = value::table(r, &format!("`select` in {label}"), raw)?;
    let mut f = Fields::new(table, raw.span(), format!("`select` in {label}"));
    let pair = match f.raw("pair") {
        Some(p) => pair(p, &format!("`pair` in `select` of {label}"), scene, r),
        None => f.missing("pair", "two body names"),
    };
    let axis = f
        .raw("axis")
        .map(|a| axis_name(a, &format!("`axis` in `select` of {label}"), r, false));
    let finished = f.finish(r);
    let selection = Selection {
        pair: pair?,
        axis: axis.unwrap_or(Ok(None)).ok()?,
    };
    finished.then_some(selection)
}

/// The `play_until` table of a step: a pair's contact or a frame.
pub(super) fn play_until(
    raw: &Raw<'_>,
    label: &str,
    scene: Option<&Scene>,
    r: &mut Report<'_>,
) -> Option<PlayUntil> {
    let what = format!("`play_until` in {label}");
    let table = value::table(r, &what, raw)?;
    let mut f = Fields::new(table, raw.span(), what.clone());
    let contact = f
        .raw("contact")
        .and_then(|p| pair(p, &format!("`contact` in {what}"), scene, r));
    let frames = scene.map_or(usize::MAX, |s| s.world.frames);
    let frame = f.count(r, "frame", (0, frames as u64));
    let until = match (contact, frame) {
        (Some((a, b)), None) => Some(PlayUntil::Contact(a, b)),
        (None, Some(n)) => Some(PlayUntil::Frame(n)),
        _ => {
            r.error(
                raw.span(),
                format!("{what} needs exactly one of `contact = [\"A\", \"B\"]` or `frame = N`"),
            );
            None
        }
    };
    let finished = f.finish(r);
    finished.then_some(until?)
}
