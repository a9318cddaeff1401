//! EPA's depth with a curved side against closed forms, from deep overlaps down to 1e-8: a ball
//! (an ellipsoid of equal radii, turned at random) against another (`r_A + r_B - |c_B - c_A|`),
//! a box and a triangle (`r - distance(centre, shape)`, the centre outside the shape), and an
//! ellipsoid dipping into a large box's top face (`ρ(N) - height of the centre`,
//! `ρ(N) = sqrt(Σ (r_i R_i·N)²)`). EPA's polytope closes in on a curved surface slowly (two
//! balls: it stopped at its 96-expansion cap up to 1.7e-7 short); the polish of its normal makes
//! the depth exact to rounding there. Overlaps of about 1e-8 that GJK could not decide (it gave
//! up with its bounds apart and called the pair apart, up to 1e-8 wrong) are decided by the
//! polish too.

use crate::oracle_support;

use oracle_support::Rng;
use sepax::geometry::ellipsoid::Ellipsoid;
use sepax::geometry::epa::penetration;
use sepax::geometry::support::SupportMap;
use sepax::geometry::Triangle;
use sepax::nalgebra::{UnitQuaternion, Vector3};
use sepax::Obb;

const SEED: u64 = 0x0005_EFA4_0E9A;
const PER_FAMILY: u64 = 20_000;
/// The depth agrees with the closed form within this, relative to the pair's size: where the
/// optimum is on a box's or a triangle's face or edge, EPA's own tolerance (1e-10 of the pair's
/// size, with its centres' distance) decides.
const TOLERANCE: f64 = 1e-9;
/// Two balls: the polish ends on the exact depth, up to rounding.
const SMOOTH: f64 = 1e-13;

fn turn(rng: &mut Rng) -> UnitQuaternion<f64> {
    UnitQuaternion::from_scaled_axis(rng.vector(3.0))
}

fn unit(rng: &mut Rng) -> Vector3<f64> {
    loop {
        let v = rng.vector(1.0);
        if let Some(u) = v.try_normalize(0.1) {
            return u;
        }
    }
}

fn ball(rng: &mut Rng, center: Vector3<f64>, radius: f64) -> Ellipsoid {
    Ellipsoid {
        center,
        rotation: turn(rng),
        radii: Vector3::repeat(radius),
    }
}

/// Checks EPA's depth of `a` and `b` against `exact`; returns the error relative to the size.
fn error<A: SupportMap, B: SupportMap>(
    (a, b): (&A, &B),
    exact: f64,
    tolerance: f64,
    case: &str,
) -> f64 {
    let found = penetration(a, b);
    let size = a.bounding_radius() + b.bounding_radius();
    let error = (-found.signed_distance - exact).abs() / size;
    assert!(
        error <= tolerance,
        "{case}: depth {} against {exact}: {found:?}",
        -found.signed_distance
    );
    error
}

/// Runs `family` on `PER_FAMILY` cases, each given its generator and a depth from 1e-8 to 0.1.
fn run(name: &str, salt: u64, family: impl Fn(&mut Rng, f64) -> f64) {
    let worst = (0..PER_FAMILY)
        .map(|index| {
            let mut rng = Rng::case(SEED + salt, index);
            let depth = rng.log_range(1e-8, 0.1);
            family(&mut rng, depth)
        })
        .fold(0.0, f64::max);
    println!("{name}: {PER_FAMILY} overlaps, depth within {worst:.1e} of the closed form");
}

#[test]
fn a_ball_against_a_ball() {
    run("ball-ball", 1, |rng, depth| {
        let (ra, rb) = (rng.range(0.2, 1.5), rng.range(0.2, 1.5));
        let (centre, towards) = (rng.vector(1.0), unit(rng));
        let a = ball(rng, centre, ra);
        let b = ball(rng, centre + towards * (ra + rb - depth), rb);
        error((&a, &b), depth, SMOOTH, &format!("{a:?} {b:?}"))
    });
}

/// A centre at `gap` from a shape along the outward direction at its point `q` nearest to a
/// random far point `p` (moving out along `p - q` keeps `q` the nearest point).
fn outside(p: Vector3<f64>, q: Vector3<f64>, gap: f64) -> Vector3<f64> {
    q + (p - q).normalize() * gap
}

#[test]
fn a_ball_against_a_box_and_a_triangle() {
    run("ball-box", 2, |rng, depth| {
        let obb = Obb::new(rng.vector(1.0), turn(rng), rng.extents(0.1, 1.5));
        let r = rng.range(0.2, 1.5);
        let far = obb.center() + unit(rng) * 5.0;
        let c = outside(far, obb.closest_point(&far), r - depth);
        let exact = r - obb.distance_to_point(&c);
        error(
            (&ball(rng, c, r), &obb),
            exact,
            TOLERANCE,
            &format!("{obb:?} {c}"),
        )
    });
    run("ball-triangle", 3, |rng, depth| {
        let t = Triangle::new(rng.vector(1.0), rng.vector(1.0), rng.vector(1.0));
        let r = rng.range(0.2, 1.5);
        let far = t.centroid() + unit(rng) * 5.0;
        let c = outside(far, t.closest_point(&far).0, r - depth);
        let exact = r - t.distance_to_point(&c);
        error(
            (&ball(rng, c, r), &t),
            exact,
            TOLERANCE,
            &format!("{t:?} {c}"),
        )
    });
}

#[test]
fn an_ellipsoid_dipping_into_a_box_face() {
    run("ellipsoid-face", 4, |rng, depth| {
        let up = unit(rng);
        let slab = Obb::new(
            -up * 5.0,
            UnitQuaternion::rotation_between(&Vector3::z(), &up).unwrap_or_default(),
            Vector3::new(20.0, 20.0, 5.0),
        );
        let e = Ellipsoid {
            center: Vector3::zeros(),
            rotation: turn(rng),
            radii: rng.extents(0.2, 1.5),
        };
        let reach = (e.rotation.to_rotation_matrix().matrix().transpose() * up)
            .component_mul(&e.radii)
            .norm();
        let e = Ellipsoid {
            center: up * (reach - depth),
            ..e
        };
        error((&e, &slab), depth, TOLERANCE, &format!("{e:?} {up}"))
    });
}
