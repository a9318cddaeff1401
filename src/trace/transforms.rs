//! Frames and homogeneous coordinates: each body's 4×4 transform and its inverse, and the
//! transform between the two bodies of a pair that the separating-axis table works in.

use nalgebra::{Isometry3, Matrix3, Matrix4, Translation3};
use serde::Serialize;

use crate::math::arr3;
use crate::scene::{BodySpec, ShapeSpec};

/// Every body's frame and, for each pair, B's frame seen from A (`explain --transforms`).
#[derive(Clone, Debug, Serialize)]
pub struct FramesRecord {
    /// One entry per body with a frame (every body but planes; with `--pair`, its two), in
    /// scene order.
    pub bodies: Vec<BodyTransform>,
    /// One entry per pair of such bodies, `a` before `b` in scene order.
    pub pairs: Vec<PairTransform>,
}

/// A body's frame as homogeneous matrices, by rows.
#[derive(Clone, Debug, Serialize)]
pub struct BodyTransform {
    /// The body's name.
    pub name: String,
    /// Body to world: `[R c; 0 0 0 1]` (a point `p` of the body is at `R p + c`).
    pub to_world: [[f64; 4]; 4],
    /// World to body, the inverse: `[Rᵀ -Rᵀc; 0 0 0 1]`.
    pub to_body: [[f64; 4]; 4],
}

/// B's frame in A's: what the separating-axis table of the pair uses.
#[derive(Clone, Debug, Serialize)]
pub struct PairTransform {
    /// First body.
    pub a: String,
    /// Second body.
    pub b: String,
    /// B to A: `to_body(A) · to_world(B)`.
    pub b_in_a: [[f64; 4]; 4],
    /// Its rotation `R`, `R_ij = A_i · B_j` (the table's `c_ij`).
    pub rotation: [[f64; 3]; 3],
    /// Its translation `t = Aᵀ (c_B - c_A)`: B's centre in A's frame (the table's `T·A_i`).
    pub translation: [f64; 3],
}

/// The frames of `bodies` and of their pairs, or only of the two bodies `only_pair` names.
pub fn frames_record(bodies: &[BodySpec], only_pair: Option<(&str, &str)>) -> FramesRecord {
    let named = |b: &BodySpec| only_pair.is_none_or(|(x, y)| b.name == x || b.name == y);
    let framed: Vec<&BodySpec> = bodies
        .iter()
        .filter(|b| !matches!(b.shape, ShapeSpec::Plane { .. }) && named(b))
        .collect();
    let pose = |b: &BodySpec| Isometry3::from_parts(Translation3::from(b.center), b.rotation);
    let mut pairs = Vec::new();
    for (i, a) in framed.iter().enumerate() {
        for b in &framed[i + 1..] {
            let kept = only_pair
                .is_none_or(|(x, y)| (a.name == x && b.name == y) || (a.name == y && b.name == x));
            if !kept {
                continue;
            }
            let relative = pose(a).inverse() * pose(b);
            let rotation: Matrix3<f64> = relative.rotation.to_rotation_matrix().into_inner();
            pairs.push(PairTransform {
                a: a.name.clone(),
                b: b.name.clone(),
                b_in_a: rows4(&relative.to_homogeneous()),
                rotation: [0, 1, 2].map(|r| [0, 1, 2].map(|c| rotation[(r, c)])),
                translation: arr3(&relative.translation.vector),
            });
        }
    }
    FramesRecord {
        bodies: framed
            .iter()
            .map(|b| BodyTransform {
                name: b.name.clone(),
                to_world: rows4(&pose(b).to_homogeneous()),
                to_body: rows4(&pose(b).inverse().to_homogeneous()),
            })
            .collect(),
        pairs,
    }
}

fn rows4(m: &Matrix4<f64>) -> [[f64; 4]; 4] {
    [0, 1, 2, 3].map(|r| [0, 1, 2, 3].map(|c| m[(r, c)]))
}
