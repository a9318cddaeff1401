//! The touching features of two boxes along one axis: a face of one box against the other's
//! supporting vertex, edge or face, or an edge of each; and the kind named by the features
//! that hold the contact region.

use nalgebra::{Vector2, Vector3};

use super::contact::ContactKind;
use super::kernel::axis_vector;
use super::region::Region;
use super::AxisId;
use crate::geometry::clip::{clip_polygon, clip_segment, Polygon};
use crate::geometry::Obb;
use crate::math::sign;

/// Below this `|A_i × B_j|` the crossing of two edges is found without the course's closed form.
const NEAR_PARALLEL: f64 = 1e-2;

/// The point, kind, unit normal (A towards B) and region of one axis's features.
pub(super) type Found = (Vector3<f64>, ContactKind, Vector3<f64>, Region);

/// The contact of the features along `axis`, or `None` when, seen along the axis, they do not
/// meet within `meet` (the boxes then touch elsewhere); a box coordinate within `slack` of its
/// end counts as at the end when the kind is named.
pub(super) fn along(a: &Obb, b: &Obb, axis: AxisId, meet: f64, slack: f64) -> Option<Found> {
    match axis {
        AxisId::FaceA(i) => face_contact(a, b, i, 1.0, (meet, slack)),
        AxisId::FaceB(j) => face_contact(b, a, j, -1.0, (meet, slack)),
        AxisId::Edge(i, j) => edge_contact(a, b, i, j, (meet, slack)),
    }
}

/// The unit normal of `axis` pointing from A towards B, as [`along`] gives it.
pub(super) fn axis_normal(a: &Obb, b: &Obb, axis: AxisId) -> Vector3<f64> {
    let d = b.center() - a.center();
    match axis {
        AxisId::FaceA(i) => a.axis(i) * sign(a.axis(i).dot(&d)),
        AxisId::FaceB(j) => b.axis(j) * sign(b.axis(j).dot(&-d)) * -1.0,
        AxisId::Edge(..) => {
            let l = axis_vector(a, b, axis);
            sign(l.dot(&d)) * l.normalize()
        }
    }
}

/// Contact on face `i` of box `f` by the other box `o`; `towards_b` orients the normal A→B.
///
/// # Algorithm
/// 1. The supporting feature of `o` towards the face: a vertex, an edge or a face, by how many
///    `c_ij` vanish (the box edges lying flat on the face).
/// 2. In the face's coordinates, the vertex is tested against the face rectangle, the edge
///    clipped to it (Liang–Barsky) and the face clipped to it (Sutherland–Hodgman), all with
///    the slack `meet`; nothing left means the features do not meet.
/// 3. The point is the vertex, the middle of the clipped edge or the area centroid of the
///    clipped face; the kind is named by the features that hold the region ([`kind_of`]).
fn face_contact(
    f: &Obb,
    o: &Obb,
    i: usize,
    towards_b: f64,
    (meet, slack): (f64, f64),
) -> Option<Found> {
    let n = f.axis(i);
    let sigma = sign(n.dot(&(o.center() - f.center())));
    let (a, b) = (f.half_extents(), o.half_extents());
    let mut base = o.center();
    let (mut free, mut free_count) = ([0usize; 3], 0);
    for j in 0..3 {
        let c_ij = n.dot(&o.axis(j));
        if (c_ij * 2.0 * b[j]).abs() < 1e-10 {
            free[free_count] = j;
            free_count += 1;
        } else {
            base += -sigma * sign(c_ij) * b[j] * o.axis(j);
        }
    }
    let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
    let to_face = |p: &Vector3<f64>| {
        let local = p - f.center();
        Vector2::new(f.axis(i1).dot(&local), f.axis(i2).dot(&local))
    };
    let from_face =
        |u: &Vector2<f64>| f.center() + sigma * a[i] * n + u.x * f.axis(i1) + u.y * f.axis(i2);
    let limits = Vector2::new(a[i1], a[i2]);
    let normal = n * sigma * towards_b;
    let (point, region) = match &free[..free_count] {
        [] => {
            let on_face = to_face(&base);
            let inside = (0..2).all(|k| on_face[k].abs() <= limits[k] + meet);
            (inside.then_some(base)?, Region::point(base))
        }
        [j] => {
            let dir = o.axis(*j);
            let start = to_face(&base);
            let along_face = to_face(&(base + dir)) - start;
            let (lo, hi) = clip_segment(&start, &along_face, (-b[*j], b[*j]), &limits, meet)?;
            let ends = Region::from_points([base + lo * dir, base + hi * dir]);
            (base + 0.5 * (lo + hi) * dir, ends)
        }
        _ => {
            let (j1, j2) = (free[0], free[1]);
            let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map(|(s1, s2)| {
                to_face(&(base + s1 * b[j1] * o.axis(j1) + s2 * b[j2] * o.axis(j2)))
            });
            let sides = [
                (Vector2::x(), limits.x),
                (-Vector2::x(), limits.x),
                (Vector2::y(), limits.y),
                (-Vector2::y(), limits.y),
            ];
            let polygon =
                clip_polygon(&Polygon::from_corners(corners), sides, meet).without_repeats(slack);
            let centroid = polygon_centroid(&polygon)?;
            let region = Region::from_points(polygon.iter().map(&from_face));
            (from_face(&centroid), region)
        }
    };
    // Each box's coordinates of the region, on its own feature: the face's normal coordinate
    // and the supporting feature's fixed ones are pinned as built.
    let base_in_o = o.to_local(&base);
    let on_f = pinned(f, &region, &[i], &Vector3::from_element(sigma * a[i]));
    let fixed: Vec<usize> = (0..3).filter(|j| !free[..free_count].contains(j)).collect();
    let on_o = pinned(o, &region, &fixed, &base_in_o);
    let (dim_f, dim_o) = (dimension(&on_f, &a, slack), dimension(&on_o, &b, slack));
    let kind = kind_of(dim_f, dim_o);
    Some((point, kind, normal, region))
}

/// Area centroid of a polygon (vertex average when its area vanishes); `None` when empty.
fn polygon_centroid(polygon: &[Vector2<f64>]) -> Option<Vector2<f64>> {
    let first = polygon.first()?;
    let mean = polygon.iter().sum::<Vector2<f64>>() / polygon.len() as f64;
    let (mut area, mut moment) = (0.0, Vector2::zeros());
    for (k, p) in polygon.iter().enumerate() {
        let q = &polygon[(k + 1) % polygon.len()];
        let (p, q) = (p - first, q - first);
        let cross = p.x * q.y - p.y * q.x;
        area += cross;
        moment += cross * (p + q);
    }
    Some(if area.abs() > 1e-14 {
        first + moment / (3.0 * area)
    } else {
        mean
    })
}

/// The crossing point of edge `A_i` and edge `B_j`, or `None` when, seen along `A_i × B_j`,
/// the edges do not cross within `meet`.
///
/// # Algorithm
/// 1. The edges facing each other along `L = A_i × B_j`: their fixed coordinates from the signs
///    of `c`, as in the course's table.
/// 2. The parameter `x_i` of the crossing on A's edge by the course's closed form, and the
///    parameter of the same crossing on B's edge, `u = c_ij x_i + B_j · (P_A - P_B)`. For edges
///    within [`NEAR_PARALLEL`] of parallel the closed form loses `1/sin²θ` to cancellation:
///    there both parameters come from the crossing of the two lines seen along `L` in A's
///    frame, whose error grows only as `1/sin θ`.
/// 3. Both must lie on their edges (within `meet`); the point is on A's edge at `x_i`.
fn edge_contact(a: &Obb, b: &Obb, i: usize, j: usize, (meet, slack): (f64, f64)) -> Option<Found> {
    let (i1, i2, j1, j2) = ((i + 1) % 3, (i + 2) % 3, (j + 1) % 3, (j + 2) % 3);
    let c = a.axes().tr_mul(b.axes());
    let d = b.center() - a.center();
    let (ha, hb) = (a.half_extents(), b.half_extents());
    let l = axis_vector(a, b, AxisId::Edge(i, j));
    let sigma = sign(l.dot(&d));
    let mut x = Vector3::zeros();
    x[i1] = -sigma * sign(c[(i2, j)]) * ha[i1];
    x[i2] = sigma * sign(c[(i1, j)]) * ha[i2];
    let mut y = Vector3::zeros();
    y[j1] = -sigma * sign(c[(i, j2)]) * hb[j1];
    y[j2] = sigma * sign(c[(i, j1)]) * hb[j2];
    let length_squared = c[(i1, j)] * c[(i1, j)] + c[(i2, j)] * c[(i2, j)];
    let (on_a, on_b) = if length_squared >= NEAR_PARALLEL * NEAR_PARALLEL {
        let numerator = a.axis(i).dot(&d) - c[(i, j)] * b.axis(j).dot(&d)
            + c[(i, j)] * (c[(i1, j)] * x[i1] + c[(i2, j)] * x[i2])
            + c[(i, j1)] * y[j1]
            + c[(i, j2)] * y[j2];
        let on_a = numerator / (1.0 - c[(i, j)] * c[(i, j)]);
        // B_j · (P_A - C_B) with P_A = A's edge point at x_i = 0, plus the move along A_i.
        let start_b = b.to_local(&a.to_world(&x));
        (on_a, c[(i, j)] * on_a + start_b[j])
    } else {
        // In A's frame: B's edge is q + u e with e = c_(.j); the crossing seen along
        // L = A_i × e solves a 2×2 system whose determinant is |L|² itself, without the
        // cancellation of 1 - c_ij² (the edge lines are at the angle asin |L|).
        let t = a.axes().tr_mul(&d);
        let q = t + c.column(j1) * y[j1] + c.column(j2) * y[j2];
        let e = c.column(j);
        let on_b = (e[i1] * (x[i1] - q[i1]) + e[i2] * (x[i2] - q[i2])) / length_squared;
        (q[i] + on_b * e[i], on_b)
    };
    let off = |s: f64, h: f64| s.abs() > h + meet;
    if off(on_a, ha[i]) || off(on_b, hb[j]) {
        return None;
    }
    x[i] = on_a.clamp(-ha[i], ha[i]);
    y[j] = on_b.clamp(-hb[j], hb[j]);
    let kind = kind_of(dimension(&[x], &ha, slack), dimension(&[y], &hb, slack));
    let point = a.to_world(&x);
    Some((point, kind, sigma * l.normalize(), Region::point(point)))
}

/// The kind of a region of points on both boxes (within `slack`), by [`kind_of`].
pub(super) fn region_kind(a: &Obb, b: &Obb, region: &[Vector3<f64>], slack: f64) -> ContactKind {
    let locals = |o: &Obb| region.iter().map(|p| o.to_local(p)).collect::<Vec<_>>();
    kind_of(
        dimension(&locals(a), &a.half_extents(), slack),
        dimension(&locals(b), &b.half_extents(), slack),
    )
}

/// The box coordinates of the region's points, with coordinates `fixed` set to `values`.
fn pinned(
    o: &Obb,
    region: &[Vector3<f64>],
    fixed: &[usize],
    values: &Vector3<f64>,
) -> Vec<Vector3<f64>> {
    region
        .iter()
        .map(|p| {
            let mut local = o.to_local(p);
            for &k in fixed {
                local[k] = values[k];
            }
            local
        })
        .collect()
}

/// The dimension of the smallest feature of a box of half-extents `h` holding points given in
/// its coordinates: a coordinate at the same end (within `slack`) for every point pins one
/// dimension; 3 pinned make a vertex (0), 2 an edge (1), 1 a face (2).
fn dimension(locals: &[Vector3<f64>], h: &Vector3<f64>, slack: f64) -> usize {
    let pinned = (0..3)
        .filter(|&k| {
            [-1.0, 1.0]
                .into_iter()
                .any(|end: f64| locals.iter().all(|x| (x[k] - end * h[k]).abs() <= slack))
        })
        .count();
    3 - pinned.min(3)
}

/// The kind named by the dimensions of the features of A and B that hold the region.
///
/// A vertex of either box makes `vertex-face` (the vertex lies on the other box's boundary);
/// two edges `edge-edge` (crossing at a point, or parallel along a segment); an edge and a face
/// `edge-face`; two faces `face-face`.
pub(super) fn kind_of(dim_a: usize, dim_b: usize) -> ContactKind {
    match (dim_a, dim_b) {
        (0, _) | (_, 0) => ContactKind::VertexFace,
        (1, 1) => ContactKind::EdgeEdge,
        (1, _) | (_, 1) => ContactKind::EdgeFace,
        _ => ContactKind::FaceFace,
    }
}
