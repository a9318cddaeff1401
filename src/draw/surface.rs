//! Triangles and meshes in the picture: the edges of their triangles; ellipsoids, cylinders and
//! k-DOPs: their outlines.

use super::{DebugDraw, Projection, Role};
use crate::geometry::{Convex, SupportMap};
use crate::scene::{BodySpec, ShapeSpec};

/// Draws every edge of the body's triangles and its name at its centre.
pub(super) fn draw<D: DebugDraw + ?Sized>(
    out: &mut D,
    projection: &Projection,
    body: &BodySpec,
    role: Role,
    name: &str,
) {
    for triangle in body.shape.triangles_at(&body.center) {
        let corners = triangle.vertices.map(|v| projection.project(&v));
        for k in 0..3 {
            out.line(corners[k], corners[(k + 1) % 3], role);
        }
    }
    out.label(projection.project(&body.center), name, role);
}

/// Draws the outline of an ellipsoid, a cylinder or a k-DOP as the view sees it (its support
/// points along 32 directions of the screen, joined), a cylinder's axis, and its name.
pub(super) fn draw_convex<D: DebugDraw + ?Sized>(
    out: &mut D,
    projection: &Projection,
    body: &BodySpec,
    role: Role,
    name: &str,
) {
    let ShapeSpec::Convex(convex) = &body.shape else {
        return;
    };
    let placed = convex.placed(body.center, body.rotation);
    let outline: Vec<[f64; 2]> = (0..32)
        .map(|i| {
            let angle = f64::from(i) * std::f64::consts::TAU / 32.0;
            let direction = projection.right * angle.cos() + projection.up * angle.sin();
            projection.project(&placed.support(&direction))
        })
        .collect();
    for k in 0..outline.len() {
        out.line(outline[k], outline[(k + 1) % outline.len()], role);
    }
    if let Convex::Cylinder(c) = &placed {
        let axis = c.axis() * c.half_height;
        out.line(
            projection.project(&(c.center - axis)),
            projection.project(&(c.center + axis)),
            role,
        );
    }
    out.label(projection.project(&body.center), name, role);
}
