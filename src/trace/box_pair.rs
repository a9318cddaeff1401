//! What the stage pipeline decides for two boxes, as numbers without words: the record of a
//! scene's pair (`explain`) and the batch explanation of dumped pairs both read it.

use nalgebra::Vector3;

use super::pairs::Stage;
use crate::geometry::Obb;
use crate::sat::{self, AxisId, Contact, Robustness, SatTrace};

/// The verdict of two boxes moving at constant velocities, without rotation.
#[derive(Clone, Debug)]
pub struct BoxVerdict {
    /// The 15 rows under the robustness rule.
    pub trace: SatTrace,
    /// The stage that decided: the first cheap stage that proves the boxes apart, else the SAT.
    pub stage: Stage,
    /// The first contact within the horizon (at time 0 when they touch or overlap now).
    pub contact: Option<Contact>,
}

impl BoxVerdict {
    /// Whether the boxes touch or overlap now.
    pub fn intersecting(&self) -> bool {
        self.trace.intersecting()
    }

    /// The first separating axis in table order; `None` when the boxes intersect.
    pub fn separating_axis(&self) -> Option<AxisId> {
        self.trace.separating_axis()
    }

    /// The gap `explain`'s sentence states: along the first separating axis when there is one
    /// (positive); else the largest gap over the tested axes, which is minus the smallest
    /// overlap (0 when the boxes just touch; a hair above 0 when a padding rule calls a pair
    /// touching that one axis alone shows apart).
    pub fn gap(&self) -> f64 {
        match self.trace.separating_axis() {
            Some(axis) => self.trace.row(axis.index()).gap.unwrap_or(0.0),
            None => self.trace.max_gap(),
        }
    }
}

/// The cheap stages' numbers for two boxes: enclosing spheres, then AABBs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CheapStages {
    /// `|C1 - C0|`, the distance of the centres.
    pub distance: f64,
    /// `r0 + r1`, the sum of the enclosing spheres' radii.
    pub reach: f64,
    /// Whether the AABBs are apart on x, y and z.
    pub aabbs_apart_on: [bool; 3],
}

impl CheapStages {
    /// The numbers of the pair `a`, `b`.
    pub fn new(a: &Obb, b: &Obb) -> Self {
        let (sa, sb) = (a.enclosing_sphere(), b.enclosing_sphere());
        let (ba, bb) = (a.aabb(), b.aabb());
        Self {
            distance: (sb.center - sa.center).norm(),
            reach: sa.radius + sb.radius,
            aabbs_apart_on: std::array::from_fn(|k| ba.max[k] < bb.min[k] || bb.max[k] < ba.min[k]),
        }
    }

    /// Whether the enclosing spheres alone prove the boxes apart.
    pub fn spheres_apart(&self) -> bool {
        self.distance > self.reach
    }

    /// Whether the AABBs alone prove the boxes apart.
    pub fn aabbs_apart(&self) -> bool {
        self.aabbs_apart_on.contains(&true)
    }
}

/// The verdict of boxes `a` and `b` moving at `va` and `vb`, the first contact searched over
/// `[0, horizon]`.
///
/// # Algorithm
/// 1. The 15 rows of the separating-axis test under `robustness` ([`sat::trace_with`]).
/// 2. The stage: a cheap stage decides only when the exact test agrees that the boxes are apart
///    (a padding rule such as Ericson's can call a pair intersecting that a cheap stage finds a
///    hair apart): the enclosing spheres first, then the AABBs, else the SAT.
/// 3. The first contact by [`sat::first_contact`].
pub fn box_verdict(
    a: &Obb,
    va: Vector3<f64>,
    b: &Obb,
    vb: Vector3<f64>,
    horizon: f64,
    robustness: Robustness,
) -> BoxVerdict {
    let trace = sat::trace_with(a, b, robustness);
    let stage = if trace.intersecting() {
        Stage::Sat
    } else {
        let cheap = CheapStages::new(a, b);
        if cheap.spheres_apart() {
            Stage::Spheres
        } else if cheap.aabbs_apart() {
            Stage::Aabbs
        } else {
            Stage::Sat
        }
    };
    BoxVerdict {
        trace,
        stage,
        contact: sat::first_contact(a, va, b, vb, horizon),
    }
}
