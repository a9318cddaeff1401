//! Measured distances against parry3d-f64's `distance` and `closest_points` on random pairs of
//! every kind a scene can measure: points, segments, lines (as parry segments 200 long about
//! the closest points), planes (parry's `HalfSpace`, with the other shape on the normal's side
//! or crossing), spheres, boxes and triangles, with families of parallel lines and segments.
//!
//! The distance must agree within 1e-9 (relative to the size of the pair). Where the closest
//! points are unique they must agree within 1e-9; where they are not (parallel lines and
//! segments, the families marked so) each of ours must lie on its shape within 1e-9 and their
//! distance apart must be parry's distance. In the other families a pair whose points differ
//! from parry's must show that the closest points are not unique there (both pairs on the
//! shapes, both as far apart as the distance), or that parry's points are not a closest pair
//! (they are farther apart than parry's own distance); such pairs must stay under 1%.

use crate::distances_support;
use crate::oracle_support;

use distances_support::family;
use oracle_support::Rng;
use sepax::geometry::separation::Item;
use sepax::geometry::{Plane, Sphere, Triangle};

const SEED: u64 = 0x0005_EFA4_0000_0D15;

fn point(rng: &mut Rng) -> Item {
    Item::Point(rng.vector(4.0))
}

fn segment(rng: &mut Rng) -> Item {
    let p = rng.vector(4.0);
    Item::Segment(p, p + rng.vector(3.0))
}

fn line(rng: &mut Rng) -> Item {
    Item::Line(rng.vector(4.0), rng.direction().into_inner())
}

fn sphere(rng: &mut Rng) -> Item {
    Item::Sphere(Sphere {
        center: rng.vector(4.0),
        radius: rng.range(0.1, 2.0),
    })
}

fn cuboid(rng: &mut Rng) -> Item {
    let obb = rng.obb(4.0);
    let half = obb.half_extents().map(|h| h.min(1.5));
    Item::Box(sepax::Obb::new(obb.center(), obb.rotation(), half))
}

fn triangle(rng: &mut Rng) -> Option<Item> {
    let c = rng.vector(4.0);
    let t = Triangle::new(
        c + rng.vector(2.0),
        c + rng.vector(2.0),
        c + rng.vector(2.0),
    );
    (!t.is_degenerate()).then_some(Item::Triangle(t))
}

/// A plane with the item on its normal's side, or crossing it.
fn above_plane(rng: &mut Rng, item: Item) -> (Item, Item) {
    let normal = rng.direction().into_inner();
    let heights: Vec<f64> = match item {
        Item::Point(p) => vec![normal.dot(&p)],
        Item::Segment(p, q) => vec![normal.dot(&p), normal.dot(&q)],
        Item::Sphere(s) => vec![
            normal.dot(&s.center) - s.radius,
            normal.dot(&s.center) + s.radius,
        ],
        Item::Box(obb) => obb.vertices().iter().map(|v| normal.dot(v)).collect(),
        Item::Triangle(t) => t.vertices.iter().map(|v| normal.dot(v)).collect(),
        _ => vec![0.0],
    };
    let lowest = heights.iter().copied().fold(f64::MAX, f64::min);
    let highest = heights.iter().copied().fold(f64::MIN, f64::max);
    // One in four crosses the plane; the others are above it.
    let offset = if rng.below(4) == 0 {
        lowest + (highest - lowest) * rng.unit()
    } else {
        lowest - rng.range(1e-3, 2.0)
    };
    (Item::Plane(Plane::new(normal, offset).unwrap()), item)
}

#[test]
fn points_against_everything() {
    family("point-point", SEED, true, |r| Some((point(r), point(r))));
    family("point-segment", SEED + 1, true, |r| {
        Some((point(r), segment(r)))
    });
    family("point-line", SEED + 2, true, |r| Some((point(r), line(r))));
    family("point-plane", SEED + 3, true, |r| {
        let p = point(r);
        Some(above_plane(r, p))
    });
    family("point-sphere", SEED + 4, true, |r| {
        Some((point(r), sphere(r)))
    });
    family("point-box", SEED + 5, true, |r| Some((point(r), cuboid(r))));
    family("point-triangle", SEED + 6, true, |r| {
        Some((point(r), triangle(r)?))
    });
}

#[test]
fn lines_and_segments_with_parallel_families() {
    family("segment-segment", SEED + 10, true, |r| {
        Some((segment(r), segment(r)))
    });
    family("line-line", SEED + 11, true, |r| Some((line(r), line(r))));
    family("line-segment", SEED + 12, true, |r| {
        Some((line(r), segment(r)))
    });
    family("parallel segments", SEED + 13, false, |r| {
        let (p, v) = (r.vector(4.0), r.vector(3.0));
        let q = p + r.vector(2.0) + v * r.range(-1.5, 1.5);
        Some((
            Item::Segment(p, p + v),
            Item::Segment(q, q + v * r.range(-2.0, 2.0)),
        ))
    });
    family("parallel lines", SEED + 14, false, |r| {
        let v = r.direction().into_inner();
        Some((Item::Line(r.vector(4.0), v), Item::Line(r.vector(4.0), -v)))
    });
    family("collinear segments", SEED + 15, false, |r| {
        let (p, v) = (r.vector(4.0), r.vector(3.0));
        let q = p + v * r.range(-2.0, 2.0);
        Some((
            Item::Segment(p, p + v),
            Item::Segment(q, q + v * r.range(0.1, 1.0)),
        ))
    });
}

#[test]
fn solids_against_each_other() {
    family("sphere-sphere", SEED + 20, true, |r| {
        Some((sphere(r), sphere(r)))
    });
    family("sphere-box", SEED + 21, true, |r| {
        Some((sphere(r), cuboid(r)))
    });
    family("box-box", SEED + 22, true, |r| Some((cuboid(r), cuboid(r))));
    family("segment-box", SEED + 23, true, |r| {
        Some((segment(r), cuboid(r)))
    });
    family("line-box", SEED + 24, true, |r| Some((line(r), cuboid(r))));
    family("segment-triangle", SEED + 25, true, |r| {
        Some((segment(r), triangle(r)?))
    });
    family("box-triangle", SEED + 26, true, |r| {
        Some((cuboid(r), triangle(r)?))
    });
    family("triangle-triangle", SEED + 27, true, |r| {
        Some((triangle(r)?, triangle(r)?))
    });
    family("sphere-triangle", SEED + 28, true, |r| {
        Some((sphere(r), triangle(r)?))
    });
    family("line-sphere", SEED + 29, true, |r| {
        Some((line(r), sphere(r)))
    });
}

#[test]
fn shapes_against_planes() {
    family("segment-plane", SEED + 30, true, |r| {
        let s = segment(r);
        Some(above_plane(r, s))
    });
    family("sphere-plane", SEED + 31, true, |r| {
        let s = sphere(r);
        Some(above_plane(r, s))
    });
    family("box-plane", SEED + 32, true, |r| {
        let b = cuboid(r);
        Some(above_plane(r, b))
    });
    family("triangle-plane", SEED + 33, true, |r| {
        let t = triangle(r)?;
        Some(above_plane(r, t))
    });
}
