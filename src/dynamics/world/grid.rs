//! A uniform grid over the bodies' boxes: the candidate pairs of the contact store in about `n`
//! work, where a sort on one axis pairs every body with every other of similar x.

use super::broad::Volume;
use crate::geometry::Aabb;

/// Bodies wider than this many cells are paired with every body, like planes.
const WIDE_CELLS: f64 = 4.0;

/// The pairs `(a, b)`, `a < b`, whose boxes grown by `margin` overlap, in increasing order:
/// [`box_pairs`] of the grown boxes (the world keeps them across frames, `super::fat`).
#[cfg(test)]
pub(super) fn pairs(volumes: &[Volume], margin: f64) -> Vec<(usize, usize)> {
    box_pairs(&grown_boxes(volumes, 0.5 * margin))
}

/// Each volume's box grown by `d` on every side (`None` for a plane).
pub(super) fn grown_boxes(volumes: &[Volume], d: f64) -> Vec<Option<Aabb>> {
    volumes
        .iter()
        .map(|v| match v {
            Volume::Swept { aabb, .. } => Some(grown(aabb, d)),
            Volume::Plane { .. } => None,
        })
        .collect()
}

/// The pairs `(a, b)`, `a < b`, of these boxes that overlap (planes, `None`, and very wide
/// boxes with every box they meet), in increasing order.
///
/// # Algorithm
/// 1. The cell is twice the median box size; planes and bodies wider than [`WIDE_CELLS`] cells are
///    set aside.
/// 2. Every other body is entered in each cell its box covers; entries are sorted by cell.
/// 3. Within a cell every two bodies whose boxes overlap are a pair, reported only in the
///    cell holding the low corner of their overlap (so once).
/// 4. Each body set aside pairs with every body it meets; the list is sorted.
pub(super) fn box_pairs(boxes: &[Option<Aabb>]) -> Vec<(usize, usize)> {
    let mut sizes: Vec<f64> = boxes
        .iter()
        .flatten()
        .map(|b| (b.max - b.min).max())
        .collect();
    let mut out = Vec::new();
    let cell = if sizes.is_empty() {
        1.0
    } else {
        let mid = sizes.len() / 2;
        let (_, median, _) = sizes.select_nth_unstable_by(mid, f64::total_cmp);
        (2.0 * *median).max(1e-9)
    };
    let wide: Vec<bool> = boxes
        .iter()
        .map(|b| b.is_none_or(|b| (b.max - b.min).max() > WIDE_CELLS * cell))
        .collect();
    let index = |x: f64| (x / cell).floor() as i64;
    let in_range = boxes.iter().flatten().all(|b| {
        let (lo, hi) = (b.min.map(index), b.max.map(index));
        lo.iter().chain(hi.iter()).all(|c| c.abs() < PACKED_HALF)
    });
    if in_range {
        cell_pairs(boxes, &wide, &index, pack, &mut out);
    } else {
        cell_pairs(boxes, &wide, &index, |c| c, &mut out);
    }
    for w in (0..boxes.len()).filter(|&w| wide[w]) {
        for j in 0..boxes.len() {
            let both_planes = boxes[w].is_none() && boxes[j].is_none();
            let counted = wide[j] && j < w;
            if j == w || both_planes || counted {
                continue;
            }
            let meets = match (boxes[w], boxes[j]) {
                (Some(a), Some(b)) => meet(&a, &b),
                _ => true,
            };
            if meets {
                out.push((w.min(j), w.max(j)));
            }
        }
    }
    out.sort_unstable();
    out
}

/// Cell coordinates below this in magnitude pack into one `u64` key, 21 bits each.
const PACKED_HALF: i64 = 1 << 20;

/// A cell's coordinates as one key that sorts as the coordinates do (each below
/// [`PACKED_HALF`] in magnitude).
fn pack(c: [i64; 3]) -> u64 {
    let field = |x: i64| (x + PACKED_HALF) as u64;
    (field(c[0]) << 42) | (field(c[1]) << 21) | field(c[2])
}

/// Steps 2 and 3 of [`box_pairs`]: every grown box entered in the cells it covers (keyed by `key`),
/// the entries sorted, and each overlapping pair reported in the cell of its overlap's low corner.
fn cell_pairs<K: Ord + Copy>(
    boxes: &[Option<Aabb>],
    wide: &[bool],
    index: &dyn Fn(f64) -> i64,
    key: impl Fn([i64; 3]) -> K,
    out: &mut Vec<(usize, usize)>,
) {
    let mut entries: Vec<(K, usize)> = Vec::with_capacity(2 * boxes.len());
    for (i, b) in boxes.iter().enumerate() {
        let Some(b) = b.filter(|_| !wide[i]) else {
            continue;
        };
        let (lo, hi) = (b.min.map(index), b.max.map(index));
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    entries.push((key([x, y, z]), i));
                }
            }
        }
    }
    entries.sort_unstable_by(|p, q| p.0.cmp(&q.0).then(p.1.cmp(&q.1)));
    let mut start = 0;
    while start < entries.len() {
        let cell = entries[start].0;
        let end = start + entries[start..].partition_point(|e| e.0 == cell);
        for p in start..end {
            for q in p + 1..end {
                let (i, j) = (entries[p].1, entries[q].1);
                let (Some(a), Some(b)) = (boxes[i], boxes[j]) else {
                    continue;
                };
                let overlap = meet(&a, &b);
                if !overlap {
                    continue;
                }
                let home = a.min.sup(&b.min).map(index);
                if key([home.x, home.y, home.z]) == cell {
                    out.push((i.min(j), i.max(j)));
                }
            }
        }
        start = end;
    }
}

/// Whether two boxes overlap (touching counts): the grid's test, without
/// [`Aabb::overlaps`]'s per-axis record.
#[inline]
pub(super) fn meet(a: &Aabb, b: &Aabb) -> bool {
    (0..3).all(|k| a.min[k] <= b.max[k] && b.min[k] <= a.max[k])
}

/// `b` grown by `d` on every side.
pub(super) fn grown(b: &Aabb, d: f64) -> Aabb {
    let mut g = *b;
    g.min.add_scalar_mut(-d);
    g.max.add_scalar_mut(d);
    g
}

#[cfg(test)]
mod tests {
    use nalgebra::Vector3;

    use super::*;

    /// A unit box at `c` as a volume.
    fn unit(c: [f64; 3]) -> Volume {
        let c = Vector3::from(c);
        Volume::Swept {
            aabb: Aabb {
                min: c.add_scalar(-0.5),
                max: c.add_scalar(0.5),
            },
            center: c,
            radius: 0.87,
        }
    }

    #[test]
    fn the_grid_finds_exactly_the_overlapping_boxes_once_each() {
        let mut volumes = vec![Volume::Plane {
            normal: Vector3::y(),
            offset: 0.0,
        }];
        let mut seed = 7_u64;
        for _ in 0..300 {
            let mut next = || {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                (seed >> 11) as f64 / (1u64 << 53) as f64 * 12.0
            };
            volumes.push(unit([next(), next(), next()]));
        }
        let found = pairs(&volumes, 0.02);
        let mut expected = Vec::new();
        for i in 0..volumes.len() {
            for j in i + 1..volumes.len() {
                let meets = match (&volumes[i], &volumes[j]) {
                    (Volume::Swept { aabb: a, .. }, Volume::Swept { aabb: b, .. }) => {
                        (0..3).all(|k| {
                            a.min[k] - 0.01 <= b.max[k] + 0.01 && b.min[k] - 0.01 <= a.max[k] + 0.01
                        })
                    }
                    _ => true,
                };
                if meets {
                    expected.push((i, j));
                }
            }
        }
        assert_eq!(found, expected);
    }
}
