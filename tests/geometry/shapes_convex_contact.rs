//! The contact table's row of ellipsoids, cylinders and k-DOPs on large random sets: an
//! ellipsoid against a plane against an independent closed form (100,000 pairs, still and
//! moving), cylinder pairs (cylinder–cylinder, box–cylinder and sphere–cylinder in both orders of
//! the table) against parry3d-f64's verdicts and distances (160,000 pairs), scenes written as
//! TOML and explained against parry (2,000 scenes). The closed-form first contacts are in
//! `shapes_convex_sweep`.
//!
//! parry's GJK on curved shapes is accurate to a few 1e-6 only, so verdicts are compared outside
//! a band of 1e-5 around touching and distances within 1e-5 (as in `shapes_gjk`).

use crate::oracle_support;
use crate::shapes_support;

use oracle_support::{dvec, Rng};
use parry3d_f64::shape::{Ball, Cuboid, Cylinder as ParryCylinder};
use sepax::contact::{self, Shape};
use sepax::geometry::{Convex, ConvexSpec, Cylinder, Plane, Sphere};
use sepax::nalgebra::{UnitQuaternion, Vector3};
use sepax::sat::Robustness;
use sepax::scene::load_str;
use sepax::trace::explain_pair;
use shapes_support::{pose_of, Placed};

const SEED: u64 = 0x05E9_A0C1_C0DE_0015;
const BAND: f64 = 1e-5;

fn cylinder(rng: &mut Rng) -> Cylinder {
    let spec = ConvexSpec::Cylinder {
        radius: rng.range(0.2, 1.5),
        half_height: rng.range(0.2, 1.5),
    };
    let Convex::Cylinder(c) = spec.placed(rng.vector(1.5), rng.rotation()) else {
        unreachable!()
    };
    c
}

fn parry_cylinder(c: &Cylinder) -> ParryCylinder {
    ParryCylinder::new(c.half_height, c.radius)
}

#[test]
fn ellipsoids_against_planes_match_the_closed_form() {
    let (mut moving, mut touching) = (0, 0);
    for index in 0..100_000 {
        let mut rng = Rng::case(SEED, index);
        let radii = rng.extents(0.1, 2.0);
        let rotation = rng.rotation();
        let center = rng.vector(3.0);
        let spec = ConvexSpec::Ellipsoid { radii };
        let shape = Shape::Convex(spec.placed(center, rotation));
        let normal = rng.direction().into_inner();
        let plane = Plane {
            normal,
            offset: rng.range(-2.0, 2.0),
        };
        // The reach along N by the axes: rho = sqrt(sum (r_i A_i.N)^2).
        let axes = rotation.to_rotation_matrix().into_inner();
        let rho = (0..3)
            .map(|i| (radii[i] * axes.column(i).dot(&normal)).powi(2))
            .sum::<f64>()
            .sqrt();
        let height = normal.dot(&center) - plane.offset;
        let case = || format!("case {index}: radii {radii} height {height} rho {rho}");
        let size = 1.0 + radii.norm() + center.norm();
        let separation = contact::separation(&shape, &Shape::Plane(plane));
        assert!(
            (separation - (height - rho)).abs() <= 1e-12 * size,
            "{}",
            case()
        );
        // Still: the gap on the centre's side and a point on the plane.
        let found = contact::contact(&shape, &Shape::Plane(plane), f64::INFINITY).unwrap();
        assert!(
            (found.gap - (height.abs() - rho)).abs() <= 1e-12 * size,
            "{}",
            case()
        );
        assert!(normal.dot(&found.point) - plane.offset <= 1e-12 * size);
        assert_eq!(found.kind_name(), "ellipsoid-plane");
        // Moving: the time the centre comes within rho of the plane, from its side.
        let velocity = rng.vector(4.0);
        let speed = normal.dot(&velocity) * height.signum();
        let expected = if height.abs() <= rho {
            Some(0.0)
        } else if speed < 0.0 {
            Some((height.abs() - rho) / -speed).filter(|t| *t <= 2.0)
        } else {
            None
        };
        let first = contact::first_contact(
            &shape,
            velocity,
            &Shape::Plane(plane),
            Vector3::zeros(),
            2.0,
        );
        match (expected, &first) {
            (Some(t), Some(c)) => {
                assert!((c.time - t).abs() <= 1e-9 * (1.0 + t), "{}: {c:?}", case());
                if t > 0.0 {
                    moving += 1;
                    // The point is on the surface there, on the plane, with the plane's normal.
                    let then = center + velocity * c.time;
                    let local = rotation.inverse_transform_vector(&(c.point - then));
                    let unit = local.component_div(&radii).norm();
                    assert!((unit - 1.0).abs() <= 1e-9, "{}: {unit}", case());
                    let gradient = rotation
                        .transform_vector(&local.component_div(&radii.component_mul(&radii)));
                    assert!(
                        gradient.normalize().cross(&normal).norm() <= 1e-7,
                        "{}",
                        case()
                    );
                    assert!((normal.dot(&c.point) - plane.offset).abs() <= 1e-9 * size);
                } else {
                    touching += 1;
                }
            }
            (None, None) => {}
            // A time within rounding of the horizon may fall either side of it.
            _ if c_near_horizon(height, rho, speed) => {}
            (e, c) => panic!("{}: expected {e:?}, found {c:?}", case()),
        }
    }
    println!("ellipsoid-plane: {moving} moving contacts, {touching} already touching");
    assert!(moving > 20_000 && touching > 5_000);
}

/// Whether the closed-form time lies within rounding of the horizon 2.
fn c_near_horizon(height: f64, rho: f64, speed: f64) -> bool {
    speed < 0.0 && ((height.abs() - rho) / -speed - 2.0).abs() < 1e-9
}

/// Our signed separation of the two shapes and parry's, through the contact table in the order
/// given.
fn compare(index: u64, ours: f64, theirs: f64, what: &str) -> Option<bool> {
    if theirs.abs() <= BAND {
        return None;
    }
    assert_eq!(
        ours <= 0.0,
        theirs < 0.0,
        "{what} case {index}: ours {ours:e}, parry {theirs:e}"
    );
    if theirs > 0.0 {
        assert!(
            (ours - theirs).abs() <= BAND,
            "{what} case {index}: distance {ours} against {theirs}"
        );
    }
    Some(theirs < 0.0)
}

#[test]
fn cylinder_pairs_through_the_table_agree_with_parry() {
    let mut counts = [[0usize; 2]; 3];
    for index in 0..160_000_u64 {
        let mut rng = Rng::case(SEED ^ 0xC, index);
        let c = cylinder(&mut rng);
        let pc = parry_cylinder(&c);
        let placed_c = Placed::new(pose_of(&c.center, &c.rotation), &pc);
        let (kind, ours, theirs) = match index % 4 {
            0 | 1 => {
                let d = cylinder(&mut rng);
                let pd = parry_cylinder(&d);
                let placed_d = Placed::new(pose_of(&d.center, &d.rotation), &pd);
                let ours = contact::separation(
                    &Shape::Convex(Convex::Cylinder(c)),
                    &Shape::Convex(Convex::Cylinder(d)),
                );
                (
                    0,
                    ours,
                    shapes_support::signed_distance(&placed_c, &placed_d),
                )
            }
            2 => {
                let obb = rng.obb(3.0);
                let cuboid = Cuboid::new(dvec(&obb.half_extents()));
                let placed_b = Placed::new(pose_of(&obb.center(), &obb.rotation()), &cuboid);
                // The box first: the table turns the pair round.
                let ours =
                    contact::separation(&Shape::Box(obb), &Shape::Convex(Convex::Cylinder(c)));
                (
                    1,
                    ours,
                    shapes_support::signed_distance(&placed_b, &placed_c),
                )
            }
            _ => {
                let s = Sphere {
                    center: rng.vector(2.5),
                    radius: rng.range(0.2, 1.5),
                };
                let ball = Ball::new(s.radius);
                let placed_s = Placed::new(pose_of(&s.center, &UnitQuaternion::identity()), &ball);
                let ours =
                    contact::separation(&Shape::Convex(Convex::Cylinder(c)), &Shape::Sphere(s));
                (
                    2,
                    ours,
                    shapes_support::signed_distance(&placed_c, &placed_s),
                )
            }
        };
        if let Some(hit) = compare(
            index,
            ours,
            theirs,
            ["cylinder-cylinder", "box-cylinder", "sphere-cylinder"][kind],
        ) {
            counts[kind][usize::from(hit)] += 1;
        }
    }
    println!(
        "apart/intersecting: cylinder-cylinder {:?}, box-cylinder {:?}, sphere-cylinder {:?}",
        counts[0], counts[1], counts[2]
    );
    for [apart, hit] in counts {
        assert!(apart > 5_000 && hit > 5_000, "{counts:?}");
    }
}

#[test]
fn scenes_with_cylinders_explain_parry_s_verdict() {
    let mut compared = 0;
    for index in 0..2_000_u64 {
        let mut rng = Rng::case(SEED ^ 0x5CE, index);
        let (a, b) = (cylinder(&mut rng), cylinder(&mut rng));
        let quaternion =
            |q: &UnitQuaternion<f64>| format!("[{:e}, {:e}, {:e}, {:e}]", q.w, q.i, q.j, q.k);
        let body = |name: &str, c: &Cylinder| {
            format!(
                "[[body]]\nname = \"{name}\"\nshape = \"cylinder\"\ncenter = [{:e}, {:e}, {:e}]\n\
                 radius = {:e}\nhalf_height = {:e}\nrotation = {{ quaternion = {} }}\n",
                c.center.x,
                c.center.y,
                c.center.z,
                c.radius,
                c.half_height,
                quaternion(&c.rotation)
            )
        };
        let text = format!("[world]\ndt = 0.01\n{}{}", body("A", &a), body("B", &b));
        let scene = load_str(&text, "t.toml").unwrap();
        let record = explain_pair(
            &scene.bodies[0],
            &scene.bodies[1],
            0.0,
            0.01,
            Robustness::default(),
        )
        .unwrap();
        let (pa, pb) = (parry_cylinder(&a), parry_cylinder(&b));
        let theirs = shapes_support::signed_distance(
            &Placed::new(pose_of(&a.center, &a.rotation), &pa),
            &Placed::new(pose_of(&b.center, &b.rotation), &pb),
        );
        if theirs.abs() <= BAND {
            continue;
        }
        assert_eq!(
            record.intersecting,
            theirs < 0.0,
            "scene {index}: {}",
            record.sentence
        );
        let gjk = record.gjk.expect("a GJK record");
        if theirs > 0.0 {
            assert!((gjk.distance - theirs).abs() <= BAND, "scene {index}");
        } else {
            let depth = gjk.epa.expect("an EPA record").depth;
            assert!(
                (depth + theirs).abs() <= BAND,
                "scene {index}: {depth} {theirs}"
            );
        }
        compared += 1;
    }
    assert!(compared > 1_900);
}
