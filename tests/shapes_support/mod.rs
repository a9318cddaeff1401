//! The parry3d-f64 oracle for the shapes beyond boxes (triangles, balls, cylinders, meshes) and
//! seeded generators of triangles, shared by the `shapes_*` tests and the shapes benchmark.
#![allow(dead_code)]

use parry3d_f64::glamx::DQuat;
use parry3d_f64::math::Pose;
use parry3d_f64::query::{self, ShapeCastOptions};
use parry3d_f64::shape::{self, Shape};
use sepax::geometry::{TriMesh, Triangle};
use sepax::nalgebra::{UnitQuaternion, Vector3};

use super::oracle_support::{dvec, Rng};

/// The world frame (every sepax shape below is placed in world coordinates).
pub const WORLD: Pose = Pose::IDENTITY;

/// The triangle in parry, in world coordinates.
pub fn parry_triangle(t: &Triangle) -> shape::Triangle {
    let [a, b, c] = t.vertices.map(|v| dvec(&v));
    shape::Triangle::new(a, b, c)
}

/// A pose from a centre and a rotation.
pub fn pose_of(center: &Vector3<f64>, rotation: &UnitQuaternion<f64>) -> Pose {
    let q = rotation;
    Pose::from_parts(dvec(center), DQuat::from_xyzw(q.i, q.j, q.k, q.w))
}

/// One placed parry shape.
pub struct Placed<'a> {
    pub pose: Pose,
    pub shape: &'a dyn Shape,
}

impl<'a> Placed<'a> {
    pub fn new(pose: Pose, shape: &'a dyn Shape) -> Self {
        Self { pose, shape }
    }

    /// The same shape moved by `offset`.
    pub fn moved(&self, offset: &Vector3<f64>) -> Placed<'a> {
        let mut pose = self.pose;
        pose.translation += dvec(offset);
        Placed {
            pose,
            shape: self.shape,
        }
    }
}

/// parry's verdict (touching counts as intersecting).
pub fn intersects(a: &Placed, b: &Placed) -> bool {
    query::intersection_test(&a.pose, a.shape, &b.pose, b.shape)
        .expect("supported pair")
        .intersecting
}

/// parry's distance between the solids (0 when they touch or overlap).
pub fn distance(a: &Placed, b: &Placed) -> f64 {
    query::distance(&a.pose, a.shape, &b.pose, b.shape)
        .expect("supported pair")
        .distance
}

/// parry's signed distance: its `distance` (GJK) when positive, else minus the penetration
/// depth of its `contact` (EPA; 0 when `contact` finds none, as it can for touching triangles).
pub fn signed_distance(a: &Placed, b: &Placed) -> f64 {
    let gap = distance(a, b);
    if gap > 0.0 {
        return gap;
    }
    query::contact(&a.pose, a.shape, &b.pose, b.shape, 0.0)
        .expect("supported pair")
        .map_or(0.0, |contact| contact.dist.min(0.0))
}

/// Whether [`signed_distance`] is within `band` of zero.
pub fn near_touching_by_distance(a: &Placed, b: &Placed, band: f64) -> bool {
    signed_distance(a, b).abs() <= band
}

/// Whether parry's signed contact distance is within `band` of zero.
pub fn near_touching(a: &Placed, b: &Placed, band: f64) -> bool {
    query::contact(&a.pose, a.shape, &b.pose, b.shape, band)
        .expect("supported pair")
        .is_some_and(|contact| contact.dist.abs() <= band)
}

/// parry's time of first contact over `[0, t_max]` (target distance 0, stop at penetration).
pub fn time_of_impact(
    a: &Placed,
    va: &Vector3<f64>,
    b: &Placed,
    vb: &Vector3<f64>,
    t_max: f64,
) -> Option<f64> {
    let options = ShapeCastOptions {
        max_time_of_impact: t_max,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    };
    query::cast_shapes(
        &a.pose,
        dvec(va),
        a.shape,
        &b.pose,
        dvec(vb),
        b.shape,
        options,
    )
    .expect("supported pair")
    .map(|hit| hit.time_of_impact)
}

/// The smallest parry distance of the moving shapes over `[0, t_max]` (golden section: the
/// distance of two convex bodies in linear motion is convex in time).
pub fn min_distance_on_path(
    a: &Placed,
    va: &Vector3<f64>,
    b: &Placed,
    vb: &Vector3<f64>,
    t_max: f64,
) -> f64 {
    let at = |t: f64| distance(&a.moved(&(va * t)), &b.moved(&(vb * t)));
    let ratio = (5.0_f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.0, t_max);
    for _ in 0..90 {
        let (m1, m2) = (hi - ratio * (hi - lo), lo + ratio * (hi - lo));
        if at(m1) <= at(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    at(0.5 * (lo + hi)).min(at(0.0)).min(at(t_max))
}

/// A non-degenerate triangle with vertices in `center + [-w, w]³`.
pub fn triangle_near(rng: &mut Rng, center: &Vector3<f64>, w: f64) -> Triangle {
    loop {
        let t = Triangle::new(
            center + rng.vector(w),
            center + rng.vector(w),
            center + rng.vector(w),
        );
        if t.area() > 1e-3 * w * w {
            return t;
        }
    }
}

/// A triangle lying in the plane through `point` with unit normal `normal`, around `point`
/// (`point` inside it when `inside`), of size about `w`.
pub fn triangle_in_plane(
    rng: &mut Rng,
    point: &Vector3<f64>,
    normal: &Vector3<f64>,
    w: f64,
    inside: bool,
) -> Triangle {
    let u = normal.cross(&rng.direction()).normalize();
    let v = normal.cross(&u);
    loop {
        let corner = |rng: &mut Rng| point + u * rng.range(-w, w) + v * rng.range(-w, w);
        let t = Triangle::new(corner(rng), corner(rng), corner(rng));
        if t.area() < 1e-2 * w * w {
            continue;
        }
        if inside && t.distance_to_point(point) > 1e-12 {
            continue;
        }
        return t;
    }
}

/// A one-line description of a triangle (round-trips every bit).
pub fn describe_triangle(t: &Triangle) -> String {
    let v = t.vertices;
    format!(
        "Triangle::new(v({:?}, {:?}, {:?}), v({:?}, {:?}, {:?}), v({:?}, {:?}, {:?}))",
        v[0].x, v[0].y, v[0].z, v[1].x, v[1].y, v[1].z, v[2].x, v[2].y, v[2].z
    )
}

/// A bumpy terrain of `n × n` cells over `[-6, 6]²` (two triangles a cell), or with `soup`
/// a cloud of `2 n²` random triangles in `[-6, 6]³`.
pub fn mesh(rng: &mut Rng, n: u32, soup: bool) -> TriMesh {
    if soup {
        let mut vertices = Vec::new();
        for _ in 0..2 * n * n {
            let c = rng.vector(6.0);
            let w = rng.range(0.2, 1.5);
            let t = triangle_near(rng, &c, w);
            vertices.extend(t.vertices);
        }
        let triangles = (0..2 * n * n)
            .map(|k| [3 * k, 3 * k + 1, 3 * k + 2])
            .collect();
        return TriMesh::new(vertices, triangles).expect("random triangles are fine");
    }
    let (a, b, c) = (
        rng.range(0.2, 1.0),
        rng.range(0.2, 1.0),
        rng.range(-0.3, 0.3),
    );
    let step = 12.0 / f64::from(n);
    let mut vertices = Vec::new();
    for i in 0..=n {
        for j in 0..=n {
            let (x, z) = (-6.0 + step * f64::from(i), -6.0 + step * f64::from(j));
            vertices.push(Vector3::new(x, (a * x).sin() + (b * z).cos() + c * x, z));
        }
    }
    let at = |i: u32, j: u32| i * (n + 1) + j;
    let mut triangles = Vec::new();
    for i in 0..n {
        for j in 0..n {
            triangles.push([at(i, j), at(i + 1, j), at(i + 1, j + 1)]);
            triangles.push([at(i, j), at(i + 1, j + 1), at(i, j + 1)]);
        }
    }
    TriMesh::new(vertices, triangles).expect("a terrain is fine")
}

/// The mesh in parry (its own tree), in world coordinates.
pub fn parry_mesh(mesh: &TriMesh) -> shape::TriMesh {
    let vertices = mesh.vertices().iter().map(dvec).collect();
    shape::TriMesh::new(vertices, mesh.triangles().to_vec()).expect("valid mesh")
}
