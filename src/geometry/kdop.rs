//! k-DOPs: the intersection of `k/2` slabs along fixed world directions (k = 6, 14, 18, 26),
//! fitted to points, with the corners of the slab polytope for its support map (docs/methods.md §15.5).

use nalgebra::{Matrix3, Vector3};

const R2: f64 = std::f64::consts::FRAC_1_SQRT_2;
const R3: f64 = 0.577_350_269_189_625_8;

/// The thirteen standard directions (unit length): the 3 axes, the 4 corner diagonals
/// `(±1, ±1, ±1)`, then the 6 edge diagonals `(±1, ±1, 0)`.
const DIRECTIONS: [[f64; 3]; 13] = [
    [1.0, 0.0, 0.0],
    [0.0, 1.0, 0.0],
    [0.0, 0.0, 1.0],
    [R3, R3, R3],
    [R3, R3, -R3],
    [R3, -R3, R3],
    [R3, -R3, -R3],
    [R2, R2, 0.0],
    [R2, -R2, 0.0],
    [R2, 0.0, R2],
    [R2, 0.0, -R2],
    [0.0, R2, R2],
    [0.0, R2, -R2],
];

/// Why a k-DOP could not be fitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KdopError {
    /// `k` is not 6, 14, 18 or 26.
    UnsupportedK(usize),
    /// No points, or a coordinate that is not finite.
    NoPoints,
}

impl std::fmt::Display for KdopError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KdopError::UnsupportedK(k) => write!(f, "k = {k} is not one of 6, 14, 18, 26"),
            KdopError::NoPoints => write!(f, "a k-DOP needs at least one point, all finite"),
        }
    }
}

impl std::error::Error for KdopError {}

/// A k-DOP: for each of its `k/2` directions `d`, the slab `min <= d·x <= max`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Kdop {
    /// 6, 14, 18 or 26.
    pub k: usize,
    /// The slab directions (unit vectors), `k/2` of them.
    pub directions: Vec<Vector3<f64>>,
    /// Per direction, the lower end of the slab.
    pub min: Vec<f64>,
    /// Per direction, the upper end of the slab.
    pub max: Vec<f64>,
    /// The corners of the slab polytope (its support map).
    pub vertices: Vec<Vector3<f64>>,
}

/// The slab directions of a k-DOP, in order: faces, then corners (14, 26), then edges (18, 26).
pub fn kdop_directions(k: usize) -> Result<Vec<Vector3<f64>>, KdopError> {
    let pick: &[usize] = match k {
        6 => &[0, 1, 2],
        14 => &[0, 1, 2, 3, 4, 5, 6],
        18 => &[0, 1, 2, 7, 8, 9, 10, 11, 12],
        26 => &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        _ => return Err(KdopError::UnsupportedK(k)),
    };
    Ok(pick.iter().map(|&i| Vector3::from(DIRECTIONS[i])).collect())
}

impl Kdop {
    /// The tightest k-DOP of the points: per direction `d`, the min and max of `d·p`.
    ///
    /// # Algorithm
    /// 1. The slab ends are the extremes of `d·p` over the points.
    /// 2. The polytope's corners: every three slab planes with independent normals meet in a
    ///    point; those inside every slab (up to `1e-9` of the size) are kept, duplicates merged.
    pub fn fit(points: &[Vector3<f64>], k: usize) -> Result<Self, KdopError> {
        let directions = kdop_directions(k)?;
        if points.is_empty() || points.iter().any(|p| p.iter().any(|x| !x.is_finite())) {
            return Err(KdopError::NoPoints);
        }
        let extremes = |d: &Vector3<f64>| {
            points
                .iter()
                .map(|p| d.dot(p))
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
                    (lo.min(x), hi.max(x))
                })
        };
        let (min, max): (Vec<f64>, Vec<f64>) = directions.iter().map(extremes).unzip();
        let mut kdop = Self {
            k,
            directions,
            min,
            max,
            vertices: Vec::new(),
        };
        kdop.vertices = kdop.corners();
        Ok(kdop)
    }

    /// The slab `(min, max)` along direction `i`.
    pub fn slab(&self, i: usize) -> (f64, f64) {
        (self.min[i], self.max[i])
    }

    /// Whether `p` lies in every slab.
    pub fn contains_point(&self, p: &Vector3<f64>) -> bool {
        self.directions.iter().enumerate().all(|(i, d)| {
            let x = d.dot(p);
            self.min[i] <= x && x <= self.max[i]
        })
    }

    /// The same k-DOP moved by `offset`.
    #[must_use]
    pub fn translated(&self, offset: &Vector3<f64>) -> Self {
        let shift: Vec<f64> = self.directions.iter().map(|d| d.dot(offset)).collect();
        Self {
            k: self.k,
            directions: self.directions.clone(),
            min: self.min.iter().zip(&shift).map(|(m, s)| m + s).collect(),
            max: self.max.iter().zip(&shift).map(|(m, s)| m + s).collect(),
            vertices: self.vertices.iter().map(|v| v + offset).collect(),
        }
    }

    /// The corners of the slab polytope.
    fn corners(&self) -> Vec<Vector3<f64>> {
        let planes: Vec<(Vector3<f64>, f64)> = self
            .directions
            .iter()
            .enumerate()
            .flat_map(|(i, d)| [(*d, self.max[i]), (-d, -self.min[i])])
            .collect();
        let size = self
            .min
            .iter()
            .chain(&self.max)
            .fold(1.0_f64, |m, x| m.max(x.abs()));
        let tolerance = 1e-9 * size;
        let mut corners: Vec<Vector3<f64>> = Vec::new();
        for a in 0..planes.len() {
            for b in a + 1..planes.len() {
                for c in b + 1..planes.len() {
                    let m = Matrix3::from_rows(&[
                        planes[a].0.transpose(),
                        planes[b].0.transpose(),
                        planes[c].0.transpose(),
                    ]);
                    if m.determinant().abs() < 1e-9 {
                        continue;
                    }
                    let Some(p) =
                        m.lu()
                            .solve(&Vector3::new(planes[a].1, planes[b].1, planes[c].1))
                    else {
                        continue;
                    };
                    let inside = planes.iter().all(|(n, o)| n.dot(&p) <= o + tolerance);
                    if inside && corners.iter().all(|q| (q - p).norm() > tolerance) {
                        corners.push(p);
                    }
                }
            }
        }
        corners
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direction_sets_have_the_standard_sizes_and_unit_length() {
        for k in [6, 14, 18, 26] {
            let d = kdop_directions(k).unwrap();
            assert_eq!(d.len(), k / 2);
            assert!(d.iter().all(|v| (v.norm() - 1.0).abs() < 1e-15));
        }
        assert_eq!(kdop_directions(8), Err(KdopError::UnsupportedK(8)));
    }

    #[test]
    fn a_6dop_is_the_aabb_and_a_26dop_cuts_its_corners() {
        let points = [
            Vector3::new(0.0, 0.0, 0.0),
            Vector3::new(1.0, 0.0, 0.0),
            Vector3::new(0.0, 1.0, 0.0),
            Vector3::new(0.0, 0.0, 1.0),
        ];
        let six = Kdop::fit(&points, 6).unwrap();
        assert_eq!(
            (six.min.clone(), six.max.clone()),
            (vec![0.0; 3], vec![1.0; 3])
        );
        assert_eq!(six.vertices.len(), 8);
        let far = Vector3::new(0.9, 0.9, 0.9);
        assert!(six.contains_point(&far));
        let tight = Kdop::fit(&points, 26).unwrap();
        assert!(!tight.contains_point(&far));
        // Every point fitted is inside, and the corners of a tetrahedron's 26-DOP are its vertices.
        assert!(points.iter().all(|p| tight.contains_point(p)));
        assert_eq!(tight.vertices.len(), 4);
        assert_eq!(Kdop::fit(&[], 6), Err(KdopError::NoPoints));
    }
}
