//! The contact point of two touching boxes from the last separating axis (seed 000 table).

use nalgebra::{Vector2, Vector3};

use super::kernel::axis_vector;
use super::region::Region;
use super::rows::trace;
use super::AxisId;
use crate::geometry::Obb;
use crate::math::sign;

/// Which features of the two boxes touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ContactKind {
    /// A corner of one box on a face of the other.
    VertexFace,
    /// An edge of one box lying on a face of the other (a segment of points).
    EdgeFace,
    /// Two faces flat against each other (a polygon of points).
    FaceFace,
    /// An edge of A crossing an edge of B.
    EdgeEdge,
    /// The boxes already overlap: the point is inside both.
    Overlap,
}

impl ContactKind {
    /// The kebab-case name used in text and JSON.
    pub fn name(self) -> &'static str {
        match self {
            ContactKind::VertexFace => "vertex-face",
            ContactKind::EdgeFace => "edge-face",
            ContactKind::FaceFace => "face-face",
            ContactKind::EdgeEdge => "edge-edge",
            ContactKind::Overlap => "overlap",
        }
    }
}

/// Where and how two boxes touch.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Contact {
    /// The time of first contact.
    pub time: f64,
    /// A point on both boxes (one of many for edge-face and face-face contact).
    pub point: Vector3<f64>,
    /// The last separating axis; `None` when the boxes already overlapped.
    pub axis: Option<AxisId>,
    /// The touching features.
    pub kind: ContactKind,
    /// Unit contact normal pointing from A towards B.
    pub normal: Vector3<f64>,
    /// The contact region: one point (vertex-face, edge-edge, and for overlap the point inside
    /// both), a segment's two ends (edge-face), or the clipped face polygon (face-face).
    pub region: Region,
}

/// The contact of two boxes that touch along `axis` (or overlap, for `None`) at `time`.
///
/// # Algorithm
/// 1. Face axis of one box: the other box's supporting feature (vertex, edge or face, by how many
///    `c_ij` vanish) is clipped against the face rectangle; the point is the region's centroid.
/// 2. Edge-edge axis: the seed's closed form for the crossing point of the two edges.
/// 3. No axis (overlap): the centroid of the box edges clipped against the other box.
pub fn contact_at(a: &Obb, b: &Obb, axis: Option<AxisId>, time: f64) -> Contact {
    let (point, kind, normal, region) = match axis {
        Some(AxisId::FaceA(i)) => face_contact(a, b, i, 1.0),
        Some(AxisId::FaceB(j)) => face_contact(b, a, j, -1.0),
        Some(AxisId::Edge(i, j)) => edge_contact(a, b, i, j),
        None => overlap_contact(a, b),
    };
    Contact {
        time,
        point,
        axis,
        kind,
        normal,
        region,
    }
}

type Found = (Vector3<f64>, ContactKind, Vector3<f64>, Region);

/// Contact on face `i` of box `f` by the other box `o`; `towards_b` orients the normal A→B.
fn face_contact(f: &Obb, o: &Obb, i: usize, towards_b: f64) -> Found {
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
    match &free[..free_count] {
        [] => (base, ContactKind::VertexFace, normal, Region::point(base)),
        [j] => {
            let dir = o.axis(*j);
            let (lo, hi) = clip_segment(
                &to_face(&base),
                &to_face(&(base + dir)),
                -b[*j],
                b[*j],
                &limits,
            );
            let ends = Region::from_points([base + lo * dir, base + hi * dir]);
            (
                base + 0.5 * (lo + hi) * dir,
                ContactKind::EdgeFace,
                normal,
                ends,
            )
        }
        _ => {
            let (j1, j2) = (free[0], free[1]);
            let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map(|(s1, s2)| {
                to_face(&(base + s1 * b[j1] * o.axis(j1) + s2 * b[j2] * o.axis(j2)))
            });
            let polygon = clip_polygon(&corners, &limits);
            let centroid = polygon_centroid(&polygon).unwrap_or_else(|| to_face(&base));
            let region = Region::from_points(polygon.iter().map(&from_face));
            (from_face(&centroid), ContactKind::FaceFace, normal, region)
        }
    }
}

/// The parameter range `[lo, hi]` within `[s_min, s_max]` of `p0 + s (p1 - p0)` inside the rectangle.
fn clip_segment(
    p0: &Vector2<f64>,
    p1: &Vector2<f64>,
    s_min: f64,
    s_max: f64,
    limits: &Vector2<f64>,
) -> (f64, f64) {
    let dir = p1 - p0;
    let (mut lo, mut hi) = (s_min, s_max);
    for k in 0..2 {
        if dir[k].abs() > 1e-15 {
            let (t1, t2) = ((-limits[k] - p0[k]) / dir[k], (limits[k] - p0[k]) / dir[k]);
            lo = lo.max(t1.min(t2));
            hi = hi.min(t1.max(t2));
        }
    }
    if lo > hi {
        // Rounding at a corner: the segments just meet; keep the meeting parameter.
        let mid = 0.5 * (lo + hi);
        (mid.clamp(s_min, s_max), mid.clamp(s_min, s_max))
    } else {
        (lo, hi)
    }
}

/// Sutherland–Hodgman clipping of a convex polygon against `|u| <= limits`.
fn clip_polygon(polygon: &[Vector2<f64>], limits: &Vector2<f64>) -> Vec<Vector2<f64>> {
    let mut out = polygon.to_vec();
    for (k, side) in [(0, 1.0), (0, -1.0), (1, 1.0), (1, -1.0)] {
        let inside = |p: &Vector2<f64>| side * p[k] <= limits[k];
        let input = std::mem::take(&mut out);
        for (idx, current) in input.iter().enumerate() {
            let previous = &input[(idx + input.len() - 1) % input.len()];
            let cross = |p: &Vector2<f64>, q: &Vector2<f64>| {
                let s = (side * limits[k] - p[k]) / (q[k] - p[k]);
                p + s * (q - p)
            };
            match (inside(previous), inside(current)) {
                (true, true) => out.push(*current),
                (true, false) => out.push(cross(previous, current)),
                (false, true) => {
                    out.push(cross(previous, current));
                    out.push(*current);
                }
                (false, false) => {}
            }
        }
    }
    out
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

/// The crossing point of edge `A_i` and edge `B_j` by the seed's closed form.
fn edge_contact(a: &Obb, b: &Obb, i: usize, j: usize) -> Found {
    let (i1, i2, j1, j2) = ((i + 1) % 3, (i + 2) % 3, (j + 1) % 3, (j + 2) % 3);
    let c = a.axes().tr_mul(b.axes());
    let d = b.center() - a.center();
    let (ha, hb) = (a.half_extents(), b.half_extents());
    let l = axis_vector(a, b, AxisId::Edge(i, j));
    let sigma = sign(l.dot(&d));
    let mut x = Vector3::zeros();
    x[i1] = -sigma * sign(c[(i2, j)]) * ha[i1];
    x[i2] = sigma * sign(c[(i1, j)]) * ha[i2];
    let y_j1 = -sigma * sign(c[(i, j2)]) * hb[j1];
    let y_j2 = sigma * sign(c[(i, j1)]) * hb[j2];
    let numerator = a.axis(i).dot(&d) - c[(i, j)] * b.axis(j).dot(&d)
        + c[(i, j)] * (c[(i1, j)] * x[i1] + c[(i2, j)] * x[i2])
        + c[(i, j1)] * y_j1
        + c[(i, j2)] * y_j2;
    x[i] = (numerator / (1.0 - c[(i, j)] * c[(i, j)])).clamp(-ha[i], ha[i]);
    let point = a.to_world(&x);
    (
        point,
        ContactKind::EdgeEdge,
        sigma * l.normalize(),
        Region::point(point),
    )
}

/// A point inside both overlapping boxes: the centroid of every box edge clipped by the other box.
fn overlap_contact(a: &Obb, b: &Obb) -> Found {
    let points = intersection_points(a, b);
    let point = if points.is_empty() {
        0.5 * (a.center() + b.center())
    } else {
        points.iter().sum::<Vector3<f64>>() / points.len() as f64
    };
    let sat = trace(a, b);
    let normal = sat.largest_gap().map_or_else(Vector3::zeros, |row| {
        let l = row.l.normalize();
        l * sign(l.dot(&(b.center() - a.center())))
    });
    (point, ContactKind::Overlap, normal, Region::point(point))
}

/// The ends of every edge of each box clipped to the other box: points on both boxes.
pub fn intersection_points(a: &Obb, b: &Obb) -> Vec<Vector3<f64>> {
    let mut points = clipped_edges(a, b);
    points.extend(clipped_edges(b, a));
    points
}

/// The ends of the edges of `edges_of` inside `clip_by` (Liang–Barsky in `clip_by`'s frame).
fn clipped_edges(edges_of: &Obb, clip_by: &Obb) -> Vec<Vector3<f64>> {
    let corners = edges_of.vertices();
    let limits = clip_by.half_extents();
    let mut out = Vec::new();
    for (k, corner) in corners.iter().enumerate() {
        for axis in 0..3 {
            if k >> axis & 1 == 1 {
                continue;
            }
            let p0 = clip_by.to_local(corner);
            let p1 = clip_by.to_local(&corners[k | 1 << axis]);
            let dir = p1 - p0;
            let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
            for m in 0..3 {
                if dir[m].abs() < 1e-300 {
                    if p0[m].abs() > limits[m] {
                        hi = -1.0;
                    }
                    continue;
                }
                let (t1, t2) = ((-limits[m] - p0[m]) / dir[m], (limits[m] - p0[m]) / dir[m]);
                lo = lo.max(t1.min(t2));
                hi = hi.min(t1.max(t2));
            }
            if lo <= hi {
                out.push(clip_by.to_world(&(p0 + lo * dir)));
                out.push(clip_by.to_world(&(p0 + hi * dir)));
            }
        }
    }
    out
}
