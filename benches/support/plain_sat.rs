//! The plain references of the SAT benchmark, written the way the literature publishes them.

use sepax::nalgebra::{Matrix3, Vector3};
use sepax::Obb;

/// The plain separating-axis test for two OBBs as published (Ericson, *Real-Time Collision
/// Detection*, §4.4.1): B's axes and the centre offset in A's frame, `|R|` padded by a small
/// epsilon against parallel edges, then the 15 axes with an exit at the first separating one.
pub fn plain_obb_overlap(a: &Obb, b: &Obb) -> bool {
    const EPSILON: f64 = 1e-12;
    let (ea, eb) = (a.half_extents(), b.half_extents());
    let r = a.axes().tr_mul(b.axes());
    let t = a.axes().tr_mul(&(b.center() - a.center()));
    let abs_r = r.map(|x| x.abs() + EPSILON);
    for i in 0..3 {
        let rb = eb[0] * abs_r[(i, 0)] + eb[1] * abs_r[(i, 1)] + eb[2] * abs_r[(i, 2)];
        if t[i].abs() > ea[i] + rb {
            return false;
        }
    }
    for j in 0..3 {
        let ra = ea[0] * abs_r[(0, j)] + ea[1] * abs_r[(1, j)] + ea[2] * abs_r[(2, j)];
        let distance = t[0] * r[(0, j)] + t[1] * r[(1, j)] + t[2] * r[(2, j)];
        if distance.abs() > ra + eb[j] {
            return false;
        }
    }
    let frame = (&r, &abs_r, &t, &ea, &eb);
    !(separates_on_cross::<0, 0>(frame)
        || separates_on_cross::<0, 1>(frame)
        || separates_on_cross::<0, 2>(frame)
        || separates_on_cross::<1, 0>(frame)
        || separates_on_cross::<1, 1>(frame)
        || separates_on_cross::<1, 2>(frame)
        || separates_on_cross::<2, 0>(frame)
        || separates_on_cross::<2, 1>(frame)
        || separates_on_cross::<2, 2>(frame))
}

type Frame<'a> = (
    &'a Matrix3<f64>,
    &'a Matrix3<f64>,
    &'a Vector3<f64>,
    &'a Vector3<f64>,
    &'a Vector3<f64>,
);

/// Whether `L = A_I × B_J` separates: in A's frame `L = e_I × R e_J`, so
/// `|L·t| = |t[I+2] R[I+1][J] - t[I+1] R[I+2][J]|` and the radii use the other two extents.
#[inline]
fn separates_on_cross<const I: usize, const J: usize>((r, abs_r, t, ea, eb): Frame) -> bool {
    let (i1, i2, j1, j2) = ((I + 1) % 3, (I + 2) % 3, (J + 1) % 3, (J + 2) % 3);
    let ra = ea[i1] * abs_r[(i2, J)] + ea[i2] * abs_r[(i1, J)];
    let rb = eb[j1] * abs_r[(I, j2)] + eb[j2] * abs_r[(I, j1)];
    (t[i2] * r[(i1, J)] - t[i1] * r[(i2, J)]).abs() > ra + rb
}

/// A floor for `trace`: the plain test's arithmetic for all 15 axes with no early exit,
/// returning each axis's normalised gap (`R - R0 - R1` over `|L|`), as the trace reports it.
pub fn plain_all_gaps(a: &Obb, b: &Obb) -> [f64; 15] {
    let (ea, eb) = (a.half_extents(), b.half_extents());
    let r = a.axes().tr_mul(b.axes());
    let t = a.axes().tr_mul(&(b.center() - a.center()));
    let abs_r = r.abs();
    let mut gaps = [0.0; 15];
    for i in 0..3 {
        let rb = eb[0] * abs_r[(i, 0)] + eb[1] * abs_r[(i, 1)] + eb[2] * abs_r[(i, 2)];
        gaps[i] = t[i].abs() - ea[i] - rb;
        let ra = ea[0] * abs_r[(0, i)] + ea[1] * abs_r[(1, i)] + ea[2] * abs_r[(2, i)];
        let distance = t[0] * r[(0, i)] + t[1] * r[(1, i)] + t[2] * r[(2, i)];
        gaps[3 + i] = distance.abs() - ra - eb[i];
    }
    for k in 0..9 {
        let (i, j) = (k / 3, k % 3);
        let (i1, i2, j1, j2) = ((i + 1) % 3, (i + 2) % 3, (j + 1) % 3, (j + 2) % 3);
        let ra = ea[i1] * abs_r[(i2, j)] + ea[i2] * abs_r[(i1, j)];
        let rb = eb[j1] * abs_r[(i, j2)] + eb[j2] * abs_r[(i, j1)];
        let distance = (t[i2] * r[(i1, j)] - t[i1] * r[(i2, j)]).abs();
        gaps[6 + k] = (distance - ra - rb) / (1.0 - r[(i, j)] * r[(i, j)]).max(0.0).sqrt();
    }
    gaps
}
