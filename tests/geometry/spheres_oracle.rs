//! Sphere, box and plane queries against parry3d-f64 as an independent oracle, over tens of
//! thousands of random cases each.

use nalgebra::Vector3;
use parry3d_f64::glamx::DVec3;
use parry3d_f64::math::Pose;
use parry3d_f64::query::{self, PointQuery, ShapeCastOptions};
use parry3d_f64::shape::{Ball, HalfSpace};
use proptest::prelude::*;
use sepax::geometry::box_plane::{obb_plane, sweep_obb_plane};
use sepax::geometry::distance::point_obb;
use sepax::geometry::planes::sweep_sphere_plane;
use sepax::geometry::spheres::{sphere_obb, sweep_spheres, SphereBoxStage, SweepOutcome};
use sepax::geometry::{Obb, Plane, Sphere};

const CASES: usize = 40_000;

use crate::oracle_support;

use oracle_support::{cuboid, dvec, pose, Rng};

/// A box with a random rotation, centre in `[-3, 3]³` and half-extents in `[0.1, 2)`.
fn small_obb(rng: &mut Rng) -> Obb {
    let (center, rotation) = (rng.vector(3.0), rng.rotation());
    Obb::new(center, rotation, rng.extents(0.1, 2.0))
}

fn cast_options(duration: f64) -> ShapeCastOptions {
    ShapeCastOptions::with_max_time_of_impact(duration)
}

#[test]
fn moving_spheres_agree_with_parry_time_of_impact() {
    let mut rng = Rng::seeded(100);
    let (mut skipped, mut touches) = (0, 0);
    for case in 0..CASES {
        let a = Sphere {
            center: rng.vector(5.0),
            radius: rng.range(0.1, 2.0),
        };
        let b = Sphere {
            center: rng.vector(5.0),
            radius: rng.range(0.1, 2.0),
        };
        let duration = rng.range(0.1, 3.0);
        // Two cases in three aim sphere a at b's start so that many of them meet.
        let aim = if case % 3 == 0 {
            Vector3::zeros()
        } else {
            (b.center - a.center) * (rng.range(0.2, 1.5) / duration)
        };
        let (va, vb) = (aim + rng.vector(1.0), rng.vector(1.0));
        let ours = sweep_spheres(&a, &va, &b, &vb, duration);

        let (relative, motion) = (a.center - b.center, va - vb);
        let closest_time = -relative.dot(&motion) / motion.norm_squared();
        let closest_approach = (relative + motion * closest_time).norm();
        let grazing = (closest_approach - ours.radius_sum).abs() < 1e-9;
        let at_the_end = ours.radicand >= 0.0 && {
            let t = (-ours.a_dot_b - ours.radicand.sqrt()) / motion.norm_squared();
            (t - duration).abs() < 1e-9
        };
        if grazing || at_the_end {
            skipped += 1;
            continue;
        }
        let parry = query::cast_shapes(
            &Pose::from_translation(dvec(&a.center)),
            dvec(&va),
            &Ball::new(a.radius),
            &Pose::from_translation(dvec(&b.center)),
            dvec(&vb),
            &Ball::new(b.radius),
            cast_options(duration),
        )
        .unwrap();
        match (ours.time, parry) {
            (None, None) => {}
            (Some(t), Some(hit)) => {
                assert!(
                    (t - hit.time_of_impact).abs() < 1e-6,
                    "case {case}: {t} vs {}",
                    hit.time_of_impact
                );
                touches += 1;
                let contact = ours.contact.unwrap();
                let (ca, cb) = (a.center + va * t, b.center + vb * t);
                if ours.outcome == SweepOutcome::Touch {
                    assert!(
                        ((contact.point - ca).norm() - a.radius).abs() < 1e-6,
                        "case {case}"
                    );
                    assert!(
                        ((contact.point - cb).norm() - b.radius).abs() < 1e-6,
                        "case {case}"
                    );
                }
            }
            (ours, parry) => panic!("case {case}: ours {ours:?}, parry {parry:?}"),
        }
    }
    println!("moving spheres: {CASES} cases, {touches} contacts, {skipped} skipped as grazing");
    assert!(skipped < CASES / 1000, "{skipped} skipped");
    assert!(
        touches > CASES / 5,
        "only {touches} contacts: the generator misses too often"
    );
}

#[test]
fn sphere_box_overlap_agrees_with_parry_intersection_test() {
    let mut rng = Rng::seeded(101);
    let (mut skipped, mut overlaps, mut early_rejections) = (0, 0, 0);
    for case in 0..CASES {
        let obb = small_obb(&mut rng);
        let sphere = Sphere {
            center: obb.center() + rng.vector(3.5),
            radius: rng.range(0.05, 2.0),
        };
        let ours = sphere_obb(&sphere, &obb);
        if (point_obb(&sphere.center, &obb).distance - sphere.radius).abs() < 1e-9 {
            skipped += 1;
            continue;
        }
        let parry = query::intersection_test(
            &Pose::from_translation(dvec(&sphere.center)),
            &Ball::new(sphere.radius),
            &pose(&obb),
            &cuboid(&obb),
        )
        .unwrap();
        assert_eq!(ours.overlaps, parry.intersecting, "case {case}: {ours:?}");
        overlaps += usize::from(ours.overlaps);
        early_rejections += usize::from(ours.decided_by == SphereBoxStage::EnclosingSphere);
    }
    println!("sphere-box: {CASES} cases, {overlaps} overlaps, {early_rejections} rejected by the enclosing sphere, {skipped} skipped");
    assert!(skipped < CASES / 1000);
    assert!(
        overlaps > CASES / 10 && early_rejections > CASES / 10,
        "both verdicts and both stages occur"
    );
}

#[test]
fn point_box_distance_agrees_with_parry() {
    let mut rng = Rng::seeded(102);
    for case in 0..CASES {
        let obb = small_obb(&mut rng);
        let q = rng.vector(5.0);
        let ours = point_obb(&q, &obb);
        let cuboid = cuboid(&obb);
        let parry = cuboid.distance_to_point(&pose(&obb), dvec(&q), true);
        assert!(
            (ours.distance - parry).abs() < 1e-9,
            "case {case}: {} vs {parry}",
            ours.distance
        );
        let projection = cuboid.project_point(&pose(&obb), dvec(&q), true).point;
        assert!(
            (dvec(&ours.closest) - projection).length() < 1e-9,
            "case {case}"
        );
    }
}

/// A random plane through a point near the origin, and parry's half-space behind it.
fn random_plane(rng: &mut Rng) -> (Plane, Pose, HalfSpace) {
    let normal = rng.vector(1.0);
    let point = rng.vector(2.0);
    let plane = Plane::from_point_normal(&point, normal).unwrap();
    (
        plane,
        Pose::from_translation(dvec(&point)),
        HalfSpace::new(dvec(&plane.normal)),
    )
}

#[test]
fn moving_box_against_a_plane_agrees_with_parry_half_space() {
    let mut rng = Rng::seeded(103);
    let (mut skipped, mut touches) = (0, 0);
    for case in 0..CASES {
        let (plane, plane_pose, half_space) = random_plane(&mut rng);
        let obb = small_obb(&mut rng);
        let radius = obb.projected_radius(&plane.normal);
        let start = plane.signed_distance(&obb.center());
        // Parry's half-space is solid behind the plane: start on or in front of it.
        let obb = if start < -radius {
            obb.translated(&(plane.normal * (-2.0 * start)))
        } else {
            obb
        };
        let velocity = rng.vector(4.0) - plane.normal * rng.range(0.0, 3.0);
        let duration = rng.range(0.1, 3.0);
        let ours = sweep_obb_plane(&obb, &velocity, &plane, duration);
        let sweep = ours.sweep;
        let near_start = (sweep.start_distance.abs() - radius).abs() < 1e-9;
        let touch_time = (sweep.start_distance - radius) / -sweep.normal_speed;
        if near_start || (touch_time - duration).abs() < 1e-9 {
            skipped += 1;
            continue;
        }
        let cuboid = cuboid(&obb);
        let touching_now = query::intersection_test(&plane_pose, &half_space, &pose(&obb), &cuboid);
        assert_eq!(
            obb_plane(&obb, &plane).proximity.overlaps,
            touching_now.unwrap().intersecting
        );
        let parry = query::cast_shapes(
            &plane_pose,
            DVec3::ZERO,
            &half_space,
            &pose(&obb),
            dvec(&velocity),
            &cuboid,
            cast_options(duration),
        )
        .unwrap();
        match (sweep.time, parry) {
            (None, None) => {}
            (Some(t), Some(hit)) => {
                assert!(
                    (t - hit.time_of_impact).abs() < 1e-6,
                    "case {case}: {t} vs {}",
                    hit.time_of_impact
                );
                touches += 1;
                let point = ours.contact_point.unwrap();
                assert!(
                    plane.signed_distance(&point).abs() < 1e-9,
                    "case {case}: contact off the plane"
                );
                let moved = obb.translated(&(velocity * t));
                assert!(
                    moved.distance_to_point(&point) < 1e-9,
                    "case {case}: contact off the box"
                );
            }
            (ours, parry) => panic!("case {case}: ours {ours:?}, parry {parry:?}"),
        }
    }
    println!("box-plane: {CASES} cases, {touches} contacts, {skipped} skipped");
    assert!(skipped < CASES / 1000);
    assert!(touches > CASES / 5);
}

#[test]
fn moving_sphere_against_a_plane_agrees_with_parry_half_space() {
    let mut rng = Rng::seeded(104);
    let mut touches = 0;
    for case in 0..CASES {
        let (plane, plane_pose, half_space) = random_plane(&mut rng);
        let mut sphere = Sphere {
            center: rng.vector(5.0),
            radius: rng.range(0.1, 2.0),
        };
        let start = plane.signed_distance(&sphere.center);
        if start < -sphere.radius {
            sphere.center -= plane.normal * (2.0 * start);
        }
        let velocity = rng.vector(4.0) - plane.normal * rng.range(0.0, 3.0);
        let duration = rng.range(0.1, 3.0);
        let ours = sweep_sphere_plane(&sphere, &velocity, &plane, duration);
        let gap = ours.sweep.start_distance - sphere.radius;
        if gap.abs() < 1e-9 || (gap / -ours.sweep.normal_speed - duration).abs() < 1e-9 {
            continue;
        }
        let parry = query::cast_shapes(
            &plane_pose,
            DVec3::ZERO,
            &half_space,
            &Pose::from_translation(dvec(&sphere.center)),
            dvec(&velocity),
            &Ball::new(sphere.radius),
            cast_options(duration),
        )
        .unwrap();
        assert_eq!(ours.sweep.time.is_some(), parry.is_some(), "case {case}");
        if let (Some(t), Some(hit)) = (ours.sweep.time, parry) {
            assert!((t - hit.time_of_impact).abs() < 1e-6, "case {case}");
            let at_contact = sphere.center + velocity * t;
            assert!((ours.contact_point.unwrap() - at_contact).norm() <= sphere.radius + 1e-9);
            touches += 1;
        }
    }
    assert!(touches > CASES / 5);
}

proptest! {
    /// At the reported time the centres are exactly `r1 + r2` apart, and never closer before it.
    #[test]
    fn sphere_sweep_time_is_the_first_touch(
        c1 in prop::array::uniform3(-5.0..5.0f64), c2 in prop::array::uniform3(-5.0..5.0f64),
        v1 in prop::array::uniform3(-3.0..3.0f64), v2 in prop::array::uniform3(-3.0..3.0f64),
        r1 in 0.1..2.0f64, r2 in 0.1..2.0f64,
    ) {
        let (a, b) = (Sphere { center: c1.into(), radius: r1 }, Sphere { center: c2.into(), radius: r2 });
        let (v1, v2) = (Vector3::from(v1), Vector3::from(v2));
        let sweep = sweep_spheres(&a, &v1, &b, &v2, 10.0);
        let gap_at = |t: f64| ((a.center + v1 * t) - (b.center + v2 * t)).norm() - (r1 + r2);
        if sweep.outcome == SweepOutcome::OverlappingAtStart {
            prop_assert!(sweep.time == Some(0.0) && gap_at(0.0) <= 0.0);
        } else if let Some(t) = sweep.time {
            prop_assert!(gap_at(t).abs() < 1e-9);
            for k in 0..100 {
                prop_assert!(gap_at(t * f64::from(k) / 100.0) >= -1e-9);
            }
        } else {
            for k in 0..=100 {
                prop_assert!(gap_at(10.0 * f64::from(k) / 100.0) > -1e-9);
            }
        }
    }
}
