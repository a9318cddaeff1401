//! The picture of one frame: every body, the selected pair in its roles, its ghosts at the contact
//! time and the frame end, the selected axis through A's centre with the two bodies' shadows on
//! it, and the contact point.

use nalgebra::Vector3;

use super::{DebugDraw, Projection, Role};
use crate::geometry::Obb;
use crate::scene::{BodySpec, FigureSpec, ShapeSpec};
use crate::trace::{pose_at, MeasureRecord, RayRecord};

/// The first contact inside the frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactMark {
    /// Seconds after the frame start.
    pub after: f64,
    /// The contact point (world).
    pub point: Vector3<f64>,
}

/// The shadows of the pair on the selected axis, in length units along the axis from A's centre
/// (the axis's `R`, `R0` and `R1` divided by `|L|`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxisShadows {
    /// Half of A's shadow, around A's centre.
    pub r0: f64,
    /// Where B's centre falls on the axis.
    pub r: f64,
    /// Half of B's shadow, around that point.
    pub r1: f64,
}

/// What one frame shows: bodies at its start and end, the selected pair, axis and contact.
#[derive(Clone, Copy, Debug)]
pub struct Picture<'a> {
    /// Every body at the frame start.
    pub bodies: &'a [BodySpec],
    /// Every body at the frame end, when there is a next frame.
    pub ends: Option<&'a [BodySpec]>,
    /// Indices of the selected pair's bodies A and B.
    pub pair: Option<(usize, usize)>,
    /// Where the axis line passes through, when not A's centre (the middle of A's shadow).
    pub origin: Option<Vector3<f64>>,
    /// The selected axis (any length, pointing from A towards B) and its name.
    pub axis: Option<(Vector3<f64>, &'a str)>,
    /// The pair's shadows on the axis (a pair with a table only).
    pub shadows: Option<AxisShadows>,
    /// The first contact inside this frame.
    pub contact: Option<ContactMark>,
    /// The scene's rays at this frame.
    pub rays: &'a [RayRecord],
    /// The scene's named figures.
    pub figures: &'a [FigureSpec],
    /// The scene's measured distances at this frame.
    pub measures: &'a [MeasureRecord],
    /// Which distances' lengths the label shows as `?` (an open question's answer), by index of
    /// `measures`; missing entries are shown.
    pub hidden_distances: &'a [bool],
}

/// Draws `picture` through `projection`; `bounds` (`[[left, right], [bottom, top]]`) clips
/// the infinite things: planes and the axis line.
pub fn draw_picture<D: DebugDraw + ?Sized>(
    out: &mut D,
    projection: &Projection,
    picture: &Picture<'_>,
    bounds: [[f64; 2]; 2],
) {
    let (a, b) = picture.pair.unzip();
    let slice = a
        .map(|i| picture.bodies[i].center.dot(&projection.depth()))
        .unwrap_or_default();
    let pen = Pen {
        projection,
        bounds,
        slice,
    };
    for i in [a, b].into_iter().flatten() {
        draw_ghosts(out, &pen, picture, i);
    }
    for (i, body) in picture.bodies.iter().enumerate() {
        let role = if Some(i) == a {
            Role::BoxA
        } else if Some(i) == b {
            Role::BoxB
        } else if matches!(body.shape, ShapeSpec::Plane { .. }) {
            Role::Plane
        } else {
            Role::Body
        };
        pen.body(out, body, role, &body.name);
    }
    super::probes::draw(out, &pen, picture);
    if let (Some((i, j)), Some((axis, name))) = (picture.pair, picture.axis) {
        // Through A's centre; a plane has none, so then through B's.
        let through = match picture.bodies[i].shape {
            ShapeSpec::Plane { .. } => j,
            _ => i,
        };
        let shadows = picture.shadows.filter(|_| through == i);
        let origin = picture
            .origin
            .filter(|_| through == i)
            .unwrap_or(picture.bodies[through].center);
        pen.axis(out, &origin, &axis, name, shadows);
    }
    if let Some(contact) = picture.contact {
        let at = projection.project(&contact.point);
        out.point(at, Role::Contact);
        out.label(at, "x contact", Role::Contact);
    }
}

/// Whether a body changes pose during a frame.
fn moves(body: &BodySpec) -> bool {
    !body.fixed && (body.velocity.norm() > 0.0 || body.angular_velocity.norm() > 0.0)
}

/// The body at the contact time and at the frame end, when it moves.
fn draw_ghosts<D: DebugDraw + ?Sized>(out: &mut D, pen: &Pen<'_>, picture: &Picture<'_>, i: usize) {
    let body = &picture.bodies[i];
    if !moves(body) {
        return;
    }
    if let Some(contact) = picture.contact {
        let (center, rotation) = pose_at(body, contact.after);
        let ghost = BodySpec {
            center,
            rotation,
            ..body.clone()
        };
        pen.body(out, &ghost, Role::Ghost, &format!("{} tc", body.name));
    }
    if let Some(end) = picture.ends.and_then(|ends| ends.get(i)) {
        pen.body(out, end, Role::Ghost, &format!("{} t1", body.name));
    }
}

/// Projection, clip rectangle and the depth at which planes are cut.
pub(super) struct Pen<'a> {
    pub(super) projection: &'a Projection,
    pub(super) bounds: [[f64; 2]; 2],
    slice: f64,
}

impl Pen<'_> {
    /// Whether a circle of `radius` around view point `center` reaches into the bounds.
    fn visible(&self, center: [f64; 2], radius: f64) -> bool {
        let [[left, right], [bottom, top]] = self.bounds;
        center[0] + radius >= left
            && center[0] - radius <= right
            && center[1] + radius >= bottom
            && center[1] - radius <= top
    }

    /// The body's outline and its name at its centre (nothing when it is out of view).
    fn body<D: DebugDraw + ?Sized>(&self, out: &mut D, body: &BodySpec, role: Role, name: &str) {
        let p = self.projection;
        let reach = body.shape.reach().unwrap_or(f64::INFINITY);
        if reach.is_finite() && !self.visible(p.project(&body.center), reach) {
            return;
        }
        match &body.shape {
            &ShapeSpec::Box { half_extents } => {
                let corners = Obb::new(body.center, body.rotation, half_extents)
                    .vertices()
                    .map(|v| p.project(&v));
                for k in 0..8 {
                    for bit in [1, 2, 4] {
                        if k & bit == 0 {
                            out.line(corners[k], corners[k | bit], role);
                        }
                    }
                }
                out.label(p.project(&body.center), name, role);
            }
            &ShapeSpec::Sphere { radius } => {
                let center = p.project(&body.center);
                out.circle(center, radius, role);
                out.label(center, name, role);
            }
            ShapeSpec::Plane { normal, offset } => self.plane(out, normal, *offset, role, name),
            ShapeSpec::Triangle { .. } | ShapeSpec::Mesh(_) => {
                super::surface::draw(out, p, body, role, name);
            }
            ShapeSpec::Convex(_) => super::surface::draw_convex(out, p, body, role, name),
        }
    }

    /// The plane's trace in the slice through A's centre parallel to the screen.
    pub(super) fn plane<D: DebugDraw + ?Sized>(
        &self,
        out: &mut D,
        normal: &Vector3<f64>,
        offset: f64,
        role: Role,
        name: &str,
    ) {
        let p = self.projection;
        let n = [normal.dot(&p.right), normal.dot(&p.up)];
        let n2 = n[0] * n[0] + n[1] * n[1];
        let [[left, _], [_, top]] = self.bounds;
        if n2 < 1e-12 {
            out.label(
                [left, top],
                &format!("{name} (plane facing the view)"),
                role,
            );
            return;
        }
        let c = (offset - self.slice * normal.dot(&p.depth())) / n2;
        if let Some((from, to)) = clip_line(self.bounds, [n[0] * c, n[1] * c], [-n[1], n[0]]) {
            out.line(from, to, role);
            let left = if from[0] <= to[0] { from } else { to };
            out.label(left, name, role);
        }
    }

    /// The axis as a line through A's centre, clipped to the view, named at its right end: dotted,
    /// and solid in A's and B's roles where their shadows lie on it.
    fn axis<D: DebugDraw + ?Sized>(
        &self,
        out: &mut D,
        center: &Vector3<f64>,
        axis: &Vector3<f64>,
        name: &str,
        shadows: Option<AxisShadows>,
    ) {
        let p = self.projection;
        let origin = p.project(center);
        let unit = axis.try_normalize(1e-300).unwrap_or_else(Vector3::zeros);
        let direction = p.project(&unit);
        let length = direction[0].hypot(direction[1]);
        if length < 1e-9 {
            out.point(origin, Role::Axis);
            out.label(origin, &format!("{name} (into the view)"), Role::Axis);
            return;
        }
        if let Some((low, high)) = clip_params(self.bounds, origin, direction) {
            let at = |s: f64| [origin[0] + s * direction[0], origin[1] + s * direction[1]];
            let mut spans: Vec<(f64, f64, Role)> = Vec::new();
            if let Some(AxisShadows { r0, r, r1 }) = shadows {
                spans.push((-r0, r0, Role::BoxA));
                spans.push((r - r1, r + r1, Role::BoxB));
            }
            // Dotted where no shadow lies, solid in the body's role where one does.
            let mut start = low;
            let mut covered: Vec<(f64, f64)> = spans.iter().map(|s| (s.0, s.1)).collect();
            covered.sort_by(|x, y| x.0.total_cmp(&y.0));
            for (from, to) in covered {
                if from > start {
                    out.line(at(start), at(from.min(high)), Role::Axis);
                }
                start = start.max(to);
            }
            if start < high {
                out.line(at(start), at(high), Role::Axis);
            }
            for (from, to, role) in spans {
                let (from, to) = (from.max(low), to.min(high));
                if from < to {
                    out.line(at(from), at(to), role);
                }
            }
            let (from, to) = (at(low), at(high));
            let end = if to[0] >= from[0] { to } else { from };
            let inset = (self.bounds[0][1] - self.bounds[0][0]) * 0.12;
            out.label([end[0] - inset, end[1]], name, Role::Axis);
        }
    }
}

/// The part of the infinite line `origin + s·direction` inside `bounds`, if any (Liang–Barsky).
pub(crate) fn clip_line(
    bounds: [[f64; 2]; 2],
    origin: [f64; 2],
    direction: [f64; 2],
) -> Option<([f64; 2], [f64; 2])> {
    let at = |s: f64| [origin[0] + s * direction[0], origin[1] + s * direction[1]];
    clip_params(bounds, origin, direction).map(|(low, high)| (at(low), at(high)))
}

/// The range of `s` for which `origin + s·direction` lies inside `bounds`, if any.
fn clip_params(bounds: [[f64; 2]; 2], origin: [f64; 2], direction: [f64; 2]) -> Option<(f64, f64)> {
    let (mut low, mut high) = (f64::NEG_INFINITY, f64::INFINITY);
    for k in 0..2 {
        let [min, max] = bounds[k];
        if direction[k].abs() < 1e-300 {
            if origin[k] < min || origin[k] > max {
                return None;
            }
            continue;
        }
        let (s0, s1) = (
            (min - origin[k]) / direction[k],
            (max - origin[k]) / direction[k],
        );
        low = low.max(s0.min(s1));
        high = high.min(s0.max(s1));
    }
    (low <= high && low.is_finite()).then_some((low, high))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_line_keeps_the_part_inside_the_rectangle() {
        let bounds = [[-1.0, 1.0], [-2.0, 2.0]];
        let (from, to) = clip_line(bounds, [0.0, 0.0], [1.0, 0.0]).unwrap();
        assert_eq!((from, to), ([-1.0, 0.0], [1.0, 0.0]));
        let (from, to) = clip_line(bounds, [0.0, 0.5], [0.0, -3.0]).unwrap();
        assert_eq!((from, to), ([0.0, 2.0], [0.0, -2.0]));
        assert!(clip_line(bounds, [0.0, 5.0], [1.0, 0.0]).is_none());
    }
}
