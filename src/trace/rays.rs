//! The records of a scene's rays at one frame: each ray's first hit on every body, and its path
//! reflected off the nearest hit `bounces` times (docs/methods.md §15.7).

use nalgebra::Vector3;
use serde::Serialize;

use super::shapes::place;
use crate::contact::Shape;
use crate::geometry::ray::{ray_obb, ray_plane_hit, ray_sphere, ray_triangle, reflect, RayHit};
use crate::geometry::ray_convex::ray_convex;
use crate::geometry::ray_triangle_course::ray_triangle_course;
use crate::geometry::Triangle;
use crate::math::arr3;
use crate::scene::{BodySpec, RaySpec, TriangleTest};

/// How long the last leg of an unbounded ray that hits nothing is drawn.
pub const ESCAPE_DRAW_LENGTH: f64 = 10.0;

/// A ray at the explained frame (`explain --json` field `rays`).
#[derive(Clone, Debug, Serialize)]
pub struct RayRecord {
    /// The ray's name.
    pub name: String,
    /// Where it starts.
    pub origin: [f64; 3],
    /// Its unit direction.
    pub direction: [f64; 3],
    /// The length of its whole path, or `null` when unbounded.
    pub length: Option<f64>,
    /// How many reflections it follows.
    pub bounces: usize,
    /// The first hit on each body the ray (its first leg) meets, nearest first.
    pub hits: Vec<HitRecord>,
    /// The corners of the reflected path: the origin, each hit, and the end.
    pub path: Vec<[f64; 3]>,
    /// The path leg by leg.
    pub legs: Vec<LegRecord>,
    /// `moller-trumbore` or `course`: how the ray meets triangles.
    pub test: &'static str,
    /// With `test = "course"`, the course's test of the first leg against every triangle body
    /// (hit or miss), in scene order; empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub course: Vec<CourseTestRecord>,
}

/// The course's ray–triangle test of a ray's first leg against one triangle
/// (docs/methods.md §9.6).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CourseTestRecord {
    /// The triangle body's name.
    pub body: String,
    /// `N = (V1 - V0) × (V2 - V0)`, not normalised.
    pub normal: [f64; 3],
    /// `N·d`.
    pub normal_dot_direction: f64,
    /// `t = (N·V0 - N·O) / (N·d)`; `null` when parallel.
    pub t: Option<f64>,
    /// Where the ray's line meets the plane, `O + t d`.
    pub plane_point: Option<[f64; 3]>,
    /// The coordinate dropped for the 2D test, N's largest: `x`, `y` or `z`.
    pub dropped: &'static str,
    /// `(NE·F)(NE·G)` of the edges from V0, V1 and V2; `null` when parallel.
    pub edge_products: Option<[f64; 3]>,
    /// `hit`, `parallel`, `out of reach` or `outside edge i`.
    pub verdict: String,
}

/// Where a ray meets a body.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HitRecord {
    /// The body's name.
    pub body: String,
    /// Distance along the ray (or the leg).
    pub t: f64,
    /// The point hit.
    pub point: [f64; 3],
    /// The unit normal facing the ray (zero when the ray starts inside the body).
    pub normal: [f64; 3],
    /// `ray-plane`, `ray-sphere`, `ray-box slabs`, `ray-triangle`, `ray-ellipsoid`,
    /// `ray-cylinder` or `ray-kdop slabs`.
    pub test: &'static str,
    /// Whether the ray starts inside the body (a solid: a box, sphere, ellipsoid, cylinder or
    /// k-DOP): the hit is at `t = 0`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub inside: bool,
    /// For a mesh, the index of the triangle hit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub triangle: Option<usize>,
}

/// One straight piece of a ray's path.
#[derive(Clone, Debug, Serialize)]
pub struct LegRecord {
    /// Where the leg starts.
    pub from: [f64; 3],
    /// Its unit direction `d`.
    pub direction: [f64; 3],
    /// The nearest hit, or `null` when the leg leaves the scene.
    pub hit: Option<HitRecord>,
    /// The reflected direction `r = d - 2 (d·n) n` the next leg takes, or `null` on the last.
    pub reflected: Option<[f64; 3]>,
    /// The leg's length.
    pub length: f64,
}

/// The body a leg starts on, which it cannot hit again at once: a convex body, or one triangle
/// of a mesh.
#[derive(Clone, Copy, PartialEq)]
struct Leaving {
    body: usize,
    triangle: Option<usize>,
}

/// The first hit of the ray `origin + t d` (`t <= max_t`) on `body`, skipping the triangle
/// `skip` of a mesh.
fn cast(
    body: &BodySpec,
    origin: &Vector3<f64>,
    d: &Vector3<f64>,
    max_t: f64,
    skip: Option<usize>,
    test: TriangleTest,
) -> Option<HitRecord> {
    let triangle_hit = |tri: &Triangle| match test {
        TriangleTest::MollerTrumbore => ray_triangle(origin, d, tri, max_t),
        TriangleTest::Course => ray_triangle_course(origin, d, tri, max_t).0,
    };
    let triangle_test = match test {
        TriangleTest::MollerTrumbore => "ray-triangle",
        TriangleTest::Course => "ray-triangle course",
    };
    let (hit, test, triangle): (RayHit, _, _) = match place(body) {
        Shape::Box(obb) => (ray_obb(origin, d, &obb, max_t)?, "ray-box slabs", None),
        Shape::Sphere(sphere) => (ray_sphere(origin, d, &sphere, max_t)?, "ray-sphere", None),
        Shape::Plane(plane) => (ray_plane_hit(origin, d, &plane, max_t)?, "ray-plane", None),
        Shape::Triangle(tri) => (triangle_hit(&tri)?, triangle_test, None),
        Shape::Convex(convex) => {
            let (hit, test) = ray_convex(origin, d, &convex, max_t);
            (hit?, test, None)
        }
        Shape::Mesh(placed) => {
            let (i, hit) = (0..placed.mesh.len())
                .filter(|i| Some(*i) != skip)
                .filter_map(|i| {
                    let tri = placed.mesh.triangle(i).translated(&placed.offset);
                    Some((i, triangle_hit(&tri)?))
                })
                .min_by(|a, b| a.1.t.total_cmp(&b.1.t))?;
            (hit, triangle_test, Some(i))
        }
    };
    Some(HitRecord {
        body: body.name.clone(),
        t: hit.t,
        point: arr3(&hit.point),
        normal: arr3(&hit.normal),
        test,
        inside: hit.inside,
        triangle,
    })
}

/// The ray's record against `bodies` (their state at the explained frame).
///
/// # Algorithm
/// 1. Hits: the first leg cast against every body (box and k-DOP slabs, the sphere's and the
///    ellipsoid's quadratic, the cylinder's side quadratic and caps, plane crossing,
///    Möller–Trumbore or, with `test = "course"`, the course's plane hit and 2D edge signs),
///    each body's first hit, nearest first.
/// 2. Path: from the origin, the nearest hit of all bodies within the length left; unless it is
///    the last leg (or the ray started inside a body), the next leg starts at the hit along
///    `r = d - 2 (d·n) n`, and cannot hit the body it leaves (a mesh: the triangle) at once. A leg
///    that hits nothing ends the path at the length left (an unbounded ray:
///    [`ESCAPE_DRAW_LENGTH`]).
pub fn ray_record(ray: &RaySpec, bodies: &[BodySpec]) -> RayRecord {
    let budget = ray.length.unwrap_or(f64::INFINITY);
    let mut hits: Vec<HitRecord> = bodies
        .iter()
        .filter_map(|b| cast(b, &ray.origin, &ray.direction, budget, None, ray.test))
        .collect();
    hits.sort_by(|a, b| a.t.total_cmp(&b.t));
    let (mut from, mut d, mut travelled) = (ray.origin, ray.direction, 0.0);
    let mut leaving: Option<Leaving> = None;
    let mut path = vec![arr3(&from)];
    let mut legs = Vec::new();
    for leg in 0..=ray.bounces {
        let left = budget - travelled;
        let nearest = bodies
            .iter()
            .enumerate()
            .filter_map(|(i, body)| {
                let skip = leaving.filter(|l| l.body == i);
                if skip.is_some_and(|l| l.triangle.is_none()) {
                    return None;
                }
                let skipped = skip.and_then(|l| l.triangle);
                let hit = cast(body, &from, &d, left, skipped, ray.test)?;
                Some((i, hit))
            })
            .min_by(|a, b| a.1.t.total_cmp(&b.1.t));
        let Some((body, hit)) = nearest else {
            let length = if left.is_finite() {
                left
            } else {
                ESCAPE_DRAW_LENGTH
            };
            let end = from + d * length;
            path.push(arr3(&end));
            legs.push(leg_record(&from, &d, None, None, length));
            break;
        };
        let point = Vector3::from(hit.point);
        let normal = Vector3::from(hit.normal);
        path.push(hit.point);
        travelled += hit.t;
        let reflected = (leg < ray.bounces && !hit.inside)
            .then(|| reflect(&d, &normal).try_normalize(0.0).unwrap_or(d));
        legs.push(leg_record(&from, &d, Some(hit.clone()), reflected, hit.t));
        let Some(next) = reflected else {
            break;
        };
        leaving = Some(Leaving {
            body,
            triangle: hit.triangle,
        });
        (from, d) = (point, next);
    }
    RayRecord {
        name: ray.name.clone(),
        origin: arr3(&ray.origin),
        direction: arr3(&ray.direction),
        length: ray.length,
        bounces: ray.bounces,
        hits,
        path,
        legs,
        test: match ray.test {
            TriangleTest::MollerTrumbore => "moller-trumbore",
            TriangleTest::Course => "course",
        },
        course: course_tests(ray, bodies, budget),
    }
}

/// With `test = "course"`, the course's test of the ray's first leg against every triangle body.
fn course_tests(ray: &RaySpec, bodies: &[BodySpec], max_t: f64) -> Vec<CourseTestRecord> {
    if ray.test != TriangleTest::Course {
        return Vec::new();
    }
    bodies
        .iter()
        .filter_map(|body| {
            let Shape::Triangle(tri) = place(body) else {
                return None;
            };
            let (_, found) = ray_triangle_course(&ray.origin, &ray.direction, &tri, max_t);
            Some(CourseTestRecord {
                body: body.name.clone(),
                normal: arr3(&found.normal),
                normal_dot_direction: found.normal_dot_direction,
                t: found.t,
                plane_point: found.plane_point.map(|p| arr3(&p)),
                dropped: ["x", "y", "z"][found.dropped_axis],
                edge_products: found.edge_products,
                verdict: found.verdict.words(),
            })
        })
        .collect()
}

fn leg_record(
    from: &Vector3<f64>,
    d: &Vector3<f64>,
    hit: Option<HitRecord>,
    reflected: Option<Vector3<f64>>,
    length: f64,
) -> LegRecord {
    LegRecord {
        from: arr3(from),
        direction: arr3(d),
        hit,
        reflected: reflected.map(|r| arr3(&r)),
        length,
    }
}
