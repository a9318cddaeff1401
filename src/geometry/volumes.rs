//! Queries on the simple bounding volumes: AABB intervals, spheres and planes (docs/methods.md §3.1, §3.2, §6.1).

use nalgebra::Vector3;

use super::{Aabb, Plane, Sphere};

/// The projections of two AABBs on one coordinate axis and how much they share.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IntervalOverlap {
    /// The coordinate axis: 0 for x, 1 for y, 2 for z.
    pub axis: usize,
    /// The first box's interval `[min, max]` on this axis.
    pub first: [f64; 2],
    /// The second box's interval `[min, max]` on this axis.
    pub second: [f64; 2],
    /// Length of the common part; negative values are the gap between the intervals.
    pub overlap: f64,
}

impl IntervalOverlap {
    /// Whether the two closed intervals share at least one point.
    pub fn overlaps(&self) -> bool {
        self.overlap >= 0.0
    }
}

/// The AABB overlap test with the evidence of every axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AabbOverlap {
    /// The x, y and z intervals, in that order.
    pub axes: [IntervalOverlap; 3],
    /// The first axis whose intervals are disjoint, if any.
    pub separating_axis: Option<usize>,
}

impl AabbOverlap {
    /// Whether the boxes overlap (touching counts): no axis separates them.
    pub fn overlaps(&self) -> bool {
        self.separating_axis.is_none()
    }
}

impl Aabb {
    /// The overlap test of docs/methods.md §3.1: the boxes overlap iff their x, y and z intervals overlap.
    ///
    /// # Algorithm
    /// 1. On each axis, the common length is `min(max_a, max_b) - max(min_a, min_b)`.
    /// 2. An axis with a negative common length separates the boxes.
    pub fn overlap(&self, other: &Aabb) -> AabbOverlap {
        let axes: [IntervalOverlap; 3] = std::array::from_fn(|axis| IntervalOverlap {
            axis,
            first: [self.min[axis], self.max[axis]],
            second: [other.min[axis], other.max[axis]],
            overlap: self.max[axis].min(other.max[axis]) - self.min[axis].max(other.min[axis]),
        });
        let separating_axis = axes.iter().find(|a| !a.overlaps()).map(|a| a.axis);
        AabbOverlap {
            axes,
            separating_axis,
        }
    }

    /// Whether the boxes overlap (touching counts).
    pub fn overlaps(&self, other: &Aabb) -> bool {
        self.overlap(other).overlaps()
    }

    /// Whether `p` lies in the closed box.
    pub fn contains_point(&self, p: &Vector3<f64>) -> bool {
        (0..3).all(|i| self.min[i] <= p[i] && p[i] <= self.max[i])
    }

    /// The smallest AABB holding both boxes.
    #[must_use]
    pub fn union(&self, other: &Aabb) -> Aabb {
        Aabb {
            min: self.min.inf(&other.min),
            max: self.max.sup(&other.max),
        }
    }

    /// The centre point.
    pub fn center(&self) -> Vector3<f64> {
        (self.min + self.max) / 2.0
    }

    /// Half the side lengths.
    pub fn half_extents(&self) -> Vector3<f64> {
        (self.max - self.min) / 2.0
    }
}

impl Sphere {
    /// Whether the spheres overlap (touching counts); see `spheres::sphere_sphere` for the evidence.
    pub fn overlaps(&self, other: &Sphere) -> bool {
        super::spheres::sphere_sphere(self, other).overlaps
    }

    /// Whether `p` lies in the closed ball.
    pub fn contains_point(&self, p: &Vector3<f64>) -> bool {
        (p - self.center).norm() <= self.radius
    }
}

impl Plane {
    /// The plane `normal · x = offset`, both divided by `|normal|`; `None` for a zero or
    /// non-finite normal.
    pub fn new(normal: Vector3<f64>, offset: f64) -> Option<Plane> {
        let length = normal.norm();
        if !(length.is_finite() && length > 0.0 && offset.is_finite()) {
            return None;
        }
        Some(Plane {
            normal: normal / length,
            offset: offset / length,
        })
    }

    /// The plane through `point` with normal direction `normal`; `None` for a zero normal.
    pub fn from_point_normal(point: &Vector3<f64>, normal: Vector3<f64>) -> Option<Plane> {
        Plane::new(normal, normal.dot(point))
    }

    /// Signed distance `normal · p - offset`: positive on the side the normal points to.
    pub fn signed_distance(&self, p: &Vector3<f64>) -> f64 {
        self.normal.dot(p) - self.offset
    }

    /// The foot of the perpendicular from `p` onto the plane.
    pub fn project_point(&self, p: &Vector3<f64>) -> Vector3<f64> {
        p - self.normal * self.signed_distance(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn aabb(min: [f64; 3], max: [f64; 3]) -> Aabb {
        Aabb {
            min: Vector3::from(min),
            max: Vector3::from(max),
        }
    }

    #[test]
    fn touching_boxes_overlap_and_a_gap_names_its_axis() {
        let a = aabb([0.0; 3], [1.0; 3]);
        assert!(a.overlaps(&aabb([1.0, 0.5, 0.5], [2.0; 3])));
        let apart = a.overlap(&aabb([0.0, 0.0, 1.5], [1.0, 1.0, 2.0]));
        assert_eq!(apart.separating_axis, Some(2));
        assert!((apart.axes[2].overlap + 0.5).abs() < 1e-15);
        assert!((apart.axes[0].overlap - 1.0).abs() < 1e-15);
    }

    #[test]
    fn plane_new_scales_offset_with_the_normal() {
        let plane = Plane::new(Vector3::new(0.0, 2.0, 0.0), 4.0).unwrap();
        assert!((plane.offset - 2.0).abs() < 1e-15);
        assert!((plane.signed_distance(&Vector3::new(5.0, 3.0, 1.0)) - 1.0).abs() < 1e-15);
        assert!(Plane::new(Vector3::zeros(), 1.0).is_none());
    }
}
