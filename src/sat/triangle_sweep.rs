//! Two triangles moving with constant velocities: the sweep over the rows of their table and the
//! time of first contact (docs/methods.md §15.2, as §7 for two boxes).

use nalgebra::Vector3;

use super::moller::COPLANAR;
use super::shape_axis::ShapeAxis;
use super::shape_sweep::{first_time, overlap_interval, touches_at, ShapeSweepRow};
use super::DEGENERATE_SINE;
use crate::geometry::triangle::Triangle;

/// The sweep of two triangles over `[0, t_max]`, with every row's interval.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TriangleSweep {
    /// `NA NB EA0xEB0 … EA2xEB2`, then `NAxEA0 … NBxEB2` when the normals are parallel.
    pub rows: Vec<ShapeSweepRow>,
    /// `W = V_B - V_A`, B's velocity relative to A.
    pub relative_velocity: Vector3<f64>,
    /// The end of the interval searched.
    pub t_max: f64,
    /// The first time they touch in `[0, t_max]`, if they do.
    pub first_contact: Option<f64>,
    /// The axis that separated last (first in table order among those just touching then);
    /// `None` when they already overlapped.
    pub last_separating_axis: Option<ShapeAxis>,
}

/// One row's axis and whether it is tested.
struct Candidate {
    axis: ShapeAxis,
    l: Vector3<f64>,
    skipped: bool,
}

/// Sweeps triangle `b` moving at `v_b` against `a` moving at `v_a` over `[0, t_max]`.
///
/// # Algorithm
/// 1. Translation keeps every row's axis: `NA`, `NB` and the nine `EAi × EBj` (those of
///    (near-)parallel edges are degenerate and not tested); when the normals are parallel the
///    six in-plane edge normals `NA × EAi`, `NB × EBj` join them (parallel triangles meeting
///    face to face are told apart only by these).
/// 2. On each axis the shadows are the intervals of the vertices; the distance of their centres
///    changes at `L·W`, `r = R0 + R1` stays. Coplanar triangles moving within their plane keep
///    the rows along the normal at zero: not tested, as in the still table.
/// 3. Each tested row overlaps from its entry to its exit; the first contact is the largest
///    entry if it is before every exit and `t_max` (clamped to 0).
/// 4. The last separating axis is the first row in table order just touching then.
pub fn sweep_triangles(
    a: &Triangle,
    v_a: Vector3<f64>,
    b: &Triangle,
    v_b: Vector3<f64>,
    t_max: f64,
) -> TriangleSweep {
    let origin = a.vertices[0];
    let va = a.vertices.map(|v| v - origin);
    let vb = b.vertices.map(|v| v - origin);
    let (ea, eb) = (a.edges(), b.edges());
    let w = v_b - v_a;
    let size = va
        .iter()
        .chain(&vb)
        .map(Vector3::norm)
        .fold(0.0, crate::math::max_nan);
    let axes = axes(&ea, &eb);
    let na = axes[0].l;
    // Coplanar and moving within the plane: the rows along the normal stay at zero.
    let (low, high) = interval(&va, &na);
    let (low_b, high_b) = interval(&vb, &na);
    let flat = (high - low).abs() + (high_b - low_b).abs() + (low_b - low).abs();
    let parallel = axes.len() > 11;
    let coplanar = parallel && flat <= COPLANAR * size * na.norm();
    let in_plane = coplanar && na.dot(&w).abs() <= COPLANAR * na.norm() * w.norm();
    let mut lengths = Vec::with_capacity(axes.len());
    let rows: Vec<ShapeSweepRow> = axes
        .iter()
        .map(|axis| {
            lengths.push(axis.l.norm());
            let skipped = axis.skipped || in_plane && !axis.axis.is_in_plane();
            let (lo_a, hi_a) = interval(&va, &axis.l);
            let (lo_b, hi_b) = interval(&vb, &axis.l);
            let distance = 0.5 * (lo_b + hi_b) - 0.5 * (lo_a + hi_a);
            let reach = 0.5 * (hi_a - lo_a) + 0.5 * (hi_b - lo_b);
            let speed = axis.l.dot(&w);
            let (entry, exit) = if skipped {
                (f64::NEG_INFINITY, f64::INFINITY)
            } else {
                overlap_interval(distance, speed, reach)
            };
            ShapeSweepRow {
                axis: axis.axis,
                distance,
                speed,
                reach,
                entry,
                exit,
                skipped,
            }
        })
        .collect();
    let first_contact = first_time(&rows, t_max);
    let last_separating_axis = first_contact.and_then(|time| {
        (0..rows.len())
            .find(|&k| touches_at(&rows[k], lengths[k], time))
            .map(|k| rows[k].axis)
    });
    TriangleSweep {
        rows,
        relative_velocity: w,
        t_max,
        first_contact,
        last_separating_axis,
    }
}

/// The candidate axes: `NA`, `NB`, the nine edge products, and the six in-plane normals when
/// the normals are parallel.
fn axes(ea: &[Vector3<f64>; 3], eb: &[Vector3<f64>; 3]) -> Vec<Candidate> {
    let (na, nb) = (ea[0].cross(&ea[1]), eb[0].cross(&eb[1]));
    let short =
        |l: &Vector3<f64>, scale: f64| l.norm_squared() < DEGENERATE_SINE * DEGENERATE_SINE * scale;
    let mut axes = vec![
        Candidate {
            axis: ShapeAxis::NormalA,
            l: na,
            skipped: na == Vector3::zeros(),
        },
        Candidate {
            axis: ShapeAxis::NormalB,
            l: nb,
            skipped: nb == Vector3::zeros(),
        },
    ];
    for (i, e) in ea.iter().enumerate() {
        for (j, f) in eb.iter().enumerate() {
            let l = e.cross(f);
            let skipped = short(&l, e.norm_squared() * f.norm_squared());
            axes.push(Candidate {
                axis: ShapeAxis::EdgeEdge(i, j),
                l,
                skipped,
            });
        }
    }
    if short(&na.cross(&nb), na.norm_squared() * nb.norm_squared()) {
        for (i, e) in ea.iter().enumerate() {
            let l = na.cross(e);
            let skipped = l == Vector3::zeros();
            axes.push(Candidate {
                axis: ShapeAxis::InPlaneA(i),
                l,
                skipped,
            });
        }
        for (j, f) in eb.iter().enumerate() {
            let l = nb.cross(f);
            let skipped = l == Vector3::zeros();
            axes.push(Candidate {
                axis: ShapeAxis::InPlaneB(j),
                l,
                skipped,
            });
        }
    }
    axes
}

/// The interval of the three points' projections on `l`.
fn interval(points: &[Vector3<f64>; 3], l: &Vector3<f64>) -> (f64, f64) {
    let [p0, p1, p2] = points.map(|p| l.dot(&p));
    (p0.min(p1).min(p2), p0.max(p1).max(p2))
}
