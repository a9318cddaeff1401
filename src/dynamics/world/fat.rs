//! The broad phase kept across frames: every body's box fattened once, the grid's pairs of the
//! fattened boxes kept until some body leaves its fattened box.

use super::broad::Volume;
use super::grid;
use crate::geometry::Aabb;

/// How far beyond a body's box its fattened box reaches on every side (m): a body that moves
/// less than this keeps the pairs found before.
pub(super) const FAT_MARGIN: f64 = 0.05;

/// The fattened boxes and the pairs of them that overlap.
#[derive(Clone, Debug, Default)]
pub(super) struct FatGrid {
    /// Each body's fattened box (`None` for a plane).
    fat: Vec<Option<Aabb>>,
    /// The pairs `(a, b)`, `a < b`, of overlapping fattened boxes, in increasing order.
    pairs: Vec<(usize, usize)>,
    /// Whether `fat` and `pairs` have been built.
    built: bool,
    /// How many times the fattened boxes were made.
    #[cfg(test)]
    rebuilds: usize,
}

impl FatGrid {
    /// The pairs whose boxes grown by `margin` overlap, the same list as
    /// [`grid::pairs`]`(volumes, margin)`.
    ///
    /// # Algorithm
    /// 1. Each body's box grown by `margin / 2` (the grid's rule) is its tight box.
    /// 2. When every tight box lies inside its body's fattened box (and a plane is still a
    ///    plane), the kept pairs of fattened boxes are a superset of the tight boxes' pairs:
    ///    two tight boxes that meet lie in fattened boxes that meet.
    /// 3. Otherwise every fattened box is made again, `FAT_MARGIN` beyond its tight box, and
    ///    the grid finds their pairs.
    /// 4. The kept pairs whose tight boxes meet (a plane meets every box) are the answer, in
    ///    the kept order.
    pub(super) fn pairs(&mut self, volumes: &[Volume], margin: f64) -> Vec<(usize, usize)> {
        let tight = grid::grown_boxes(volumes, 0.5 * margin);
        let inside = |fat: &Option<Aabb>, tight: &Option<Aabb>| match (fat, tight) {
            (Some(f), Some(t)) => (0..3).all(|k| f.min[k] <= t.min[k] && t.max[k] <= f.max[k]),
            (None, None) => true,
            _ => false,
        };
        let holds = self.built
            && self.fat.len() == tight.len()
            && self.fat.iter().zip(&tight).all(|(f, t)| inside(f, t));
        if !holds {
            self.fat = tight
                .iter()
                .map(|t| t.map(|t| grid::grown(&t, FAT_MARGIN)))
                .collect();
            self.pairs = grid::box_pairs(&self.fat);
            self.built = true;
            #[cfg(test)]
            {
                self.rebuilds += 1;
            }
        }
        self.pairs
            .iter()
            .copied()
            .filter(|&(a, b)| match (&tight[a], &tight[b]) {
                (Some(p), Some(q)) => grid::meet(p, q),
                _ => true,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use nalgebra::Vector3;

    use super::*;

    /// A box of half-size `h` at `c` as a volume.
    fn cube(c: Vector3<f64>, h: f64) -> Volume {
        Volume::Swept {
            aabb: Aabb {
                min: c.add_scalar(-h),
                max: c.add_scalar(h),
            },
            center: c,
            radius: h * 3f64.sqrt(),
        }
    }

    #[test]
    fn kept_pairs_are_the_grids_pairs_frame_after_frame() {
        let mut seed = 11_u64;
        let mut next = || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut centres: Vec<Vector3<f64>> = (0..200)
            .map(|_| Vector3::new(next() * 8.0, next() * 8.0, next() * 8.0))
            .collect();
        let mut fat = FatGrid::default();
        for frame in 0..60 {
            let mut volumes = vec![Volume::Plane {
                normal: Vector3::y(),
                offset: 0.0,
            }];
            volumes.extend(centres.iter().map(|&c| cube(c, 0.5)));
            for margin in [0.0, 0.02] {
                assert_eq!(
                    fat.pairs(&volumes, margin),
                    grid::pairs(&volumes, margin),
                    "frame {frame}, margin {margin}"
                );
            }
            // Most bodies creep a little (kept pairs), every tenth frame one jumps (made again).
            for c in &mut centres {
                *c += Vector3::new(next() - 0.5, next() - 0.5, next() - 0.5) * 0.002;
            }
            if frame % 10 == 9 {
                centres[frame] += Vector3::new(1.0, 0.0, 0.0);
            }
        }
        assert!(
            fat.rebuilds < 20,
            "made again {} times in 60 frames",
            fat.rebuilds
        );
    }
}
