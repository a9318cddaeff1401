//! A sphere and a box both translating: the first time they touch.

use nalgebra::Vector3;

use super::{Obb, Sphere};

/// The first contact of a translating sphere and a translating box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SphereBoxContact {
    /// Time of first contact in `[0, T]`.
    pub time: f64,
    /// The box point touched (on both shapes at `time`).
    pub point: Vector3<f64>,
    /// How many box coordinates were clamped: 1 face, 2 edge, 3 vertex, 0 centre inside.
    pub clamped_coordinates: usize,
}

/// First time in `[0, duration]` the moving sphere touches the moving box, if it does.
///
/// # Algorithm
/// 1. Work in the box's frame: the centre moves along `c(t) = c0 + (vs - vb) t`.
/// 2. `f(t) = distance(c(t), box) - r` is convex in `t` (distance to a convex set along a line).
/// 3. `f(0) <= 0`: contact at 0. Else golden-section search finds the minimum of `f`; a positive
///    minimum means no contact.
/// 4. Bisection on `[0, t_min]` finds the first root to 1e-14 s.
pub fn sweep_sphere_obb(
    sphere: &Sphere,
    sphere_velocity: &Vector3<f64>,
    obb: &Obb,
    box_velocity: &Vector3<f64>,
    duration: f64,
) -> Option<SphereBoxContact> {
    let relative = sphere_velocity - box_velocity;
    let gap = |t: f64| obb.distance_to_point(&(sphere.center + relative * t)) - sphere.radius;
    let time = if gap(0.0) <= 0.0 {
        0.0
    } else {
        let t_min = golden_minimum(&gap, 0.0, duration);
        if gap(t_min) > 0.0 {
            return None;
        }
        let (mut lo, mut hi) = (0.0, t_min);
        while hi - lo > 1e-14 * (1.0 + hi) {
            let mid = 0.5 * (lo + hi);
            if gap(mid) > 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        hi
    };
    let center = sphere.center + relative * time;
    let local = obb.to_local(&center);
    let half = obb.half_extents();
    let clamped_coordinates = (0..3).filter(|&i| local[i].abs() > half[i]).count();
    let point = obb.closest_point(&center) + box_velocity * time;
    Some(SphereBoxContact {
        time,
        point,
        clamped_coordinates,
    })
}

/// The minimiser of a convex function on `[lo, hi]` by golden-section search.
fn golden_minimum(f: &impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    let ratio = 0.5 * (5f64.sqrt() - 1.0);
    for _ in 0..200 {
        if hi - lo <= 1e-15 * (1.0 + hi.abs()) {
            break;
        }
        let (x1, x2) = (hi - ratio * (hi - lo), lo + ratio * (hi - lo));
        if f(x1) <= f(x2) {
            hi = x2;
        } else {
            lo = x1;
        }
    }
    [lo, 0.5 * (lo + hi), hi]
        .into_iter()
        .fold(lo, |best, t| if f(t) < f(best) { t } else { best })
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::UnitQuaternion;

    #[test]
    fn sphere_dropping_on_a_box_face_touches_when_one_radius_above() {
        let obb = Obb::new(
            Vector3::zeros(),
            UnitQuaternion::identity(),
            Vector3::new(1.0, 1.0, 1.0),
        );
        let sphere = Sphere {
            center: Vector3::new(0.2, 4.0, 0.0),
            radius: 0.5,
        };
        let hit = sweep_sphere_obb(
            &sphere,
            &Vector3::new(0.0, -1.0, 0.0),
            &obb,
            &Vector3::zeros(),
            5.0,
        )
        .unwrap();
        assert!((hit.time - 2.5).abs() < 1e-12);
        assert!((hit.point - Vector3::new(0.2, 1.0, 0.0)).norm() < 1e-12);
        assert_eq!(hit.clamped_coordinates, 1);
    }

    #[test]
    fn sphere_passing_beside_a_box_corner_misses() {
        let obb = Obb::new(
            Vector3::zeros(),
            UnitQuaternion::identity(),
            Vector3::new(1.0, 1.0, 1.0),
        );
        let sphere = Sphere {
            center: Vector3::new(-5.0, 1.5, 1.5),
            radius: 0.5,
        };
        // Closest approach to the edge x-parallel at (y, z) = (1, 1): sqrt(0.5) > 0.5.
        assert!(sweep_sphere_obb(&sphere, &Vector3::x(), &obb, &Vector3::zeros(), 10.0).is_none());
    }
}
