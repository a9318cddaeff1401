//! A `[[measure]]` table that names a figure: a point, a segment, a line or a plane.

use nalgebra::Vector3;
use toml::de::{DeTable, DeValue};

use super::fields::Fields;
use super::roster::Roster;
use super::rotation;
use super::value::{self, Raw, Report};

/// The figure keys of a `[[measure]]` table that names a figure.
pub const FIGURES: &[&str] = &["point", "segment", "line", "plane"];

/// A named figure to measure from, in world coordinates.
#[derive(Clone, Debug, PartialEq)]
pub enum Figure {
    /// A point.
    Point(Vector3<f64>),
    /// The segment between two different points.
    Segment([Vector3<f64>; 2]),
    /// The line through `point` along the unit `direction`.
    Line {
        /// A point of the line.
        point: Vector3<f64>,
        /// Unit direction (normalised on load).
        direction: Vector3<f64>,
    },
    /// The plane `normal · x = offset` (the surface, both sides).
    Plane {
        /// Unit normal (normalised on load).
        normal: Vector3<f64>,
        /// Offset along the normal.
        offset: f64,
    },
}

impl Figure {
    /// `point`, `segment`, `line` or `plane`.
    pub fn kind(&self) -> &'static str {
        match self {
            Figure::Point(_) => "point",
            Figure::Segment(_) => "segment",
            Figure::Line { .. } => "line",
            Figure::Plane { .. } => "plane",
        }
    }
}

/// A `[[measure]]` table with a `name` and one figure key.
#[derive(Clone, Debug, PartialEq)]
pub struct FigureSpec {
    /// The figure's name, unique among bodies and figures.
    pub name: String,
    /// The figure.
    pub figure: Figure,
}

/// Reads a figure table: its `name` and exactly one of [`FIGURES`].
pub(crate) fn figure<'t, 'i>(
    table: &'t DeTable<'i>,
    span: std::ops::Range<usize>,
    label: String,
    bodies: &Roster<'_>,
    r: &mut Report<'_>,
) -> Option<(&'t Raw<'i>, FigureSpec)> {
    let mut f = Fields::new(table, span, label);
    let name_raw = f.raw("name");
    let name = f.string(r, "name");
    if let Some(name) = name {
        f.set_label(format!("measure {name:?}"));
        if bodies.index_of(name).is_some() {
            let message = format!("measure name {name:?} is already the name of a body");
            r.error(f.span_of("name"), message);
            f.fail();
        }
    }
    let given: Vec<&'static str> = FIGURES
        .iter()
        .copied()
        .filter(|key| f.raw(key).is_some())
        .collect();
    let figure = match given.as_slice() {
        [key] => read_figure(&mut f, r, key),
        [] => {
            let message = format!(
                "{} needs `distance = [\"A\", \"B\"]`, or a `name` and one of `point`, \
                 `segment`, `line`, `plane`",
                f.label()
            );
            f.missing_any(&["distance", "point", "segment", "line", "plane"], message)
        }
        [_, second, ..] => {
            let message = format!(
                "{} gives more than one of `point`, `segment`, `line`, `plane`; one figure per \
                 measure",
                f.label()
            );
            r.error(f.span_of(second), message);
            f.fail();
            None
        }
    };
    if name.is_none() && !given.is_empty() {
        f.missing::<()>("name", "what a `distance` calls this figure");
    }
    if !f.finish(r) {
        return None;
    }
    Some((
        name_raw?,
        FigureSpec {
            name: name?.to_string(),
            figure: figure?,
        },
    ))
}

fn read_figure(f: &mut Fields<'_, '_>, r: &mut Report<'_>, key: &'static str) -> Option<Figure> {
    let label = f.label().to_string();
    match key {
        "point" => f.vec3(r, "point").map(Figure::Point),
        "segment" => {
            let raw = f.raw("segment")?;
            let ends = segment(r, &format!("`segment` in {label}"), raw);
            if ends.is_none() {
                f.fail();
            }
            ends.map(Figure::Segment)
        }
        _ => {
            let raw = f.raw(key)?;
            let what = format!("`{key}` in {label}");
            let out = value::table(r, &what, raw).and_then(|t| {
                let mut inner = Fields::new(t, raw.span(), what.clone());
                let out = if key == "line" {
                    line(&mut inner, r)
                } else {
                    plane(&mut inner, r)
                };
                inner.finish(r).then_some(out).flatten()
            });
            if out.is_none() {
                f.fail();
            }
            out
        }
    }
}

/// `[[x, y, z], [x, y, z]]`, two different points.
fn segment(r: &mut Report<'_>, what: &str, raw: &Raw<'_>) -> Option<[Vector3<f64>; 2]> {
    let DeValue::Array(items) = raw.get_ref() else {
        let found = value::kind(raw.get_ref());
        r.error(
            raw.span(),
            format!("{what} must be [[x, y, z], [x, y, z]], found {found}"),
        );
        return None;
    };
    if items.len() != 2 {
        let n = items.len();
        r.error(raw.span(), format!("{what} must be two points, found {n}"));
        return None;
    }
    let p = value::vec3(r, what, &items[0]);
    let q = value::vec3(r, what, &items[1]);
    let (p, q) = (p?, q?);
    if p == q {
        let message = format!("{what} has the same point at both ends; write a `point` instead");
        r.error(raw.span(), message);
        return None;
    }
    Some([p, q])
}

/// A non-zero vector `key` of `f`, normalised.
fn unit(f: &mut Fields<'_, '_>, r: &mut Report<'_>, key: &'static str) -> Option<Vector3<f64>> {
    let v = f.vec3(r, key)?;
    let unit = Vector3::from(rotation::scaled(v.into())).try_normalize(0.0);
    if unit.is_none() {
        let message = format!("the {key} of {} must not be zero", f.label());
        r.error(f.span_of(key), message);
        f.fail();
    }
    unit
}

fn line(f: &mut Fields<'_, '_>, r: &mut Report<'_>) -> Option<Figure> {
    let point = f.vec3(r, "point");
    let point = point.or_else(|| f.missing("point", "a point of the line"));
    let direction = unit(f, r, "direction");
    let direction = direction.or_else(|| f.missing("direction", "the line's direction"));
    Some(Figure::Line {
        point: point?,
        direction: direction?,
    })
}

fn plane(f: &mut Fields<'_, '_>, r: &mut Report<'_>) -> Option<Figure> {
    let normal = unit(f, r, "normal");
    let normal = normal.or_else(|| f.missing("normal", "the plane's normal"));
    let offset = f.number(r, "offset").unwrap_or(0.0);
    Some(Figure::Plane {
        normal: normal?,
        offset,
    })
}
