//! The contact region of two boxes: one point kept inline, or up to eight points on the heap.

use std::ops::Deref;

use nalgebra::Vector3;

/// Most points a region holds: a face rectangle clipped by another has at most eight corners.
pub const REGION_CAPACITY: usize = 8;

/// One point, a segment's two ends, or the corners of a clipped face polygon.
#[derive(Clone)]
pub struct Region {
    storage: Storage,
}

/// A single point (the common case) inline; several on the heap, so a `Contact` stays small
/// enough to move in registers rather than by a call to copy memory.
#[derive(Clone)]
enum Storage {
    One([Vector3<f64>; 1]),
    Many(Box<[Vector3<f64>]>),
}

impl Region {
    /// A region of one point.
    #[inline]
    pub fn point(point: Vector3<f64>) -> Self {
        Self {
            storage: Storage::One([point]),
        }
    }

    /// A region of the given points (at most [`REGION_CAPACITY`]; extra points are dropped).
    pub fn from_points(points: impl IntoIterator<Item = Vector3<f64>>) -> Self {
        Self {
            storage: Storage::Many(points.into_iter().take(REGION_CAPACITY).collect()),
        }
    }
}

impl Deref for Region {
    type Target = [Vector3<f64>];

    #[inline]
    fn deref(&self) -> &Self::Target {
        match &self.storage {
            Storage::One(point) => point,
            Storage::Many(points) => points,
        }
    }
}

impl PartialEq for Region {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl std::fmt::Debug for Region {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a Region {
    type Item = &'a Vector3<f64>;
    type IntoIter = std::slice::Iter<'a, Vector3<f64>>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl serde::Serialize for Region {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use nalgebra::Vector3;

    use super::{Region, REGION_CAPACITY};

    #[test]
    fn one_point_inline_reads_and_compares_like_a_list_of_one() {
        let p = Vector3::new(1.0, -2.0, 0.5);
        let (inline, listed) = (Region::point(p), Region::from_points([p]));
        assert_eq!(&*inline, &[p][..]);
        assert_eq!(inline, listed);
        assert_eq!(format!("{inline:?}"), format!("{listed:?}"));
        assert_eq!(
            serde_json::to_string(&inline).unwrap(),
            serde_json::to_string(&listed).unwrap()
        );
        assert_ne!(inline, Region::from_points([p, p]));
    }

    #[test]
    fn a_region_keeps_at_most_its_capacity_in_order() {
        let points: Vec<_> = (0..12)
            .map(|k| Vector3::new(f64::from(k), 0.0, 0.0))
            .collect();
        let region = Region::from_points(points.iter().copied());
        assert_eq!(region.len(), REGION_CAPACITY);
        assert_eq!(&*region, &points[..REGION_CAPACITY]);
    }
}
