//! Ray casts against the convex shapes beyond boxes: an ellipsoid in its unit-sphere space, a
//! capped cylinder by its lateral quadratic and its two caps, and a k-DOP by its slabs
//! (docs/methods.md §15.7).
//!
//! As in [`super::ray`], the ray is `X(t) = O + t d` with a unit `d`; each cast returns the
//! first hit with `0 <= t <= max_t`, the unit normal facing the ray, or a hit at `t = 0` marked
//! `inside` when the origin lies in the solid.

use nalgebra::Vector3;

use super::ray::RayHit;
use super::{Convex, Cylinder, Ellipsoid, Kdop};

/// The ray against a placed ellipsoid, cylinder or k-DOP, and the name of the test used
/// (`ray-ellipsoid`, `ray-cylinder` or `ray-kdop slabs`).
pub fn ray_convex(
    origin: &Vector3<f64>,
    direction: &Vector3<f64>,
    shape: &Convex,
    max_t: f64,
) -> (Option<RayHit>, &'static str) {
    match shape {
        Convex::Ellipsoid(e) => (ray_ellipsoid(origin, direction, e, max_t), "ray-ellipsoid"),
        Convex::Cylinder(c) => (ray_cylinder(origin, direction, c, max_t), "ray-cylinder"),
        Convex::Kdop(k) => (ray_kdop(origin, direction, k, max_t), "ray-kdop slabs"),
    }
}

/// The real roots `(t0, t1)`, `t0 <= t1`, of `a t² + 2 b t + c = 0` with `a > 0`, computed
/// without cancellation (`q = -(b + sign(b) sqrt(b² - a c))`, roots `q/a` and `c/q`).
fn roots(a: f64, b: f64, c: f64) -> Option<(f64, f64)> {
    let discriminant = b * b - a * c;
    if discriminant < 0.0 {
        return None;
    }
    let q = -(b + b.signum() * discriminant.sqrt());
    if q == 0.0 {
        return Some((0.0, 0.0));
    }
    let (x, y) = (q / a, c / q);
    Some(if x <= y { (x, y) } else { (y, x) })
}

/// The ray against a solid ellipsoid, as a unit sphere in the ellipsoid's scaled space.
///
/// # Algorithm
/// In the ellipsoid's axes, scaled by `1/r_i` (the map `E = R diag(1/r) Rᵀ` that makes it a unit
/// sphere, docs/methods.md §15.3), the ray is `o + t e` with `o = diag(1/r) Rᵀ (O - C)` and
/// `e = diag(1/r) Rᵀ d`; the map is linear, so `t` is unchanged. The roots of
/// `|o + t e|² = 1`, i.e. `(e·e) t² + 2 (o·e) t + (o·o - 1) = 0`: `o·o <= 1` puts the origin
/// inside (hit at `t = 0`); `o·e >= 0` points away; a negative discriminant misses; otherwise the
/// entry is the smaller root. The normal is the gradient of `|E (X - C)|²` at the hit,
/// `R diag(1/r) u` with `u = o + t e` on the unit sphere, normalised.
pub fn ray_ellipsoid(
    origin: &Vector3<f64>,
    direction: &Vector3<f64>,
    ellipsoid: &Ellipsoid,
    max_t: f64,
) -> Option<RayHit> {
    let rotation = &ellipsoid.rotation;
    let o = rotation
        .inverse_transform_vector(&(origin - ellipsoid.center))
        .component_div(&ellipsoid.radii);
    let e = rotation
        .inverse_transform_vector(direction)
        .component_div(&ellipsoid.radii);
    let (a, b, c) = (e.norm_squared(), o.dot(&e), o.norm_squared() - 1.0);
    if c <= 0.0 {
        return Some(RayHit::inside(origin));
    }
    if b >= 0.0 {
        return None;
    }
    let (t, _) = roots(a, b, c)?;
    if t > max_t {
        return None;
    }
    let t = t.max(0.0);
    let u = o + e * t;
    let normal = rotation
        .transform_vector(&u.component_div(&ellipsoid.radii))
        .try_normalize(0.0)
        .unwrap_or_else(|| -direction);
    Some(RayHit::at(origin, direction, t, normal))
}

/// The ray against a solid capped cylinder: the side's quadratic and the caps' slab.
///
/// # Algorithm
/// In the cylinder's frame (axis along local `y`) the ray is `o + t e`, `o = Rᵀ (O - C)`,
/// `e = Rᵀ d`. The side bounds `t` to the roots of
/// `(e_x² + e_z²) t² + 2 (o_x e_x + o_z e_z) t + (o_x² + o_z² - ρ²) = 0` (a ray along the
/// axis: every `t` when `o_x² + o_z² <= ρ²`, else a miss); the caps bound it to the slab
/// `-h <= o_y + t e_y <= h`, `t` between `(-h - o_y)/e_y` and `(h - o_y)/e_y` (parallel to the
/// caps: every `t` when `|o_y| <= h`, else a miss). The ray is inside for `t` from the larger
/// entry to the smaller exit, as for a box's slabs; it misses when they cross or the exit is
/// behind the origin, and a negative entry puts the origin inside. The normal is the radial
/// direction `(x, 0, z)/ρ` of the hit when it enters through the side, `∓y` through a cap.
pub fn ray_cylinder(
    origin: &Vector3<f64>,
    direction: &Vector3<f64>,
    cylinder: &Cylinder,
    max_t: f64,
) -> Option<RayHit> {
    let rotation = &cylinder.rotation;
    let o = rotation.inverse_transform_vector(&(origin - cylinder.center));
    let e = rotation.inverse_transform_vector(direction);
    let (h, rho) = (cylinder.half_height, cylinder.radius);
    let a = e.x * e.x + e.z * e.z;
    let b = o.x * e.x + o.z * e.z;
    let c = o.x * o.x + o.z * o.z - rho * rho;
    let side = if a == 0.0 {
        if c > 0.0 {
            return None;
        }
        (f64::NEG_INFINITY, f64::INFINITY)
    } else {
        roots(a, b, c)?
    };
    let caps = if e.y == 0.0 {
        if o.y.abs() > h {
            return None;
        }
        (f64::NEG_INFINITY, f64::INFINITY)
    } else {
        let (t1, t2) = ((-h - o.y) / e.y, (h - o.y) / e.y);
        (t1.min(t2), t1.max(t2))
    };
    let (enter, exit) = (side.0.max(caps.0), side.1.min(caps.1));
    if enter > exit || exit < 0.0 || enter > max_t {
        return None;
    }
    if enter < 0.0 {
        return Some(RayHit::inside(origin));
    }
    let local = if side.0 > caps.0 {
        let p = o + e * enter;
        Vector3::new(p.x, 0.0, p.z)
            .try_normalize(0.0)
            .unwrap_or_else(|| -e)
    } else {
        Vector3::new(0.0, -e.y.signum(), 0.0)
    };
    let normal = rotation.transform_vector(&local);
    Some(RayHit::at(origin, direction, enter, normal))
}

/// The ray against a k-DOP by clipping it to each of its slabs (Kay–Kajiya).
///
/// # Algorithm
/// Along each slab direction `n_i` with `min_i <= n_i·X <= max_i`: with `s = n_i·O` and
/// `v = n_i·d`, the slab holds `t` between `(min_i - s)/v` and `(max_i - s)/v` (a ray parallel
/// to the slab misses unless `min_i <= s <= max_i`). The ray is inside the k-DOP for `t` from the
/// largest entry to the smallest exit; it misses when they cross or the exit is behind the
/// origin, and a negative entry puts the origin inside (hit at `t = 0`). The normal is the
/// entering slab's direction, signed against `d`.
pub fn ray_kdop(
    origin: &Vector3<f64>,
    direction: &Vector3<f64>,
    kdop: &Kdop,
    max_t: f64,
) -> Option<RayHit> {
    let (mut enter, mut exit) = (f64::NEG_INFINITY, f64::INFINITY);
    let mut entering = None;
    for (i, n) in kdop.directions.iter().enumerate() {
        let (s, v) = (n.dot(origin), n.dot(direction));
        let (low, high) = kdop.slab(i);
        if v == 0.0 {
            if s < low || s > high {
                return None;
            }
            continue;
        }
        let (t1, t2) = ((low - s) / v, (high - s) / v);
        let (near, far) = if t1 < t2 { (t1, t2) } else { (t2, t1) };
        if near > enter {
            enter = near;
            entering = Some(i);
        }
        exit = exit.min(far);
    }
    if enter > exit || exit < 0.0 || enter > max_t {
        return None;
    }
    let Some(i) = entering.filter(|_| enter >= 0.0) else {
        return Some(RayHit::inside(origin));
    };
    let n = kdop.directions[i];
    let normal = n * -n.dot(direction).signum();
    Some(RayHit::at(origin, direction, enter, normal))
}

#[cfg(test)]
mod tests {
    use nalgebra::UnitQuaternion;

    use super::*;

    const DOWN: Vector3<f64> = Vector3::new(0.0, -1.0, 0.0);

    #[test]
    fn ellipsoid_pole_side_and_inside() {
        let e = Ellipsoid {
            center: Vector3::zeros(),
            rotation: UnitQuaternion::identity(),
            radii: Vector3::new(3.0, 2.0, 1.0),
        };
        let top = ray_ellipsoid(&Vector3::new(0.0, 5.0, 0.0), &DOWN, &e, 10.0).unwrap();
        assert_eq!((top.t, top.normal), (3.0, Vector3::y()));
        let side = ray_ellipsoid(&Vector3::new(-7.0, 0.0, 0.0), &Vector3::x(), &e, 10.0).unwrap();
        assert!((side.t - 4.0).abs() < 1e-12 && (side.normal + Vector3::x()).norm() < 1e-12);
        assert!(
            ray_ellipsoid(&Vector3::zeros(), &DOWN, &e, 10.0)
                .unwrap()
                .inside
        );
        assert!(ray_ellipsoid(&Vector3::new(0.0, 5.0, 1.5), &DOWN, &e, 10.0).is_none());
        assert!(ray_ellipsoid(&Vector3::new(0.0, 5.0, 0.0), &DOWN, &e, 2.5).is_none());
    }

    #[test]
    fn cylinder_side_cap_and_along_the_axis() {
        let c = Cylinder {
            center: Vector3::zeros(),
            rotation: UnitQuaternion::identity(),
            radius: 1.0,
            half_height: 2.0,
        };
        let cap = ray_cylinder(&Vector3::new(0.5, 5.0, 0.0), &DOWN, &c, 10.0).unwrap();
        assert_eq!((cap.t, cap.normal), (3.0, Vector3::y()));
        let side = ray_cylinder(&Vector3::new(4.0, 1.0, 0.0), &-Vector3::x(), &c, 10.0).unwrap();
        assert_eq!((side.t, side.normal), (3.0, Vector3::x()));
        assert!(ray_cylinder(&Vector3::new(1.5, 5.0, 0.0), &DOWN, &c, 10.0).is_none());
        assert!(ray_cylinder(&Vector3::new(4.0, 2.5, 0.0), &-Vector3::x(), &c, 10.0).is_none());
        assert!(
            ray_cylinder(&Vector3::new(0.0, 1.0, 0.0), &DOWN, &c, 10.0)
                .unwrap()
                .inside
        );
    }

    #[test]
    fn kdop_slabs_cut_the_corner() {
        let points = [
            Vector3::new(0.0, 0.0, 0.0),
            Vector3::new(1.0, 0.0, 0.0),
            Vector3::new(0.0, 1.0, 0.0),
            Vector3::new(0.0, 0.0, 1.0),
        ];
        let k = Kdop::fit(&points, 26).unwrap();
        let d = -Vector3::new(1.0, 1.0, 1.0).normalize();
        let hit = ray_kdop(&Vector3::repeat(2.0), &d, &k, 10.0).unwrap();
        // The diagonal slab x + y + z <= 1 is entered first, at the point (1/3, 1/3, 1/3).
        assert!((hit.point - Vector3::repeat(1.0 / 3.0)).norm() < 1e-12);
        assert!((hit.normal + d).norm() < 1e-12);
        assert!(ray_kdop(&Vector3::new(0.9, 5.0, 0.9), &DOWN, &k, 10.0).is_none());
        assert!(
            ray_kdop(&Vector3::repeat(0.1), &DOWN, &k, 10.0)
                .unwrap()
                .inside
        );
    }
}
