//! Clipping a point, a segment or a convex polygon by half-spaces: the contact regions of the
//! shape tables are a touching feature clipped by the other shape's sides.

use nalgebra::Vector3;

/// Points this close outside a half-space still count as inside: touching features meet up to
/// rounding, and a dropped end would lose the contact.
pub(crate) const CLIP_SLACK: f64 = 1e-12;

/// A box axis (scaled by its edge length) or a vertex height this small lies flat on the
/// touched face: the touching feature is an edge or a face rather than a vertex.
pub(crate) const FLAT: f64 = 1e-10;

/// A feature: one point, a segment's two ends, or a convex polygon's corners in order.
pub(crate) type Feature = Vec<Vector3<f64>>;

/// The part of `feature` where `normal·x <= offset` (within [`CLIP_SLACK`] times `|normal|`).
///
/// # Algorithm
/// A point is kept or dropped; a segment is cut at the plane (Liang–Barsky); a polygon is
/// clipped edge by edge (Sutherland–Hodgman).
pub(crate) fn clip(feature: &[Vector3<f64>], normal: &Vector3<f64>, offset: f64) -> Feature {
    let limit = offset + CLIP_SLACK * normal.norm();
    let height = |p: &Vector3<f64>| normal.dot(p) - limit;
    match feature {
        [] => Vec::new(),
        [p] => {
            if height(p) <= 0.0 {
                vec![*p]
            } else {
                Vec::new()
            }
        }
        [p, q] => {
            let (hp, hq) = (height(p), height(q));
            match (hp <= 0.0, hq <= 0.0) {
                (true, true) => vec![*p, *q],
                (false, false) => Vec::new(),
                (true, false) => vec![*p, p + (q - p) * (hp / (hp - hq))],
                (false, true) => vec![p + (q - p) * (hp / (hp - hq)), *q],
            }
        }
        polygon => {
            let mut out = Vec::with_capacity(polygon.len() + 2);
            for (k, current) in polygon.iter().enumerate() {
                let previous = &polygon[(k + polygon.len() - 1) % polygon.len()];
                let (hp, hc) = (height(previous), height(current));
                let crossing = || previous + (current - previous) * (hp / (hp - hc));
                match (hp <= 0.0, hc <= 0.0) {
                    (true, true) => out.push(*current),
                    (true, false) => out.push(crossing()),
                    (false, true) => {
                        out.push(crossing());
                        out.push(*current);
                    }
                    (false, false) => {}
                }
            }
            out
        }
    }
}

/// `feature` clipped by every half-space `normal·x <= offset` in turn.
pub(crate) fn clip_all(
    feature: Feature,
    planes: impl IntoIterator<Item = (Vector3<f64>, f64)>,
) -> Feature {
    planes.into_iter().fold(feature, |kept, (normal, offset)| {
        clip(&kept, &normal, offset)
    })
}

/// The average of the points: inside a convex region they span; `None` when empty.
pub(crate) fn centre(points: &[Vector3<f64>]) -> Option<Vector3<f64>> {
    (!points.is_empty()).then(|| points.iter().sum::<Vector3<f64>>() / points.len() as f64)
}

/// The six half-spaces `±x_i <= h_i` of a box in its own coordinates.
pub(crate) fn box_planes(h: &Vector3<f64>) -> [(Vector3<f64>, f64); 6] {
    std::array::from_fn(|k| {
        let sign = if k % 2 == 0 { 1.0 } else { -1.0 };
        (Vector3::ith(k / 2, sign), h[k / 2])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_segments_and_polygons_are_cut_at_the_plane() {
        let x = Vector3::x();
        let p = Vector3::new(0.5, 0.0, 0.0);
        assert_eq!(clip(&[p], &x, 1.0), vec![p]);
        assert!(clip(&[p], &x, 0.0).is_empty());
        let segment = [Vector3::zeros(), Vector3::new(2.0, 0.0, 0.0)];
        let cut = clip(&segment, &x, 1.0);
        assert!((cut[1].x - 1.0).abs() < 1e-9 && cut[0] == segment[0]);
        let square = [
            Vector3::new(-1.0, -1.0, 0.0),
            Vector3::new(1.0, -1.0, 0.0),
            Vector3::new(1.0, 1.0, 0.0),
            Vector3::new(-1.0, 1.0, 0.0),
        ];
        let half = clip_all(square.to_vec(), [(x, 0.0)]);
        assert_eq!(half.len(), 4);
        assert!(half.iter().all(|q| q.x <= 1e-9));
        assert!((centre(&half).unwrap().x + 0.5).abs() < 1e-9);
        let inside = clip_all(square.to_vec(), box_planes(&Vector3::new(0.5, 2.0, 2.0)));
        assert!(inside.iter().all(|q| q.x.abs() <= 0.5 + 1e-9));
    }
}
