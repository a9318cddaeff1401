//! Independent checks of a measured distance that involves an ellipsoid, a cylinder or a k-DOP:
//! each shape's reach along a direction and its distance from a point by formulas of its own
//! (not the support maps GJK uses), the exact distance from a point to an ellipsoid by bisection
//! on the Lagrange multiplier, the duality certificate of a distance, whether a shape meets an
//! ellipsoid (in the ellipsoid's unit-sphere space, through parry), and random shapes.
#![allow(dead_code)]

use parry3d_f64::query;
use parry3d_f64::shape::{Ball, ConvexPolyhedron, Segment};
use sepax::geometry::separation::{Item, Separation};
use sepax::geometry::{Convex, Cylinder, Ellipsoid, Kdop, Plane, Sphere, Triangle};
use sepax::nalgebra::{UnitQuaternion, Vector3};

use super::oracle_support::{dvec, Rng};
use super::shapes_support::{pose_of, WORLD};

/// The largest `n·x` over the item; `None` when it is unbounded along `n` (a line not
/// perpendicular to `n`, a plane not parallel to it).
pub fn reach(item: &Item, n: &Vector3<f64>) -> Option<f64> {
    let most = |points: &[Vector3<f64>]| points.iter().map(|p| n.dot(p)).fold(f64::MIN, f64::max);
    Some(match item {
        Item::Point(p) => n.dot(p),
        Item::Segment(p, q) => most(&[*p, *q]),
        Item::Line(o, v) => {
            if n.dot(v).abs() > 1e-12 * v.norm() {
                return None;
            }
            n.dot(o)
        }
        Item::Plane(plane) => {
            if n.cross(&plane.normal).norm() > 1e-12 {
                return None;
            }
            n.dot(&(plane.normal * plane.offset))
        }
        Item::Sphere(s) => n.dot(&s.center) + s.radius * n.norm(),
        Item::Box(obb) => {
            let h = obb.half_extents();
            n.dot(&obb.center())
                + (0..3)
                    .map(|i| h[i] * n.dot(&obb.axis(i)).abs())
                    .sum::<f64>()
        }
        Item::Triangle(t) => most(&t.vertices),
        Item::Convex(Convex::Ellipsoid(e)) => {
            let local = e.axes().transpose() * n;
            n.dot(&e.center) + local.component_mul(&e.radii).norm()
        }
        Item::Convex(Convex::Cylinder(c)) => {
            let u = c.axis();
            let along = n.dot(&u);
            n.dot(&c.center) + c.half_height * along.abs() + c.radius * (n - u * along).norm()
        }
        Item::Convex(Convex::Kdop(k)) => most(&k.vertices),
    })
}

/// The point of the solid ellipsoid nearest `p`, exactly: in the ellipsoid's axes the nearest
/// point of the surface is `x_i = r_i² y_i / (r_i² + λ)` with `λ >= 0` the root of
/// `Σ (r_i y_i / (r_i² + λ))² = 1`, found by bisection to the last bit.
pub fn nearest_on_ellipsoid(e: &Ellipsoid, p: &Vector3<f64>) -> Vector3<f64> {
    let y = e.axes().transpose() * (p - e.center);
    let r = e.radii;
    if y.component_div(&r).norm() <= 1.0 {
        return *p;
    }
    let f = |l: f64| {
        (0..3)
            .map(|i| (r[i] * y[i] / (r[i] * r[i] + l)).powi(2))
            .sum::<f64>()
            - 1.0
    };
    let (mut lo, mut hi) = (0.0, y.norm() * r.max() + 1.0);
    for _ in 0..2000 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let l = 0.5 * (lo + hi);
    let x = Vector3::from_fn(|i, _| r[i] * r[i] * y[i] / (r[i] * r[i] + l));
    e.center + e.axes() * x
}

/// The nearest point of the solid item to `p`: an ellipsoid's by [`nearest_on_ellipsoid`], a
/// sphere's and a plane's in closed form, the others' by parry's projection.
pub fn nearest(item: &Item, p: &Vector3<f64>) -> Vector3<f64> {
    match item {
        Item::Convex(Convex::Ellipsoid(e)) => nearest_on_ellipsoid(e, p),
        Item::Sphere(s) => {
            let off = p - s.center;
            if off.norm() <= s.radius {
                *p
            } else {
                s.center + off * (s.radius / off.norm())
            }
        }
        Item::Plane(plane) => p - plane.normal * (plane.normal.dot(p) - plane.offset),
        _ => super::distances_support::parry_nearest(item, p),
    }
}

/// How far `p` is from the solid item (0 inside): closed forms, and for a k-DOP the largest
/// violation of a slab (a lower bound, 0 exactly inside).
pub fn outside(item: &Item, p: &Vector3<f64>) -> f64 {
    match item {
        Item::Point(q) => (p - q).norm(),
        Item::Segment(a, b) => {
            let v = b - a;
            let s = (v.dot(&(p - a)) / v.norm_squared()).clamp(0.0, 1.0);
            (a + v * s - p).norm()
        }
        Item::Line(o, v) => (p - o - v * (v.dot(&(p - o)) / v.norm_squared())).norm(),
        Item::Plane(plane) => (plane.normal.dot(p) - plane.offset).abs(),
        Item::Sphere(s) => ((p - s.center).norm() - s.radius).max(0.0),
        Item::Box(obb) => obb.distance_to_point(p),
        Item::Triangle(t) => t.distance_to_point(p),
        Item::Convex(Convex::Ellipsoid(e)) => (nearest_on_ellipsoid(e, p) - p).norm(),
        Item::Convex(Convex::Cylinder(c)) => c.distance_to_point(p),
        Item::Convex(Convex::Kdop(k)) => k
            .directions
            .iter()
            .enumerate()
            .map(|(i, n)| (n.dot(p) - k.max[i]).max(k.min[i] - n.dot(p)))
            .fold(0.0, f64::max),
    }
}

/// `min_B n·x - max_A n·x` for the unit direction `n`: a lower bound of the distance of the
/// solids (the width of the empty slab between them across `n`); `-∞` where one is unbounded.
fn slab_width(a: &Item, b: &Item, n: &Vector3<f64>) -> f64 {
    match (reach(a, n), reach(b, &-n)) {
        (Some(top_a), Some(top_b)) => -top_b - top_a,
        _ => f64::NEG_INFINITY,
    }
}

/// The widest slab near the direction `n`: a pattern search on the unit sphere (eight directions
/// about the current one, the step halved when none is wider) from `n`, down to steps of 1e-13.
/// The width is a concave function of the direction near the best one, so this climbs to the
/// distance; GJK's closest points only give its start.
fn widest_slab(a: &Item, b: &Item, n: Vector3<f64>) -> f64 {
    let (mut n, mut best) = (n, slab_width(a, b, &n));
    let mut step = 1e-3;
    let mut moves = 0;
    while step > 1e-13 && moves < 10_000 {
        moves += 1;
        let u = n
            .cross(&Vector3::x())
            .try_normalize(1e-6)
            .unwrap_or_else(|| n.cross(&Vector3::y()).normalize());
        let w = n.cross(&u);
        let better = (0..8)
            .map(|k| {
                let angle = f64::from(k) * std::f64::consts::FRAC_PI_4;
                (n + (u * angle.cos() + w * angle.sin()) * step).normalize()
            })
            .map(|m| (slab_width(a, b, &m), m))
            .filter(|(width, _)| *width > best)
            .max_by(|x, y| x.0.total_cmp(&y.0));
        match better {
            Some((width, m)) => (best, n) = (width, m),
            None => step /= 2.0,
        }
    }
    best
}

/// The duality certificate of an apart pair: both closest points on their items, as far apart as
/// the distance, and the widest empty slab between the two shapes (found from the direction of
/// the closest points, by reaches computed independently of GJK) as wide as the distance: a lower
/// bound of the true distance. Returns `(points off their items, |b - a| - distance, distance -
/// lower bound)`, or `None` when the pair reports no closest points.
pub fn certificate(a: &Item, b: &Item, found: &Separation) -> Option<(f64, f64, f64)> {
    let (ca, cb) = found.closest?;
    let off = outside(a, &ca).max(outside(b, &cb));
    let apart = ((ca - cb).norm() - found.distance).abs();
    let Some(n) = (cb - ca).try_normalize(0.0) else {
        return Some((off, apart, found.distance));
    };
    let fixed = matches!(a, Item::Plane(_)) || matches!(b, Item::Plane(_));
    let lower = if fixed {
        slab_width(a, b, &n)
    } else {
        widest_slab(a, b, n)
    };
    Some((off, apart, found.distance - lower))
}

/// Whether `item` meets the unit ball once mapped into the ellipsoid's unit-sphere space;
/// `None` for the shapes that map to no shape parry holds (an ellipsoid, a cylinder).
pub fn meets_in_unit_space(e: &Ellipsoid, item: &Item) -> Option<bool> {
    let map = e.to_unit_space();
    let to = |p: &Vector3<f64>| map * (p - e.center);
    let hull = |points: Vec<Vector3<f64>>| {
        let corners: Vec<_> = points.iter().map(|p| dvec(&to(p))).collect();
        let unit = (
            pose_of(&Vector3::zeros(), &UnitQuaternion::identity()),
            Ball::new(1.0),
        );
        let shape = ConvexPolyhedron::from_convex_hull(&corners)?;
        Some(
            query::intersection_test(&unit.0, &unit.1, &WORLD, &shape)
                .ok()?
                .intersecting,
        )
    };
    match item {
        Item::Point(p) => Some(to(p).norm() <= 1.0),
        Item::Segment(p, q) => {
            let unit = Ball::new(1.0);
            let s = Segment::new(dvec(&to(p)), dvec(&to(q)));
            Some(
                query::intersection_test(&WORLD, &unit, &WORLD, &s)
                    .ok()?
                    .intersecting,
            )
        }
        Item::Line(o, v) => {
            let (o, v) = (to(o), map * v);
            Some((o - v * (v.dot(&o) / v.norm_squared())).norm() <= 1.0)
        }
        Item::Plane(plane) => {
            let reach = e.support_radius(&plane.normal);
            Some((plane.normal.dot(&e.center) - plane.offset).abs() <= reach)
        }
        Item::Sphere(s) => Some((nearest_on_ellipsoid(e, &s.center) - s.center).norm() <= s.radius),
        Item::Box(obb) => hull(obb.vertices().to_vec()),
        Item::Triangle(t) => {
            // A flat hull: thicken it by a hair along the normal.
            let n = t.unit_normal() * 1e-12;
            hull(t.vertices.iter().flat_map(|v| [v + n, v - n]).collect())
        }
        Item::Convex(Convex::Kdop(k)) => hull(k.vertices.clone()),
        Item::Convex(_) => None,
    }
}

/// A random ellipsoid about `[-3, 3]³` with radii in `[0.1, 2)`.
pub fn ellipsoid(rng: &mut Rng) -> Ellipsoid {
    Ellipsoid {
        center: rng.vector(3.0),
        rotation: rng.rotation(),
        radii: rng.extents(0.1, 2.0),
    }
}

/// A random cylinder about `[-3, 3]³` with radius and half-height in `[0.1, 2)`.
pub fn cylinder(rng: &mut Rng) -> Cylinder {
    Cylinder {
        center: rng.vector(3.0),
        rotation: rng.rotation(),
        radius: rng.range(0.1, 2.0),
        half_height: rng.range(0.1, 2.0),
    }
}

/// A k-DOP (k = 6, 14, 18 or 26) fitted to 4 to 10 points about `[-3, 3]³`.
pub fn kdop(rng: &mut Rng) -> Kdop {
    let (center, turn) = (rng.vector(3.0), rng.rotation());
    let stretch = rng.extents(0.2, 1.5);
    let count = 4 + rng.below(7);
    let points: Vec<_> = (0..count)
        .map(|_| center + turn.transform_vector(&rng.vector(1.0).component_mul(&stretch)))
        .collect();
    Kdop::fit(&points, [6, 14, 18, 26][rng.below(4)]).expect("finite points")
}

/// One of the items a convex body is measured against, by `kind` 0 to 9: point, segment,
/// line, plane, sphere, box, triangle, ellipsoid, cylinder, k-DOP.
pub fn partner(rng: &mut Rng, kind: usize) -> Item {
    let p = rng.vector(4.0);
    match kind {
        0 => Item::Point(p),
        1 => Item::Segment(p, p + rng.vector(3.0)),
        2 => Item::Line(p, rng.direction().into_inner()),
        3 => Item::Plane(Plane::new(rng.direction().into_inner(), rng.range(-4.0, 4.0)).unwrap()),
        4 => Item::Sphere(Sphere {
            center: p,
            radius: rng.range(0.1, 2.0),
        }),
        5 => {
            let obb = rng.obb(4.0);
            let half = obb.half_extents().map(|h| h.min(1.5));
            Item::Box(sepax::Obb::new(obb.center(), obb.rotation(), half))
        }
        6 => loop {
            let t = Triangle::new(
                p + rng.vector(2.0),
                p + rng.vector(2.0),
                p + rng.vector(2.0),
            );
            if !t.is_degenerate() {
                break Item::Triangle(t);
            }
        },
        7 => Item::Convex(Convex::Ellipsoid(ellipsoid(rng))),
        8 => Item::Convex(Convex::Cylinder(cylinder(rng))),
        _ => Item::Convex(Convex::Kdop(kdop(rng))),
    }
}
