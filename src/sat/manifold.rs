//! The points a resting contact of two boxes holds: the incident face clipped to the
//! reference face, each point with its own separation.

use nalgebra::Vector3;

use super::contact::slack;
use super::features::along;
use super::AxisId;
use crate::geometry::clip::{clip_polygon, HalfPlane, Polygon};
use crate::geometry::Obb;
use crate::math::sign;

/// Corners within this share of the smallest half-extent above the lowest one join the manifold.
const MANIFOLD_DEPTH: f64 = 0.5;

/// The manifold of boxes `a` and `b` in contact along `depth_axis` with the largest gap `gap`:
/// points near contact, each with its separation along the normal (negative inside); `point`
/// alone when no axis is tested.
///
/// # Algorithm
/// 1. Face axis: the reference face is that face, the incident
///    face the face of the other box most opposed to its normal; the incident face is clipped
///    to the four side planes of the reference face (Sutherland–Hodgman).
/// 2. Each clipped point keeps its depth below the reference face; points more than half the
///    smallest half-extent above `gap` are dropped (they are not near contact).
/// 3. Edge axis: the crossing point of the two edges (clamped to them), at `gap`.
pub fn manifold(
    a: &Obb,
    b: &Obb,
    depth_axis: Option<AxisId>,
    gap: f64,
    point: &Vector3<f64>,
) -> Vec<(Vector3<f64>, f64)> {
    let (reference, incident, i) = match depth_axis {
        Some(AxisId::FaceA(i)) => (a, b, i),
        Some(AxisId::FaceB(j)) => (b, a, j),
        Some(axis @ AxisId::Edge(..)) => {
            let crossing = along(a, b, axis, f64::INFINITY, slack(a, b))
                .map_or(*point, |(crossing, ..)| crossing);
            return vec![(crossing, gap)];
        }
        None => return vec![(*point, gap)],
    };
    let side = sign(
        reference
            .axis(i)
            .dot(&(incident.center() - reference.center())),
    );
    let n = reference.axis(i) * side;
    let band = MANIFOLD_DEPTH * a.half_extents().min().min(b.half_extents().min());
    let depth = |p: &Vector3<f64>| n.dot(&(p - reference.center())) - reference.half_extents()[i];
    let mut sides: [HalfPlane<3>; 4] = [(Vector3::zeros(), 0.0); 4];
    for (slot, (k, s)) in [(i + 1) % 3, (i + 2) % 3]
        .into_iter()
        .flat_map(|k| [(k, 1.0), (k, -1.0)])
        .enumerate()
    {
        let limit = reference.half_extents()[k] + reference.axis(k).dot(&reference.center()) * s;
        sides[slot] = (reference.axis(k) * s, limit);
    }
    clip_polygon(&incident_face(incident, &n), sides, 0.0)
        .iter()
        .map(|p| (*p, depth(p)))
        .filter(|&(_, d)| d <= gap + band)
        .collect()
}

/// The corners of the face of `o` whose outward normal is most opposed to `n`.
fn incident_face(o: &Obb, n: &Vector3<f64>) -> Polygon<3> {
    let k = (0..3)
        .max_by(|&p, &q| o.axis(p).dot(n).abs().total_cmp(&o.axis(q).dot(n).abs()))
        .unwrap_or(0);
    let h = o.half_extents();
    let centre = o.center() - o.axis(k) * (h[k] * sign(o.axis(k).dot(n)));
    let (u, v) = (
        o.axis((k + 1) % 3) * h[(k + 1) % 3],
        o.axis((k + 2) % 3) * h[(k + 2) % 3],
    );
    Polygon::from_corners([
        centre - u - v,
        centre + u - v,
        centre + u + v,
        centre - u + v,
    ])
}
