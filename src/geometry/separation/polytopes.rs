//! The pairs of the separation that involve a plane or go to GJK: two planes, a polytope's
//! corners against a plane, a line's extent over a shape, and GJK on the corners of two bounded
//! polytopes (docs/methods.md §9, §15.6).

use nalgebra::Vector3;

use super::{name, Item, Separation};
use crate::geometry::gjk::gjk;
use crate::geometry::support::{farthest, SupportMap};
use crate::geometry::Plane;

pub(super) fn plane_plane(p: &Plane, q: &Plane) -> Separation {
    let dot = p.normal.dot(&q.normal);
    if 1.0 - dot.abs() > crate::geometry::line_distance::PARALLEL_SIN_SQUARED {
        return Separation {
            distance: 0.0,
            closest: None,
            method: "plane-plane".to_string(),
            parallel: false,
            gjk_iterations: None,
        };
    }
    let on_p = p.normal * p.offset;
    let foot = q.project_point(&on_p);
    let mut out = Separation::new((on_p - foot).norm(), on_p, foot, "plane-plane");
    out.parallel = true;
    out
}

/// A bounded polytope against a plane: its corner of smallest signed distance on each side.
pub(super) fn corners_to_plane(item: &Item, plane: &Plane) -> Separation {
    let corners = item.corners().unwrap_or_default();
    let method = format!("{}-plane", name(item));
    let low = farthest(&corners, &-plane.normal);
    let high = farthest(&corners, &plane.normal);
    let (s_low, s_high) = (plane.signed_distance(&low), plane.signed_distance(&high));
    if s_low <= 0.0 && s_high >= 0.0 {
        return Separation {
            distance: 0.0,
            closest: None,
            method,
            parallel: false,
            gjk_iterations: None,
        };
    }
    let nearest = if s_low > 0.0 { low } else { high };
    Separation::new(
        plane.signed_distance(&nearest).abs(),
        nearest,
        plane.project_point(&nearest),
        &method,
    )
}

/// The range of `λ` over which the line `o + λ v` passes the item (its extent along `v`).
pub(super) fn extent(item: &Item, o: &Vector3<f64>, v: &Vector3<f64>) -> (f64, f64) {
    let corners = item.corners().unwrap_or_default();
    let scale = v.norm_squared();
    let along = |p: Vector3<f64>| v.dot(&(p - o)) / scale;
    (along(farthest(&corners, &-v)), along(farthest(&corners, v)))
}

/// The corners of a bounded polytope as a support map.
struct Corners(Vec<Vector3<f64>>);

impl SupportMap for Corners {
    fn support(&self, direction: &Vector3<f64>) -> Vector3<f64> {
        farthest(&self.0, direction)
    }

    fn center(&self) -> Vector3<f64> {
        self.0.iter().sum::<Vector3<f64>>() / self.0.len() as f64
    }

    fn bounding_radius(&self) -> f64 {
        let c = SupportMap::center(self);
        self.0.iter().map(|p| (p - c).norm()).fold(0.0, f64::max)
    }
}

/// Two bounded polytopes by GJK.
pub(super) fn polytopes(a: &Item, b: &Item) -> Separation {
    let (pa, pb) = (
        Corners(a.corners().unwrap_or_default()),
        Corners(b.corners().unwrap_or_default()),
    );
    let run = gjk(&pa, &pb);
    let method = match (a, b) {
        (Item::Box(_), Item::Box(_)) => "box-box gjk".to_string(),
        _ => format!("{}-{} gjk", name(a), name(b)),
    };
    Separation {
        distance: run.distance,
        closest: (!run.intersecting).then_some((run.closest_a, run.closest_b)),
        method,
        parallel: false,
        gjk_iterations: Some(run.iterations.len()),
    }
}
