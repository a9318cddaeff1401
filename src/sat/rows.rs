//! The 15 rows of Table 2.1 from the `c_ij = A_i·B_j` closed forms, and the early-exit verdict.

use nalgebra::{Matrix3, Vector3};

use super::kernel::{for_each_axis, in_frame_of, PairFrame, DEGENERATE_SINE};
use super::AxisId;
use crate::geometry::Obb;

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
            .fold(f64::NEG_INFINITY, crate::math::max_nan)
    }

    /// The gap of row `k` when it is tested (not skipped), without assembling the row.
    pub(crate) fn tested_gap(&self, k: usize) -> Option<f64> {
        (self.skipped >> k & 1 == 0).then_some(self.gap[k])
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
