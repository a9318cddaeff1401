//! Möller's triangle–triangle test: each triangle against the other's plane, then the two
//! intervals on the line where the planes meet, or a 2D test for coplanar triangles (docs/methods.md §15.2).

use nalgebra::{Vector2, Vector3};

use crate::geometry::Triangle;

/// A vertex closer to the other plane than this fraction of the pair's size lies on it.
pub const COPLANAR: f64 = 1e-12;

/// What decided Möller's test.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "kebab-case", tag = "decided_by")]
pub enum MollerStage {
    /// All of B's vertices strictly on one side of A's plane.
    PlaneA,
    /// All of A's vertices strictly on one side of B's plane.
    PlaneB,
    /// Both triangles cross the line `D = NA × NB`: their intervals on it (coordinate `axis`
    /// of the points on the line, the largest component of `D`).
    Intervals {
        /// The coordinate used to measure along the line (0, 1 or 2).
        axis: usize,
        /// A's interval on the line.
        interval_a: (f64, f64),
        /// B's interval on the line.
        interval_b: (f64, f64),
    },
    /// The triangles lie in one plane: edge crossings, then a vertex inside the other triangle.
    Coplanar,
}

/// Möller's verdict with the signed distances it started from.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct MollerTest {
    /// `NB·(vA_k - vB_0)`: A's vertices against B's plane (unnormalised).
    pub distances_to_plane_b: [f64; 3],
    /// `NA·(vB_k - vA_0)`: B's vertices against A's plane (unnormalised).
    pub distances_to_plane_a: [f64; 3],
    /// The stage that decided.
    pub stage: MollerStage,
    /// Whether the triangles intersect (touching counts).
    pub intersecting: bool,
    /// The 2D test's evidence, when the triangles lie in one plane.
    pub coplanar: Option<CoplanarTest>,
}

/// What the 2D test of two triangles in one plane found (edge `EAi` runs from A's vertex `i` to
/// the next).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct CoplanarTest {
    /// The coordinate dropped, the largest component of A's normal: 0, 1 or 2 for x, y, z.
    pub dropped: usize,
    /// The first edges `[i, j]` (in the order EA0 with EB0, EB1, EB2, then EA1 …) that share a
    /// point, `None` when no edges meet.
    pub edges_meet: Option<[usize; 2]>,
    /// Whether B's vertex 0 lies in A (asked when no edges meet: then B is inside A or apart).
    pub b_corner_in_a: bool,
    /// Whether A's vertex 0 lies in B.
    pub a_corner_in_b: bool,
}

impl CoplanarTest {
    /// Whether the test finds the triangles meeting.
    pub fn intersecting(&self) -> bool {
        self.edges_meet.is_some() || self.b_corner_in_a || self.a_corner_in_b
    }
}

/// Möller's interval-overlap test of two triangles.
///
/// # Algorithm
/// 1. Signed distances of B's vertices to A's plane (zero within `1e-12` of the pair's size);
///    all of one strict sign: no contact. The same for A against B's plane.
/// 2. All distances zero: coplanar, decided in 2D (the plane's largest normal component is
///    dropped): any edge of A crossing an edge of B, or a vertex of one inside the other.
/// 3. Otherwise each triangle meets the line `D = NA × NB` in an interval, found from the two
///    edges that cross the other plane and measured by the largest coordinate of `D`; they
///    intersect iff the intervals overlap. The comparison is made without divisions
///    (Möller's form multiplied through), so it is exact where the inputs' products are.
pub fn moller(a: &Triangle, b: &Triangle) -> MollerTest {
    let origin = a.vertices[0];
    let va = a.vertices.map(|v| v - origin);
    let vb = b.vertices.map(|v| v - origin);
    let na = (va[1] - va[0]).cross(&(va[2] - va[1]));
    let nb = (vb[1] - vb[0]).cross(&(vb[2] - vb[1]));
    // Distances within rounding of zero are zero, as in Möller's code (his EPSILON test, here
    // relative to the normal and the size of the pair).
    let size = va
        .iter()
        .chain(&vb)
        .map(Vector3::norm)
        .fold(0.0, crate::math::max_nan);
    let snap = |d: f64, n: &Vector3<f64>| {
        if d.abs() <= COPLANAR * n.norm() * size {
            0.0
        } else {
            d
        }
    };
    let db = vb.map(|v| snap(na.dot(&(v - va[0])), &na));
    let da = va.map(|v| snap(nb.dot(&(v - vb[0])), &nb));
    let finish = |stage, intersecting| MollerTest {
        distances_to_plane_b: da,
        distances_to_plane_a: db,
        stage,
        intersecting,
        coplanar: None,
    };
    let in_one_plane = || {
        let test = coplanar(&na, &va, &vb);
        MollerTest {
            coplanar: Some(test),
            ..finish(MollerStage::Coplanar, test.intersecting())
        }
    };
    if one_side(&db) {
        return finish(MollerStage::PlaneA, false);
    }
    if one_side(&da) {
        return finish(MollerStage::PlaneB, false);
    }
    if db == [0.0; 3] || da == [0.0; 3] {
        return in_one_plane();
    }
    let d = na.cross(&nb);
    let axis = d.iamax();
    let (ia, ib) = (
        crossing(va.map(|v| v[axis]), da),
        crossing(vb.map(|v| v[axis]), db),
    );
    let (Some(ia), Some(ib)) = (ia, ib) else {
        return in_one_plane();
    };
    // Both intervals scaled by x0 x1 y0 y1: the comparison needs no division.
    let (xx, yy) = (ia.x0 * ia.x1, ib.x0 * ib.x1);
    let xxyy = xx * yy;
    let sorted = |p: f64, q: f64| (p.min(q), p.max(q));
    let a_scaled = sorted(
        ia.a * xxyy + ia.b * ia.x1 * yy,
        ia.a * xxyy + ia.c * ia.x0 * yy,
    );
    let b_scaled = sorted(
        ib.a * xxyy + ib.b * xx * ib.x1,
        ib.a * xxyy + ib.c * xx * ib.x0,
    );
    let intersecting = !(a_scaled.1 < b_scaled.0 || b_scaled.1 < a_scaled.0);
    let stage = MollerStage::Intervals {
        axis,
        interval_a: ia.divided(origin[axis]),
        interval_b: ib.divided(origin[axis]),
    };
    finish(stage, intersecting)
}

/// All three numbers strictly positive, or all strictly negative.
fn one_side(d: &[f64; 3]) -> bool {
    (d[0] > 0.0 && d[1] > 0.0 && d[2] > 0.0) || (d[0] < 0.0 && d[1] < 0.0 && d[2] < 0.0)
}

/// A triangle's interval on the line as `a + b/x0` and `a + c/x1`.
struct Crossing {
    a: f64,
    b: f64,
    c: f64,
    x0: f64,
    x1: f64,
}

impl Crossing {
    /// The interval's ends in world units of the chosen coordinate.
    fn divided(&self, shift: f64) -> (f64, f64) {
        let (p, q) = (self.a + self.b / self.x0, self.a + self.c / self.x1);
        (p.min(q) + shift, p.max(q) + shift)
    }
}

/// The interval from the vertex alone on its side of the other plane (Möller's case analysis);
/// `None` when every distance is zero.
fn crossing(p: [f64; 3], d: [f64; 3]) -> Option<Crossing> {
    let alone = |k: usize| {
        let (i, j) = ((k + 1) % 3, (k + 2) % 3);
        Crossing {
            a: p[k],
            b: (p[i] - p[k]) * d[k],
            c: (p[j] - p[k]) * d[k],
            x0: d[k] - d[i],
            x1: d[k] - d[j],
        }
    };
    if d[0] * d[1] > 0.0 {
        Some(alone(2))
    } else if d[0] * d[2] > 0.0 {
        Some(alone(1))
    } else if d[1] * d[2] > 0.0 || d[0] != 0.0 {
        Some(alone(0))
    } else if d[1] != 0.0 {
        Some(alone(1))
    } else if d[2] != 0.0 {
        Some(alone(2))
    } else {
        None
    }
}

/// The 2D test of two triangles in one plane with normal `n`: the first edges that meet, or
/// (when none do) whether a vertex of one lies in the other.
fn coplanar(n: &Vector3<f64>, va: &[Vector3<f64>; 3], vb: &[Vector3<f64>; 3]) -> CoplanarTest {
    let dropped = n.iamax();
    let (u, w) = ((dropped + 1) % 3, (dropped + 2) % 3);
    let flat = |v: &[Vector3<f64>; 3]| v.map(|p| Vector2::new(p[u], p[w]));
    let (a, b) = (flat(va), flat(vb));
    let edges_meet = (0..3)
        .flat_map(|i| (0..3).map(move |j| [i, j]))
        .find(|&[i, j]| segments_meet(&a[i], &a[(i + 1) % 3], &b[j], &b[(j + 1) % 3]));
    let none = edges_meet.is_none();
    CoplanarTest {
        dropped,
        edges_meet,
        b_corner_in_a: none && inside(&a, &b[0]),
        a_corner_in_b: none && inside(&b, &a[0]),
    }
}

/// `(q - p) × (r - p)`: positive when `r` is left of `p → q`.
fn orient(p: &Vector2<f64>, q: &Vector2<f64>, r: &Vector2<f64>) -> f64 {
    (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
}

/// Whether the closed segments `p1 p2` and `q1 q2` share a point.
fn segments_meet(
    p1: &Vector2<f64>,
    p2: &Vector2<f64>,
    q1: &Vector2<f64>,
    q2: &Vector2<f64>,
) -> bool {
    let (d1, d2) = (orient(q1, q2, p1), orient(q1, q2, p2));
    let (d3, d4) = (orient(p1, p2, q1), orient(p1, p2, q2));
    let on = |p: &Vector2<f64>, q: &Vector2<f64>, r: &Vector2<f64>| {
        r.x >= p.x.min(q.x) && r.x <= p.x.max(q.x) && r.y >= p.y.min(q.y) && r.y <= p.y.max(q.y)
    };
    ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
        || (d1 == 0.0 && on(q1, q2, p1))
        || (d2 == 0.0 && on(q1, q2, p2))
        || (d3 == 0.0 && on(p1, p2, q1))
        || (d4 == 0.0 && on(p1, p2, q2))
}

/// Whether `p` lies in the closed triangle `t`.
fn inside(t: &[Vector2<f64>; 3], p: &Vector2<f64>) -> bool {
    let s = [
        orient(&t[0], &t[1], p),
        orient(&t[1], &t[2], p),
        orient(&t[2], &t[0], p),
    ];
    s.iter().all(|&x| x >= 0.0) || s.iter().all(|&x| x <= 0.0)
}
