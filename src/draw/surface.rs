//! Triangles and meshes in the picture: the edges of their triangles.

use super::{DebugDraw, Projection, Role};
use crate::scene::BodySpec;

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
