//! EPA (expanding polytope): the depth and normal of two overlapping convex shapes, grown from
//! GJK's final tetrahedron, with the record of every expansion (docs/methods.md §15.6).

use nalgebra::Vector3;

use super::epa_polish::{polish, undecided, Polish};
use super::gjk::{gjk, pair_tolerance, support_of, Gjk};
use super::simplex::{project_origin, SimplexVertex};
use super::support::SupportMap;

/// EPA gives up after this many expansions (the depth found is then an upper bound).
pub const EPA_MAX_ITERATIONS: usize = 96;

/// One expansion: the face nearest the origin and the support point beyond it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct EpaIteration {
    /// How many faces the polytope had.
    pub faces: usize,
    /// The distance of the nearest face from the origin (a lower bound of the depth).
    pub face_distance: f64,
    /// Its outward unit normal.
    pub normal: Vector3<f64>,
    /// The support point of `A - B` along that normal.
    pub support: SimplexVertex,
    /// `n·w - face distance`: how far the polytope can still grow there.
    pub growth: f64,
}

/// The penetration of two shapes: GJK's record, then EPA's.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Penetration {
    /// The GJK run that found the overlap (or the distance when there is none).
    pub gjk: Gjk,
    /// The expansions (empty when GJK found the shapes apart or just touching).
    pub iterations: Vec<EpaIteration>,
    /// Signed distance: the gap when apart, minus the depth when overlapping.
    pub signed_distance: f64,
    /// Unit normal from A towards B: moving B by `depth · normal` separates them.
    pub normal: Vector3<f64>,
    /// The deepest point of A inside B (the closest point of A when apart).
    pub point_a: Vector3<f64>,
    /// The deepest point of B inside A (the closest point of B when apart).
    pub point_b: Vector3<f64>,
    /// The descent that polished EPA's normal on a curved side ([`polish`]), whose polytope
    /// closes in slowly; absent when no step lowered the depth (a polytope's exact face).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub polish: Option<Polish>,
}

struct Face {
    corners: [usize; 3],
    normal: Vector3<f64>,
    distance: f64,
}

/// The signed distance, normal and witness points of two convex shapes: GJK, then EPA when the
/// origin is inside the Minkowski difference.
///
/// # Algorithm
/// 1. GJK; apart or touching: its distance and closest points.
/// 2. Overlapping: start from GJK's tetrahedron; repeatedly take the face nearest the origin,
///    find the support point along its normal, stop when it does not reach farther than the
///    tolerance, else remove the faces it sees and join their horizon edges to it.
/// 3. The depth is the nearest face's distance, the normal its normal; the witnesses are the
///    barycentric combinations of the origin's projection on that face.
pub fn penetration<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(a: &A, b: &B) -> Penetration {
    let first = gjk(a, b);
    let tolerance = pair_tolerance(a, b);
    let tetrahedron = if first.intersecting {
        blow_up(a, b, &first.simplex, tolerance)
    } else {
        None
    };
    let Some(mut vertices) = tetrahedron else {
        let normal = first.normal();
        if let Some(decided) = undecided(a, b, &first) {
            return decided;
        }
        return Penetration {
            signed_distance: first.distance,
            normal,
            point_a: first.closest_a,
            point_b: first.closest_b,
            iterations: Vec::new(),
            gjk: first,
            polish: None,
        };
    };
    let inner = vertices.iter().map(|v| v.w).sum::<Vector3<f64>>() / 4.0;
    let mut faces: Vec<Face> = [[0, 1, 2], [0, 3, 1], [0, 2, 3], [1, 3, 2]]
        .iter()
        .filter_map(|c| face(&vertices, *c, &inner))
        .collect();
    let mut iterations = Vec::new();
    let mut best = 0;
    for _ in 0..EPA_MAX_ITERATIONS {
        best = nearest(&faces);
        let (normal, face_distance) = (faces[best].normal, faces[best].distance);
        let w = support_of(a, b, &normal);
        let growth = normal.dot(&w.w) - face_distance;
        iterations.push(EpaIteration {
            faces: faces.len(),
            face_distance,
            normal,
            support: w,
            growth,
        });
        if growth <= tolerance {
            break;
        }
        vertices.push(w);
        let new = vertices.len() - 1;
        let mut horizon: Vec<[usize; 2]> = Vec::new();
        faces.retain(|f| {
            let sees = f.normal.dot(&(w.w - vertices[f.corners[0]].w)) > 0.0;
            if sees {
                for k in 0..3 {
                    let edge = [f.corners[k], f.corners[(k + 1) % 3]];
                    if let Some(i) = horizon.iter().position(|e| *e == [edge[1], edge[0]]) {
                        horizon.swap_remove(i);
                    } else {
                        horizon.push(edge);
                    }
                }
            }
            !sees
        });
        faces.extend(
            horizon
                .iter()
                .filter_map(|e| face(&vertices, [e[0], e[1], new], &inner)),
        );
        if faces.is_empty() {
            break;
        }
    }
    let chosen = &faces[best.min(faces.len().saturating_sub(1))];
    let corners = chosen.corners.map(|k| vertices[k]);
    let projection = project_origin(&corners);
    let (point_a, point_b) = projection.witnesses();
    // The polish's depth and normal; the witnesses stay EPA's (a support point, as on a
    // cylinder's side, may be any point of a segment or a face).
    let (record, normal) = polish(a, b, &chosen.normal);
    if record.steps > 0 {
        // Within the tolerance of touching, as at a first contact, they touch.
        let signed_distance = if record.depth > tolerance {
            -record.depth
        } else {
            0.0
        };
        return Penetration {
            gjk: first,
            iterations,
            signed_distance,
            normal,
            point_a,
            point_b,
            polish: Some(record),
        };
    }
    Penetration {
        gjk: first,
        iterations,
        signed_distance: -chosen.distance,
        normal: chosen.normal,
        point_a,
        point_b,
        polish: None,
    }
}

/// GJK's simplex around the origin grown to a tetrahedron by support points in directions off
/// its span; `None` when `A - B` is flat there (no depth to measure).
fn blow_up<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(
    a: &A,
    b: &B,
    simplex: &[SimplexVertex],
    tolerance: f64,
) -> Option<Vec<SimplexVertex>> {
    let mut vertices = simplex.to_vec();
    let axes = [Vector3::x(), Vector3::y(), Vector3::z()];
    while vertices.len() < 4 {
        let candidates: Vec<Vector3<f64>> = match vertices.len() {
            0 | 1 => axes.iter().flat_map(|d| [*d, -d]).collect(),
            2 => {
                let line = (vertices[1].w - vertices[0].w).normalize();
                let axis = axes[line.iamin()];
                let u = line.cross(&axis).normalize();
                let v = line.cross(&u);
                (0..6)
                    .map(|k| {
                        let angle = f64::from(k) * std::f64::consts::FRAC_PI_3;
                        u * angle.cos() + v * angle.sin()
                    })
                    .collect()
            }
            _ => {
                let n = (vertices[1].w - vertices[0].w).cross(&(vertices[2].w - vertices[0].w));
                vec![n, -n]
            }
        };
        let grown = candidates
            .iter()
            .map(|d| support_of(a, b, d))
            .find(|w| off_span(&vertices, &w.w) > tolerance)?;
        vertices.push(grown);
    }
    Some(vertices)
}

/// The distance of `p` from the affine span of the vertices (point, line or plane).
fn off_span(vertices: &[SimplexVertex], p: &Vector3<f64>) -> f64 {
    match vertices {
        [] => f64::INFINITY,
        [o] => (p - o.w).norm(),
        [o, q] => {
            let line = q.w - o.w;
            (p - o.w).cross(&line).norm() / line.norm()
        }
        [o, q, r, ..] => {
            let n = (q.w - o.w).cross(&(r.w - o.w));
            (p - o.w).dot(&n).abs() / n.norm()
        }
    }
}

/// The face with outward normal (away from `inner`), or `None` for a sliver.
fn face(vertices: &[SimplexVertex], corners: [usize; 3], inner: &Vector3<f64>) -> Option<Face> {
    let [p, q, r] = corners.map(|k| vertices[k].w);
    let n = (q - p).cross(&(r - p));
    let length = n.norm();
    if length.is_nan() || length <= 0.0 {
        return None;
    }
    let (mut normal, mut corners) = (n / length, corners);
    if normal.dot(&(p - inner)) < 0.0 {
        normal = -normal;
        corners.swap(1, 2);
    }
    Some(Face {
        corners,
        normal,
        distance: normal.dot(&p),
    })
}

fn nearest(faces: &[Face]) -> usize {
    (0..faces.len())
        .min_by(|&i, &j| faces[i].distance.total_cmp(&faces[j].distance))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use nalgebra::UnitQuaternion;

    use super::*;
    use crate::geometry::{Obb, Sphere};

    #[test]
    fn overlapping_spheres_and_boxes_give_their_depth_and_normal() {
        let a = Sphere {
            center: Vector3::zeros(),
            radius: 1.0,
        };
        let b = Sphere {
            center: Vector3::new(1.5, 0.0, 0.0),
            radius: 1.0,
        };
        let p = penetration(&a, &b);
        assert!(
            (p.signed_distance + 0.5).abs() < 1e-3,
            "{}",
            p.signed_distance
        );
        assert!((p.normal - Vector3::x()).norm() < 0.05);
        let ba = Obb::new(
            Vector3::zeros(),
            UnitQuaternion::identity(),
            Vector3::new(1.0, 1.0, 1.0),
        );
        let bb = Obb::new(
            Vector3::new(1.7, 0.2, -0.1),
            UnitQuaternion::identity(),
            Vector3::new(1.0, 1.0, 1.0),
        );
        let p = penetration(&ba, &bb);
        assert!(
            (p.signed_distance + 0.3).abs() < 1e-9,
            "{}",
            p.signed_distance
        );
        assert!((p.normal - Vector3::x()).norm() < 1e-9);
    }
}
