//! Seeded generators of box pairs and the parry3d-f64 oracle, shared by the oracle tests and the
//! benchmark. Every case draws from its own generator `Rng::case(seed, index)`, so a failure names
//! the seed and index that reproduce it.
#![allow(dead_code)]

use parry3d_f64::glamx::{DQuat, DVec3};
use parry3d_f64::math::Pose;
use parry3d_f64::query::{self, ShapeCastOptions};
use parry3d_f64::shape::Cuboid;
use sepax::nalgebra::{Unit, UnitQuaternion, Vector3};
use sepax::Obb;

pub mod check;
pub mod graze;
pub mod touch;

#[path = "../support/rng.rs"]
pub mod rng;

pub use rng::Rng;

/// The rotation by `angle` about the world axis `axis`.
pub fn about(axis: &Vector3<f64>, angle: f64) -> UnitQuaternion<f64> {
    UnitQuaternion::from_axis_angle(&Unit::new_normalize(*axis), angle)
}

/// The same box with another rotation.
pub fn rotated(obb: &Obb, rotation: UnitQuaternion<f64>) -> Obb {
    Obb::new(obb.center(), rotation, obb.half_extents())
}

/// The same box centred at `center`.
pub fn placed(obb: &Obb, center: Vector3<f64>) -> Obb {
    Obb::new(center, obb.rotation(), obb.half_extents())
}

/// The vector in parry.
pub fn dvec(v: &Vector3<f64>) -> DVec3 {
    DVec3::new(v.x, v.y, v.z)
}

/// The box's pose in parry.
pub fn pose(obb: &Obb) -> Pose {
    let q = obb.rotation();
    Pose::from_parts(dvec(&obb.center()), DQuat::from_xyzw(q.i, q.j, q.k, q.w))
}

/// The box as a parry cuboid.
pub fn cuboid(obb: &Obb) -> Cuboid {
    Cuboid::new(dvec(&obb.half_extents()))
}

/// parry's verdict (touching counts as intersecting).
pub fn parry_intersects(a: &Obb, b: &Obb) -> bool {
    query::intersection_test(&pose(a), &cuboid(a), &pose(b), &cuboid(b))
        .expect("cuboids are supported")
        .intersecting
}

/// parry's distance between the solid boxes (0 when they touch or overlap).
pub fn parry_distance(a: &Obb, b: &Obb) -> f64 {
    query::distance(&pose(a), &cuboid(a), &pose(b), &cuboid(b))
        .expect("cuboids are supported")
        .distance
}

/// Whether the boxes are within `tolerance` of touching: parry's signed contact distance
/// (negative when penetrating) is at most `tolerance` in magnitude. parry may return a contact
/// farther than the prediction distance it is given, so the distance itself is compared.
pub fn near_touching(a: &Obb, b: &Obb, tolerance: f64) -> bool {
    query::contact(&pose(a), &cuboid(a), &pose(b), &cuboid(b), tolerance)
        .expect("cuboids are supported")
        .is_some_and(|contact| contact.dist.abs() <= tolerance)
}

/// parry's time of first contact over `[0, t_max]` (target distance 0, stop at penetration).
pub fn parry_time_of_impact(
    a: &Obb,
    va: &Vector3<f64>,
    b: &Obb,
    vb: &Vector3<f64>,
    t_max: f64,
) -> Option<f64> {
    let options = ShapeCastOptions {
        max_time_of_impact: t_max,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    };
    let (pa, pb, ca, cb) = (pose(a), pose(b), cuboid(a), cuboid(b));
    query::cast_shapes(&pa, dvec(va), &ca, &pb, dvec(vb), &cb, options)
        .expect("cuboids are supported")
        .map(|hit| hit.time_of_impact)
}

/// The boxes moved to time `t`.
pub fn at_time(a: &Obb, va: &Vector3<f64>, b: &Obb, vb: &Vector3<f64>, t: f64) -> (Obb, Obb) {
    (a.translated(&(va * t)), b.translated(&(vb * t)))
}

/// The smallest parry distance of the moving boxes over `[0, t_max]`. The distance of two convex
/// bodies in linear motion is convex in time, so a golden-section search finds its minimum.
pub fn min_distance_on_path(
    a: &Obb,
    va: &Vector3<f64>,
    b: &Obb,
    vb: &Vector3<f64>,
    t_max: f64,
) -> f64 {
    let distance = |t: f64| {
        let (a_t, b_t) = at_time(a, va, b, vb, t);
        parry_distance(&a_t, &b_t)
    };
    let ratio = (5.0_f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.0, t_max);
    for _ in 0..90 {
        let (m1, m2) = (hi - ratio * (hi - lo), lo + ratio * (hi - lo));
        if distance(m1) <= distance(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    distance(0.5 * (lo + hi))
        .min(distance(0.0))
        .min(distance(t_max))
}

/// A one-line description of a box for failure messages (round-trips every bit).
pub fn describe(obb: &Obb) -> String {
    let (c, q, h) = (obb.center(), obb.rotation(), obb.half_extents());
    format!(
        "Obb::new(Vector3::new({:?}, {:?}, {:?}), quaternion(w {:?}, i {:?}, j {:?}, k {:?}), \
         Vector3::new({:?}, {:?}, {:?}))",
        c.x, c.y, c.z, q.w, q.i, q.j, q.k, h.x, h.y, h.z
    )
}
