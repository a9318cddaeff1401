//! The SAT kernel: the pair seen from box A and the Table 2.1 closed forms, written as
//! straight-line code that every test of the crate shares.

use nalgebra::Vector3;

use super::AxisId;
use crate::geometry::Obb;

/// Below this `|L| = sin θ` a cross axis is degenerate (its closed-form gap would be noise).
pub const DEGENERATE_SINE: f64 = 1e-6;

// The kernel is written as straight-line code: every helper is inlined into the unrolled
// table so the 15 axes cost what a hand-written test costs.

/// The pair seen from box A: `c = AᵀB`, `|c|`, both half-extents, as plain arrays.
pub(crate) struct PairFrame {
    pub c: [[f64; 3]; 3],
    pub abs_c: [[f64; 3]; 3],
    pub a: [f64; 3],
    pub b: [f64; 3],
}

impl PairFrame {
    #[inline(always)]
    pub fn new(a: &Obb, b: &Obb) -> Self {
        let (axes_a, axes_b) = (a.axes(), b.axes());
        let c: [[f64; 3]; 3] = std::array::from_fn(|i| {
            std::array::from_fn(|j| axes_a.column(i).dot(&axes_b.column(j)))
        });
        // Written out rather than `c.map(..)`: array `map` is not always inlined.
        let abs_c = std::array::from_fn(|i| std::array::from_fn(|j| c[i][j].abs()));
        let (ha, hb) = (a.half_extents(), b.half_extents());
        Self {
            c,
            abs_c,
            a: [ha.x, ha.y, ha.z],
            b: [hb.x, hb.y, hb.z],
        }
    }

    /// `|A_i × B_j|² = c_(i+1)j² + c_(i+2)j²`, free of the cancellation in `1 - c_ij²`.
    #[inline(always)]
    pub fn cross_length_squared(&self, i: usize, j: usize) -> f64 {
        let (u, v) = (self.c[(i + 1) % 3][j], self.c[(i + 2) % 3][j]);
        u * u + v * v
    }

    /// Whether the cross axis `A_i × B_j` is shorter than `min_sine`.
    #[inline(always)]
    pub fn is_parallel(&self, i: usize, j: usize, min_sine: f64) -> bool {
        self.cross_length_squared(i, j) < min_sine * min_sine
    }

    /// `|L|` of an axis (1 for face axes).
    #[inline(always)]
    pub fn length(&self, axis: AxisId) -> f64 {
        match axis {
            AxisId::Edge(i, j) => self.cross_length_squared(i, j).sqrt(),
            _ => 1.0,
        }
    }

    /// `(R0, R1)` of an axis by Table 2.1, with `pad` added to every `|c_ij|`.
    #[inline(always)]
    pub fn radii(&self, axis: AxisId, pad: f64) -> (f64, f64) {
        let (a, b) = (&self.a, &self.b);
        let m = |i: usize, j: usize| self.abs_c[i][j] + pad;
        match axis {
            AxisId::FaceA(i) => (a[i], b[0] * m(i, 0) + b[1] * m(i, 1) + b[2] * m(i, 2)),
            AxisId::FaceB(j) => (a[0] * m(0, j) + a[1] * m(1, j) + a[2] * m(2, j), b[j]),
            AxisId::Edge(i, j) => {
                let (i1, i2, j1, j2) = ((i + 1) % 3, (i + 2) % 3, (j + 1) % 3, (j + 2) % 3);
                (
                    a[i1] * m(i2, j) + a[i2] * m(i1, j),
                    b[j1] * m(i, j2) + b[j2] * m(i, j1),
                )
            }
        }
    }

    /// `L·v` for a vector given in A's coordinates (`v = AᵀD` gives the signed `R`).
    #[inline(always)]
    pub fn along(&self, axis: AxisId, v: &[f64; 3]) -> f64 {
        let c = &self.c;
        match axis {
            AxisId::FaceA(i) => v[i],
            AxisId::FaceB(j) => c[0][j] * v[0] + c[1][j] * v[1] + c[2][j] * v[2],
            AxisId::Edge(i, j) => {
                let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
                v[i2] * c[i1][j] - v[i1] * c[i2][j]
            }
        }
    }

    /// Whether the projections overlap on a tested axis (a degenerate cross axis never separates).
    #[inline(always)]
    pub fn overlap_on(&self, axis: AxisId, t: &[f64; 3]) -> bool {
        if let AxisId::Edge(i, j) = axis {
            if self.is_parallel(i, j, DEGENERATE_SINE) {
                return true;
            }
        }
        let (r0, r1) = self.radii(axis, 0.0);
        self.along(axis, t).abs() <= r0 + r1
    }
}

/// A world vector in A's coordinates.
#[inline(always)]
pub(crate) fn in_frame_of(a: &Obb, v: &Vector3<f64>) -> [f64; 3] {
    let local = a.axes().tr_mul(v);
    [local.x, local.y, local.z]
}

/// Expands `$body` once per axis of the table, in order, with `$axis` bound to each
/// (`faces:` for the six face axes only, `edges:` for the nine cross axes only).
macro_rules! for_each_axis {
    (faces: $axis:ident => $body:expr) => {{
        use $crate::sat::AxisId::{FaceA, FaceB};
        [
            {
                let $axis = FaceA(0);
                $body
            },
            {
                let $axis = FaceA(1);
                $body
            },
            {
                let $axis = FaceA(2);
                $body
            },
            {
                let $axis = FaceB(0);
                $body
            },
            {
                let $axis = FaceB(1);
                $body
            },
            {
                let $axis = FaceB(2);
                $body
            },
        ]
    }};
    (edges: $axis:ident => $body:expr) => {{
        use $crate::sat::AxisId::Edge;
        [
            {
                let $axis = Edge(0, 0);
                $body
            },
            {
                let $axis = Edge(0, 1);
                $body
            },
            {
                let $axis = Edge(0, 2);
                $body
            },
            {
                let $axis = Edge(1, 0);
                $body
            },
            {
                let $axis = Edge(1, 1);
                $body
            },
            {
                let $axis = Edge(1, 2);
                $body
            },
            {
                let $axis = Edge(2, 0);
                $body
            },
            {
                let $axis = Edge(2, 1);
                $body
            },
            {
                let $axis = Edge(2, 2);
                $body
            },
        ]
    }};
    ($axis:ident => $body:expr) => {{
        let faces = for_each_axis!(faces: $axis => $body);
        let edges = for_each_axis!(edges: $axis => $body);
        let all: [_; 15] = ::std::array::from_fn(|k| if k < 6 { faces[k] } else { edges[k - 6] });
        all
    }};
}
pub(crate) use for_each_axis;

/// The world vector `L` of an axis (unnormalised for cross axes).
#[inline(always)]
pub(crate) fn axis_vector(a: &Obb, b: &Obb, axis: AxisId) -> Vector3<f64> {
    match axis {
        AxisId::FaceA(i) => a.axis(i),
        AxisId::FaceB(j) => b.axis(j),
        AxisId::Edge(i, j) => a.axis(i).cross(&b.axis(j)),
    }
}
