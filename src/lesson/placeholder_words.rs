//! The words of a placeholder: splitting it, and reading its bodies, axis and component against
//! the step's scene.

use std::ops::Range;

use super::placeholder::{Args, Kind, Problem};
use crate::sat::AxisId;
use crate::scene::{self, suggest, Scene, ShapeSpec};

/// The index of the component named `c` among the kind's components.
pub(super) fn component(kind: Kind, at: usize, c: &str) -> Result<usize, Problem> {
    let names = kind.components();
    names.iter().position(|x| *x == c).ok_or_else(|| {
        let (last, rest) = names.split_last().unwrap_or((&"x", &[]));
        let message = format!("component `{c}`: write {} or {last}", rest.join(", "));
        (span(at, c), message)
    })
}

/// The words of a placeholder with their byte offsets; a comma is a word of its own.
pub(super) fn tokens(inner: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (k, c) in inner.char_indices().chain([(inner.len(), ' ')]) {
        let split = c.is_whitespace() || c == ',';
        if let (true, Some(s)) = (split, start) {
            out.push((s, &inner[s..k]));
            start = None;
        }
        if c == ',' {
            out.push((k, ","));
        } else if !split && start.is_none() {
            start = Some(k);
        }
    }
    out
}

pub(super) fn span(at: usize, word: &str) -> Range<usize> {
    at..at + word.len()
}

/// An unknown body, or a pair value of a body that is not a box, is a problem at the name.
pub(super) fn check_body(
    at: usize,
    body: &str,
    kind: Kind,
    scene: Option<&Scene>,
) -> Result<(), Problem> {
    if body == "," {
        return Err((
            span(at, body),
            format!("`{}` is written {}", kind.name(), kind.usage()),
        ));
    }
    let Some(scene) = scene else {
        return Ok(());
    };
    let index = scene::find_body(&scene.bodies, body)
        .map_err(|message| (span(at, body), format!("{message} (scene {})", scene.name)))?;
    let needs_boxes = matches!(kind.args(), Args::PairAxis) || kind == Kind::SeparatingAxis;
    if needs_boxes && !matches!(scene.bodies[index].shape, ShapeSpec::Box { .. }) {
        let message = format!(
            "`{}` is a value of two boxes, and `{body}` is not a box",
            kind.name()
        );
        return Err((span(at, body), message));
    }
    Ok(())
}

pub(super) fn axis_named(at: usize, name: &str) -> Result<AxisId, Problem> {
    AxisId::parse(name).ok_or_else(|| {
        let names: Vec<String> = AxisId::ALL.iter().map(ToString::to_string).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let head = format!("unknown axis `{name}`");
        (
            span(at, name),
            suggest(
                &head,
                name,
                &names,
                "axes are A0 A1 A2 B0 B1 B2 A0xB0 … A2xB2",
            ),
        )
    })
}
