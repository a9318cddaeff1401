//! The closest point of a simplex (point, segment, triangle, tetrahedron) to the origin, with
//! its barycentric weights and the smallest sub-simplex holding it: the step inside GJK.

use nalgebra::Vector3;

/// A point of the Minkowski difference `A - B` with the two support points it came from.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct SimplexVertex {
    /// The point of A.
    pub a: Vector3<f64>,
    /// The point of B.
    pub b: Vector3<f64>,
    /// `a - b`.
    pub w: Vector3<f64>,
}

impl SimplexVertex {
    /// The vertex `a - b`.
    pub fn new(a: Vector3<f64>, b: Vector3<f64>) -> Self {
        Self { a, b, w: a - b }
    }
}

/// The closest point of a simplex to the origin.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Projection {
    /// The vertices that carry it, each with its weight (the weights sum to 1).
    pub kept: Vec<(SimplexVertex, f64)>,
    /// Whether the origin is inside a full tetrahedron.
    pub contains_origin: bool,
}

impl Projection {
    /// The closest point `Σ λ_i w_i`; inside a triangle, the origin's projection on its plane
    /// along the normal of its edges (whose direction does not lose the digits `Σ λ_i w_i` does
    /// when the point is much nearer the origin than the vertices are).
    pub fn point(&self) -> Vector3<f64> {
        if let [(a, _), (b, _), (c, _)] = self.kept.as_slice() {
            let n = (b.w - a.w).cross(&(c.w - a.w));
            let area_squared = n.norm_squared();
            if area_squared > 0.0 {
                return n * (n.dot(&a.w) / area_squared);
            }
        }
        self.kept.iter().map(|(v, l)| v.w * *l).sum()
    }

    /// The matching points of A and B, `Σ λ_i a_i` and `Σ λ_i b_i`.
    pub fn witnesses(&self) -> (Vector3<f64>, Vector3<f64>) {
        let a = self.kept.iter().map(|(v, l)| v.a * *l).sum();
        let b = self.kept.iter().map(|(v, l)| v.b * *l).sum();
        (a, b)
    }
}

/// The closest point of the simplex (1 to 4 vertices) to the origin.
///
/// # Algorithm
/// Voronoi regions: a segment by its clamped parameter; a triangle by the signed volumes of
/// its edges with the origin (the origin's projection on its plane when all three weights are
/// positive, else the best of its edges); a tetrahedron contains the origin when it is on the inner side of all four
/// faces, otherwise the nearest of the faces the origin is outside of.
pub(crate) fn project_origin(simplex: &[SimplexVertex]) -> Projection {
    let kept = match simplex {
        [p] => vec![(*p, 1.0)],
        [p, q] => segment(p, q),
        [p, q, r] => triangle(p, q, r),
        [p, q, r, s] => return tetrahedron(p, q, r, s),
        _ => Vec::new(),
    };
    Projection {
        kept,
        contains_origin: false,
    }
}

fn segment(p: &SimplexVertex, q: &SimplexVertex) -> Vec<(SimplexVertex, f64)> {
    let e = q.w - p.w;
    let length_squared = e.norm_squared();
    let t = if length_squared > 0.0 {
        -p.w.dot(&e) / length_squared
    } else {
        0.0
    };
    if t <= 0.0 {
        vec![(*p, 1.0)]
    } else if t >= 1.0 {
        vec![(*q, 1.0)]
    } else {
        vec![(*p, 1.0 - t), (*q, t)]
    }
}

fn triangle(a: &SimplexVertex, b: &SimplexVertex, c: &SimplexVertex) -> Vec<(SimplexVertex, f64)> {
    // Signed volumes: the barycentric weights of the origin's projection on the plane are triple
    // products of the short edge vectors, exact to rounding however thin the triangle.
    let (e1, e2, o) = (b.w - a.w, c.w - a.w, -a.w);
    let n = e1.cross(&e2);
    let area_squared = n.norm_squared();
    let edges = || {
        [segment(a, b), segment(b, c), segment(a, c)]
            .into_iter()
            .min_by(|x, y| norm_of(x).total_cmp(&norm_of(y)))
            .unwrap_or_default()
    };
    if area_squared.is_nan() || area_squared <= 1e-30 * e1.norm_squared() * e2.norm_squared() {
        // A flat triangle: its best edge.
        return edges();
    }
    let beta = n.dot(&o.cross(&e2)) / area_squared;
    let gamma = n.dot(&e1.cross(&o)) / area_squared;
    let alpha = 1.0 - beta - gamma;
    if alpha < 0.0 || beta < 0.0 || gamma < 0.0 {
        // The projection is outside: the nearest point is on the boundary.
        return edges();
    }
    let mut kept = vec![(*a, alpha), (*b, beta), (*c, gamma)];
    kept.retain(|(_, l)| *l > 0.0);
    kept
}

fn norm_of(kept: &[(SimplexVertex, f64)]) -> f64 {
    kept.iter()
        .map(|(v, l)| v.w * *l)
        .sum::<Vector3<f64>>()
        .norm()
}

fn tetrahedron(
    p: &SimplexVertex,
    q: &SimplexVertex,
    r: &SimplexVertex,
    s: &SimplexVertex,
) -> Projection {
    let faces = [(p, q, r, s), (p, r, s, q), (p, s, q, r), (q, s, r, p)];
    let scale = [p, q, r, s]
        .iter()
        .map(|v| v.w.norm())
        .fold(0.0, crate::math::max_nan);
    let volume = (q.w - p.w).cross(&(r.w - p.w)).dot(&(s.w - p.w));
    let flat = volume.abs() <= 1e-12 * scale * scale * scale;
    let mut best: Option<(f64, Vec<(SimplexVertex, f64)>)> = None;
    let mut outside_any = false;
    for (a, b, c, opposite) in faces {
        let n = (b.w - a.w).cross(&(c.w - a.w));
        let (origin_side, opposite_side) = (n.dot(&-a.w), n.dot(&(opposite.w - a.w)));
        let outside = flat || origin_side * opposite_side < 0.0;
        if !outside {
            continue;
        }
        outside_any = true;
        let kept = triangle(a, b, c);
        let distance = norm_of(&kept);
        if best.as_ref().is_none_or(|(d, _)| distance < *d) {
            best = Some((distance, kept));
        }
    }
    match best {
        Some((_, kept)) if outside_any => Projection {
            kept,
            contains_origin: false,
        },
        _ => Projection {
            kept: vec![(*p, 0.25), (*q, 0.25), (*r, 0.25), (*s, 0.25)],
            contains_origin: true,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: f64, y: f64, z: f64) -> SimplexVertex {
        SimplexVertex::new(Vector3::new(x, y, z), Vector3::zeros())
    }

    #[test]
    fn projections_land_on_the_nearest_feature() {
        let seg = project_origin(&[at(1.0, -1.0, 1.0), at(1.0, 1.0, 1.0)]);
        assert_eq!(seg.point(), Vector3::new(1.0, 0.0, 1.0));
        let tri = project_origin(&[at(-1.0, -1.0, 2.0), at(3.0, -1.0, 2.0), at(-1.0, 3.0, 2.0)]);
        assert!((tri.point() - Vector3::new(0.0, 0.0, 2.0)).norm() < 1e-15 && tri.kept.len() == 3);
        let corner = project_origin(&[at(1.0, 1.0, 1.0), at(2.0, 1.0, 1.0), at(1.0, 2.0, 1.0)]);
        assert_eq!(corner.kept.len(), 1);
        let tet = project_origin(&[
            at(-1.0, -1.0, -1.0),
            at(3.0, -1.0, -1.0),
            at(-1.0, 3.0, -1.0),
            at(-1.0, -1.0, 3.0),
        ]);
        assert!(tet.contains_origin);
        let beside = project_origin(&[
            at(1.0, -1.0, -1.0),
            at(3.0, -1.0, -1.0),
            at(1.0, 3.0, -1.0),
            at(1.0, -1.0, 3.0),
        ]);
        assert!(!beside.contains_origin && (beside.point().x - 1.0).abs() < 1e-15);
    }
}
