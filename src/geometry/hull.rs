//! A compact 3D convex hull for the area-weighted OBB fit (docs/methods.md §3.4), sized for a few hundred
//! points.

use std::collections::HashSet;

use nalgebra::Vector3;

/// A closed convex polyhedron with triangular faces.
#[derive(Clone, Debug, PartialEq)]
pub struct ConvexHull {
    /// The hull's vertices, each one an input point.
    pub vertices: Vec<Vector3<f64>>,
    /// Faces as indices into `vertices`, counter-clockwise seen from outside.
    pub triangles: Vec<[usize; 3]>,
}

/// A face during construction, with its outward unit normal and plane offset.
#[derive(Clone, Copy, Debug)]
struct Face {
    corners: [usize; 3],
    normal: Vector3<f64>,
    offset: f64,
}

impl Face {
    fn new(points: &[Vector3<f64>], corners: [usize; 3]) -> Face {
        let [a, b, c] = corners.map(|i| points[i]);
        let normal = (b - a).cross(&(c - a)).normalize();
        Face {
            corners,
            normal,
            offset: normal.dot(&a),
        }
    }

    fn height_of(&self, p: &Vector3<f64>) -> f64 {
        self.normal.dot(p) - self.offset
    }

    fn edges(&self) -> [(usize, usize); 3] {
        let [a, b, c] = self.corners;
        [(a, b), (b, c), (c, a)]
    }
}

/// The convex hull of `points`; `None` when they are fewer than four or (nearly) coplanar.
///
/// # Algorithm
/// 1. Tolerance `eps = 1e-10 ·` the largest side of the points' AABB.
/// 2. Start from a tetrahedron: the axis-extreme pair farthest apart, the point farthest from
///    their line, the point farthest from their plane (any of these `<= eps`: degenerate).
/// 3. Add every other point: the faces it sees (height `> eps`) are removed and their horizon
///    edges (edges shared with a face it does not see) are joined to it.
/// 4. Keep only the vertices that faces use.
pub fn convex_hull(points: &[Vector3<f64>]) -> Option<ConvexHull> {
    let eps = tolerance(points)?;
    let seed = initial_tetrahedron(points, eps)?;
    let mut faces = tetrahedron_faces(points, seed);
    for (index, p) in points.iter().enumerate() {
        if !seed.contains(&index) {
            add_point(points, &mut faces, index, p, eps);
        }
    }
    Some(compact(points, &faces))
}

fn tolerance(points: &[Vector3<f64>]) -> Option<f64> {
    let aabb = super::fit::aabb_of_points(points)?;
    let largest_side = (aabb.max - aabb.min).max();
    (points.len() >= 4 && largest_side > 0.0 && largest_side.is_finite())
        .then_some(1e-10 * largest_side)
}

fn farthest_by(points: &[Vector3<f64>], score: impl Fn(&Vector3<f64>) -> f64) -> (usize, f64) {
    points.iter().enumerate().map(|(i, p)| (i, score(p))).fold(
        (0, f64::NEG_INFINITY),
        |best, next| if next.1 > best.1 { next } else { best },
    )
}

fn initial_tetrahedron(points: &[Vector3<f64>], eps: f64) -> Option<[usize; 4]> {
    let [i0, i1] = super::fit::farthest_axis_extreme_pair(points);
    let (p0, p1) = (points[i0], points[i1]);
    if (p1 - p0).norm() <= eps {
        return None;
    }
    let direction = (p1 - p0).normalize();
    let (i2, line_distance) = farthest_by(points, |p| (p - p0).cross(&direction).norm());
    if line_distance <= eps {
        return None;
    }
    let normal = (p1 - p0).cross(&(points[i2] - p0)).normalize();
    let (i3, plane_distance) = farthest_by(points, |p| normal.dot(&(p - p0)).abs());
    (plane_distance > eps).then_some([i0, i1, i2, i3])
}

fn tetrahedron_faces(points: &[Vector3<f64>], [a, b, c, d]: [usize; 4]) -> Vec<Face> {
    [
        ([a, b, c], d),
        ([a, b, d], c),
        ([a, c, d], b),
        ([b, c, d], a),
    ]
    .into_iter()
    .map(|([x, y, z], opposite)| {
        let face = Face::new(points, [x, y, z]);
        if face.height_of(&points[opposite]) > 0.0 {
            Face::new(points, [x, z, y])
        } else {
            face
        }
    })
    .collect()
}

fn add_point(
    points: &[Vector3<f64>],
    faces: &mut Vec<Face>,
    index: usize,
    p: &Vector3<f64>,
    eps: f64,
) {
    let (visible, hidden): (Vec<Face>, Vec<Face>) =
        faces.iter().partition(|face| face.height_of(p) > eps);
    if visible.is_empty() {
        return;
    }
    let edges: Vec<(usize, usize)> = visible.iter().flat_map(Face::edges).collect();
    let edge_set: HashSet<(usize, usize)> = edges.iter().copied().collect();
    *faces = hidden;
    for &(a, b) in &edges {
        if !edge_set.contains(&(b, a)) {
            faces.push(Face::new(points, [a, b, index]));
        }
    }
}

fn compact(points: &[Vector3<f64>], faces: &[Face]) -> ConvexHull {
    let mut new_index = vec![usize::MAX; points.len()];
    let mut vertices = Vec::new();
    let triangles = faces
        .iter()
        .map(|face| {
            face.corners.map(|i| {
                if new_index[i] == usize::MAX {
                    new_index[i] = vertices.len();
                    vertices.push(points[i]);
                }
                new_index[i]
            })
        })
        .collect();
    ConvexHull {
        vertices,
        triangles,
    }
}

impl ConvexHull {
    /// The three corners of triangle `i`.
    pub fn triangle(&self, i: usize) -> [Vector3<f64>; 3] {
        self.triangles[i].map(|k| self.vertices[k])
    }

    /// The total area of the faces.
    pub fn area(&self) -> f64 {
        (0..self.triangles.len())
            .map(|i| {
                let [p, q, r] = self.triangle(i);
                (q - p).cross(&(r - p)).norm() / 2.0
            })
            .sum()
    }

    /// The enclosed volume (positive for outward-facing triangles).
    pub fn volume(&self) -> f64 {
        (0..self.triangles.len())
            .map(|i| {
                let [p, q, r] = self.triangle(i);
                p.dot(&q.cross(&r)) / 6.0
            })
            .sum()
    }

    /// The largest height of `p` above a face plane: `<= 0` inside, `> 0` outside.
    pub fn height_above(&self, p: &Vector3<f64>) -> f64 {
        (0..self.triangles.len())
            .map(|i| {
                let [a, b, c] = self.triangle(i);
                (b - a).cross(&(c - a)).normalize().dot(&(p - a))
            })
            .fold(f64::NEG_INFINITY, crate::math::max_nan)
    }
}
