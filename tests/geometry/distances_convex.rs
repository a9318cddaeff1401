//! Measured distances with an ellipsoid, a cylinder or a k-DOP on either side, against every
//! kind a scene can measure (point, segment, line, plane, sphere, box, triangle, ellipsoid,
//! cylinder, k-DOP), 1,000 random pairs per kind each way round.
//!
//! Every apart pair carries a duality certificate computed by formulas independent of GJK's
//! support maps: both closest points on their shapes within 1e-9, as far apart as the distance
//! within 1e-9, and the reaches of the two shapes along the line of the closest points apart by
//! the distance within 1e-9 (a lower bound of the true distance, so the distance is right to
//! 1e-9). A point against a cylinder is checked against the closed-form closest point (distance
//! and point within 1e-9), against an ellipsoid against the exact nearest point by bisection
//! (distance and point within 1e-9; sepax finds it by Newton's method on the same equation).
//! Pairs parry3d-f64 can hold (no ellipsoid, no plane: parry's is a solid
//! half-space) agree with its distance within
//! 1e-5 (its GJK on curved shapes is accurate to about 1e-6); overlaps with an ellipsoid are
//! checked in the ellipsoid's unit-sphere space, where the other shape stays convex and a polytope
//! stays a polytope. k-DOPs against polytopes and each other, with closest points against parry:
//! `distances_kdop.rs`.

use crate::distances_convex_support;
use crate::distances_support;
use crate::oracle_support;

use distances_convex_support::{
    certificate, meets_in_unit_space, nearest, nearest_on_ellipsoid, partner, reach,
};
use oracle_support::Rng;
use sepax::geometry::separation::{separation, Item};
use sepax::geometry::Convex;
use sepax::nalgebra::Vector3;

const SEED: u64 = 0x0005_EFA4_D157_0015;
const PER_KIND: u64 = 1_000;
const TOLERANCE: f64 = 1e-9;
const PARRY_BAND: f64 = 1e-5;
/// How close the widest empty slab found near the closest points' direction comes to the
/// distance (a lower bound found by a pattern search, which stalls short of the optimum on the
/// ridges of a box's, a segment's or a cylinder's reach).
const CERTIFICATE: f64 = 1e-6;
/// How close a point's nearest point on an ellipsoid comes to the exact one.
const ELLIPSOID_POINT: f64 = 1e-9;
/// How far each closest point may be from the other shape's nearest point to the other one.
const FIXED_POINT: f64 = 1e-9;
/// The distance's agreement with the exact one when GJK stopped at its iteration limit.
const AT_LIMIT: f64 = 1e-7;
const KINDS: [&str; 10] = [
    "point",
    "segment",
    "line",
    "plane",
    "sphere",
    "box",
    "triangle",
    "ellipsoid",
    "cylinder",
    "kdop",
];

#[derive(Default)]
struct Tally {
    pairs: usize,
    apart: usize,
    overlap_checked: usize,
    overlap_unchecked: usize,
    exact: usize,
    at_limit: usize,
    worst_at_limit: f64,
    worst_gap: f64,
    worst_distance: f64,
    worst_point: f64,
    worst_fixed: f64,
}

/// A line as the segment 200 long about its point `near` (for the certificate's reach).
fn bounded(item: &Item, near: &Vector3<f64>) -> Item {
    match item {
        Item::Line(o, v) => {
            let foot = o + v * (v.dot(&(near - o)) / v.norm_squared());
            Item::Segment(foot - v * 100.0, foot + v * 100.0)
        }
        other => other.clone(),
    }
}

fn check(label: &str, index: u64, a: &Item, b: &Item, tally: &mut Tally) {
    let found = separation(a, b);
    let context = || format!("{label} #{index}: {a:?} and {b:?}: {found:?}");
    tally.pairs += 1;
    let Some((ca, cb)) = found.closest else {
        // They meet: the independent verdict, where there is one.
        let ellipsoid = [(a, b), (b, a)].into_iter().find_map(|(x, y)| match x {
            Item::Convex(Convex::Ellipsoid(e)) => Some((*e, y.clone())),
            _ => None,
        });
        let plane = [(a, b), (b, a)].into_iter().find_map(|(x, y)| match x {
            Item::Plane(p) => Some((*p, y)),
            _ => None,
        });
        let verdict = match (ellipsoid, plane) {
            (Some((e, other)), _) => meets_in_unit_space(&e, &other),
            (None, Some((p, other))) => {
                let up = reach(other, &p.normal).unwrap_or(f64::INFINITY);
                let down = -reach(other, &-p.normal).unwrap_or(f64::INFINITY);
                Some(down <= p.offset && p.offset <= up)
            }
            (None, None) => Some(distances_support::parry_distance(a, b) <= PARRY_BAND),
        };
        match verdict {
            Some(meets) => {
                assert!(meets, "{}: reported meeting", context());
                tally.overlap_checked += 1;
            }
            None => tally.overlap_unchecked += 1,
        }
        return;
    };
    let scale = 1.0 + ca.norm().max(cb.norm());
    let (a_b, b_b) = (bounded(a, &ca), bounded(b, &cb));
    let (off, apart, gap) = certificate(&a_b, &b_b, &found).expect("closest points");
    assert!(off <= TOLERANCE * scale, "{}: a point {off} off", context());
    assert!(
        apart <= TOLERANCE * scale,
        "{}: points {apart} off",
        context()
    );
    if found.distance > 0.0 {
        tally.apart += 1;
        // Each point is the other shape's nearest point to the other one: the two convex
        // sets' closest pair (a fixed point of the projections), whichever pair it is when
        // several are closest.
        let fixed = nearest(&a_b, &cb) - ca;
        let fixed = fixed.norm().max((nearest(&b_b, &ca) - cb).norm());
        tally.worst_fixed = tally.worst_fixed.max(fixed / scale);
        assert!(
            fixed <= FIXED_POINT * scale,
            "{}: the closest points are {fixed:e} off each other's projections",
            context()
        );
        let in_parry = ![a, b]
            .iter()
            .any(|x| matches!(x, Item::Convex(Convex::Ellipsoid(_)) | Item::Plane(_)));
        if in_parry {
            let parry = distances_support::parry_distance(a, b);
            assert!(
                (parry - found.distance).abs() <= PARRY_BAND * scale,
                "{}: parry says {parry}",
                context()
            );
        }
    }
    let Some((exact, point_tolerance)) = exact_distance(a, b, &ca, &cb) else {
        tally.worst_gap = tally.worst_gap.max(gap / scale);
        assert!(
            gap.abs() <= CERTIFICATE * scale,
            "{}: certificate gap {gap}",
            context()
        );
        return;
    };
    tally.exact += 1;
    let error = (exact.0 - found.distance).abs() / scale;
    let tolerance = if found.gjk_gave_up {
        // GJK gave up with its bounds still apart (at its iteration limit, or stalled by
        // rounding on a curved side nearly parallel to a line): the answer is its best upper
        // bound.
        tally.at_limit += 1;
        tally.worst_at_limit = tally.worst_at_limit.max(error);
        AT_LIMIT
    } else {
        tally.worst_distance = tally.worst_distance.max(error);
        TOLERANCE
    };
    assert!(
        error <= tolerance,
        "{}: exact distance {}",
        context(),
        exact.0
    );
    if let Some((point, on_shape)) = exact.1 {
        let moved = (point - on_shape).norm();
        tally.worst_point = tally.worst_point.max(moved / scale);
        assert!(
            moved <= point_tolerance * scale,
            "{}: exact point {point}",
            context()
        );
    }
}

/// An exact distance, with the exact closest point and ours on the shape when known.
type Exact = (f64, Option<(Vector3<f64>, Vector3<f64>)>);

/// The exact distance of a curved shape (a cylinder or an ellipsoid) from a point (its exact
/// nearest point too), a sphere (the centre's distance less the radius), a segment or a line (the
/// smallest distance of its points, a convex function of the parameter, by ternary search);
/// with the tolerance of the closest point.
fn exact_distance(
    a: &Item,
    b: &Item,
    ca: &Vector3<f64>,
    cb: &Vector3<f64>,
) -> Option<(Exact, f64)> {
    let (shape, other, on_shape) = match (a, b) {
        (Item::Convex(s), o) if !matches!(s, Convex::Kdop(_)) => (s, o, ca),
        (o, Item::Convex(s)) if !matches!(s, Convex::Kdop(_)) => (s, o, cb),
        _ => return None,
    };
    let nearest = |p: &Vector3<f64>| match shape {
        Convex::Cylinder(c) => c.closest_point(p),
        Convex::Ellipsoid(e) => nearest_on_ellipsoid(e, p),
        Convex::Kdop(_) => unreachable!(),
    };
    let point_tolerance = if matches!(shape, Convex::Ellipsoid(_)) {
        ELLIPSOID_POINT
    } else {
        TOLERANCE
    };
    let along = |p: Vector3<f64>, v: Vector3<f64>, lo: f64, hi: f64| {
        let f = |t: f64| (nearest(&(p + v * t)) - (p + v * t)).norm();
        let (mut lo, mut hi) = (lo, hi);
        for _ in 0..200 {
            let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
            if f(m1) < f(m2) {
                hi = m2;
            } else {
                lo = m1;
            }
        }
        f(0.5 * (lo + hi))
    };
    Some(match other {
        Item::Point(p) => {
            let q = nearest(p);
            (((q - p).norm(), Some((q, *on_shape))), point_tolerance)
        }
        Item::Sphere(s) => {
            let q = nearest(&s.center);
            (
                (((q - s.center).norm() - s.radius).max(0.0), None),
                point_tolerance,
            )
        }
        Item::Segment(p, q) => ((along(*p, q - p, 0.0, 1.0), None), point_tolerance),
        Item::Line(o, v) => ((along(*o, *v, -50.0, 50.0), None), point_tolerance),
        _ => return None,
    })
}

fn shape_against_everything(shape: usize, seed: u64) {
    for (kind, name) in KINDS.iter().enumerate() {
        let label = format!("{}-{name}", KINDS[shape]);
        let mut tally = Tally::default();
        for index in 0..PER_KIND {
            let mut rng = Rng::case(seed + kind as u64, index);
            let (a, b) = (partner(&mut rng, shape), partner(&mut rng, kind));
            check(&label, index, &a, &b, &mut tally);
            check(&label, index, &b, &a, &mut tally);
        }
        println!(
            "{label}: {} pairs, {} apart ({} against an exact distance: largest error {:.1e}, or \
             {:.1e} in the {} where GJK gave up (its iteration limit or no progress), closest point {:.1e}; the \
             others' largest certificate gap {:.1e}; closest points off each other's projections by \
             {:.1e} at most), {} meeting checked, {} meeting unchecked",
            tally.pairs,
            tally.apart,
            tally.exact,
            tally.worst_distance,
            tally.worst_at_limit,
            tally.at_limit,
            tally.worst_point,
            tally.worst_gap,
            tally.worst_fixed,
            tally.overlap_checked,
            tally.overlap_unchecked
        );
        assert!(tally.apart * 5 >= tally.pairs, "{label}: too few apart");
    }
}

#[test]
fn ellipsoids_against_everything() {
    shape_against_everything(7, SEED);
}

#[test]
fn cylinders_against_everything() {
    shape_against_everything(8, SEED + 100);
}

#[test]
fn kdops_against_everything() {
    shape_against_everything(9, SEED + 200);
}
