//! The named numbers a measured distance carries (the course's letters of its closed form)
//! against computations made here another way, on random figures: two lines by solving the
//! normal equations with nalgebra's LU (not the course's `λ = (BE - CD)/(AC - B²)`), a point and
//! a plane by the foot of the point, a point and a box by the box's axes, a line and a plane by
//! the crossing point, a line and a sphere by the crossings lying on the sphere.

use crate::oracle_support::Rng;
use sepax::geometry::separation::{separation, Item};
use sepax::geometry::{Plane, Sphere};
use sepax::nalgebra::{Matrix2, UnitQuaternion, Vector2};
use sepax::Obb;

const SEED: u64 = 0x0005_EFA4_0000_0029;
const CASES: u64 = 5_000;

fn term(found: &sepax::geometry::separation::Separation, name: &str) -> f64 {
    found
        .terms
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no term {name} in {:?}", found.terms))
        .1
}

fn close(a: f64, b: f64, what: &str) {
    assert!(
        (a - b).abs() <= 1e-9 * (1.0 + a.abs().max(b.abs())),
        "{what}: {a} vs {b}"
    );
}

#[test]
fn two_lines_carry_the_normal_equations_coefficients_and_their_solution() {
    for index in 0..CASES {
        let mut rng = Rng::case(SEED, index);
        let (p1, v1, p2, v2) = (
            rng.vector(4.0),
            rng.vector(2.0),
            rng.vector(4.0),
            rng.vector(2.0),
        );
        if v1.cross(&v2).norm() < 0.1 * v1.norm() * v2.norm() {
            continue;
        }
        let found = separation(&Item::Line(p1, v1), &Item::Line(p2, v2));
        let w = p1 - p2;
        let (a, b, c) = (v1.dot(&v1), -v1.dot(&v2), v2.dot(&v2));
        let (d, e) = (v1.dot(&w), -v2.dot(&w));
        for (name, value) in [("A", a), ("B", b), ("C", c), ("D", d), ("E", e)] {
            close(term(&found, name), value, &format!("case {index}: {name}"));
        }
        close(term(&found, "AC-B²"), a * c - b * b, "AC-B²");
        // The gradient of |r(λ) - s(μ)|² vanishes: [A B; B C] (λ, μ) = -(D, E).
        let solved = Matrix2::new(a, b, b, c)
            .lu()
            .solve(&Vector2::new(-d, -e))
            .expect("not parallel");
        close(term(&found, "λ"), solved.x, &format!("case {index}: λ"));
        close(term(&found, "μ"), solved.y, &format!("case {index}: μ"));
        let (r, s) = (p1 + v1 * solved.x, p2 + v2 * solved.y);
        close(found.distance, (r - s).norm(), "distance");
    }
}

#[test]
fn a_point_carries_its_signed_distance_to_a_plane_and_its_coordinates_in_a_box() {
    for index in 0..CASES {
        let mut rng = Rng::case(SEED ^ 1, index);
        let q = rng.vector(5.0);
        let normal = rng.direction().into_inner();
        let plane = Plane::new(normal, rng.range(-3.0, 3.0)).unwrap();
        let found = separation(&Item::Point(q), &Item::Plane(plane));
        let foot = q - normal * (normal.dot(&q) - plane.offset);
        close(term(&found, "N·P-d0"), (q - foot).dot(&normal), "N·P-d0");
        close(found.distance, (q - foot).norm(), "distance");
        let turn = UnitQuaternion::from_axis_angle(&rng.direction(), rng.range(0.0, 3.0));
        let obb = Obb::new(rng.vector(3.0), turn, rng.extents(0.2, 2.0));
        let found = separation(&Item::Point(q), &Item::Box(obb));
        for (i, name) in ["d0", "d1", "d2"].into_iter().enumerate() {
            close(
                term(&found, name),
                obb.axis(i).dot(&(q - obb.center())),
                name,
            );
        }
    }
}

#[test]
fn a_line_carries_its_crossing_of_a_plane_and_the_sphere_quadratic() {
    let mut crossing = 0;
    for index in 0..CASES {
        let mut rng = Rng::case(SEED ^ 2, index);
        let (p, v) = (rng.vector(4.0), rng.vector(2.0));
        let normal = rng.direction().into_inner();
        let plane = Plane::new(normal, rng.range(-3.0, 3.0)).unwrap();
        if normal.dot(&v).abs() > 1e-3 {
            let found = separation(&Item::Line(p, v), &Item::Plane(plane));
            close(term(&found, "N·V"), normal.dot(&v), "N·V");
            let on_plane = p + v * term(&found, "λ");
            close(
                normal.dot(&on_plane),
                plane.offset,
                "the crossing lies on the plane",
            );
        }
        let sphere = Sphere {
            center: rng.vector(4.0),
            radius: rng.range(0.2, 3.0),
        };
        let found = separation(&Item::Line(p, v), &Item::Sphere(sphere));
        let offset = p - sphere.center;
        close(term(&found, "α"), v.dot(&v), "α");
        close(term(&found, "β"), 2.0 * v.dot(&offset), "β");
        close(
            term(&found, "γ"),
            offset.norm_squared() - sphere.radius.powi(2),
            "γ",
        );
        let foot_gap = offset.cross(&v).norm() / v.norm();
        let meets = term(&found, "β²-4αγ") >= 0.0;
        if (foot_gap - sphere.radius).abs() > 1e-6 {
            assert_eq!(
                meets,
                foot_gap < sphere.radius,
                "case {index}: the discriminant's sign"
            );
        }
        if meets {
            crossing += 1;
            for name in ["λ1", "λ2"] {
                let x = p + v * term(&found, name);
                close((x - sphere.center).norm(), sphere.radius, name);
            }
            assert!(term(&found, "λ1") <= term(&found, "λ2"));
            assert_eq!(found.distance, 0.0);
        }
    }
    assert!(crossing > (CASES / 10) as usize, "{crossing}");
}
