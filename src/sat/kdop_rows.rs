//! A k-DOP pair as a table: one row per slab direction with the two intervals (docs/methods.md §15.5).

use super::shape_axis::{first_separating, ShapeAxis, ShapeRow};
use crate::geometry::gjk::gjk;
use crate::geometry::Kdop;

/// What the slab table says, and why agreement on every slab does not prove contact in 3D.
pub const KDOP_CONSERVATIVE_NOTE: &str = "the slabs are the only axes tested: two k-DOPs apart \
only along an edge-edge direction overlap on every slab, so 'intersecting' is conservative in 3D";

/// The slab table of two k-DOPs with the same `k`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct KdopTrace {
    /// One row per direction (`k/2`), `S0 …`: `l` the unit direction, the shadows the slabs.
    pub rows: Vec<ShapeRow>,
    /// The two intervals of each row, `[(min_a, max_a), (min_b, max_b)]`.
    pub intervals: Vec<[(f64, f64); 2]>,
    /// No slab separates them (the conservative verdict).
    pub slabs_overlap: bool,
    /// When every slab overlaps: whether the two slab polytopes really meet (GJK on their
    /// corners). `Some(false)` is the 3D case the slab test cannot see.
    pub polytopes_intersect: Option<bool>,
    /// [`KDOP_CONSERVATIVE_NOTE`].
    pub note: &'static str,
}

impl KdopTrace {
    /// The first separating slab; `None` when every slab overlaps.
    pub fn separating_axis(&self) -> Option<ShapeAxis> {
        first_separating(&self.rows).map(|row| row.axis)
    }
}

/// The slab-by-slab test of two k-DOPs; `None` when their `k` differ.
///
/// # Algorithm
/// Per direction `d`, the slabs `[min, max]` of both: `R` the distance of their centres, `R0`
/// and `R1` their half widths, `R > R0 + R1` separates. When no slab separates, GJK on the two
/// slab polytopes says whether they truly meet.
pub fn kdop_trace(a: &Kdop, b: &Kdop) -> Option<KdopTrace> {
    if a.k != b.k {
        return None;
    }
    let intervals: Vec<[(f64, f64); 2]> = (0..a.directions.len())
        .map(|i| [a.slab(i), b.slab(i)])
        .collect();
    let rows: Vec<ShapeRow> = intervals
        .iter()
        .enumerate()
        .map(|(i, [sa, sb])| {
            ShapeRow::from_shadows(ShapeAxis::Slab(i), a.directions[i], 1.0, *sa, *sb, false)
        })
        .collect();
    let slabs_overlap = first_separating(&rows).is_none();
    Some(KdopTrace {
        rows,
        intervals,
        slabs_overlap,
        polytopes_intersect: slabs_overlap.then(|| gjk(a, b).intersecting),
        note: KDOP_CONSERVATIVE_NOTE,
    })
}

#[cfg(test)]
mod tests {
    use nalgebra::Vector3;

    use super::*;

    #[test]
    fn six_dops_are_aabbs_and_thin_rods_show_the_conservative_case() {
        let cube = |c: Vector3<f64>| [c, c + Vector3::repeat(1.0)];
        let a = Kdop::fit(&cube(Vector3::zeros()), 6).unwrap();
        let b = Kdop::fit(&cube(Vector3::new(2.0, 0.5, 0.5)), 6).unwrap();
        let trace = kdop_trace(&a, &b).unwrap();
        assert_eq!(trace.rows.len(), 3);
        assert_eq!(trace.separating_axis(), Some(ShapeAxis::Slab(0)));
        assert_eq!(trace.rows[0].gap, Some(1.0));
        // Random rods: a slab that separates leaves the polytopes apart, and some pairs overlap
        // on every slab while their 26-DOPs are apart (the conservative case).
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1_u64 << 53) as f64 * 2.0 - 1.0
        };
        let mut rod = || {
            [
                Vector3::new(next(), next(), next()),
                Vector3::new(next(), next(), next()),
            ]
        };
        let mut conservative = 0;
        for _ in 0..2000 {
            let (ka, kb) = (
                Kdop::fit(&rod(), 26).unwrap(),
                Kdop::fit(&rod(), 26).unwrap(),
            );
            let trace = kdop_trace(&ka, &kb).unwrap();
            assert_eq!(trace.rows.len(), 13);
            if trace.slabs_overlap {
                conservative += usize::from(trace.polytopes_intersect == Some(false));
            } else {
                assert!(!gjk(&ka, &kb).intersecting);
            }
        }
        assert!(conservative > 0);
        let (ka, rod_b) = (Kdop::fit(&rod(), 26).unwrap(), rod());
        assert!(kdop_trace(&ka, &Kdop::fit(&rod_b, 14).unwrap()).is_none());
    }
}
