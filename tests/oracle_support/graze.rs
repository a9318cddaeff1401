//! Moving box pairs that only graze: an edge of B slides past an edge of A, a face of B slides
//! in the plane of a face of A past its edge, or two nearly parallel edges slide across each
//! other. Each touches for an instant, or (pushed together by `depth`) for a window as short as
//! wanted, so the contact is computed exactly where several axes tie.

use sepax::nalgebra::{Matrix3, Rotation3, Unit, UnitQuaternion, Vector3};
use sepax::Obb;

use super::{about, Rng};

/// A moving pair built to graze at `t_star`.
#[derive(Clone, Debug)]
pub struct Graze {
    pub a: Obb,
    pub va: Vector3<f64>,
    pub b: Obb,
    pub vb: Vector3<f64>,
    /// When B passes the touching configuration.
    pub t_star: f64,
    /// How far B was pushed towards A from the touching configuration (0: they only touch).
    pub depth: f64,
    /// A push below this is rounding for the axes that decide the pair (a cross axis of edges
    /// at an angle `θ` carries errors of about `1e-15 / θ` in length units).
    pub noise: f64,
}

/// Two boxes touching along a shared edge line, and the unit normals (from A towards B) of the
/// two faces of their Minkowski difference that meet at the touching configuration.
struct EdgeOnEdge {
    a: Obb,
    b: Obb,
    /// The first and last separating normal of the wedge of normals, in the plane across the edge.
    normals: [Vector3<f64>; 2],
    /// The common edge direction (A's axis `k`).
    edge: Vector3<f64>,
    /// A point of both edges.
    point: Vector3<f64>,
}

/// An edge of B on an edge of A, parallel, with B in the outer wedge of A's edge at the angle
/// `gamma` (degrees in `(-90, 90)`; 0 puts B's two faces in the planes of A's two faces).
fn edge_on_edge(rng: &mut Rng, a: Obb, gamma: f64) -> EdgeOnEdge {
    let k = rng.below(3);
    let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
    let (s1, s2) = (rng.sign(), rng.sign());
    let (e1, e2) = (a.axis(k1) * s1, a.axis(k2) * s2);
    let mut local = Vector3::zeros();
    local[k] = rng.range(-0.8, 0.8) * a.half_extents()[k];
    local[k1] = s1 * a.half_extents()[k1];
    local[k2] = s2 * a.half_extents()[k2];
    let point = a.to_world(&local);
    // B's outward normals at its edge: at the angles gamma + 180 and gamma + 270 in (e1, e2).
    let at = |degrees: f64| {
        let r = degrees.to_radians();
        e1 * r.cos() + e2 * r.sin()
    };
    let (b1, b2) = (at(gamma + 180.0), at(gamma + 270.0));
    let m = rng.below(3);
    let (m1, m2) = ((m + 1) % 3, (m + 2) % 3);
    let (r1, r2) = (rng.sign(), rng.sign());
    let mut columns = [Vector3::zeros(); 3];
    columns[m1] = b1 * r1;
    columns[m2] = b2 * r2;
    columns[m] = columns[m1].cross(&columns[m2]);
    let rotation = UnitQuaternion::from_rotation_matrix(&Rotation3::from_matrix_unchecked(
        Matrix3::from_columns(&columns),
    ));
    let hb = rng.extents(0.05, 3.0);
    let mut corner = Vector3::zeros();
    corner[m] = rng.range(-0.8, 0.8) * hb[m];
    corner[m1] = r1 * hb[m1];
    corner[m2] = r2 * hb[m2];
    let b_axes = rotation.to_rotation_matrix().into_inner();
    let b = Obb::new(point - b_axes * corner, rotation, hb);
    let (first, last) = (gamma.max(0.0), (gamma + 90.0).min(90.0));
    EdgeOnEdge {
        a,
        b,
        normals: [at(first), at(last)],
        edge: a.axis(k),
        point,
    }
}

/// A velocity of B relative to A that passes the wedge between `normals` without entering:
/// along the first normal it closes, along the last it opens (or the other way round), by at
/// least a tenth of the speed; `tie` puts it exactly in the plane of one of the faces.
fn past_the_wedge(rng: &mut Rng, pair: &EdgeOnEdge, tie: bool) -> Vector3<f64> {
    let [first, last] = pair.normals;
    let across = first.cross(&last).try_normalize(1e-12).unwrap_or(pair.edge);
    let (u, v) = (first, across.cross(&first));
    let wedge = last.dot(&v).atan2(last.dot(&u));
    let share = if tie {
        [0.0, 1.0][rng.below(2)]
    } else {
        rng.range(0.1, 0.9)
    };
    let psi = std::f64::consts::FRAC_PI_2 + share * wedge;
    let direction = u * psi.cos() + v * psi.sin();
    let speed = rng.range(0.2, 3.0);
    direction * (speed * rng.sign()) + pair.edge * rng.range(-1.0, 1.0)
}

/// Moves the touching pair back along its relative path so it reaches the touching
/// configuration at `t_star`, with B pushed `depth` into the wedge.
fn travel(rng: &mut Rng, pair: &EdgeOnEdge, w: Vector3<f64>, depth: f64) -> Graze {
    let inward = -(pair.normals[0] + pair.normals[1]).normalize();
    let t_star = rng.range(0.1, 0.9);
    let va = rng.vector(2.0);
    let vb = va + w;
    let b = pair.b.translated(&(inward * depth));
    Graze {
        a: pair.a.translated(&(-va * t_star)),
        va,
        b: b.translated(&(-vb * t_star)),
        vb,
        t_star,
        depth,
        noise: 1e-14,
    }
}

/// The push: none a quarter of the time, else log-uniform from 1e-13 to 1e-7 (contact windows
/// from about 1e-13 s to 1e-6 s).
fn depth(rng: &mut Rng) -> f64 {
    if rng.below(4) == 0 {
        0.0
    } else {
        rng.log_range(1e-13, 1e-7)
    }
}

/// An edge of B sliding past a parallel edge of A (half the time with A axis-aligned, B in the
/// planes of A's faces as in a tiled floor).
pub fn edge_past_edge(rng: &mut Rng, w: f64) -> Graze {
    let a = if rng.below(2) == 0 {
        Obb::new(
            rng.vector(w),
            UnitQuaternion::identity(),
            rng.extents(0.05, 3.0),
        )
    } else {
        rng.obb(w)
    };
    let gamma = if rng.below(3) == 0 {
        0.0
    } else {
        rng.range(-80.0, 80.0)
    };
    let pair = edge_on_edge(rng, a, gamma);
    let w = past_the_wedge(rng, &pair, false);
    let depth = depth(rng);
    travel(rng, &pair, w, depth)
}

/// A face of B sliding in the plane of a face of A, reaching A's edge: the sweep ends on a tie
/// between the face axis and the axis that closes last.
pub fn face_past_face(rng: &mut Rng, w: f64) -> Graze {
    let a = if rng.below(2) == 0 {
        Obb::new(
            rng.vector(w),
            UnitQuaternion::identity(),
            rng.extents(0.05, 3.0),
        )
    } else {
        rng.obb(w)
    };
    let pair = edge_on_edge(rng, a, 0.0);
    let w = past_the_wedge(rng, &pair, true);
    let depth = depth(rng);
    travel(rng, &pair, w, depth)
}

/// Two edges at `angle` radians crossing at one point, B sliding in the plane of both edges so
/// the crossing runs along them: the pair touches while it stays inside both edges.
pub fn near_parallel_edges(rng: &mut Rng, w: f64, angle: f64) -> Graze {
    let a = rng.obb(w);
    let gamma = rng.range(-60.0, 60.0);
    let mut pair = edge_on_edge(rng, a, gamma);
    let normal = (pair.normals[0] + pair.normals[1]).normalize();
    let turn = about(&normal, angle * rng.sign());
    let b = &pair.b;
    let center = pair.point + turn * (b.center() - pair.point);
    pair.b = Obb::new(center, turn * b.rotation(), b.half_extents());
    let in_plane = Unit::new_normalize(normal.cross(&pair.edge));
    let speed = rng.range(0.2, 3.0);
    let w = (pair.edge * rng.range(-1.0, 1.0) + in_plane.into_inner() * rng.sign()) * speed;
    let depth = depth(rng);
    Graze {
        noise: 1e-14 / angle,
        ..travel(rng, &pair, w, depth)
    }
}
