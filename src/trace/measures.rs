//! The records of a scene's measured distances at one frame (docs/methods.md §9, §15.6).

use serde::Serialize;

use super::shapes::place;
use crate::contact::Shape;
use crate::geometry::separation::{separation, Item};
use crate::geometry::Plane;
use crate::math::arr3;
use crate::scene::{BodySpec, Figure, FigureSpec, MeasureSpec, Target};

/// A distance at the explained frame (`explain --json` field `measures`).
#[derive(Clone, Debug, Serialize)]
pub struct MeasureRecord {
    /// The first name.
    pub a: String,
    /// What it is: `box`, `sphere`, `plane`, `triangle`, `ellipsoid`, `cylinder`, `kdop`
    /// (bodies) or `point`, `segment`, `line`, `plane` (figures).
    pub a_kind: &'static str,
    /// The second name.
    pub b: String,
    /// What it is.
    pub b_kind: &'static str,
    /// The distance, 0 when they touch or overlap.
    pub distance: f64,
    /// The point of `a` nearest `b`; a common point when they meet, `null` when none is known.
    pub closest_a: Option<[f64; 3]>,
    /// The point of `b` nearest `a`.
    pub closest_b: Option<[f64; 3]>,
    /// How it was found: `point-line`, `line-line`, `segment-segment`, `point-plane`,
    /// `box-box gjk`, `cylinder-box gjk`, `plane-ellipsoid`, ...
    pub method: String,
    /// Whether the two are parallel (lines, segments, planes): the closest points are then one
    /// pair among many.
    pub parallel: bool,
    /// How many GJK iterations it took, when GJK was used.
    pub gjk_iterations: Option<usize>,
    /// The named numbers of the closed form that found it (docs/methods.md §9): `A` … `E`,
    /// `AC-B²`, `λ`, `μ` of two lines or segments; `λ` of a point and a line; `N·P-d0` of a
    /// point and a plane; `d0 d1 d2` of a point in a box's frame; `N·V` and `λ` of a line and a
    /// plane; `α β γ β²-4αγ λ1 λ2` of a line and a sphere. Empty for GJK.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub terms: Vec<TermRecord>,
}

/// One named number of a distance's closed form.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TermRecord {
    /// Its name in the course's formula (`AC-B²`, `λ`).
    pub name: &'static str,
    /// Its value.
    pub value: f64,
}

/// The item a body is at its state.
fn body_item(body: &BodySpec) -> Item {
    match place(body) {
        Shape::Box(obb) => Item::Box(obb),
        Shape::Sphere(s) => Item::Sphere(s),
        Shape::Plane(p) => Item::Plane(p),
        Shape::Triangle(t) => Item::Triangle(t),
        // A scene never measures to a mesh (the loader refuses it); its first triangle stands in.
        Shape::Mesh(m) => Item::Triangle(m.mesh.triangle(0).translated(&m.offset)),
        Shape::Convex(c) => Item::Convex(c),
    }
}

/// The item a figure is.
pub fn figure_item(figure: &Figure) -> Item {
    match *figure {
        Figure::Point(p) => Item::Point(p),
        Figure::Segment([p, q]) => Item::Segment(p, q),
        Figure::Line { point, direction } => Item::Line(point, direction),
        Figure::Plane { normal, offset } => Item::Plane(Plane { normal, offset }),
    }
}

fn target(t: Target, bodies: &[BodySpec], figures: &[FigureSpec]) -> (String, &'static str, Item) {
    match t {
        Target::Body(i) => (
            bodies[i].name.clone(),
            bodies[i].shape.name(),
            body_item(&bodies[i]),
        ),
        Target::Figure(i) => (
            figures[i].name.clone(),
            figures[i].figure.kind(),
            figure_item(&figures[i].figure),
        ),
    }
}

/// The record of one measure with the bodies at their state at the explained frame.
pub fn measure_record(
    measure: &MeasureSpec,
    bodies: &[BodySpec],
    figures: &[FigureSpec],
) -> MeasureRecord {
    let (a, a_kind, item_a) = target(measure.a, bodies, figures);
    let (b, b_kind, item_b) = target(measure.b, bodies, figures);
    let found = separation(&item_a, &item_b);
    MeasureRecord {
        a,
        a_kind,
        b,
        b_kind,
        distance: found.distance,
        closest_a: found.closest.map(|(p, _)| arr3(&p)),
        closest_b: found.closest.map(|(_, q)| arr3(&q)),
        method: found.method,
        parallel: found.parallel,
        gjk_iterations: found.gjk_iterations,
        terms: found
            .terms
            .iter()
            .map(|&(name, value)| TermRecord { name, value })
            .collect(),
    }
}
