//! Cheap rejection over a frame's motion: swept bounding volumes, a sort-and-sweep broad phase,
//! then swept spheres and AABBs per pair (docs/methods.md §3.5).

use nalgebra::Vector3;

use crate::dynamics::{BodyShape, BodyState, RigidBody};
use crate::geometry::fit::aabb_of_points;
use crate::geometry::Aabb;

/// How many pairs each stage of the cheap rejection let through (summed over a frame).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stages {
    /// Pairs the broad phase proposed (swept AABBs overlapping on x, and every body with a plane).
    pub broad_phase: usize,
    /// Of those, pairs whose swept bounding spheres meet.
    pub spheres: usize,
    /// Of those, pairs whose swept AABBs overlap: these get the exact test.
    pub aabbs: usize,
}

/// A body's reach over a stretch of time, or a plane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Volume {
    /// A moving or fixed body: the AABB and bounding sphere of everything it sweeps.
    Swept {
        /// The swept AABB.
        aabb: Aabb,
        /// Centre of the swept bounding sphere.
        center: Vector3<f64>,
        /// Radius of the swept bounding sphere.
        radius: f64,
    },
    /// The plane `normal · x = offset` (solid below).
    Plane {
        /// Unit normal.
        normal: Vector3<f64>,
        /// Offset.
        offset: f64,
    },
}

/// What a body sweeps while moving from `start` to `end` in `h` seconds along the cubic Hermite
/// path: the path lies in the hull of its Bézier control points `x0, x0 + v0 h/3, x1 - v1 h/3,
/// x1`, grown by the distance from the centre to the farthest surface point.
pub(super) fn swept(body: &RigidBody, start: &BodyState, end: &BodyState, h: f64) -> Volume {
    let reach = match &body.shape {
        BodyShape::Plane { normal, offset } => {
            return Volume::Plane {
                normal: *normal,
                offset: *offset,
            }
        }
        BodyShape::Box(half) => half.norm(),
        BodyShape::Sphere(r) => *r,
        BodyShape::Convex(c) if c.is_dynamic() => c.reach(),
        // A k-DOP, a triangle or a mesh only translates, along a straight line: its own box at
        // the start, and at the end when it moves.
        BodyShape::Convex(c) => {
            let aabb = c.placed(start.position, start.rotation).aabb();
            return carried(&aabb, &(end.position - start.position));
        }
        BodyShape::Triangle(vertices) => {
            let corners = vertices.map(|v| v + start.position);
            let aabb = aabb_of_points(&corners).expect("three corners");
            return carried(&aabb, &(end.position - start.position));
        }
        BodyShape::Mesh(mesh) => {
            let own = mesh.aabb();
            let offset = start.position;
            let aabb = Aabb {
                min: own.min + offset,
                max: own.max + offset,
            };
            return carried(&aabb, &(end.position - start.position));
        }
    };
    let controls = [
        start.position,
        start.position + start.velocity * (h / 3.0),
        end.position - end.velocity * (h / 3.0),
        end.position,
    ];
    let path = aabb_of_points(&controls).expect("four control points");
    let grow = Vector3::repeat(reach);
    let aabb = match (&body.shape, h == 0.0) {
        (BodyShape::Box(_), true) => body.obb().map_or(path, |o| o.aabb()),
        _ => Aabb {
            min: path.min - grow,
            max: path.max + grow,
        },
    };
    Volume::Swept {
        aabb,
        center: path.center(),
        radius: 0.5 * (path.max - path.min).norm() + reach,
    }
}

/// The volume of a body inside `aabb` translated by `shift` along a straight line: the union of
/// the box at both ends.
fn carried(aabb: &Aabb, shift: &Vector3<f64>) -> Volume {
    if *shift == Vector3::zeros() {
        return still(aabb);
    }
    let moved = Aabb {
        min: aabb.min + shift,
        max: aabb.max + shift,
    };
    still(&aabb.union(&moved))
}

/// The volume of a body that stays inside `aabb`.
fn still(aabb: &Aabb) -> Volume {
    Volume::Swept {
        aabb: *aabb,
        center: aabb.center(),
        radius: 0.5 * (aabb.max - aabb.min).norm(),
    }
}

/// Which stage of the cheap rejection separated a pair, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// The swept bounding spheres are apart.
    Spheres,
    /// The swept AABBs are apart.
    Aabbs,
    /// Neither separates: run the exact test.
    Exact,
}

/// Swept spheres first, then AABBs; against a plane, the sphere and the AABB's lowest point.
pub(super) fn cheap_rejection(a: &Volume, b: &Volume, margin: f64) -> Verdict {
    match (a, b) {
        (Volume::Plane { .. }, Volume::Plane { .. }) => Verdict::Spheres,
        (
            Volume::Plane { normal, offset },
            Volume::Swept {
                aabb,
                center,
                radius,
            },
        )
        | (
            Volume::Swept {
                aabb,
                center,
                radius,
            },
            Volume::Plane { normal, offset },
        ) => {
            if normal.dot(center) - offset > radius + margin {
                return Verdict::Spheres;
            }
            let (middle, half) = (aabb.center(), aabb.half_extents());
            if normal.dot(&middle) - half.dot(&normal.abs()) - offset > margin {
                return Verdict::Aabbs;
            }
            Verdict::Exact
        }
        (
            Volume::Swept {
                aabb: p,
                center: c,
                radius: r,
            },
            Volume::Swept {
                aabb: q,
                center: d,
                radius: s,
            },
        ) => {
            if (c - d).norm() > r + s + margin {
                Verdict::Spheres
            } else if (0..3).any(|k| p.min[k] > q.max[k] + margin || q.min[k] > p.max[k] + margin) {
                Verdict::Aabbs
            } else {
                Verdict::Exact
            }
        }
    }
}

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
