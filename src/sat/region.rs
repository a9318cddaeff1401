//! The contact region of two boxes: up to eight points, kept inline (no allocation).

use std::ops::Deref;

use nalgebra::Vector3;

/// Most points a region holds: a face rectangle clipped by another has at most eight corners.
pub const REGION_CAPACITY: usize = 8;

/// One point, a segment's two ends, or the corners of a clipped face polygon.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Region {
    points: [Vector3<f64>; REGION_CAPACITY],
    len: usize,
}

impl Region {
    /// A region of the given points (at most [`REGION_CAPACITY`]; extra points are dropped).
    pub fn from_points(points: impl IntoIterator<Item = Vector3<f64>>) -> Self {
        let mut region = Self {
            points: [Vector3::zeros(); REGION_CAPACITY],
            len: 0,
        };
        for p in points.into_iter().take(REGION_CAPACITY) {
            region.points[region.len] = p;
            region.len += 1;
        }
        region
    }
}

impl Deref for Region {
    type Target = [Vector3<f64>];

    fn deref(&self) -> &Self::Target {
        &self.points[..self.len]
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
