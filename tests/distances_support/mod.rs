//! The comparison of measured distances with parry3d-f64 shared by the distance tests: an item
//! as a parry shape (a k-DOP as the convex hull of its corners, a cylinder as parry's), parry's distance from a point to it, and one family of random pairs checked
//! both ways round.
#![allow(dead_code)]

use parry3d_f64::math::Pose;
use parry3d_f64::query::{self, ClosestPoints};
use parry3d_f64::shape::{
    Ball, ConvexPolyhedron, Cuboid, Cylinder as ParryCylinder, HalfSpace, Segment, Shape,
};
use sepax::geometry::separation::{separation, Item};
use sepax::geometry::Convex;
use sepax::nalgebra::{UnitQuaternion, Vector3};

use super::oracle_support::{dvec, Rng};
use super::shapes_support::{parry_triangle, pose_of, WORLD};

/// Cases per family (each checked in both orders).
pub const PER_FAMILY: u64 = 3_000;
/// Distances and closest points agree within this, relative to the size of the pair.
pub const TOLERANCE: f64 = 1e-9;
/// A line is a parry segment this far either side of its point nearest the other item.
const LINE_REACH: f64 = 100.0;

/// An item in parry: a pose and a shape.
fn parry_of(item: &Item, near: &Vector3<f64>) -> (Pose, Box<dyn Shape>) {
    let still = UnitQuaternion::identity();
    match item {
        Item::Point(p) => (pose_of(p, &still), Box::new(Ball::new(0.0))),
        Item::Segment(p, q) => (WORLD, Box::new(Segment::new(dvec(p), dvec(q)))),
        Item::Line(o, v) => {
            let foot = o + v * v.dot(&(near - o));
            let (a, b) = (foot - v * LINE_REACH, foot + v * LINE_REACH);
            (WORLD, Box::new(Segment::new(dvec(&a), dvec(&b))))
        }
        Item::Plane(plane) => (
            pose_of(&(plane.normal * plane.offset), &still),
            Box::new(HalfSpace::new(dvec(&plane.normal))),
        ),
        Item::Sphere(s) => (pose_of(&s.center, &still), Box::new(Ball::new(s.radius))),
        Item::Box(obb) => (
            pose_of(&obb.center(), &obb.rotation()),
            Box::new(Cuboid::new(dvec(&obb.half_extents()))),
        ),
        Item::Triangle(t) => (WORLD, Box::new(parry_triangle(t))),
        Item::Convex(Convex::Kdop(k)) => {
            let corners: Vec<_> = k.vertices.iter().map(dvec).collect();
            let hull = ConvexPolyhedron::from_convex_hull(&corners).expect("a solid k-DOP");
            (WORLD, Box::new(hull))
        }
        Item::Convex(Convex::Cylinder(c)) => (
            pose_of(&c.center, &c.rotation),
            Box::new(ParryCylinder::new(c.half_height, c.radius)),
        ),
        Item::Convex(Convex::Ellipsoid(_)) => panic!("parry has no ellipsoid"),
    }
}

/// parry's nearest point of the solid item to `p` (a line as a long segment about `p`).
pub fn parry_nearest(item: &Item, p: &Vector3<f64>) -> Vector3<f64> {
    let (pose, shape) = parry_of(item, p);
    let q = shape.project_point(&pose, dvec(p), true).point;
    Vector3::new(q.x, q.y, q.z)
}

/// parry's distance from the point `p` to the item.
fn off_by(p: &Vector3<f64>, item: &(Pose, Box<dyn Shape>)) -> f64 {
    let point = pose_of(p, &UnitQuaternion::identity());
    query::distance(&point, &Ball::new(0.0), &item.0, item.1.as_ref())
        .expect("supported")
        .distance
}

#[derive(Default)]
struct Tally {
    pairs: usize,
    apart: usize,
    non_unique: usize,
    /// Pairs of a family with unique closest points where parry chose another closest pair.
    differing: usize,
}

/// Compares one pair; `unique` says whether the closest points are unique.
fn check(label: &str, index: u64, a: &Item, b: &Item, unique: bool, tally: &mut Tally) {
    let ours = separation(a, b);
    let (near_a, near_b) = ours.closest.unwrap_or_default();
    let (pa, pb) = (parry_of(a, &near_b), parry_of(b, &near_a));
    let parry = query::distance(&pa.0, pa.1.as_ref(), &pb.0, pb.1.as_ref())
        .expect("supported")
        .distance;
    let scale = 1.0 + near_a.norm().max(near_b.norm());
    let context = || format!("{label} #{index}: {a:?} and {b:?}: ours {ours:?}, parry {parry}");
    tally.pairs += 1;
    assert!(
        (ours.distance - parry).abs() <= TOLERANCE * scale,
        "{}",
        context()
    );
    let Some((ca, cb)) = ours.closest else {
        assert!(parry <= TOLERANCE * scale, "{}", context());
        return;
    };
    assert!(
        ((ca - cb).norm() - ours.distance).abs() <= TOLERANCE * scale,
        "{}",
        context()
    );
    if parry <= TOLERANCE * scale {
        return;
    }
    tally.apart += 1;
    let margin = parry * 2.0 + 1.0;
    let points = query::closest_points(&pa.0, pa.1.as_ref(), &pb.0, pb.1.as_ref(), margin)
        .expect("supported");
    let ClosestPoints::WithinMargin(qa, qb) = points else {
        panic!("{}: parry gives {points:?}", context());
    };
    let (qa, qb) = (
        Vector3::new(qa.x, qa.y, qa.z),
        Vector3::new(qb.x, qb.y, qb.z),
    );
    let same = (ca - qa).norm() <= TOLERANCE * scale && (cb - qb).norm() <= TOLERANCE * scale;
    if unique && !ours.parallel && same {
        return;
    }
    // Ours must be a closest pair: each point on its shape, as far apart as parry's distance.
    tally.non_unique += 1;
    assert!(
        off_by(&ca, &pa) <= TOLERANCE * scale,
        "{}: A off its shape",
        context()
    );
    assert!(
        off_by(&cb, &pb) <= TOLERANCE * scale,
        "{}: B off its shape",
        context()
    );
    if unique && !ours.parallel {
        tally.differing += 1;
        let apart = (qa - qb).norm();
        if (apart - parry).abs() > TOLERANCE * scale {
            // parry's closest points are not as far apart as its own distance (seen for a
            // triangle's edge against a box: it returns a vertex of the edge): ours, on the
            // shapes and `distance` apart, stand checked by its distance alone.
            println!("{label} #{index}: parry's points are {apart} apart, its distance {parry}");
            return;
        }
        // parry's pair is a closest pair too, and another one: the closest points are not unique.
        assert!(
            off_by(&qa, &pa) <= TOLERANCE * scale,
            "{}: parry's A {qa}",
            context()
        );
        assert!(
            off_by(&qb, &pb) <= TOLERANCE * scale,
            "{}: parry's B {qb}",
            context()
        );
    }
}

/// Runs `make` for every case of a family and reports the tally.
pub fn family(
    label: &str,
    seed: u64,
    unique: bool,
    make: impl Fn(&mut Rng) -> Option<(Item, Item)>,
) {
    let mut tally = Tally::default();
    for index in 0..PER_FAMILY {
        let mut rng = Rng::case(seed, index);
        if let Some((a, b)) = make(&mut rng) {
            check(label, index, &a, &b, unique, &mut tally);
            check(label, index, &b, &a, unique, &mut tally);
        }
    }
    println!(
        "{label}: {} pairs, {} apart, {} with non-unique closest points ({} where parry chose \
         another pair)",
        tally.pairs, tally.apart, tally.non_unique, tally.differing
    );
    assert!(
        tally.differing * 100 <= tally.pairs,
        "{label}: parry differs too often"
    );
    assert!(tally.pairs >= PER_FAMILY as usize, "{label}: too few pairs");
    assert!(
        tally.apart * 4 >= tally.pairs,
        "{label}: too few pairs apart"
    );
}

/// parry's distance between two items (a line as the parry segment 200 long about the origin's
/// foot on it; a plane as parry's solid half-space).
pub fn parry_distance(a: &Item, b: &Item) -> f64 {
    let (pa, pb) = (
        parry_of(a, &Vector3::zeros()),
        parry_of(b, &Vector3::zeros()),
    );
    query::distance(&pa.0, pa.1.as_ref(), &pb.0, pb.1.as_ref())
        .expect("supported")
        .distance
}
