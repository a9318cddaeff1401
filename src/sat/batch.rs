//! The verdict of many box pairs at once: the pairs stored as columns, two pairs per SIMD
//! register, with the arithmetic of [`super::overlaps`] operation for operation.

use wide::f64x2;

use super::kernel::DEGENERATE_SINE;
use crate::geometry::Obb;

/// Pairs per block: the lanes of one register.
const BLOCK: usize = 2;

/// One box of each pair of a block, every number as a register of its [`BLOCK`] lanes.
#[derive(Clone, Copy, Debug, Default)]
struct BoxLanes {
    center: [f64x2; 3],
    /// `axes[3 i + k]`: component `k` of axis `i`.
    axes: [f64x2; 9],
    half_extents: [f64x2; 3],
}

impl BoxLanes {
    fn set(&mut self, lane: usize, obb: &Obb) {
        let put = |register: &mut f64x2, value: f64| {
            let mut lanes = register.to_array();
            lanes[lane] = value;
            *register = f64x2::new(lanes);
        };
        let (center, axes, half) = (obb.center(), obb.axes(), obb.half_extents());
        for k in 0..3 {
            put(&mut self.center[k], center[k]);
            put(&mut self.half_extents[k], half[k]);
            for i in 0..3 {
                put(&mut self.axes[3 * i + k], axes[(k, i)]);
            }
        }
    }
}

/// [`BLOCK`] pairs.
#[derive(Clone, Copy, Debug, Default)]
struct PairBlock {
    a: BoxLanes,
    b: BoxLanes,
}

/// Box pairs laid out for [`overlaps_many`]: the same number of neighbouring pairs side by side
/// in one register (a structure of arrays in blocks of two pairs).
#[derive(Clone, Debug, Default)]
pub struct BoxPairs {
    blocks: Vec<PairBlock>,
    len: usize,
}

impl BoxPairs {
    /// No pairs, with room for `capacity` of them.
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            blocks: Vec::with_capacity(capacity.div_ceil(BLOCK)),
            len: 0,
        }
    }

    /// Appends the pair `a`, `b`.
    pub fn push(&mut self, a: &Obb, b: &Obb) {
        let lane = self.len % BLOCK;
        if lane == 0 {
            self.blocks.push(PairBlock::default());
        }
        if let Some(block) = self.blocks.last_mut() {
            block.a.set(lane, a);
            block.b.set(lane, b);
        }
        self.len += 1;
    }

    /// How many pairs are stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no pair is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every pair, keeping the memory.
    pub fn clear(&mut self) {
        self.blocks.clear();
        self.len = 0;
    }
}

impl<'a> FromIterator<(&'a Obb, &'a Obb)> for BoxPairs {
    fn from_iter<I: IntoIterator<Item = (&'a Obb, &'a Obb)>>(pairs: I) -> Self {
        let mut out = Self::default();
        for (a, b) in pairs {
            out.push(a, b);
        }
        out
    }
}

/// Whether each pair intersects (touching counts), in order: the verdict of [`super::overlaps`]
/// for every pair, degenerate cross axes included.
///
/// # Algorithm
/// The 15 axes of Table 2.1 for two pairs at once, one pair per lane of a two-lane register:
/// 1. `c = AᵀB`, `|c|` and `t = Aᵀ(C1 - C0)`, each sum in the order the scalar test adds it,
///    so every number is the scalar test's to the bit.
/// 2. The three face axes of A, then the three of B; a block whose two pairs are both
///    separated stops there.
/// 3. The nine cross axes without the degenerate rule; only when they separate a pair that the
///    faces did not are they tested again with it (a cross axis with `|L|² < 1e-12` overlaps).
///
/// A lane's verdict is the AND of its overlaps: there is no exit at the first separating axis
/// of one pair, and no branch for the scalar test's processor to mispredict.
pub fn overlaps_many(pairs: &BoxPairs) -> Vec<bool> {
    let mut verdicts = vec![false; pairs.blocks.len() * BLOCK];
    for (block, out) in pairs.blocks.iter().zip(verdicts.chunks_exact_mut(BLOCK)) {
        let bits = intersecting_lanes(block);
        for (lane, verdict) in out.iter_mut().enumerate() {
            *verdict = bits >> lane & 1 == 1;
        }
    }
    verdicts.truncate(pairs.len);
    verdicts
}

/// Bit `k` set when pair `k` of the block intersects.
#[inline(always)]
fn intersecting_lanes(block: &PairBlock) -> u32 {
    let (pa, pb) = (&block.a, &block.b);
    let axis_a = |i: usize| -> [f64x2; 3] { std::array::from_fn(|k| pa.axes[3 * i + k]) };
    let axis_b = |j: usize| -> [f64x2; 3] { std::array::from_fn(|k| pb.axes[3 * j + k]) };
    let (aa, ab) = (
        [axis_a(0), axis_a(1), axis_a(2)],
        [axis_b(0), axis_b(1), axis_b(2)],
    );
    let (a, b) = (pa.half_extents, pb.half_extents);
    let d: [f64x2; 3] = std::array::from_fn(|k| pb.center[k] - pa.center[k]);
    let c: [[f64x2; 3]; 3] = std::array::from_fn(|i| {
        std::array::from_fn(|j| aa[i][0] * ab[j][0] + aa[i][1] * ab[j][1] + aa[i][2] * ab[j][2])
    });
    let m: [[f64x2; 3]; 3] = std::array::from_fn(|i| std::array::from_fn(|j| c[i][j].abs()));
    let t: [f64x2; 3] =
        std::array::from_fn(|i| aa[i][0] * d[0] + aa[i][1] * d[1] + aa[i][2] * d[2]);
    let mut hit = f64x2::ZERO.simd_le(f64x2::ZERO);
    for i in 0..3 {
        let rb = b[0] * m[i][0] + b[1] * m[i][1] + b[2] * m[i][2];
        hit &= t[i].abs().simd_le(a[i] + rb);
    }
    if hit.to_bitmask() == 0 {
        return 0;
    }
    for j in 0..3 {
        let ra = a[0] * m[0][j] + a[1] * m[1][j] + a[2] * m[2][j];
        let along = c[0][j] * t[0] + c[1][j] * t[1] + c[2][j] * t[2];
        hit &= along.abs().simd_le(ra + b[j]);
    }
    if hit.to_bitmask() == 0 {
        return 0;
    }
    // The cross axes without the degenerate rule first: a lane they leave intersecting is
    // intersecting under the rule too (the rule only turns separation into overlap).
    let edge = |i: usize, j: usize| {
        let (i1, i2, j1, j2) = ((i + 1) % 3, (i + 2) % 3, (j + 1) % 3, (j + 2) % 3);
        let r0 = a[i1] * m[i2][j] + a[i2] * m[i1][j];
        let r1 = b[j1] * m[i][j2] + b[j2] * m[i][j1];
        let along = t[i2] * c[i1][j] - t[i1] * c[i2][j];
        along.abs().simd_le(r0 + r1)
    };
    let mut plain = hit;
    for i in 0..3 {
        for j in 0..3 {
            plain &= edge(i, j);
        }
    }
    if plain.to_bitmask() == hit.to_bitmask() {
        return hit.to_bitmask();
    }
    let min_square = f64x2::splat(DEGENERATE_SINE * DEGENERATE_SINE);
    for i in 0..3 {
        let (row1, row2) = (c[(i + 1) % 3], c[(i + 2) % 3]);
        for (j, (u, v)) in row1.into_iter().zip(row2).enumerate() {
            let degenerate = (u * u + v * v).simd_lt(min_square);
            hit &= degenerate | edge(i, j);
        }
    }
    hit.to_bitmask()
}
