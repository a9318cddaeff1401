//! The stage that decides a pair whose bodies are apart, from the cheap stages alone.

use crate::geometry::Obb;
use crate::scene::{BodySpec, ShapeSpec};
use crate::trace::Stage;

/// The stage `explain` reports for a pair that does not touch, from its cheap stages: the
/// enclosing spheres, then (two boxes) the AABBs, else the separating-axis test for two boxes and
/// the exact test otherwise.
pub(super) fn apart_stage(a: &BodySpec, b: &BodySpec) -> Stage {
    let obb = |body: &BodySpec| match body.shape {
        ShapeSpec::Box { half_extents } => Some(Obb::new(body.center, body.rotation, half_extents)),
        _ => None,
    };
    let ball = |body: &BodySpec| match body.shape {
        ShapeSpec::Sphere { radius } => Some(radius),
        _ => None,
    };
    match (obb(a), obb(b), ball(a), ball(b)) {
        (Some(x), Some(y), _, _) => {
            let (sx, sy) = (x.enclosing_sphere(), y.enclosing_sphere());
            let (bx, by) = (x.aabb(), y.aabb());
            if (sy.center - sx.center).norm() > sx.radius + sy.radius {
                Stage::Spheres
            } else if (0..3).any(|k| bx.max[k] < by.min[k] || by.max[k] < bx.min[k]) {
                Stage::Aabbs
            } else {
                Stage::Sat
            }
        }
        (Some(x), None, None, Some(r)) | (None, Some(x), Some(r), None) => {
            let s = x.enclosing_sphere();
            let center = if ball(a).is_some() {
                a.center
            } else {
                b.center
            };
            if (center - s.center).norm() > r + s.radius {
                Stage::Spheres
            } else {
                Stage::Exact
            }
        }
        _ => Stage::Exact,
    }
}
