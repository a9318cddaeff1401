//! The pairs of a large scene worth listing: those near enough to matter, found without looking
//! at every pair; the rest are only counted.

use crate::scene::{BodySpec, ShapeSpec};
use crate::trace::{enclosing_ball, Stage};

/// Scenes with more pairs than this list only their near pairs (a 300-body scene, 44,850
/// pairs, still lists them all).
pub const LIST_ALL: usize = 200_000;

/// The pairs not listed, counted by the stage that decides them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FarPairs {
    /// How many pairs are not listed.
    pub total: usize,
    /// How many of them the enclosing spheres decide (the others are decided by the exact test).
    pub spheres: usize,
}

impl FarPairs {
    /// How many unlisted pairs `stage` decides.
    pub fn count(&self, stage: Stage) -> usize {
        match stage {
            Stage::Spheres => self.spheres,
            Stage::Exact => self.total - self.spheres,
            Stage::Aabbs | Stage::Sat => 0,
        }
    }

    /// Takes one pair of this stage out of the count (it is now listed).
    pub fn take(&mut self, stage: Stage) {
        self.total = self.total.saturating_sub(1);
        if stage == Stage::Spheres {
            self.spheres = self.spheres.saturating_sub(1);
        }
    }
}

/// Every pair (`i < j`) that involves a body without an enclosing ball (a plane), or whose
/// enclosing balls, each grown by its travel over `horizon` and by its own radius, overlap.
///
/// # Algorithm
/// Sort and sweep: each body with a ball is an interval along x, `centre ± (2 r + |v| horizon)`;
/// sorted by the interval's start, each body is checked only against the bodies whose interval
/// is still open, and a pair is kept when the grown balls meet in 3D. A pair is near when its
/// balls are within the larger radius of each other, or when their motion could close the gap
/// within the horizon (what [`crate::trace::may_touch`] checks first), so every pair that may
/// touch is kept.
pub fn near_pairs(bodies: &[BodySpec], horizon: f64) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    let mut balls = Vec::new();
    for (i, body) in bodies.iter().enumerate() {
        match enclosing_ball(body) {
            Some((centre, radius)) => {
                let travel = if body.fixed {
                    0.0
                } else {
                    body.velocity.norm() * horizon.max(0.0)
                };
                balls.push((i, centre, 2.0 * radius + travel));
            }
            None => pairs.extend(
                (0..bodies.len())
                    .filter(|&j| j != i)
                    .map(|j| (i.min(j), i.max(j))),
            ),
        }
    }
    balls.sort_by(|x, y| (x.1.x - x.2).total_cmp(&(y.1.x - y.2)));
    let mut open: Vec<usize> = Vec::new();
    for (k, &(i, centre, reach)) in balls.iter().enumerate() {
        open.retain(|&m| balls[m].1.x + balls[m].2 >= centre.x - reach);
        for &m in &open {
            let (j, other, other_reach) = balls[m];
            if (other - centre).norm() <= (reach + other_reach) * (1.0 + 1e-9) {
                pairs.push((i.min(j), i.max(j)));
            }
        }
        open.push(k);
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// Whether the enclosing spheres decide the pair when they are apart: a box with a box or a
/// sphere.
pub fn sphere_kind(a: &BodySpec, b: &BodySpec) -> bool {
    let kind = |s: &ShapeSpec| match s {
        ShapeSpec::Box { .. } => 1,
        ShapeSpec::Sphere { .. } => 2,
        _ => 0,
    };
    matches!((kind(&a.shape), kind(&b.shape)), (1, 1 | 2) | (2, 1))
}

/// How many pairs of `bodies` make a pair at all (two planes, a plane and a surface, or two
/// meshes do not), counted from the shapes alone; and how many of those the enclosing spheres
/// decide when apart (a box with a box or a sphere).
pub fn pair_counts(bodies: &[BodySpec]) -> (usize, usize) {
    let count = |f: fn(&ShapeSpec) -> bool| bodies.iter().filter(|b| f(&b.shape)).count();
    let planes = count(|s| matches!(s, ShapeSpec::Plane { .. }));
    let surfaces = count(ShapeSpec::is_surface);
    let meshes = count(|s| matches!(s, ShapeSpec::Mesh(_)));
    let boxes = count(|s| matches!(s, ShapeSpec::Box { .. }));
    let spheres = count(|s| matches!(s, ShapeSpec::Sphere { .. }));
    let choose2 = |n: usize| n * n.saturating_sub(1) / 2;
    let all = choose2(bodies.len()) - choose2(planes) - planes * surfaces - choose2(meshes);
    (all, choose2(boxes) + boxes * spheres)
}
