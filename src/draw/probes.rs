//! The rays, measured distances and named figures of a picture: each ray's reflected path with
//! its name and an `o` at every hit, each figure, and each distance as the segment between the
//! closest points named with its length.

use nalgebra::Vector3;

use super::picture::{clip_line, Pen, Picture};
use super::{DebugDraw, Role};
use crate::scene::{Figure, FigureSpec};
use crate::trace::fixed;

/// Draws the picture's rays, figures and distances with `pen`.
pub(super) fn draw<D: DebugDraw + ?Sized>(out: &mut D, pen: &Pen<'_>, picture: &Picture<'_>) {
    let p = pen.projection;
    for figure in picture.figures {
        draw_figure(out, pen, figure);
    }
    for (k, m) in picture.measures.iter().enumerate() {
        let (Some(a), Some(b)) = (m.closest_a, m.closest_b) else {
            continue;
        };
        let (a, b) = (p.project(&Vector3::from(a)), p.project(&Vector3::from(b)));
        out.line(a, b, Role::Measure);
        out.point(a, Role::Measure);
        out.point(b, Role::Measure);
        let middle = [f64::midpoint(a[0], b[0]), f64::midpoint(a[1], b[1])];
        let hidden = picture.hidden_distances.get(k).copied().unwrap_or(false);
        let length = if hidden {
            "?".to_string()
        } else {
            fixed(m.distance, 3)
        };
        let text = format!("{}-{} {length}", m.a, m.b);
        out.label(middle, &text, Role::Measure);
    }
    for ray in picture.rays {
        let corners: Vec<[f64; 2]> = ray
            .path
            .iter()
            .map(|c| p.project(&Vector3::from(*c)))
            .collect();
        for pair in corners.windows(2) {
            out.line(pair[0], pair[1], Role::Ray);
        }
        out.label(corners[0], &ray.name, Role::Ray);
        for leg in &ray.legs {
            if let Some(hit) = &leg.hit {
                let at = p.project(&Vector3::from(hit.point));
                out.point(at, Role::Hit);
                out.label(at, "o", Role::Hit);
            }
        }
    }
}

fn draw_figure<D: DebugDraw + ?Sized>(out: &mut D, pen: &Pen<'_>, figure: &FigureSpec) {
    let p = pen.projection;
    let name = figure.name.as_str();
    match &figure.figure {
        Figure::Point(q) => {
            let at = p.project(q);
            out.point(at, Role::Measure);
            out.label(at, name, Role::Measure);
        }
        Figure::Segment([a, b]) => {
            let (a, b) = (p.project(a), p.project(b));
            out.line(a, b, Role::Measure);
            out.label(a, name, Role::Measure);
        }
        Figure::Line { point, direction } => {
            let origin = p.project(point);
            let along = p.project(direction);
            if along[0].hypot(along[1]) < 1e-9 {
                out.point(origin, Role::Measure);
                out.label(origin, &format!("{name} (into the view)"), Role::Measure);
            } else if let Some((from, to)) = clip_line(pen.bounds, origin, along) {
                out.line(from, to, Role::Measure);
                let left = if from[0] <= to[0] { from } else { to };
                out.label(left, name, Role::Measure);
            }
        }
        Figure::Plane { normal, offset } => pen.plane(out, normal, *offset, Role::Measure, name),
    }
}
