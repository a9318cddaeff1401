//! The sort-and-sweep broad phase over a frame's swept volumes: the pairs whose x extents
//! overlap, and the partners of one body after others moved (docs/methods.md §3.5).

use super::broad::Volume;

/// Sort-and-sweep on the x extent of swept AABBs, with planes and unusually wide bodies aside.
#[derive(Clone, Debug, Default)]
pub(super) struct BroadPhase {
    /// `(min x, body)` of the ordinary bodies, sorted.
    keys: Vec<(f64, usize)>,
    /// The widest x extent among the ordinary bodies.
    width: f64,
    /// Planes and bodies far wider than the median: paired with everything.
    wide: Vec<usize>,
    /// Whether each body is in `wide`.
    aside: Vec<bool>,
    /// `(min x, body)` of the ordinary bodies whose volume changed since `keys` was sorted.
    changed: Vec<(f64, usize)>,
    /// The widest x extent among the changed bodies.
    changed_width: f64,
    /// Each changed body's key in `changed` (the sorted keys skip these bodies).
    moved: Vec<Option<f64>>,
}

/// Where `(key, body)` sits (or would sit) in a list sorted by key, then body.
fn slot(list: &[(f64, usize)], key: f64, body: usize) -> usize {
    list.partition_point(|&(k, j)| k.total_cmp(&key).then(j.cmp(&body)).is_lt())
}

/// The x extent of a volume (infinite for a plane).
fn extent(v: &Volume) -> (f64, f64) {
    match v {
        Volume::Swept { aabb, .. } => (aabb.min.x, aabb.max.x),
        Volume::Plane { .. } => (f64::NEG_INFINITY, f64::INFINITY),
    }
}

impl BroadPhase {
    /// Sorts the volumes; bodies wider than 8 median widths are kept aside with the planes.
    pub fn new(volumes: &[Volume]) -> Self {
        let mut sorted: Vec<f64> = volumes
            .iter()
            .map(|v| extent(v).1 - extent(v).0)
            .filter(|w| w.is_finite())
            .collect();
        let limit = if sorted.is_empty() {
            f64::INFINITY
        } else {
            let middle = sorted.len() / 2;
            8.0 * *sorted.select_nth_unstable_by(middle, f64::total_cmp).1
        };
        let mut broad = Self {
            aside: vec![false; volumes.len()],
            moved: vec![None; volumes.len()],
            ..Self::default()
        };
        for (i, v) in volumes.iter().enumerate() {
            let (lo, hi) = extent(v);
            if hi - lo > limit || !(hi - lo).is_finite() {
                broad.wide.push(i);
                broad.aside[i] = true;
            } else {
                broad.keys.push((lo, i));
                broad.width = broad.width.max(hi - lo);
            }
        }
        broad.keys.sort_by(|p, q| p.0.total_cmp(&q.0));
        broad
    }

    /// Every pair whose x extents overlap (grown by `margin`), `a < b`.
    pub fn pairs(&self, volumes: &[Volume], margin: f64) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (k, &(_, i)) in self.keys.iter().enumerate() {
            let hi = extent(&volumes[i]).1 + margin;
            for &(other_lo, j) in &self.keys[k + 1..] {
                if other_lo > hi {
                    break;
                }
                out.push((i.min(j), i.max(j)));
            }
        }
        for &w in &self.wide {
            let (lo, hi) = extent(&volumes[w]);
            for (j, v) in volumes.iter().enumerate() {
                let planes =
                    matches!(volumes[w], Volume::Plane { .. }) && matches!(v, Volume::Plane { .. });
                // `wide` is built in increasing order and never changes: the wide bodies up to `w`
                // are exactly the wide bodies `<= w`.
                let counted = self.aside[j] && j <= w;
                let (other_lo, other_hi) = extent(v);
                let overlap = other_lo <= hi + margin && lo <= other_hi + margin;
                if j != w && !planes && !counted && overlap {
                    out.push((w.min(j), w.max(j)));
                }
            }
        }
        out
    }

    /// Records that body `i`'s volume is now `volumes[i]` (wide bodies are always searched).
    pub fn mark_changed(&mut self, i: usize, volumes: &[Volume]) {
        if self.aside[i] {
            return;
        }
        if let Some(old) = self.moved[i] {
            let at = slot(&self.changed, old, i);
            self.changed.remove(at);
        }
        let (lo, hi) = extent(&volumes[i]);
        let at = slot(&self.changed, lo, i);
        self.changed.insert(at, (lo, i));
        self.moved[i] = Some(lo);
        self.changed_width = self.changed_width.max(hi - lo);
    }

    /// The bodies whose x extent overlaps body `i`'s (grown by `margin`), `i` excluded.
    ///
    /// # Algorithm
    /// 1. In each sorted list (unchanged and changed bodies), binary-search the first key at
    ///    least `lo - widest` and scan while keys are at most `hi`.
    /// 2. Add every wide body and plane whose extent overlaps.
    pub fn partners(&self, i: usize, volumes: &[Volume], margin: f64) -> Vec<usize> {
        let (lo, hi) = extent(&volumes[i]);
        let (lo, hi) = (lo - margin, hi + margin);
        let overlaps = |j: usize| {
            let (other_lo, other_hi) = extent(&volumes[j]);
            j != i && other_lo <= hi && other_hi >= lo
        };
        let mut out: Vec<usize> = Vec::new();
        for (list, width, stale) in [
            (&self.keys, self.width, true),
            (&self.changed, self.changed_width, false),
        ] {
            let first = list.partition_point(|&(key, _)| key < lo - width);
            for &(key, j) in &list[first..] {
                if key > hi {
                    break;
                }
                if !(stale && self.moved[j].is_some()) && overlaps(j) {
                    out.push(j);
                }
            }
        }
        out.extend(self.wide.iter().copied().filter(|&j| overlaps(j)));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Aabb;
    use nalgebra::Vector3;

    #[test]
    fn sort_and_sweep_finds_exactly_the_pairs_overlapping_on_x() {
        let mut seed = 12_345_u64;
        let mut random = move || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        let volumes: Vec<Volume> = (0..300)
            .map(|k| {
                if k % 100 == 0 {
                    return Volume::Plane {
                        normal: Vector3::y(),
                        offset: 0.0,
                    };
                }
                let c = Vector3::new(random() * 40.0, random() * 5.0, random() * 5.0);
                let h = Vector3::repeat(0.1 + random() * if k % 37 == 0 { 30.0 } else { 1.0 });
                Volume::Swept {
                    aabb: Aabb {
                        min: c - h,
                        max: c + h,
                    },
                    center: c,
                    radius: h.norm(),
                }
            })
            .collect();
        let broad = BroadPhase::new(&volumes);
        let mut found = broad.pairs(&volumes, 0.0);
        found.sort_unstable();
        let mut brute = Vec::new();
        for a in 0..volumes.len() {
            for b in a + 1..volumes.len() {
                let (p, q) = (extent(&volumes[a]), extent(&volumes[b]));
                let planes = matches!(volumes[a], Volume::Plane { .. })
                    && matches!(volumes[b], Volume::Plane { .. });
                if p.0 <= q.1 && q.0 <= p.1 && !planes {
                    brute.push((a, b));
                }
            }
        }
        let missing: Vec<_> = brute.iter().filter(|p| !found.contains(p)).collect();
        let extra: Vec<_> = found.iter().filter(|p| !brute.contains(p)).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{missing:?} {extra:?}"
        );
        assert_eq!(found.len(), brute.len(), "no pair twice");
        let mut volumes = volumes;
        let mut broad = broad;
        for moved in [1, 37, 150, 1] {
            if let Volume::Swept { aabb, center, .. } = &mut volumes[moved] {
                let shift = Vector3::x() * 7.5;
                (aabb.min, aabb.max, *center) =
                    (aabb.min + shift, aabb.max + shift, *center + shift);
            }
            broad.mark_changed(moved, &volumes);
        }
        for i in [0, 1, 2, 37, 150, 151, 299] {
            let mut partners = broad.partners(i, &volumes, 0.0);
            partners.sort_unstable();
            let expected: Vec<usize> = (0..volumes.len())
                .filter(|&j| j != i)
                .filter(|&j| {
                    let (p, q) = (extent(&volumes[i]), extent(&volumes[j]));
                    let planes = matches!(volumes[i], Volume::Plane { .. })
                        && matches!(volumes[j], Volume::Plane { .. });
                    p.0 <= q.1 && q.0 <= p.1 && !planes
                })
                .collect();
            let planes = matches!(volumes[i], Volume::Plane { .. });
            let found: Vec<usize> = partners
                .into_iter()
                .filter(|&j| !(planes && matches!(volumes[j], Volume::Plane { .. })))
                .collect();
            assert!(found == expected, "body {i}");
        }
    }
}
