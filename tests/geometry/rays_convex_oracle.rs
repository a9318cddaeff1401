//! Ray casts against ellipsoids and cylinders (k-DOPs: `rays_kdop_oracle.rs`): 100,000
//! random rays per shape, each against an exact reference computed another way, and against
//! parry3d-f64 where it has the shape.
//!
//! - Ellipsoid (not in parry): parry's unit `Ball` cast in the ellipsoid's space, the ray mapped
//!   by the world-axes matrix `E = R diag(1/r) Rᵀ` (sepax maps into the ellipsoid's own axes and
//!   solves its own quadratic); the normal is `E n'` of parry's sphere normal `n'`.
//! - Cylinder: an exact brute force in world coordinates (the side's roots from `|(m + t d) × u|`
//!   with the height check, each cap as a plane crossing with the radius check, the nearest one),
//!   and parry's `Cylinder` (a GJK ray cast, accurate to about 1e-6: compared within 1e-5).
//!
//! The families: rays aimed near the shape from outside, random rays, rays from inside, rays
//! tangent to the surface, rays parallel to an ellipsoid's axis and to the cylinder's axis, rays in
//! a cap's plane, and short rays. Hits agree in `t`, point and normal within 1e-9 (relative to
//! `1 + t`); at a grazing angle (`|d·n| < 1e-3`) `t` is ill-conditioned and is compared within 1e-6,
//! both points lying on the surface within 1e-9; a hit on one side and a miss on the other must be
//! a graze (moving the origin by the tolerance changes sepax's verdict), and grazes must stay under
//! 0.2% of the rays not made to graze. On an edge or a cylinder's rim either face's normal is
//! right. Against parry the band is 1e-5 for `t` and 1e-3 for normals (its GJK cast's own accuracy
//! on curved surfaces), and on an edge its normal may be any of the cone's.

use crate::oracle_support;
use crate::rays_convex_support;
use crate::shapes_support;

use oracle_support::{dvec, Rng};
use parry3d_f64::query::{Ray, RayCast};
use parry3d_f64::shape::{Ball, Cylinder as ParryCylinder};
use rays_convex_support::{compare, ours, parry_answer, ray_for, Answer, Case, Tally, MAX_T};
use sepax::geometry::ray_convex::{ray_cylinder, ray_ellipsoid};
use sepax::geometry::{Cylinder, Ellipsoid};
use sepax::nalgebra::{UnitQuaternion, Vector3};
use shapes_support::pose_of;

const SEED: u64 = 0x0005_EFA4_C0DE_0015;
const PER_SHAPE: u64 = 100_000;
/// parry's GJK ray casts on curved shapes and polytopes are compared within this.
const PARRY_BAND: f64 = 1e-5;
/// parry's normals from its GJK ray cast on a curved surface are off by up to about 1e-4 (the
/// square root of its tolerance): compared within this.
const PARRY_NORMAL: f64 = 1e-3;

fn ellipsoid(rng: &mut Rng) -> Ellipsoid {
    Ellipsoid {
        center: rng.vector(3.0),
        rotation: rng.rotation(),
        radii: Vector3::new(
            rng.log_range(0.1, 3.0),
            rng.log_range(0.1, 3.0),
            rng.log_range(0.1, 3.0),
        ),
    }
}

#[test]
fn ellipsoids_agree_with_a_unit_ball_in_their_space() {
    let mut tally = Tally::default();
    for index in 0..PER_SHAPE {
        let mut rng = Rng::case(SEED, index);
        let e = ellipsoid(&mut rng);
        let axes = e.axes();
        let to_world = |u: Vector3<f64>| e.center + axes * u.component_mul(&e.radii);
        let outward = |u: Vector3<f64>| (axes * u.component_div(&e.radii)).normalize();
        let (origin, direction, max_t) = ray_for(
            &mut rng,
            index,
            &e.center,
            e.radii.max(),
            |r| to_world(r.direction().into_inner() * r.range(0.0, 0.999)),
            |r| {
                let u = r.direction().into_inner();
                let (p, n) = (to_world(u), outward(u));
                let t = n.cross(&r.direction()).normalize();
                (p - t * r.range(0.5, 6.0), t)
            },
            |r| {
                let axis = axes.column(r.below(3)).into_owned() * r.sign();
                (e.center + r.vector(1.5 * e.radii.max()) - axis * 8.0, axis)
            },
        );
        let map = e.to_unit_space();
        let ray = Ray::new(dvec(&(map * (origin - e.center))), dvec(&(map * direction)));
        let parry = Ball::new(1.0).cast_local_ray_and_get_normal(&ray, max_t, true);
        let reference = parry_answer(parry, &origin, &direction, |n| (map * n).normalize());
        let cast = |o: &Vector3<f64>| ray_ellipsoid(o, &direction, &e, max_t);
        let surface = |p: &Vector3<f64>| {
            let local = e.rotation.inverse_transform_vector(&(p - e.center));
            let u = local.component_div(&e.radii);
            ((u.norm() - 1.0).abs() * e.radii.min(), vec![outward(u)])
        };
        let case = Case::exact("ellipsoid", index, (origin, direction), &surface);
        compare(&case, ours(cast(&origin)), reference, cast, &mut tally);
    }
    tally.report("ellipsoids", 0.002);
}

fn cylinder(rng: &mut Rng) -> Cylinder {
    Cylinder {
        center: rng.vector(3.0),
        rotation: rng.rotation(),
        radius: rng.log_range(0.1, 3.0),
        half_height: rng.log_range(0.1, 3.0),
    }
}

/// The exact brute force: the nearest of the side's roots within the height and the caps'
/// crossings within the radius, in world coordinates.
fn cylinder_reference(c: &Cylinder, o: &Vector3<f64>, d: &Vector3<f64>, max_t: f64) -> Answer {
    let (u, m) = (c.axis(), o - c.center);
    let radial = |v: &Vector3<f64>| v - u * u.dot(v);
    let (mr, dr) = (radial(&m), radial(d));
    if mr.norm() <= c.radius && u.dot(&m).abs() <= c.half_height {
        return Some((0.0, *o, Vector3::zeros()));
    }
    let mut found: Vec<(f64, Vector3<f64>)> = Vec::new();
    let (a, b, cc) = (
        dr.norm_squared(),
        mr.dot(&dr),
        mr.norm_squared() - c.radius * c.radius,
    );
    let discriminant = b * b - a * cc;
    if a > 0.0 && discriminant >= 0.0 {
        for t in [
            (-b - discriminant.sqrt()) / a,
            (-b + discriminant.sqrt()) / a,
        ] {
            if u.dot(&(m + d * t)).abs() <= c.half_height {
                found.push((t, radial(&(m + d * t)).normalize()));
            }
        }
    }
    for side in [1.0, -1.0] {
        let along = u.dot(d);
        if along != 0.0 {
            let t = (side * c.half_height - u.dot(&m)) / along;
            if radial(&(m + d * t)).norm() <= c.radius {
                found.push((t, u * side));
            }
        }
    }
    found
        .into_iter()
        .filter(|(t, _)| (0.0..=max_t).contains(t))
        .min_by(|x, y| x.0.total_cmp(&y.0))
        .map(|(t, n)| (t, o + d * t, n))
}

#[test]
fn cylinders_agree_with_a_brute_force_and_with_parry() {
    let (mut exact, mut against_parry) = (Tally::default(), Tally::default());
    for index in 0..PER_SHAPE {
        let mut rng = Rng::case(SEED + 1, index);
        let c = cylinder(&mut rng);
        let (rho, h) = (c.radius, c.half_height);
        let world = |p: Vector3<f64>| c.center + c.rotation.transform_vector(&p);
        let turn = |v: Vector3<f64>| c.rotation.transform_vector(&v);
        let (origin, direction, max_t) = ray_for(
            &mut rng,
            index,
            &c.center,
            rho.max(h),
            |r| {
                let angle = r.range(0.0, std::f64::consts::TAU);
                let radius = rho * r.unit().sqrt() * 0.999;
                let y = r.range(-h, h) * 0.999;
                world(Vector3::new(radius * angle.cos(), y, radius * angle.sin()))
            },
            |r| {
                let angle = r.range(0.0, std::f64::consts::TAU);
                if r.below(2) == 0 {
                    // Tangent to the side.
                    let p = Vector3::new(rho * angle.cos(), r.range(-h, h), rho * angle.sin());
                    let tilt = r.range(-1.0, 1.0);
                    let t = (Vector3::new(-angle.sin(), 0.0, angle.cos()) + Vector3::y() * tilt)
                        .normalize();
                    (world(p - t * r.range(0.5, 6.0)), turn(t))
                } else {
                    // In a cap's plane.
                    let y = h * r.sign();
                    let p = Vector3::new(r.range(-2.0, 2.0) * rho, y, r.range(-2.0, 2.0) * rho);
                    let t = Vector3::new(angle.cos(), 0.0, angle.sin());
                    (world(p - t * r.range(0.5, 6.0)), turn(t))
                }
            },
            |r| {
                let p = Vector3::new(r.range(-1.5, 1.5) * rho, 0.0, r.range(-1.5, 1.5) * rho);
                let along = Vector3::y() * r.sign();
                (world(p - along * r.range(2.0, 8.0) * h), turn(along))
            },
        );
        let cast = |o: &Vector3<f64>| ray_cylinder(o, &direction, &c, max_t);
        let surface = |p: &Vector3<f64>| {
            let local = c.rotation.inverse_transform_vector(&(p - c.center));
            let across = local.x.hypot(local.z);
            let (side, cap) = (across - rho, local.y.abs() - h);
            let off = if cap <= 0.0 {
                side.abs()
                    .min(if side <= 0.0 { cap.abs() } else { f64::MAX })
            } else {
                side.max(0.0).hypot(cap)
            };
            let scale = 1e-9 * (1.0 + p.norm());
            let mut faces = Vec::new();
            if side.abs() <= scale {
                faces.push(turn(Vector3::new(local.x, 0.0, local.z) / across));
            }
            if cap.abs() <= scale {
                faces.push(turn(Vector3::y() * local.y.signum()));
            }
            (off, faces)
        };
        let mut case = Case::exact("cylinder", index, (origin, direction), &surface);
        let mine = ours(cast(&origin));
        let reference = cylinder_reference(&c, &origin, &direction, max_t);
        compare(&case, mine, reference, cast, &mut exact);
        let ray = Ray::new(dvec(&origin), dvec(&direction));
        let pose = pose_of(&c.center, &c.rotation);
        let parry = ParryCylinder::new(h, rho).cast_ray_and_get_normal(&pose, &ray, max_t, true);
        let parry = parry_answer(parry, &origin, &direction, |n| n);
        (case.label, case.tolerance, case.nudge) = ("cylinder (parry)", PARRY_BAND, PARRY_BAND);
        (case.grazing_tolerance, case.normal_tolerance) = (PARRY_BAND.sqrt(), PARRY_NORMAL);
        case.face_normals = false;
        compare(&case, mine, parry, cast, &mut against_parry);
    }
    exact.report("cylinders, exact brute force", 0.002);
    against_parry.report("cylinders, parry", 0.002);
}

/// The rotation is irrelevant to a ray along a unit cylinder's axis: it enters the near cap at
/// its distance.
#[test]
fn a_ray_along_the_axis_enters_the_cap() {
    let c = Cylinder {
        center: Vector3::new(1.0, 2.0, 3.0),
        rotation: UnitQuaternion::from_euler_angles(0.3, 0.2, 0.1),
        radius: 1.0,
        half_height: 2.0,
    };
    let u = c.axis();
    let hit = ray_cylinder(&(c.center + u * 7.0), &-u, &c, MAX_T).unwrap();
    assert!(
        (hit.t - 5.0).abs() < 1e-12 && (hit.normal - u).norm() < 1e-12,
        "{hit:?}"
    );
}
