//! Bounding-volume fits, the convex hull and the distance queries, against the course's worked
//! example, closed forms, brute-force sampling and parry's convex hull.

use nalgebra::{Matrix3, UnitQuaternion, Vector3};
use sepax::geometry::fit::{
    aabb_of_points, hull_covariance, obb_of_points, points_covariance, ritter_sphere,
    sphere_of_points, ObbFit, ObbMethod, SphereMethod,
};
use sepax::geometry::hull::convex_hull;
use sepax::geometry::Obb;

use crate::oracle_support;

use oracle_support::{dvec, Rng};

/// An anisotropic cloud: random points in a stretched, rotated, shifted box.
fn cloud(rng: &mut Rng, count: usize) -> Vec<Vector3<f64>> {
    let stretch = rng.extents(0.5, 4.0);
    let (rotation, shift) = (rng.rotation(), rng.vector(10.0));
    (0..count)
        .map(|_| rotation * rng.vector(1.0).component_mul(&stretch) + shift)
        .collect()
}

fn assert_fit_contains(fit: &ObbFit, points: &[Vector3<f64>]) {
    for p in points {
        let outside = fit.obb.distance_to_point(p);
        assert!(
            outside <= 1e-12,
            "point {p:?} is {outside:e} outside the fitted box"
        );
    }
}

#[test]
fn seed_004_worked_example_matches_the_printed_digits() {
    let points = [
        [-1.0, -2.0, 1.0],
        [1.0, 0.0, 2.0],
        [2.0, -1.0, 3.0],
        [2.0, -1.0, 2.0],
    ]
    .map(Vector3::from);
    let fit = obb_of_points(&points, ObbMethod::Points).unwrap();
    assert!((fit.centroid - Vector3::new(1.0, -1.0, 2.0)).norm() < 1e-15);
    let printed = Matrix3::new(6.0, 2.0, 3.0, 2.0, 2.0, 1.0, 3.0, 1.0, 2.0) / 4.0;
    assert!((fit.covariance - printed).norm() < 1e-15);
    let [l1, l2, l3] = fit.eigenvalues;
    assert_eq!(
        [format!("{l1:.3}"), format!("{l2:.4}"), format!("{l3:.5}")],
        ["2.097", "0.3055", "0.09756"]
    );
    // The course notes print U3 = (0.489, -0.0675, 0.870), which is not orthogonal to U1; its own table
    // of projections uses (0.489, -0.0675, -0.870).
    let printed_axes = [
        [0.833, 0.330, 0.443],
        [-0.257, 0.941, -0.218],
        [0.489, -0.0675, -0.870],
    ];
    for (k, printed) in printed_axes.map(Vector3::from).iter().enumerate() {
        let axis = fit.obb.axis(k);
        assert!(
            (axis - printed).norm() < 1e-3 || (axis + printed).norm() < 1e-3,
            "U{} = {axis:?}",
            k + 1
        );
    }
    // Centre aU1 + bU2 + cU3 and half-widths from the course's bounding planes.
    assert!((fit.obb.center() - Vector3::new(0.4816, -0.9763, 1.6442)).norm() < 1e-3);
    assert!((fit.obb.half_extents() - Vector3::new(1.8584, 0.7083, 0.4348)).norm() < 1e-3);
    let a2 = fit.obb.axis(0).cross(&fit.obb.axis(1));
    assert!(
        (a2 - fit.obb.axis(2)).norm() < 1e-12,
        "the frame is right-handed"
    );
    assert_fit_contains(&fit, &points);
}

#[test]
fn fitted_boxes_contain_every_point_for_both_methods() {
    let mut rng = Rng::seeded(1);
    for round in 0..200 {
        let points = cloud(&mut rng, 4 + round % 60);
        for method in [ObbMethod::Points, ObbMethod::Hull] {
            assert_fit_contains(&obb_of_points(&points, method).unwrap(), &points);
        }
    }
}

#[test]
fn rotating_and_translating_a_cloud_moves_its_fit_the_same_way() {
    let mut rng = Rng::seeded(2);
    for _ in 0..100 {
        let points = cloud(&mut rng, 40);
        let (rotation, shift) = (rng.rotation(), rng.vector(20.0));
        let moved: Vec<_> = points.iter().map(|p| rotation * p + shift).collect();
        for method in [ObbMethod::Points, ObbMethod::Hull] {
            let (before, after) = (
                obb_of_points(&points, method).unwrap(),
                obb_of_points(&moved, method).unwrap(),
            );
            assert!((rotation * before.obb.center() + shift - after.obb.center()).norm() < 1e-9);
            assert!((before.obb.half_extents() - after.obb.half_extents()).norm() < 1e-9);
            for k in 0..3 {
                let turned = rotation * before.obb.axis(k);
                assert!(
                    turned.dot(&after.obb.axis(k)).abs() > 1.0 - 1e-9,
                    "axis {k} did not follow"
                );
                assert!((before.eigenvalues[k] - after.eigenvalues[k]).abs() < 1e-9);
            }
        }
    }
}

#[test]
fn duplicated_points_change_neither_containment_nor_the_hull_fit() {
    let mut rng = Rng::seeded(3);
    let points = cloud(&mut rng, 30);
    let mut doubled = points.clone();
    doubled.extend_from_slice(&points[..10]);
    doubled.extend_from_slice(&points[..10]);
    let (once, twice) = (
        obb_of_points(&points, ObbMethod::Hull).unwrap(),
        obb_of_points(&doubled, ObbMethod::Hull).unwrap(),
    );
    assert!((once.covariance - twice.covariance).norm() < 1e-12);
    assert_fit_contains(
        &obb_of_points(&doubled, ObbMethod::Points).unwrap(),
        &doubled,
    );
    let same = vec![Vector3::new(1.0, 2.0, 3.0); 5];
    for method in [ObbMethod::Points, ObbMethod::Hull] {
        let fit = obb_of_points(&same, method).unwrap();
        assert_eq!(fit.obb.half_extents(), Vector3::zeros());
        assert!((fit.obb.center() - same[0]).norm() < 1e-15);
    }
}

#[test]
fn hull_covariance_of_cube_corners_is_a_multiple_of_the_points_covariance() {
    let h = 1.5;
    let corners = Obb::new(
        Vector3::new(1.0, -2.0, 0.5),
        UnitQuaternion::identity(),
        Vector3::repeat(h),
    )
    .vertices();
    let hull = hull_covariance(&convex_hull(&corners).unwrap()).unwrap();
    let points = points_covariance(&corners).unwrap();
    assert!((points.matrix - Matrix3::identity() * h * h).norm() < 1e-12);
    assert!(
        (hull.matrix - points.matrix * (5.0 / 9.0)).norm() < 1e-12,
        "{}",
        hull.matrix
    );
    assert!((hull.mean - points.mean).norm() < 1e-12);
}

#[test]
fn both_methods_recover_a_rotated_box_from_its_corners() {
    let mut rng = Rng::seeded(4);
    for _ in 0..50 {
        let truth = Obb::new(rng.vector(5.0), rng.rotation(), Vector3::new(3.0, 2.0, 0.5));
        for method in [ObbMethod::Points, ObbMethod::Hull] {
            let fit = obb_of_points(&truth.vertices(), method).unwrap();
            assert!((fit.obb.center() - truth.center()).norm() < 1e-9);
            assert!((fit.obb.half_extents() - truth.half_extents()).norm() < 1e-9);
            for k in 0..3 {
                assert!(fit.obb.axis(k).dot(&truth.axis(k)).abs() > 1.0 - 1e-9);
            }
        }
    }
}

#[test]
fn hull_fit_ignores_interior_points_but_the_points_fit_does_not() {
    let mut rng = Rng::seeded(5);
    let corners = Obb::new(
        Vector3::zeros(),
        rng.rotation(),
        Vector3::new(3.0, 2.0, 1.0),
    )
    .vertices();
    let mut crowded = corners.to_vec();
    crowded.extend((0..200).map(|_| corners[0] * 0.8 + rng.vector(0.1)));
    let hull = |p: &[Vector3<f64>]| obb_of_points(p, ObbMethod::Hull).unwrap().covariance;
    assert!((hull(&corners) - hull(&crowded)).norm() < 1e-9);
    let points = |p: &[Vector3<f64>]| obb_of_points(p, ObbMethod::Points).unwrap().covariance;
    assert!((points(&corners) - points(&crowded)).norm() > 0.1);
}

#[test]
fn degenerate_clouds_do_not_panic_and_still_contain_their_points() {
    let line: Vec<_> = (0..6)
        .map(|i| Vector3::new(1.0, 2.0, 3.0) * f64::from(i))
        .collect();
    let plane: Vec<_> = (0..12)
        .map(|i| Vector3::new(f64::from(i % 4), f64::from(i / 4), 0.0))
        .collect();
    let clouds = [
        vec![],
        vec![Vector3::new(1.0, 1.0, 1.0)],
        line[..2].to_vec(),
        line.clone(),
        plane.clone(),
        plane[..3].to_vec(),
    ];
    for cloud in &clouds {
        assert!(convex_hull(cloud).is_none());
        for method in [ObbMethod::Points, ObbMethod::Hull] {
            let fit = obb_of_points(cloud, method);
            assert_eq!(fit.is_none(), cloud.is_empty());
            if let Some(fit) = fit {
                assert_fit_contains(&fit, cloud);
                assert_eq!(
                    Some(fit),
                    obb_of_points(cloud, ObbMethod::Points),
                    "hull falls back to points"
                );
            }
        }
        for method in [
            SphereMethod::AabbCenter,
            SphereMethod::Centroid,
            SphereMethod::Ritter,
        ] {
            assert_eq!(sphere_of_points(cloud, method).is_none(), cloud.is_empty());
        }
    }
    let flat = obb_of_points(&plane, ObbMethod::Points).unwrap();
    assert!(
        flat.obb.half_extents()[2].abs() < 1e-12,
        "a flat cloud gives a zero extent"
    );
}

#[test]
fn convex_hull_agrees_with_parry() {
    let mut rng = Rng::seeded(6);
    for round in 0..150 {
        let points: Vec<_> = if round % 3 == 0 {
            (0..4 + round)
                .map(|_| rng.vector(1.0).normalize() * 2.0)
                .collect()
        } else {
            cloud(&mut rng, 4 + round * 2)
        };
        let ours = convex_hull(&points).unwrap();
        let (vertices, indices) =
            parry3d_f64::transformation::convex_hull(&points.iter().map(dvec).collect::<Vec<_>>());
        let corner = |t: &[u32; 3], k: usize| {
            let v = vertices[t[k] as usize];
            Vector3::new(v.x, v.y, v.z)
        };
        let parry_volume: f64 = indices
            .iter()
            .map(|t| corner(t, 0).dot(&corner(t, 1).cross(&corner(t, 2))) / 6.0)
            .sum();
        let parry_area: f64 = indices
            .iter()
            .map(|t| {
                (corner(t, 1) - corner(t, 0))
                    .cross(&(corner(t, 2) - corner(t, 0)))
                    .norm()
                    / 2.0
            })
            .sum();
        assert!(
            (ours.volume() - parry_volume).abs() < 1e-9 * parry_volume,
            "round {round}: volume"
        );
        assert!(
            (ours.area() - parry_area).abs() < 1e-9 * parry_area,
            "round {round}: area"
        );
        assert_eq!(
            ours.vertices.len(),
            vertices.len(),
            "round {round}: vertex count"
        );
        assert!(
            points.iter().all(|p| ours.height_above(p) < 1e-9),
            "round {round}: a point is outside"
        );
    }
}

#[test]
fn bounding_spheres_hold_every_point_and_span_the_diameter() {
    let mut rng = Rng::seeded(7);
    for round in 0..200 {
        let points = cloud(&mut rng, 1 + round % 50);
        let diameter = points
            .iter()
            .flat_map(|p| points.iter().map(move |q| (p - q).norm()))
            .fold(0.0, f64::max);
        for method in [
            SphereMethod::AabbCenter,
            SphereMethod::Centroid,
            SphereMethod::Ritter,
        ] {
            let sphere = sphere_of_points(&points, method).unwrap();
            assert!(
                points
                    .iter()
                    .all(|p| (p - sphere.center).norm() <= sphere.radius * (1.0 + 1e-12)),
                "{method:?}"
            );
            assert!(
                sphere.radius >= diameter / 2.0 * (1.0 - 1e-12),
                "{method:?}"
            );
        }
        let ritter = ritter_sphere(&points).unwrap();
        let [i, j] = ritter.extreme_pair;
        assert!((ritter.initial.radius - (points[i] - points[j]).norm() / 2.0).abs() < 1e-12);
        assert!(ritter
            .growths
            .windows(2)
            .all(|w| w[0].sphere.radius < w[1].sphere.radius));
    }
}

#[test]
#[allow(clippy::float_cmp)] // the AABB copies coordinates exactly
fn aabb_fit_is_tight_and_centre_constructions_use_their_centres() {
    let mut rng = Rng::seeded(8);
    let points = cloud(&mut rng, 30);
    let aabb = aabb_of_points(&points).unwrap();
    assert!(points.iter().all(|p| aabb.contains_point(p)));
    for axis in 0..3 {
        assert!(
            points.iter().any(|p| p[axis] == aabb.min[axis])
                && points.iter().any(|p| p[axis] == aabb.max[axis])
        );
    }
    let at_box = sphere_of_points(&points, SphereMethod::AabbCenter).unwrap();
    assert!((at_box.center - aabb.center()).norm() < 1e-12);
    let at_mean = sphere_of_points(&points, SphereMethod::Centroid).unwrap();
    let mean = points.iter().sum::<Vector3<f64>>() / points.len() as f64;
    assert!((at_mean.center - mean).norm() < 1e-12);
}

// ---- distances (docs/methods.md §9) ----

use sepax::geometry::distance::{point_line, point_obb, point_plane, point_segment};
use sepax::geometry::line_distance::{line_line, line_plane, line_sphere, segment_segment};
use sepax::geometry::line_triangle::line_triangle;
use sepax::geometry::{Plane, Sphere};

/// The smallest of `f` over `steps + 1` evenly spaced parameters in `[0, 1]`.
fn sampled_min(steps: u32, f: impl Fn(f64) -> f64) -> f64 {
    (0..=steps)
        .map(|i| f(f64::from(i) / f64::from(steps)))
        .fold(f64::INFINITY, f64::min)
}

/// Distance from `q` to the infinite line, by the cross-product closed form.
fn line_distance_closed_form(
    q: &Vector3<f64>,
    origin: &Vector3<f64>,
    direction: &Vector3<f64>,
) -> f64 {
    (q - origin).cross(direction).norm() / direction.norm()
}

#[test]
fn point_to_segment_line_and_plane_match_closed_forms_and_sampling() {
    let mut rng = Rng::seeded(20);
    for _ in 0..2000 {
        let (q, a, b) = (rng.vector(5.0), rng.vector(5.0), rng.vector(5.0));
        let segment = point_segment(&q, &a, &b);
        let brute = sampled_min(2000, |l| (q - (a + (b - a) * l)).norm());
        assert!(
            segment.distance <= brute + 1e-12
                && segment.distance >= brute - (b - a).norm() / 2000.0
        );
        let line = point_line(&q, &a, &(b - a));
        assert!((line.distance - line_distance_closed_form(&q, &a, &(b - a))).abs() < 1e-9);
        assert_eq!(segment.clamped, !(0.0..=1.0).contains(&line.lambda));
        let plane = Plane::new(rng.vector(1.0), rng.range(-3.0, 3.0)).unwrap();
        let foot = point_plane(&q, &plane);
        assert!(plane.signed_distance(&foot.closest).abs() < 1e-12);
        assert!(((q - foot.closest).norm() - foot.distance).abs() < 1e-12);
        assert!((q - foot.closest).cross(&plane.normal).norm() < 1e-9);
    }
}

#[test]
fn point_to_box_closest_point_is_on_the_box_and_beats_samples() {
    let mut rng = Rng::seeded(21);
    for _ in 0..300 {
        let obb = Obb::new(rng.vector(2.0), rng.rotation(), rng.extents(0.1, 2.0));
        let q = rng.vector(5.0);
        let result = point_obb(&q, &obb);
        assert!(
            obb.distance_to_point(&result.closest) < 1e-12,
            "the closest point is on the box"
        );
        assert_eq!(result.distance == 0.0, result.outside == [false; 3]);
        for _ in 0..200 {
            let inside = obb.to_world(&Vector3::from_fn(|i, _| {
                rng.range(-1.0, 1.0) * obb.half_extents()[i]
            }));
            assert!((q - inside).norm() >= result.distance - 1e-12);
        }
    }
}

#[test]
fn line_line_matches_the_triple_product_and_parallel_lines_the_point_distance() {
    let mut rng = Rng::seeded(22);
    for _ in 0..2000 {
        let (p1, v1, p2, v2) = (
            rng.vector(5.0),
            rng.vector(2.0),
            rng.vector(5.0),
            rng.vector(2.0),
        );
        let result = line_line(&p1, &v1, &p2, &v2);
        let n = v1.cross(&v2);
        assert!(!result.parallel);
        assert!((result.distance - (p2 - p1).dot(&n).abs() / n.norm()).abs() < 1e-9);
        let gap = result.closest_on_first - result.closest_on_second;
        assert!(
            gap.dot(&v1).abs() < 1e-9 && gap.dot(&v2).abs() < 1e-9,
            "the gap is perpendicular to both"
        );
        let parallel = line_line(&p1, &v1, &p2, &(v1 * -2.5));
        assert!(parallel.parallel);
        assert!((parallel.distance - line_distance_closed_form(&p2, &p1, &v1)).abs() < 1e-9);
    }
}

#[test]
fn segment_segment_matches_grid_sampling_including_parallel_and_point_segments() {
    let mut rng = Rng::seeded(23);
    for round in 0..600 {
        let (p1, q1, p2) = (rng.vector(3.0), rng.vector(3.0), rng.vector(3.0));
        let q2 = match round % 4 {
            0 => p2 + (q1 - p1) * rng.range(-2.0, 2.0),
            1 => p2,
            _ => rng.vector(3.0),
        };
        let (p1, q1) = if round % 7 == 0 { (p1, p1) } else { (p1, q1) };
        let result = segment_segment(&p1, &q1, &p2, &q2);
        let steps = 200;
        let brute = sampled_min(steps, |l| {
            let on_first = p1 + (q1 - p1) * l;
            sampled_min(steps, |m| (on_first - (p2 + (q2 - p2) * m)).norm())
        });
        let resolution = ((q1 - p1).norm() + (q2 - p2).norm()) / f64::from(steps);
        assert!(
            result.distance <= brute + 1e-12,
            "round {round}: {} > {brute}",
            result.distance
        );
        assert!(
            result.distance >= brute - resolution,
            "round {round}: {} << {brute}",
            result.distance
        );
        assert!((0.0..=1.0).contains(&result.lambda) && (0.0..=1.0).contains(&result.mu));
    }
}

#[test]
fn line_plane_crosses_on_the_plane_or_keeps_the_point_distance_when_parallel() {
    let mut rng = Rng::seeded(24);
    for _ in 0..1000 {
        let plane = Plane::new(rng.vector(1.0), rng.range(-3.0, 3.0)).unwrap();
        let (p, v) = (rng.vector(5.0), rng.vector(2.0));
        let crossing = line_plane(&p, &v, &plane);
        let point = crossing.closest_on_line;
        assert!(plane.signed_distance(&point).abs() < 1e-9 && (point - p).cross(&v).norm() < 1e-9);
        let along = v - plane.normal * plane.normal.dot(&v);
        let parallel = line_plane(&p, &along, &plane);
        assert!(parallel.lambda.is_none());
        assert!((parallel.distance - plane.signed_distance(&p).abs()).abs() < 1e-12);
    }
}

#[test]
fn line_triangle_matches_sampling_and_an_independent_inside_test() {
    let mut rng = Rng::seeded(25);
    for round in 0..400 {
        let triangle = [rng.vector(3.0), rng.vector(3.0), rng.vector(3.0)];
        let normal = (triangle[1] - triangle[0]).cross(&(triangle[2] - triangle[0]));
        let q = rng.vector(4.0);
        let v = if round % 5 == 0 {
            normal.cross(&rng.vector(1.0))
        } else {
            rng.vector(1.0)
        };
        let result = line_triangle(&q, &v, &triangle);
        let steps = 150;
        let brute = sampled_min(steps, |s| {
            sampled_min(steps, |t| {
                let point = triangle[0]
                    + (triangle[1] - triangle[0]) * s
                    + (triangle[2] - triangle[0]) * (t * (1.0 - s));
                line_distance_closed_form(&point, &q, &v)
            })
        });
        let diameter = (0..3)
            .map(|i| (triangle[i] - triangle[(i + 1) % 3]).norm())
            .fold(0.0, f64::max);
        assert!(result.distance <= brute + 1e-9, "round {round}");
        assert!(
            result.distance >= brute - 2.0 * diameter / f64::from(steps),
            "round {round}"
        );
        if let Some(p0) = result.plane_point {
            let d = (0..3).map(|i| {
                (triangle[(i + 1) % 3] - triangle[i])
                    .cross(&(p0 - triangle[i]))
                    .dot(&normal)
            });
            let barycentric_inside = d.clone().all(|x| x >= 0.0) || d.clone().all(|x| x <= 0.0);
            let clear = (0..3)
                .all(|i| point_segment(&p0, &triangle[i], &triangle[(i + 1) % 3]).distance > 1e-9);
            if clear {
                assert_eq!(result.inside, barycentric_inside, "round {round}");
            }
        }
    }
}

#[test]
fn line_sphere_matches_the_centre_distance_and_crosses_on_the_surface() {
    let mut rng = Rng::seeded(26);
    for _ in 0..2000 {
        let sphere = Sphere {
            center: rng.vector(3.0),
            radius: rng.range(0.1, 3.0),
        };
        let (p, v) = (rng.vector(5.0), rng.vector(2.0));
        let result = line_sphere(&p, &v, &sphere);
        let expected = (line_distance_closed_form(&sphere.center, &p, &v) - sphere.radius).max(0.0);
        assert!((result.distance - expected).abs() < 1e-9);
        if let Some(lambdas) = result.lambdas {
            for l in lambdas {
                assert!(((p + v * l - sphere.center).norm() - sphere.radius).abs() < 1e-9);
            }
        } else {
            assert!(
                ((result.closest_on_sphere - sphere.center).norm() - sphere.radius).abs() < 1e-9
            );
        }
    }
}

#[test]
fn hull_of_a_rotated_grid_with_coplanar_points_is_the_box() {
    let rotation = UnitQuaternion::from_euler_angles(0.3, 0.2, 0.1);
    let grid: Vec<_> = (0..5 * 3 * 2)
        .map(|i| rotation * Vector3::new(f64::from(i % 5), f64::from(i / 5 % 3), f64::from(i / 15)))
        .collect();
    let hull = convex_hull(&grid).unwrap();
    assert!((hull.volume() - 8.0).abs() < 1e-9 && (hull.area() - 28.0).abs() < 1e-9);
    assert!(grid.iter().all(|p| hull.height_above(p) < 1e-9));
    let fit = obb_of_points(&grid, ObbMethod::Hull).unwrap();
    assert!((fit.obb.half_extents() - Vector3::new(2.0, 1.0, 0.5)).norm() < 1e-9);
    assert!((fit.obb.center() - rotation * Vector3::new(2.0, 1.0, 0.5)).norm() < 1e-9);
}
