//! The contact point of a sweep's first contact, worked out in A's frame from the numbers the
//! sweep already has (`c = AᵀB`, the offset of B), so the common features cost a few dozen flops.

use nalgebra::Vector3;

use super::contact::{contact_at, slack, Contact, ContactKind};
use super::kernel::PairFrame;
use super::region::Region;
use super::AxisId;
use crate::geometry::Obb;
use crate::math::sign;

/// A `c_ij` this small (scaled by the edge length) makes a box edge lie flat on the face.
const FLAT: f64 = 1e-10;

/// The boxes of a sweep at the moment of contact, seen from A.
pub(crate) struct SweptPair<'a> {
    pub a: &'a Obb,
    pub va: Vector3<f64>,
    pub b: &'a Obb,
    pub vb: Vector3<f64>,
    /// B's centre relative to A's at `time`, in A's coordinates.
    pub offset_in_a: [f64; 3],
    pub time: f64,
}

/// The contact of the swept boxes touching along `axis` at `pair.time`.
///
/// # Algorithm
/// The course's formulas of [`contact_at`], evaluated in A's frame with the sweep's `c_ij`:
/// a corner of one box on a face of the other, or the crossing point of two edges inside both.
/// An edge or a face lying flat on the touched face (a vanishing `c_ij`), a corner outside the
/// face or a crossing at (or beyond) the end of an edge (a graze: the features along this axis
/// may not meet), and overlap at the start go to [`contact_at`] with the boxes moved to the
/// contact time.
#[inline(always)]
pub(crate) fn swept_contact(frame: &PairFrame, pair: &SweptPair, axis: Option<AxisId>) -> Contact {
    // Constant indices per axis: the formulas compile to straight-line code.
    let slack = slack(pair.a, pair.b);
    let found = match axis {
        Some(AxisId::FaceA(0)) => corner_of_b_on_face_of_a::<0>(frame, pair, slack),
        Some(AxisId::FaceA(1)) => corner_of_b_on_face_of_a::<1>(frame, pair, slack),
        Some(AxisId::FaceA(2)) => corner_of_b_on_face_of_a::<2>(frame, pair, slack),
        Some(AxisId::FaceB(0)) => corner_of_a_on_face_of_b::<0>(frame, pair, slack),
        Some(AxisId::FaceB(1)) => corner_of_a_on_face_of_b::<1>(frame, pair, slack),
        Some(AxisId::FaceB(2)) => corner_of_a_on_face_of_b::<2>(frame, pair, slack),
        Some(AxisId::Edge(0, 0)) => edge_crossing::<0, 0>(frame, pair, slack),
        Some(AxisId::Edge(0, 1)) => edge_crossing::<0, 1>(frame, pair, slack),
        Some(AxisId::Edge(0, 2)) => edge_crossing::<0, 2>(frame, pair, slack),
        Some(AxisId::Edge(1, 0)) => edge_crossing::<1, 0>(frame, pair, slack),
        Some(AxisId::Edge(1, 1)) => edge_crossing::<1, 1>(frame, pair, slack),
        Some(AxisId::Edge(1, 2)) => edge_crossing::<1, 2>(frame, pair, slack),
        Some(AxisId::Edge(2, 0)) => edge_crossing::<2, 0>(frame, pair, slack),
        Some(AxisId::Edge(2, 1)) => edge_crossing::<2, 1>(frame, pair, slack),
        Some(AxisId::Edge(2, 2)) => edge_crossing::<2, 2>(frame, pair, slack),
        _ => None,
    };
    let Some((local_point, kind, normal)) = found else {
        let a_then = pair.a.translated(&(pair.va * pair.time));
        let b_then = pair.b.translated(&(pair.vb * pair.time));
        return contact_at(&a_then, &b_then, axis, pair.time);
    };
    let point = pair
        .a
        .translated(&(pair.va * pair.time))
        .to_world(&local_point);
    Contact::new(
        pair.time,
        point,
        axis,
        kind,
        normal,
        Region::point(point),
        0.0,
        axis,
    )
}

type Found = Option<(Vector3<f64>, ContactKind, Vector3<f64>)>;

/// The corner of B nearest face `i` of A (in A's coordinates), or `None` if an edge of B lies
/// flat or the corner is outside the face by more than `slack`.
#[inline(always)]
fn corner_of_b_on_face_of_a<const I: usize>(
    frame: &PairFrame,
    pair: &SweptPair,
    slack: f64,
) -> Found {
    let i = I;
    let (c, hb, t) = (&frame.c, &frame.b, &pair.offset_in_a);
    let sigma = sign(t[i]);
    let mut corner = Vector3::new(t[0], t[1], t[2]);
    for j in 0..3 {
        if (c[i][j] * 2.0 * hb[j]).abs() < FLAT {
            return None;
        }
        let step = -sigma * sign(c[i][j]) * hb[j];
        corner += Vector3::new(c[0][j], c[1][j], c[2][j]) * step;
    }
    let ha = &frame.a;
    let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
    if corner[i1].abs() > ha[i1] + slack || corner[i2].abs() > ha[i2] + slack {
        return None;
    }
    Some((corner, ContactKind::VertexFace, pair.a.axis(i) * sigma))
}

/// The corner of A nearest face `j` of B (in A's coordinates), or `None` if an edge of A lies
/// flat or the corner is outside the face by more than `slack`.
#[inline(always)]
fn corner_of_a_on_face_of_b<const J: usize>(
    frame: &PairFrame,
    pair: &SweptPair,
    slack: f64,
) -> Found {
    let j = J;
    let (c, ha, t) = (&frame.c, &frame.a, &pair.offset_in_a);
    let along_bj = c[0][j] * t[0] + c[1][j] * t[1] + c[2][j] * t[2];
    let sigma = sign(-along_bj);
    let mut corner = Vector3::zeros();
    for i in 0..3 {
        if (c[i][j] * 2.0 * ha[i]).abs() < FLAT {
            return None;
        }
        corner[i] = -sigma * sign(c[i][j]) * ha[i];
    }
    // The corner in B's coordinates along B's other two axes.
    let on_b = |m: usize| {
        c[0][m] * (corner[0] - t[0]) + c[1][m] * (corner[1] - t[1]) + c[2][m] * (corner[2] - t[2])
    };
    let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
    if on_b(j1).abs() > frame.b[j1] + slack || on_b(j2).abs() > frame.b[j2] + slack {
        return None;
    }
    Some((corner, ContactKind::VertexFace, pair.b.axis(j) * -sigma))
}

/// The crossing point of edge `A_i` and edge `B_j` by the course's closed form (in A's
/// coordinates), or `None` unless it lies inside both edges by more than `slack` and the edges
/// are not nearly parallel (there [`contact_at`] finds the crossing without the closed form's
/// cancellation).
#[inline(always)]
fn edge_crossing<const I: usize, const J: usize>(
    frame: &PairFrame,
    pair: &SweptPair,
    slack: f64,
) -> Found {
    let (i, j) = (I, J);
    let (c, ha, hb, t) = (&frame.c, &frame.a, &frame.b, &pair.offset_in_a);
    let (i1, i2, j1, j2) = ((i + 1) % 3, (i + 2) % 3, (j + 1) % 3, (j + 2) % 3);
    let mut l = Vector3::zeros();
    l[i1] = -c[i2][j];
    l[i2] = c[i1][j];
    let sigma = sign(l[i1] * t[i1] + l[i2] * t[i2]);
    let mut x = Vector3::zeros();
    x[i1] = -sigma * sign(c[i2][j]) * ha[i1];
    x[i2] = sigma * sign(c[i1][j]) * ha[i2];
    let y_j1 = -sigma * sign(c[i][j2]) * hb[j1];
    let y_j2 = sigma * sign(c[i][j1]) * hb[j2];
    let along_bj = c[0][j] * t[0] + c[1][j] * t[1] + c[2][j] * t[2];
    let numerator = t[i] - c[i][j] * along_bj
        + c[i][j] * (c[i1][j] * x[i1] + c[i2][j] * x[i2])
        + c[i][j1] * y_j1
        + c[i][j2] * y_j2;
    let on_a = numerator / (1.0 - c[i][j] * c[i][j]);
    // The crossing's coordinate along B_j: B_j · (P_A - C_B) for the point of A's edge.
    x[i] = on_a;
    let on_b = c[0][j] * (x[0] - t[0]) + c[1][j] * (x[1] - t[1]) + c[2][j] * (x[2] - t[2]);
    let nearly_parallel = l[i1] * l[i1] + l[i2] * l[i2] < 1e-4;
    if nearly_parallel || on_a.abs() >= ha[i] - slack || on_b.abs() >= hb[j] - slack {
        return None;
    }
    let normal = pair.a.direction_to_world(&(l * (sigma / l.norm())));
    Some((x, ContactKind::EdgeEdge, normal))
}
