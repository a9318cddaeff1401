//! The pairs of the separation that involve a plane or go to GJK: two planes, a bounded shape's
//! support points against a plane, a line's extent over a shape, and GJK on the support functions
//! of two bounded shapes (docs/methods.md §9, §15.6).

use nalgebra::Vector3;

use super::refine::refined;
use super::{name, Item, Separation};
use crate::geometry::gjk::gjk;
use crate::geometry::support::{farthest, SupportMap};
use crate::geometry::{Convex, Plane};

/// A bounded item as a support map: a polytope by its corners (point, segment, box, triangle),
/// or an ellipsoid, cylinder or k-DOP by its own support function.
enum Bounded<'a> {
    Corners(Vec<Vector3<f64>>),
    Convex(&'a Convex),
}

impl Item {
    /// The item as a support map; `None` for the unbounded ones (lines, planes) and spheres
    /// (which the separation grows from their centres).
    fn bounded(&self) -> Option<Bounded<'_>> {
        let corners = match self {
            Item::Point(p) => vec![*p],
            Item::Segment(p, q) => vec![*p, *q],
            Item::Box(obb) => obb.vertices().to_vec(),
            Item::Triangle(t) => t.vertices.to_vec(),
            Item::Convex(c) => return Some(Bounded::Convex(c)),
            Item::Line(..) | Item::Plane(_) | Item::Sphere(_) => return None,
        };
        Some(Bounded::Corners(corners))
    }

    /// The item's support map; only asked of bounded items, others stand in as the origin.
    fn support_map(&self) -> Bounded<'_> {
        self.bounded()
            .unwrap_or_else(|| Bounded::Corners(vec![Vector3::zeros()]))
    }
}

pub(super) fn plane_plane(p: &Plane, q: &Plane) -> Separation {
    let dot = p.normal.dot(&q.normal);
    if 1.0 - dot.abs() > crate::geometry::line_distance::PARALLEL_SIN_SQUARED {
        return Separation {
            distance: 0.0,
            closest: None,
            method: "plane-plane".to_string(),
            parallel: false,
            gjk_iterations: None,
            gjk_gave_up: false,
            terms: Vec::new(),
        };
    }
    let on_p = p.normal * p.offset;
    let foot = q.project_point(&on_p);
    let mut out = Separation::new((on_p - foot).norm(), on_p, foot, "plane-plane");
    out.parallel = true;
    out
}

/// A bounded shape against a plane: its support points against the normal and along it, the
/// points of smallest and largest signed distance.
pub(super) fn corners_to_plane(item: &Item, plane: &Plane) -> Separation {
    let shape = item.support_map();
    let method = format!("{}-plane", name(item));
    let low = shape.support(&-plane.normal);
    let high = shape.support(&plane.normal);
    let (s_low, s_high) = (plane.signed_distance(&low), plane.signed_distance(&high));
    if s_low <= 0.0 && s_high >= 0.0 {
        return Separation {
            distance: 0.0,
            closest: None,
            method,
            parallel: false,
            gjk_iterations: None,
            gjk_gave_up: false,
            terms: Vec::new(),
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
    let shape = item.support_map();
    let scale = v.norm_squared();
    let along = |p: Vector3<f64>| v.dot(&(p - o)) / scale;
    (along(shape.support(&-v)), along(shape.support(v)))
}

impl SupportMap for Bounded<'_> {
    fn support(&self, direction: &Vector3<f64>) -> Vector3<f64> {
        match self {
            Bounded::Corners(corners) => farthest(corners, direction),
            Bounded::Convex(c) => c.support(direction),
        }
    }

    fn center(&self) -> Vector3<f64> {
        match self {
            Bounded::Corners(corners) => {
                corners.iter().sum::<Vector3<f64>>() / corners.len() as f64
            }
            Bounded::Convex(c) => c.center(),
        }
    }

    fn bounding_radius(&self) -> f64 {
        match self {
            Bounded::Corners(corners) => {
                let c = SupportMap::center(self);
                corners.iter().map(|p| (p - c).norm()).fold(0.0, f64::max)
            }
            Bounded::Convex(c) => c.bounding_radius(),
        }
    }
}

/// Two bounded shapes by GJK on their support functions.
pub(super) fn polytopes(a: &Item, b: &Item) -> Separation {
    let run = gjk(&a.support_map(), &b.support_map());
    let method = match (a, b) {
        (Item::Box(_), Item::Box(_)) => "box-box gjk".to_string(),
        _ => format!("{}-{} gjk", name(a), name(b)),
    };
    let closest = (!run.intersecting).then(|| refined(a, b, (run.closest_a, run.closest_b)));
    Separation {
        distance: closest.map_or(run.distance, |(p, q)| (p - q).norm()),
        closest,
        method,
        parallel: false,
        gjk_iterations: Some(run.iterations.len()),
        gjk_gave_up: !run.intersecting && run.distance - run.lower_bound > run.tolerance,
        terms: Vec::new(),
    }
}
