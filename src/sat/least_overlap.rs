//! The axis of least overlap of two overlapping boxes, from the lines of their 15 axes.

use wide::f64x2;

use super::sweep::{lanes, Line};
use super::AxisId;

/// The axis of least overlap of boxes that overlap at time 0, with its gap, by the one rule of
/// [`super::contact`]: the first axis in table order whose gap `(|p| - r) / |L|` is within
/// `tolerance` of the largest.
///
/// `None` unless every tested axis overlaps (`d = r - |p| >= 0`); then the largest gap is the
/// smallest `d / |L|`, compared as `d² / |L|²` two lines at a time without a branch, with one
/// root at the end (an untested line has an infinite `d` and never wins).
#[inline(always)]
pub(super) fn deepest(
    faces: &[Line; 6],
    edges: &[Line; 9],
    tolerance: f64,
) -> Option<(AxisId, f64)> {
    let (least_faces, apart_faces) = least_depth(faces);
    let (least_edges, apart_edges) = least_depth(edges);
    if apart_faces || apart_edges {
        return None;
    }
    let depth = least_faces.min(least_edges).sqrt();
    let bound = (depth + tolerance) * (depth + tolerance);
    let within = within_bits(faces, bound) | within_bits(edges, bound) << 6;
    (within != 0).then(|| (AxisId::ALL[within.trailing_zeros() as usize], -depth))
}

/// The smallest `d² / |L|²` of the lines, and whether some line does not overlap (`d < 0`).
#[inline(always)]
fn least_depth<const N: usize>(lines: &[Line; N]) -> (f64, bool) {
    let (mut least, mut apart) = (f64x2::splat(f64::INFINITY), f64x2::ZERO);
    for k in (0..N).step_by(2) {
        let pair = |field| lanes(lines, k, field);
        let depth = pair(|line| line.reach) - pair(|line| line.distance).abs();
        apart |= depth.simd_lt(f64x2::ZERO);
        least = least.fast_min(depth * depth / pair(|line| line.length_squared));
    }
    let [x, y] = least.to_array();
    (x.min(y), apart.to_bitmask() != 0)
}

/// Bit `k` set when line `k` overlaps by at most `sqrt(bound) |L|`: `d² <= bound |L|²`.
#[inline(always)]
fn within_bits<const N: usize>(lines: &[Line; N], bound: f64) -> u32 {
    let mut bits = 0;
    for k in (0..N).step_by(2) {
        let pair = |field| lanes(lines, k, field);
        let depth = pair(|line| line.reach) - pair(|line| line.distance).abs();
        let within =
            (depth * depth).simd_le(f64x2::splat(bound) * pair(|line| line.length_squared));
        let lanes_used = if k + 1 < N { 0b11 } else { 0b01 };
        bits |= (within.to_bitmask() & lanes_used) << k;
    }
    bits
}
