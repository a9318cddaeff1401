//! The words of a placeholder: splitting it, and reading its bodies, axis and component against
//! the step's scene.

use std::ops::Range;

use super::axis::{TableAxis, AXIS_NAMES};
use super::placeholder::{Args, Kind, Problem};
use crate::geometry::ConvexSpec;
use crate::sat::{AxisId, ShapeAxis};
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

/// An unknown body, or a pair value of a body that has no axis table (not a box, a triangle, a
/// mesh or a k-DOP), is a problem at the name.
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
    let tabled = matches!(
        scene.bodies[index].shape,
        ShapeSpec::Box { .. }
            | ShapeSpec::Triangle { .. }
            | ShapeSpec::Mesh(_)
            | ShapeSpec::Convex(ConvexSpec::Kdop(_))
    );
    if needs_boxes && !tabled {
        let message = format!(
            "`{}` is a value of a pair with an axis table (boxes, triangles, meshes, two \
             k-DOPs), and `{body}` is not a box, a triangle, a mesh or a k-DOP",
            kind.name()
        );
        return Err((span(at, body), message));
    }
    Ok(())
}

pub(super) fn axis_named(at: usize, name: &str) -> Result<TableAxis, Problem> {
    TableAxis::parse(name).ok_or_else(|| {
        let boxes = AxisId::ALL.iter().map(ToString::to_string);
        let shapes = ShapeAxis::BOX_TRIANGLE
            .iter()
            .chain(&ShapeAxis::TRIANGLE_TRIANGLE)
            .map(|axis| axis.name())
            .chain((0..13).map(|k| ShapeAxis::Slab(k).name()));
        let names: Vec<String> = boxes.chain(shapes).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let head = format!("unknown axis `{name}`");
        (
            span(at, name),
            suggest(&head, name, &names, &format!("axes are {AXIS_NAMES}")),
        )
    })
}
