//! Ray casts against planes, spheres, boxes and triangles, and the mirror reflection of a ray
//! (docs/methods.md §15.7).
//!
//! A ray is `X(t) = O + t d` with a unit direction `d`, so `t` is the distance along it. Every
//! cast returns the first hit with `0 <= t <= max_t`, its point and the unit normal of the
//! surface facing the incoming ray (`n·d <= 0`).

use nalgebra::Vector3;

use super::planes::ray_plane;
use super::{Obb, Plane, Sphere, Triangle};

/// `|det| <= PARALLEL_DET · |U| |W|` in Möller–Trumbore counts as a ray parallel to the
/// triangle's plane (no hit).
pub const PARALLEL_DET: f64 = 1e-14;

/// A ray's first hit on a shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit {
    /// Distance along the ray, `>= 0`.
    pub t: f64,
    /// The point hit, `O + t d`.
    pub point: Vector3<f64>,
    /// Unit normal of the surface at the point, facing the ray; zero when the ray starts inside.
    pub normal: Vector3<f64>,
    /// Whether the origin is inside the solid (a sphere, a box, an ellipsoid, a cylinder or a
    /// k-DOP): the hit is then at `t = 0`.
    pub inside: bool,
}

impl RayHit {
    pub(super) fn at(
        origin: &Vector3<f64>,
        direction: &Vector3<f64>,
        t: f64,
        normal: Vector3<f64>,
    ) -> Self {
        Self {
            t,
            point: origin + direction * t,
            normal,
            inside: false,
        }
    }

    pub(super) fn inside(origin: &Vector3<f64>) -> Self {
        Self {
            t: 0.0,
            point: *origin,
            normal: Vector3::zeros(),
            inside: true,
        }
    }
}

/// The mirror image of the direction `d` in a surface with unit normal `n`: `r = d - 2 (d·n) n`.
pub fn reflect(d: &Vector3<f64>, n: &Vector3<f64>) -> Vector3<f64> {
    d - n * (2.0 * d.dot(n))
}

/// The ray against a plane, which both of its sides can be hit from.
///
/// # Algorithm
/// `t = (d0 - N·O)/(N·d)` (docs/methods.md §6.1); no hit when the ray is parallel, `t < 0` or
/// `t > max_t`. The normal is `N` or `-N`, whichever faces the ray.
pub fn ray_plane_hit(
    origin: &Vector3<f64>,
    direction: &Vector3<f64>,
    plane: &Plane,
    max_t: f64,
) -> Option<RayHit> {
    let crossing = ray_plane(origin, direction, plane);
    let t = crossing.t.filter(|t| (0.0..=max_t).contains(t))?;
    let normal = if crossing.normal_dot_direction > 0.0 {
        -plane.normal
    } else {
        plane.normal
    };
    Some(RayHit::at(origin, direction, t, normal))
}

/// The ray against a solid sphere.
///
/// # Algorithm
/// With `m = O - C`, `b = m·d`, `c = m·m - r²`: the roots of `t² + 2bt + c = 0`. `c <= 0` puts
/// the origin inside (hit at `t = 0`); `c > 0` and `b > 0` points away; a negative discriminant
/// `b² - c` misses; otherwise the entry is `t = -b - sqrt(b² - c)` and the normal `(X - C)/r`.
pub fn ray_sphere(
    origin: &Vector3<f64>,
    direction: &Vector3<f64>,
    sphere: &Sphere,
    max_t: f64,
) -> Option<RayHit> {
    let m = origin - sphere.center;
    let b = m.dot(direction);
    let c = m.norm_squared() - sphere.radius * sphere.radius;
    if c <= 0.0 {
        return Some(RayHit::inside(origin));
    }
    let discriminant = b * b - c;
    if b > 0.0 || discriminant < 0.0 {
        return None;
    }
    let t = -b - discriminant.sqrt();
    if t > max_t {
        return None;
    }
    let hit = RayHit::at(origin, direction, t.max(0.0), Vector3::zeros());
    let normal = (hit.point - sphere.center)
        .try_normalize(0.0)
        .unwrap_or_else(|| -direction);
    Some(RayHit { normal, ..hit })
}

/// The ray against a solid box, by slabs.
///
/// # Algorithm
/// In box coordinates `o_i = A_i·(O - C)`, `d_i = A_i·d`, each axis bounds the ray to the slab
/// `-a_i <= o_i + t d_i <= a_i`: `t` between `(-a_i - o_i)/d_i` and `(a_i - o_i)/d_i` (a ray
/// parallel to the slab misses unless `|o_i| <= a_i`). The ray is inside the box for `t` from the
/// largest entry to the smallest exit; it misses when they cross or the exit is behind the
/// origin. A negative entry puts the origin inside (hit at `t = 0`). The normal is the entering
/// slab's axis, signed against `d`.
pub fn ray_obb(
    origin: &Vector3<f64>,
    direction: &Vector3<f64>,
    obb: &Obb,
    max_t: f64,
) -> Option<RayHit> {
    let o = obb.to_local(origin);
    let d = obb.axes().tr_mul(direction);
    let h = obb.half_extents();
    let (mut enter, mut exit) = (f64::NEG_INFINITY, f64::INFINITY);
    let mut entering_axis = None;
    for i in 0..3 {
        if d[i] == 0.0 {
            if o[i].abs() > h[i] {
                return None;
            }
            continue;
        }
        let (t1, t2) = ((-h[i] - o[i]) / d[i], (h[i] - o[i]) / d[i]);
        let (near, far) = if t1 < t2 { (t1, t2) } else { (t2, t1) };
        if near > enter {
            enter = near;
            entering_axis = Some(i);
        }
        exit = exit.min(far);
    }
    if enter > exit || exit < 0.0 || enter > max_t {
        return None;
    }
    let Some(axis) = entering_axis.filter(|_| enter >= 0.0) else {
        return Some(RayHit::inside(origin));
    };
    let normal = obb.axis(axis) * -d[axis].signum();
    Some(RayHit::at(origin, direction, enter, normal))
}

/// The ray against a triangle (either side), by Möller–Trumbore.
///
/// # Algorithm
/// With the edges from `V0`, `U = V1 - V0` and `W = V2 - V0`, solve `O + t d = V0 + u U + v W`
/// by Cramer's rule: `P = d × W`, `det = U·P`; `u = (O - V0)·P / det`, `Q = (O - V0) × U`,
/// `v = d·Q / det`, `t = W·Q / det`. A hit needs `|det|` above [`PARALLEL_DET`]` |U| |W|`,
/// `u >= 0`, `v >= 0`, `u + v <= 1` and `0 <= t <= max_t`. The normal is `U × W` normalised,
/// turned to face the ray.
pub fn ray_triangle(
    origin: &Vector3<f64>,
    direction: &Vector3<f64>,
    triangle: &Triangle,
    max_t: f64,
) -> Option<RayHit> {
    let [v0, v1, v2] = triangle.vertices;
    let (e0, e1) = (v1 - v0, v2 - v0);
    let p = direction.cross(&e1);
    let det = e0.dot(&p);
    if det.abs() <= PARALLEL_DET * e0.norm() * e1.norm() {
        return None;
    }
    let s = origin - v0;
    let u = s.dot(&p) / det;
    if !(0.0..=1.0).contains(&u) {
        return None;
    }
    let q = s.cross(&e0);
    let v = direction.dot(&q) / det;
    if v < 0.0 || u + v > 1.0 {
        return None;
    }
    let t = e1.dot(&q) / det;
    if !(0.0..=max_t).contains(&t) {
        return None;
    }
    let normal = triangle.unit_normal();
    let normal = if normal.dot(direction) > 0.0 {
        -normal
    } else {
        normal
    };
    Some(RayHit::at(origin, direction, t, normal))
}

#[cfg(test)]
mod tests {
    use nalgebra::UnitQuaternion;

    use super::*;

    const DOWN: Vector3<f64> = Vector3::new(0.0, -1.0, 0.0);

    #[test]
    fn reflection_keeps_the_tangent_and_flips_the_normal_part() {
        let d = Vector3::new(1.0, -1.0, 0.0).normalize();
        let r = reflect(&d, &Vector3::y());
        assert!((r - Vector3::new(1.0, 1.0, 0.0).normalize()).norm() < 1e-15);
    }

    #[test]
    fn plane_is_hit_from_either_side_with_the_facing_normal() {
        let floor = Plane::new(Vector3::y(), 0.0).unwrap();
        let above = ray_plane_hit(&Vector3::new(0.0, 2.0, 0.0), &DOWN, &floor, 10.0).unwrap();
        assert_eq!((above.t, above.normal), (2.0, Vector3::y()));
        let below = ray_plane_hit(&Vector3::new(0.0, -2.0, 0.0), &-DOWN, &floor, 10.0).unwrap();
        assert_eq!((below.t, below.normal), (2.0, -Vector3::y()));
        assert!(ray_plane_hit(&Vector3::new(0.0, 2.0, 0.0), &DOWN, &floor, 1.5).is_none());
    }

    #[test]
    fn sphere_entry_inside_and_miss() {
        let ball = Sphere {
            center: Vector3::zeros(),
            radius: 1.0,
        };
        let hit = ray_sphere(&Vector3::new(0.0, 3.0, 0.0), &DOWN, &ball, 10.0).unwrap();
        assert_eq!((hit.t, hit.normal), (2.0, Vector3::y()));
        assert!(
            ray_sphere(&Vector3::zeros(), &DOWN, &ball, 10.0)
                .unwrap()
                .inside
        );
        assert!(ray_sphere(&Vector3::new(2.0, 3.0, 0.0), &DOWN, &ball, 10.0).is_none());
    }

    #[test]
    fn box_slabs_give_the_entering_face() {
        let turned = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), 0.3);
        let obb = Obb::new(Vector3::zeros(), turned, Vector3::new(1.0, 1.0, 1.0));
        let origin = Vector3::new(0.0, 5.0, 0.0);
        let hit = ray_obb(&origin, &DOWN, &obb, 10.0).unwrap();
        assert!((hit.normal - obb.axis(1)).norm() < 1e-15);
        assert!((obb.to_local(&hit.point)[1] - 1.0).abs() < 1e-12);
        assert!(ray_obb(&Vector3::new(3.0, 5.0, 0.0), &DOWN, &obb, 10.0).is_none());
    }

    #[test]
    fn triangle_hit_and_edge_miss() {
        let tri = Triangle::new(
            Vector3::new(0.0, 0.0, 0.0),
            Vector3::new(0.0, 0.0, 2.0),
            Vector3::new(2.0, 0.0, 0.0),
        );
        let hit = ray_triangle(&Vector3::new(0.5, 1.0, 0.5), &DOWN, &tri, 10.0).unwrap();
        assert_eq!((hit.t, hit.normal), (1.0, Vector3::y()));
        assert!(ray_triangle(&Vector3::new(1.5, 1.0, 1.5), &DOWN, &tri, 10.0).is_none());
    }
}
