//! First-contact times with a closed form or an exact distance: an ellipsoid against a triangle
//! in the ellipsoid's scaled space, a sphere against a cylinder by its exact distance; the other
//! convex pairs by conservative advancement on GJK (docs/methods.md §15.3, §15.4, §15.6).

use nalgebra::Vector3;

use super::convex_pair::first_time;
use crate::geometry::sphere_triangle::sweep_sphere_triangle;
use crate::geometry::support::SupportMap;
use crate::geometry::{Convex, Cylinder, Ellipsoid, Sphere, Triangle};

/// The sphere tracing of the exact distance stops within this share of the pair's size.
const TRACED: f64 = 1e-12;

/// At most this many steps of the sphere tracing.
const TRACE_STEPS: usize = 10_000;

/// The first time within `[0, t_max]` that the ellipsoid (moving at `ve`) touches the triangle
/// (moving at `vt`).
///
/// # Algorithm
/// `E = R diag(1/r) Rᵀ` maps the ellipsoid about its centre to the unit sphere; applied to the
/// triangle's corners (relative to the centre) and to both velocities it leaves every time as it
/// was, so the first contact is the unit sphere's against the mapped triangle, in closed form
/// (the face, then the vertices and edges: [`sweep_sphere_triangle`]).
pub fn ellipsoid_triangle_time(
    e: &Ellipsoid,
    ve: Vector3<f64>,
    t: &Triangle,
    vt: Vector3<f64>,
    t_max: f64,
) -> Option<f64> {
    let to_unit = e.to_unit_space();
    let unit = Sphere {
        center: Vector3::zeros(),
        radius: 1.0,
    };
    let mapped = Triangle::new(
        to_unit * (t.vertices[0] - e.center),
        to_unit * (t.vertices[1] - e.center),
        to_unit * (t.vertices[2] - e.center),
    );
    sweep_sphere_triangle(&unit, &(to_unit * ve), &mapped, &(to_unit * vt), t_max).time
}

/// The first time within `[0, t_max]` that the sphere (moving at `vs`) touches the cylinder
/// (moving at `vc`).
///
/// # Algorithm
/// The gap `f(t) = |s(t) - k(t)| - r`, `k` the cylinder's point closest to the centre (the closed
/// form of docs/methods.md §15.4), is convex along the straight relative path and falls no faster
/// than the relative speed `w`; stepping `t += f(t)/w` (sphere tracing) never passes the first
/// contact and stops when `f` is within `1e-12` of the pair's size.
pub fn sphere_cylinder_time(
    c: &Cylinder,
    vc: Vector3<f64>,
    s: &Sphere,
    vs: Vector3<f64>,
    t_max: f64,
) -> Option<f64> {
    let relative = vs - vc;
    let speed = relative.norm();
    let size = s.radius + c.bounding_radius() + (s.center - c.center).norm();
    let gap = |t: f64| c.distance_to_point(&(s.center + relative * t)) - s.radius;
    let mut time = 0.0;
    for _ in 0..TRACE_STEPS {
        let f = gap(time);
        if f <= TRACED * size {
            return Some(time);
        }
        if speed == 0.0 {
            return None;
        }
        time += f / speed;
        if time > t_max {
            return None;
        }
    }
    None
}

/// The first contact time of a convex shape and a triangle: the ellipsoid's closed form, else
/// conservative advancement.
pub fn triangle_time(
    a: &Convex,
    va: Vector3<f64>,
    t: &Triangle,
    vt: Vector3<f64>,
    t_max: f64,
) -> Option<f64> {
    match a {
        Convex::Ellipsoid(e) => ellipsoid_triangle_time(e, va, t, vt, t_max),
        _ => first_time(a, va, t, vt, t_max),
    }
}
