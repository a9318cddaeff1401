//! Ellipsoids against closed forms and a fine sampling of their surface: the plane test, GJK's
//! distance to boxes, and the ellipsoid-space sweep against triangles (checked against
//! conservative advancement on GJK).

use crate::oracle_support;
use crate::shapes_support;

use oracle_support::Rng;
use sepax::geometry::advance::{conservative_advancement, Motion};
use sepax::geometry::gjk::gjk;
use sepax::geometry::sphere_triangle::sweep_ellipsoid_triangle;
use sepax::geometry::{Ellipsoid, Plane};
use sepax::nalgebra::Vector3;

const SEED: u64 = 0x05E9_A0C1_E111_0017;

fn ellipsoid(rng: &mut Rng, w: f64) -> Ellipsoid {
    Ellipsoid {
        center: rng.vector(w),
        rotation: rng.rotation(),
        radii: rng.extents(0.2, 2.0),
    }
}

/// `n × 2n` points of the surface (a latitude–longitude grid of the unit sphere, stretched).
fn surface(e: &Ellipsoid, n: usize) -> Vec<Vector3<f64>> {
    let mut points = Vec::with_capacity(2 * n * n);
    for i in 0..=n {
        let polar = std::f64::consts::PI * i as f64 / n as f64;
        for j in 0..2 * n {
            let azimuth = std::f64::consts::PI * j as f64 / n as f64;
            let unit = Vector3::new(
                polar.sin() * azimuth.cos(),
                polar.cos(),
                polar.sin() * azimuth.sin(),
            );
            points.push(e.center + e.rotation.transform_vector(&unit.component_mul(&e.radii)));
        }
    }
    points
}

#[test]
fn plane_gap_matches_the_sampled_surface() {
    for index in 0..2_000 {
        let mut rng = Rng::case(SEED, index);
        let e = ellipsoid(&mut rng, 3.0);
        let plane = Plane::new(rng.direction().into_inner(), rng.range(-2.0, 2.0)).unwrap();
        let result = e.against_plane(&Vector3::zeros(), &plane, 1.0);
        let heights: Vec<f64> = surface(&e, 200)
            .iter()
            .map(|p| plane.signed_distance(p))
            .collect();
        let (lo, hi) = heights
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &h| {
                (a.min(h), b.max(h))
            });
        let sampled_gap = if lo > 0.0 {
            lo
        } else if hi < 0.0 {
            -hi
        } else {
            -lo.abs().min(hi)
        };
        let resolution = 2e-3 * e.radii.max();
        assert!(
            (result.gap - sampled_gap).abs() <= resolution
                || (result.gap < 0.0 && sampled_gap < 0.0),
            "case {index}: closed {} sampled {sampled_gap}",
            result.gap
        );
        if result.gap > 0.0 {
            // The closed form is the exact reach: no sample reaches farther.
            let nearest_sample = if lo > 0.0 { lo } else { -hi };
            assert!(
                nearest_sample >= result.gap - 1e-12,
                "case {index}: sample nearer than the gap"
            );
        }
    }
}

#[test]
fn falling_ellipsoids_touch_a_plane_at_the_closed_form_time() {
    for index in 0..2_000 {
        let mut rng = Rng::case(SEED ^ 1, index);
        let e = ellipsoid(&mut rng, 1.0);
        let plane = Plane::new(Vector3::y(), -3.0).unwrap();
        let v = rng.vector(1.0) - Vector3::y() * 3.0;
        let result = e.against_plane(&v, &plane, 2.0);
        let t = result.sweep.time.expect("falls onto the floor");
        let then = e.translated(&(v * t));
        let lowest = surface(&then, 100)
            .iter()
            .map(|p| p.y)
            .fold(f64::INFINITY, f64::min);
        assert!(
            (-3.0 - 1e-12..=-3.0 + 1e-3).contains(&lowest),
            "case {index}: lowest {lowest}"
        );
        let point = result.contact_point.unwrap();
        assert!((point.y + 3.0).abs() < 1e-9);
        let local = then
            .rotation
            .inverse_transform_vector(&(point - then.center));
        assert!(
            (local.component_div(&then.radii).norm() - 1.0).abs() < 1e-9,
            "case {index}: point off the surface"
        );
    }
}

#[test]
fn gjk_distance_to_boxes_matches_the_sampled_surface() {
    let mut worst = 0.0_f64;
    for index in 0..300 {
        let mut rng = Rng::case(SEED ^ 2, index);
        let (e, obb) = (ellipsoid(&mut rng, 3.0), rng.obb(3.0));
        let result = gjk(&e, &obb);
        let sampled = surface(&e, 100)
            .iter()
            .map(|p| obb.distance_to_point(p))
            .fold(f64::INFINITY, f64::min);
        if result.intersecting {
            continue;
        }
        // The samples lie on the surface: none is nearer than the true distance.
        assert!(
            sampled >= result.distance - 1e-9,
            "case {index}: gjk {} sampled {sampled}",
            result.distance
        );
        assert!(
            sampled - result.distance <= 2e-3 * e.radii.max(),
            "case {index}: gjk {} sampled {sampled}",
            result.distance
        );
        worst = worst.max(sampled - result.distance);
    }
    println!("ellipsoid-box: GJK distance below the sampled distance by at most {worst:e}");
}

#[test]
fn ellipsoid_space_sweep_matches_conservative_advancement() {
    let (mut hits, mut worst) = (0, 0.0_f64);
    for index in 0..2_000 {
        let mut rng = Rng::case(SEED ^ 3, index);
        let e = ellipsoid(&mut rng, 4.0);
        let center = rng.vector(1.0);
        let w = rng.range(0.5, 2.5);
        let t = shapes_support::triangle_near(&mut rng, &center, w);
        let (ve, vt) = (
            (t.centroid() - e.center) * rng.range(0.0, 1.5) + rng.vector(1.0),
            rng.vector(0.5),
        );
        let ours = sweep_ellipsoid_triangle(&e, &ve, &t, &vt, 1.0);
        let reference =
            conservative_advancement(&e, &Motion::linear(ve), &t, &Motion::linear(vt), 1.0);
        let case = format!(
            "case {index}: ours {ours:?}, advancement {:?}",
            reference.time_of_impact
        );
        match (ours.time, reference.time_of_impact) {
            (Some(a), Some(b)) => {
                assert!((a - b).abs() <= 1e-5, "{case}");
                worst = worst.max((a - b).abs());
                hits += 1;
                let p = ours.point.unwrap();
                let then = e.translated(&(ve * a));
                let local = then.rotation.inverse_transform_vector(&(p - then.center));
                assert!(
                    a == 0.0 || (local.component_div(&then.radii).norm() - 1.0).abs() < 1e-9,
                    "point off the ellipsoid: {case}"
                );
                assert!(
                    t.translated(&(vt * a)).distance_to_point(&p) < 1e-9,
                    "point off the triangle: {case}"
                );
            }
            (None, None) => {}
            _ => {
                let sampled = (0..=200).map(|k| {
                    let s = f64::from(k) / 200.0;
                    gjk(&e.translated(&(ve * s)), &t.translated(&(vt * s))).distance
                });
                assert!(sampled.fold(f64::INFINITY, f64::min) <= 1e-2, "{case}");
            }
        }
    }
    println!("ellipsoid-triangle sweep: 2000 paths, {hits} contacts within {worst:e} of conservative advancement");
    assert!(hits > 300);
}
