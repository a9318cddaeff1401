//! The 15 rows of Table 2.1 from the `c_ij = A_i·B_j` closed forms, and the early-exit verdict.

use nalgebra::{Matrix3, Vector3};

use super::AxisId;
use crate::geometry::Obb;

/// Below this `|L| = sin θ` a cross axis is degenerate (its closed-form gap would be noise).
pub const DEGENERATE_SINE: f64 = 1e-6;

/// How near-parallel edge pairs are treated; each rule can pick a different first separating axis.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "rule", rename_all = "kebab-case")]
pub enum Robustness {
    /// Skip only the cross axes whose `|L|` is below `min_sine`, as parry does (the default).
    PerAxis {
        /// Smallest `|A_i × B_j|` that is still tested.
        min_sine: f64,
    },
    /// Ericson's rule: add `epsilon` to every `|c_ij|` before comparing `R` with `R0 + R1`.
    Ericson {
        /// The padding added to each `|c_ij|`.
        epsilon: f64,
    },
    /// Eberly's rule: when any `|c_ij| >= cutoff`, skip all nine edge-edge axes.
    Eberly {
        /// The `|c_ij|` at which two axes count as parallel.
        cutoff: f64,
    },
}

impl Default for Robustness {
    fn default() -> Self {
        Robustness::PerAxis {
            min_sine: DEGENERATE_SINE,
        }
    }
}

impl Robustness {
    /// The rule's short name: `per-axis`, `ericson` or `eberly`.
    pub fn name(&self) -> &'static str {
        match self {
            Robustness::PerAxis { .. } => "per-axis",
            Robustness::Ericson { .. } => "ericson",
            Robustness::Eberly { .. } => "eberly",
        }
    }

    /// The rule with its usual constant, by name; `None` for an unknown name.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "per-axis" | "parry" => Some(Self::default()),
            "ericson" => Some(Robustness::Ericson { epsilon: 1e-6 }),
            "eberly" => Some(Robustness::Eberly { cutoff: 1.0 - 1e-6 }),
            _ => None,
        }
    }

    fn min_sine(&self) -> f64 {
        match self {
            Robustness::PerAxis { min_sine } => *min_sine,
            _ => DEGENERATE_SINE,
        }
    }
}

/// One row of the table: the axis, its projections and the verdict.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct AxisRow {
    /// Which axis.
    pub axis: AxisId,
    /// The unnormalised axis in world coordinates (cross axes have length `sin θ`).
    pub l: Vector3<f64>,
    /// `|D·L|`, the projected distance of the centres.
    pub r: f64,
    /// `Σ a_i |A_i·L|`, the projected radius of A.
    pub r0: f64,
    /// `Σ b_j |B_j·L|`, the projected radius of B.
    pub r1: f64,
    /// `R > R0 + R1` under the robustness rule (never for a skipped row).
    pub separating: bool,
    /// A cross axis of two (near-)parallel edges: `|L| < sin θ_min`.
    pub degenerate: bool,
    /// Not tested under the robustness rule (degenerate, or all edges skipped by Eberly's rule).
    pub skipped: bool,
    /// `(R - R0 - R1)/|L|` in length units; `None` for a degenerate row.
    pub gap: Option<f64>,
}

/// All 15 rows for a pair of boxes, in table order, with the matrix `c = AᵀB`.
///
/// The numbers are stored column by column; [`SatTrace::row`] assembles a row with its `L`.
#[derive(Clone, Debug, PartialEq)]
pub struct SatTrace {
    /// `c_ij = A_i·B_j`.
    pub c: Matrix3<f64>,
    /// The rule used for near-parallel edges.
    pub robustness: Robustness,
    axes_a: Matrix3<f64>,
    axes_b: Matrix3<f64>,
    r: [f64; 15],
    r0: [f64; 15],
    r1: [f64; 15],
    /// `NaN` for a degenerate row.
    gap: [f64; 15],
    separating: u16,
    degenerate: u16,
    skipped: u16,
}

impl SatTrace {
    /// Row `k` in table order (0 = `A0`, 14 = `A2xB2`), with its world axis `L`.
    pub fn row(&self, k: usize) -> AxisRow {
        let axis = AxisId::ALL[k];
        let bit = |mask: u16| mask >> k & 1 == 1;
        AxisRow {
            axis,
            l: self.l(axis),
            r: self.r[k],
            r0: self.r0[k],
            r1: self.r1[k],
            separating: bit(self.separating),
            degenerate: bit(self.degenerate),
            skipped: bit(self.skipped),
            gap: (!bit(self.degenerate)).then_some(self.gap[k]),
        }
    }

    /// The 15 rows in table order.
    pub fn rows(&self) -> [AxisRow; 15] {
        std::array::from_fn(|k| self.row(k))
    }

    /// The world vector `L` of an axis: `A_i`, `B_j`, or `A_i × B_j` written from `c` in A's frame.
    pub fn l(&self, axis: AxisId) -> Vector3<f64> {
        match axis {
            AxisId::FaceA(i) => self.axes_a.column(i).into_owned(),
            AxisId::FaceB(j) => self.axes_b.column(j).into_owned(),
            AxisId::Edge(i, j) => {
                let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
                self.axes_a.column(i2) * self.c[(i1, j)] - self.axes_a.column(i1) * self.c[(i2, j)]
            }
        }
    }

    /// The first separating axis in table order; `None` when the boxes intersect.
    pub fn separating_axis(&self) -> Option<AxisId> {
        (self.separating != 0).then(|| AxisId::ALL[self.separating.trailing_zeros() as usize])
    }

    /// Whether no axis separates the boxes (touching counts as intersecting).
    pub fn intersecting(&self) -> bool {
        self.separating == 0
    }

    /// The largest gap over the tested rows: a lower bound of the distance, negative when the
    /// boxes overlap (`-inf` if every row is skipped).
    pub fn max_gap(&self) -> f64 {
        (0..15)
            .filter(|k| self.skipped >> k & 1 == 0)
            .map(|k| self.gap[k])
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The tested row with the largest gap: the smallest overlap when the boxes intersect.
    pub fn largest_gap(&self) -> Option<AxisRow> {
        let best = (0..15).filter(|k| self.skipped >> k & 1 == 0).fold(
            None,
            |best: Option<usize>, k| match best {
                Some(b) if self.gap[b] >= self.gap[k] => Some(b),
                _ => Some(k),
            },
        )?;
        Some(self.row(best))
    }
}

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
        let abs_c = c.map(|row| row.map(f64::abs));
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

/// Expands `$body` once per axis of the table, in order, with `$axis` bound to each.
macro_rules! for_each_axis {
    ($axis:ident => $body:expr) => {{
        use $crate::sat::AxisId::{Edge, FaceA, FaceB};
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

/// Whether the boxes intersect (touching counts), exiting at the first separating axis.
///
/// # Algorithm
/// 1. `c = AᵀB` and `t = Aᵀ(C1 - C0)`.
/// 2. For each axis in table order compute `R`, `R0`, `R1` by Table 2.1; `R > R0 + R1` separates.
/// 3. Cross axes of near-parallel edges (`|L| < 1e-6`) are skipped (the default rule).
pub fn overlaps(a: &Obb, b: &Obb) -> bool {
    let frame = PairFrame::new(a, b);
    let t = in_frame_of(a, &(b.center() - a.center()));
    let _: [(); 15] = for_each_axis!(axis => {
        if !frame.overlap_on(axis, &t) {
            return false;
        }
    });
    true
}

/// All 15 rows for the pair under the default robustness rule.
pub fn trace(a: &Obb, b: &Obb) -> SatTrace {
    trace_with(a, b, Robustness::default())
}

/// All 15 rows for the pair under the given robustness rule.
///
/// # Algorithm
/// 1. `c = AᵀB`, `t = Aᵀ(C1 - C0)`.
/// 2. Every row takes `R = |L·D|`, `R0`, `R1` from the closed forms of Table 2.1.
/// 3. A cross axis with `|L| < sin θ_min` is degenerate: shown, never separating.
/// 4. The rule decides which rows are tested and how `R0 + R1` is padded.
pub fn trace_with(a: &Obb, b: &Obb, robustness: Robustness) -> SatTrace {
    let frame = PairFrame::new(a, b);
    let t = in_frame_of(a, &(b.center() - a.center()));
    let min_sine = robustness.min_sine();
    let (pad, skip_all_edges) = match robustness {
        Robustness::PerAxis { .. } => (0.0, false),
        Robustness::Ericson { epsilon } => (epsilon, false),
        Robustness::Eberly { cutoff } => (0.0, frame.abs_c.iter().flatten().any(|&m| m >= cutoff)),
    };
    let mut trace = SatTrace {
        c: Matrix3::from_fn(|i, j| frame.c[i][j]),
        robustness,
        axes_a: *a.axes(),
        axes_b: *b.axes(),
        r: [0.0; 15],
        r0: [0.0; 15],
        r1: [0.0; 15],
        gap: [0.0; 15],
        separating: 0,
        degenerate: 0,
        skipped: 0,
    };
    let _: [(); 15] = for_each_axis!(axis => {
        let k = axis.index();
        let degenerate = matches!(axis, AxisId::Edge(i, j) if frame.is_parallel(i, j, min_sine));
        let skipped = degenerate || (skip_all_edges && axis.is_edge());
        let r = frame.along(axis, &t).abs();
        let (r0, r1) = frame.radii(axis, 0.0);
        let (r0_tested, r1_tested) = if pad == 0.0 { (r0, r1) } else { frame.radii(axis, pad) };
        trace.r[k] = r;
        trace.r0[k] = r0;
        trace.r1[k] = r1;
        trace.gap[k] = if degenerate { f64::NAN } else { (r - r0 - r1) / frame.length(axis) };
        trace.separating |= u16::from(!skipped && r > r0_tested + r1_tested) << k;
        trace.degenerate |= u16::from(degenerate) << k;
        trace.skipped |= u16::from(skipped) << k;
    });
    trace
}
