//! Closest points with a curved shape made exact: GJK's witnesses on an ellipsoid or a cylinder
//! are right to the distance's tolerance but may sit a little along the surface from the true
//! ones (the distance is flat there); alternating projections walk them to the pair.

use nalgebra::Vector3;

use super::Item;
use crate::geometry::distance::point_segment;
use crate::geometry::gjk::gjk;
use crate::geometry::{Convex, Sphere};

/// At most this many rounds of projections.
const ROUNDS: usize = 2_000;
/// The rounds stop when neither point moves more than this share of the pair's size.
const STILL: f64 = 1e-15;

/// The nearest point of a bounded item to `p`: exact for a point, a segment, a box, a triangle,
/// an ellipsoid (its nearest-point equation) and a cylinder (the disc and the axis clamped
/// apart); a k-DOP's by GJK against the point (exact on a polytope).
fn nearest(item: &Item, p: &Vector3<f64>) -> Option<Vector3<f64>> {
    Some(match item {
        Item::Point(q) => *q,
        Item::Segment(s, e) => point_segment(p, s, e).closest,
        Item::Box(b) => b.closest_point(p),
        Item::Triangle(t) => t.closest_point(p).0,
        Item::Convex(Convex::Ellipsoid(e)) => e.closest_point(p),
        Item::Convex(Convex::Cylinder(c)) => c.closest_point(p),
        Item::Convex(Convex::Kdop(k)) => {
            let point = Sphere {
                center: *p,
                radius: 0.0,
            };
            gjk(&point, k).closest_b
        }
        Item::Line(..) | Item::Plane(_) | Item::Sphere(_) => return None,
    })
}

/// Whether the item is curved (an ellipsoid or a cylinder), where GJK's witnesses need it.
fn curved(item: &Item) -> bool {
    matches!(
        item,
        Item::Convex(Convex::Ellipsoid(_) | Convex::Cylinder(_))
    )
}

/// GJK's closest points `(on_a, on_b)` of two apart bounded items, refined when either is
/// curved; unchanged otherwise, or when a projection is not known.
///
/// # Algorithm
/// Alternating projections: `on_a` ← the nearest point of `a` to `on_b`, `on_b` ← the nearest
/// point of `b` to the new `on_a`; the distance between them never grows and the pair tends to
/// the closest pair of the two convex sets. Stop when neither point moves (at most
/// [`ROUNDS`]); keep the result only if it is no farther apart than GJK's pair.
pub(super) fn refined(
    a: &Item,
    b: &Item,
    (on_a, on_b): (Vector3<f64>, Vector3<f64>),
) -> (Vector3<f64>, Vector3<f64>) {
    if !(curved(a) || curved(b)) {
        return (on_a, on_b);
    }
    let size = 1.0 + on_a.norm().max(on_b.norm()) + (on_a - on_b).norm();
    let (mut p, mut q) = (on_a, on_b);
    for _ in 0..ROUNDS {
        let Some(next_p) = nearest(a, &q) else {
            return (on_a, on_b);
        };
        let Some(next_q) = nearest(b, &next_p) else {
            return (on_a, on_b);
        };
        let moved = (next_p - p).norm().max((next_q - q).norm());
        (p, q) = (next_p, next_q);
        if moved <= STILL * size {
            break;
        }
    }
    if (p - q).norm() <= (on_a - on_b).norm() * (1.0 + 1e-12) {
        (p, q)
    } else {
        (on_a, on_b)
    }
}
