//! The depth of two overlapping curved shapes made exact where EPA stops short: EPA's polytope
//! closes in on a curved surface slowly, so its normal is polished by descent on the sphere of
//! directions (docs/methods.md §15.6).

use nalgebra::Vector3;

use super::epa::Penetration;
use super::gjk::Gjk;
use super::support::SupportMap;

/// At most this many descent steps.
const STEPS: usize = 100;
/// The descent stops when the normal's tangential pull falls below this share of the pair's
/// size.
const STILL: f64 = 1e-15;

/// What the polish did: the depth along EPA's normal and the depth it reached.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Polish {
    /// Descent steps taken.
    pub steps: usize,
    /// `h(n)` along EPA's normal (the overlap of the shapes across it).
    pub depth_before: f64,
    /// The least overlap found, the depth reported.
    pub depth: f64,
}

/// The overlap of the shapes across the unit `n` (the support function of `A - B`), with the
/// support points of `A` along `n` and of `B` against it.
fn overlap<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(
    a: &A,
    b: &B,
    n: &Vector3<f64>,
) -> (f64, Vector3<f64>, Vector3<f64>) {
    let (on_a, on_b) = (a.support(n), b.support(&-n));
    (n.dot(&(on_a - on_b)), on_a, on_b)
}

/// The polished depth (in the record) and normal of `a` and `b` from EPA's unit `normal`.
///
/// # Algorithm
/// The depth is the least over unit directions `n` of the overlap `h(n) = n·(s_A(n) - s_B(-n))`
/// (the support function of `A - B`, whose origin is inside); every `h(n)` bounds it from
/// above. Gradient descent on the sphere: the pull is the part of `w = s_A(n) - s_B(-n)`
/// across `n`; step `n ← normalize(n - α pull)`, `α` first `1/size` then the Barzilai–Borwein
/// secant, halved until `h` falls; stop when the pull vanishes. Where no step lowers `h` the
/// support point jumps (a polytope's edge or face: `h` has a kink there); the pull then loses
/// its part across the jump, so the descent keeps to the kink (at most two of them).
pub fn polish<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(
    a: &A,
    b: &B,
    normal: &Vector3<f64>,
) -> (Polish, Vector3<f64>) {
    let size = a.bounding_radius() + b.bounding_radius() + (a.center() - b.center()).norm();
    let mut n = *normal;
    let (mut depth, mut on_a, mut on_b) = overlap(a, b, &n);
    let depth_before = depth;
    let pull_at = |n: &Vector3<f64>, on_a: &Vector3<f64>, on_b: &Vector3<f64>| {
        let w = on_a - on_b;
        w - n * n.dot(&w)
    };
    // Directions across which the overlap has a kink (a polytope's edge or face meets the
    // optimum): the support point jumps there, and the descent keeps to the kink.
    let mut kinks: Vec<Vector3<f64>> = Vec::new();
    let along_kinks = |pull: Vector3<f64>, kinks: &[Vector3<f64>]| {
        kinks.iter().fold(pull, |p, k| p - k * k.dot(&p))
    };
    let mut pull = pull_at(&n, &on_a, &on_b);
    let mut step = 1.0 / size.max(1e-300);
    let mut steps = 0;
    while steps < STEPS {
        let direction = along_kinks(pull, &kinks);
        if direction.norm() <= STILL * size {
            break;
        }
        let mut accepted = None;
        let mut jump = Vector3::zeros();
        let mut trial = step;
        for _ in 0..40 {
            let Some(next) = (n - direction * trial).try_normalize(0.0) else {
                break;
            };
            let found = overlap(a, b, &next);
            if found.0 < depth {
                accepted = Some((next, found));
                break;
            }
            jump = (found.1 - on_a) - (found.2 - on_b);
            trial *= 0.5;
        }
        let Some((next, (next_depth, next_a, next_b))) = accepted else {
            // No step lowers the overlap: a kink across the jump of the support point, unless
            // the descent already keeps to two of them (then it is done).
            let across = along_kinks(jump - n * n.dot(&jump), &kinks);
            match across.try_normalize(1e-300) {
                Some(kink) if kinks.len() < 2 => kinks.push(kink),
                _ => break,
            }
            continue;
        };
        let next_pull = pull_at(&next, &next_a, &next_b);
        let (moved, change) = (
            next - n,
            along_kinks(next_pull, &kinks) - along_kinks(pull, &kinks),
        );
        let curvature = moved.dot(&change);
        step = if curvature > 0.0 {
            moved.norm_squared() / curvature
        } else {
            1.0 / size
        };
        (n, depth, on_a, on_b, pull) = (next, next_depth, next_a, next_b, next_pull);
        steps += 1;
    }
    (
        Polish {
            steps,
            depth_before,
            depth,
        },
        n,
    )
}

/// When GJK gave up near contact (its lower bound short of its distance, as on a curved side a
/// hair's breadth from another): the polish from its normal. A least overlap across a direction
/// beyond GJK's tolerance is an overlap of that depth; within it the shapes touch, at GJK's
/// distance, along the polished normal. `None` when the polish took no step (GJK's answer
/// stands).
pub(super) fn undecided<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(
    a: &A,
    b: &B,
    first: &Gjk,
) -> Option<Penetration> {
    if first.intersecting || first.distance - first.lower_bound <= first.tolerance {
        return None;
    }
    let start = [
        first.normal(),
        first.separating_normal,
        b.center() - a.center(),
    ]
    .into_iter()
    .find_map(|n| n.try_normalize(1e-12))?;
    let (record, normal) = polish(a, b, &start);
    if record.steps == 0 {
        return None;
    }
    let signed_distance = if record.depth > first.tolerance {
        -record.depth
    } else {
        first.distance
    };
    Some(Penetration {
        gjk: first.clone(),
        iterations: Vec::new(),
        signed_distance,
        normal,
        point_a: first.closest_a,
        point_b: first.closest_b,
        polish: Some(record),
    })
}
