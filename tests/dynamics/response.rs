//! Collision response: balls, planes and the rigid-body impulse with friction.

use sepax::dynamics::response::{
    bounce_on_plane, collide_balls, reflect, resting_speed, rigid_impulse, Approach, Ball,
    Friction, ImpulseResponse, Material,
};
use sepax::dynamics::{BodyShape, BodyState, RigidBody};
use sepax::geometry::Plane;
use sepax::nalgebra::{UnitQuaternion, Vector3};

fn ball(mass: f64, position: [f64; 3], velocity: [f64; 3]) -> Ball {
    Ball {
        mass,
        radius: 0.5,
        position: Vector3::from(position),
        velocity: Vector3::from(velocity),
    }
}

fn momentum(pair: &[(f64, Vector3<f64>); 2]) -> Vector3<f64> {
    pair.iter().map(|(m, v)| v * *m).sum()
}

fn energy(pair: &[(f64, Vector3<f64>); 2]) -> f64 {
    pair.iter().map(|(m, v)| 0.5 * m * v.norm_squared()).sum()
}

#[test]
fn elastic_spheres_keep_momentum_and_energy() {
    let cases = [
        (1.0, 1.0, [0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [-1.0, 0.0, 0.0]),
        (1.0, 3.0, [0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [-1.0, 0.5, 0.0]),
        (2.5, 0.4, [0.0, 0.0, 0.0], [0.6, 0.8, 0.0], [0.3, -2.0, 1.0]),
        (
            1.0,
            7.0,
            [1.0, -1.0, 2.0],
            [1.5, -0.2, 2.3],
            [-3.0, 1.0, 0.5],
        ),
    ];
    for (m1, m2, c2, u1, u2) in cases {
        let (a, b) = (ball(m1, [0.0; 3], u1), ball(m2, c2, u2));
        let pair = collide_balls(&a, &b, &Material::new(1.0, 0.0));
        let before = [(m1, a.velocity), (m2, b.velocity)];
        let after = [(m1, pair.after[0]), (m2, pair.after[1])];
        assert!(pair.impulse > 0.0, "the balls approach");
        assert!((momentum(&before) - momentum(&after)).norm() < 1e-9);
        assert!((energy(&before) - energy(&after)).abs() < 1e-9);
        // Tangential parts are kept; the course's 1D formula holds along the line of centres.
        let n = pair.normal;
        let tangent = |v: Vector3<f64>| v - n * n.dot(&v);
        assert!((tangent(pair.after[0]) - tangent(a.velocity)).norm() < 1e-12);
        let (n1, n2) = (n.dot(&a.velocity), n.dot(&b.velocity));
        let v1 = ((m1 - m2) * n1 + 2.0 * m2 * n2) / (m1 + m2);
        assert!((n.dot(&pair.after[0]) - v1).abs() < 1e-12);
    }
}

#[test]
fn restitution_scales_the_normal_relative_speed() {
    let (a, b) = (
        ball(1.0, [0.0; 3], [1.0, 0.3, 0.0]),
        ball(2.0, [0.8, 0.6, 0.0], [-0.5, -1.0, 0.2]),
    );
    for e in [0.0, 0.25, 0.5, 0.8, 1.0] {
        let pair = collide_balls(&a, &b, &Material::new(e, 0.0));
        let n = pair.normal;
        let closing = n.dot(&(b.velocity - a.velocity));
        let opening = n.dot(&(pair.after[1] - pair.after[0]));
        assert!(closing < 0.0);
        assert!((opening + e * closing).abs() < 1e-12, "e = {e}");
        let m = momentum(&[(1.0, pair.after[0]), (2.0, pair.after[1])]);
        assert!((m - momentum(&[(1.0, a.velocity), (2.0, b.velocity)])).norm() < 1e-12);
    }
    let apart = collide_balls(
        &ball(1.0, [0.0; 3], [-2.0, 0.0, 0.0]),
        &b,
        &Material::new(1.0, 0.0),
    );
    assert_eq!(apart.impulse, 0.0, "balls moving apart are left alone");
}

#[test]
fn ball_bouncing_on_the_ground_with_restitution_keeps_its_share_of_normal_speed() {
    let ground = ground();
    let previous = Vector3::new(0.0, 0.6, 0.0);
    let mut b = ball(2.0, [0.1, 0.3, 0.0], [1.0, -5.0, 0.0]);
    let bounce = bounce_on_plane(&previous, &b, &ground, &Material::new(0.8, 0.0));
    let crossing = bounce.crossing.expect("the step crosses y = radius");
    assert!((crossing.fraction - (0.6 - 0.5) / (0.6 - 0.3)).abs() < 1e-12);
    assert!((crossing.point.y - 0.5).abs() < 1e-12);
    assert!((bounce.velocity[1] - Vector3::new(1.0, 4.0, 0.0)).norm() < 1e-12);
    // x ← x - (1+ε)(N·x + d) N with d = -r: 0.3 - 1.8 (0.3 - 0.5) = 0.66.
    assert!((bounce.position[1].y - 0.66).abs() < 1e-12);
    assert!((bounce.normal_impulse - 2.0 * 1.8 * 5.0).abs() < 1e-12);
    // Without ε the course's bounce is the mirror image, as `reflect` gives.
    let mirror = bounce_on_plane(&previous, &b, &ground, &Material::new(1.0, 0.0));
    assert!((mirror.velocity[1] - reflect(&b.velocity, &Vector3::y())).norm() < 1e-12);
    // A step that stays above the plane changes nothing.
    b.position.y = 0.55;
    assert!(
        bounce_on_plane(&previous, &b, &ground, &Material::new(0.8, 0.0))
            .crossing
            .is_none()
    );
}

#[test]
fn resting_ball_does_not_bounce() {
    let ground = ground();
    let g = Vector3::new(0.0, -9.81, 0.0);
    let h = 1.0 / 60.0;
    let material = Material::new(0.8, 0.0).with_resting_speed(resting_speed(&g, h));
    let b = ball(1.0, [0.0, 0.499, 0.0], [0.0, -0.1, 0.0]);
    let bounce = bounce_on_plane(&Vector3::new(0.0, 0.5005, 0.0), &b, &ground, &material);
    assert_eq!(bounce.restitution, 0.0);
    assert!(bounce.velocity[1].y.abs() < 1e-15);
    assert!((bounce.position[1].y - 0.5).abs() < 1e-12);
}

#[test]
fn particle_friction_slows_the_tangential_speed_without_reversing_it() {
    let ground = ground();
    let particle = Ball {
        radius: 0.0,
        ..ball(1.0, [0.0, -0.01, 0.0], [3.0, -2.0, 1.0])
    };
    for mu in [0.0, 0.3, 0.7, 1.0] {
        let bounce = bounce_on_plane(
            &Vector3::new(0.0, 0.05, 0.0),
            &particle,
            &ground,
            &Material::new(0.5, mu),
        );
        let tangent = |v: Vector3<f64>| Vector3::new(v.x, 0.0, v.z);
        let (before, after) = (tangent(bounce.velocity[0]), tangent(bounce.velocity[1]));
        assert!((after - before * (1.0 - mu)).norm() < 1e-12);
        assert!(after.dot(&before) >= 0.0);
        assert!((bounce.velocity[1].y - 1.0).abs() < 1e-12);
    }
}

fn body(name: &str, shape: BodyShape, mass: f64, state: BodyState) -> RigidBody {
    RigidBody {
        name: name.into(),
        shape,
        mass,
        fixed: false,
        state,
    }
}

/// The plane `y = 0`, facing up.
fn ground() -> Plane {
    Plane {
        normal: Vector3::y(),
        offset: 0.0,
    }
}

fn floor() -> RigidBody {
    RigidBody {
        fixed: true,
        ..body(
            "floor",
            BodyShape::Plane {
                normal: Vector3::y(),
                offset: 0.0,
            },
            1.0,
            BodyState {
                position: Vector3::zeros(),
                velocity: Vector3::zeros(),
                rotation: UnitQuaternion::identity(),
                angular_velocity: Vector3::zeros(),
            },
        )
    }
}

/// Linear momentum and angular momentum about the origin of a body after `response` sets it.
fn momenta(b: &RigidBody) -> (Vector3<f64>, Vector3<f64>) {
    let p = b.state.velocity * b.mass;
    (
        p,
        b.state.position.cross(&p) + b.inertia_world() * b.state.angular_velocity,
    )
}

fn kinetic(b: &RigidBody) -> f64 {
    0.5 * b.mass * b.state.velocity.norm_squared()
        + 0.5
            * b.state
                .angular_velocity
                .dot(&(b.inertia_world() * b.state.angular_velocity))
}

fn applied(a: &RigidBody, b: &RigidBody, r: &ImpulseResponse) -> (RigidBody, RigidBody) {
    let (mut a, mut b) = (a.clone(), b.clone());
    r.apply(&mut a.state, &mut b.state);
    (a, b)
}

#[test]
fn box_impulse_conserves_momentum_and_never_adds_energy() {
    let a = body(
        "a",
        BodyShape::Box(Vector3::new(0.5, 0.3, 0.8)),
        2.0,
        BodyState {
            position: Vector3::new(0.2, -0.1, 0.3),
            velocity: Vector3::new(1.5, 0.2, -0.3),
            rotation: UnitQuaternion::from_euler_angles(0.4, -0.2, 1.1),
            angular_velocity: Vector3::new(0.5, -2.0, 1.0),
        },
    );
    let b = body(
        "b",
        BodyShape::Box(Vector3::new(0.4, 0.6, 0.3)),
        0.7,
        BodyState {
            position: Vector3::new(1.3, 0.4, 0.1),
            velocity: Vector3::new(-2.0, 0.5, 0.4),
            rotation: UnitQuaternion::from_euler_angles(-0.9, 0.3, 0.2),
            angular_velocity: Vector3::new(-1.0, 0.7, 3.0),
        },
    );
    let point = Vector3::new(0.8, 0.2, 0.25);
    let normal = Vector3::new(0.9, 0.3, -0.1).normalize();
    let (pa, la) = momenta(&a);
    let (pb, lb) = momenta(&b);
    for e in [0.0, 0.5, 1.0] {
        for mu in [0.0, 0.3, 2.0] {
            let r = rigid_impulse(&a, &b, &point, &normal, &Material::new(e, mu));
            assert_eq!(r.approach, Approach::Bouncing);
            let (a2, b2) = applied(&a, &b, &r);
            let (qa, ma) = momenta(&a2);
            let (qb, mb) = momenta(&b2);
            assert!(
                (pa + pb - qa - qb).norm() < 1e-9,
                "linear momentum, e {e} mu {mu}"
            );
            assert!(
                (la + lb - ma - mb).norm() < 1e-9,
                "angular momentum, e {e} mu {mu}"
            );
            let (before, after) = (kinetic(&a) + kinetic(&b), kinetic(&a2) + kinetic(&b2));
            assert!(
                after <= before + 1e-9,
                "energy rose {before} -> {after} (e {e}, mu {mu})"
            );
            if mu == 0.0 {
                assert!((r.normal_speed[1] + e * r.normal_speed[0]).abs() < 1e-9);
            }
            assert!(r.friction_impulse <= mu * r.normal_impulse + 1e-12);
        }
    }
    let elastic = rigid_impulse(&a, &b, &point, &normal, &Material::new(1.0, 0.0));
    let (a2, b2) = applied(&a, &b, &elastic);
    assert!((kinetic(&a) + kinetic(&b) - kinetic(&a2) - kinetic(&b2)).abs() < 1e-9);
}

fn falling_box(
    velocity: Vector3<f64>,
    rotation: UnitQuaternion<f64>,
    spin: Vector3<f64>,
) -> RigidBody {
    body(
        "box",
        BodyShape::Box(Vector3::new(0.5, 0.25, 0.4)),
        3.0,
        BodyState {
            position: Vector3::new(0.0, 0.25, 0.0),
            velocity,
            rotation,
            angular_velocity: spin,
        },
    )
}

#[test]
fn box_landing_flat_without_restitution_stops_at_the_contact() {
    let point = Vector3::zeros();
    for (velocity, mu) in [
        (Vector3::new(0.0, -3.0, 0.0), 0.5),
        (Vector3::new(2.0, -3.0, -1.0), 0.5),
        (Vector3::new(2.0, -3.0, 0.0), 0.0),
    ] {
        let b = falling_box(velocity, UnitQuaternion::identity(), Vector3::zeros());
        let r = rigid_impulse(&floor(), &b, &point, &Vector3::y(), &Material::new(0.0, mu));
        assert!(
            r.normal_speed[1].abs() < 1e-12,
            "normal speed after {}",
            r.normal_speed[1]
        );
        assert!((r.normal_impulse - 9.0).abs() < 1e-12);
        assert_eq!(r.after[0], r.before[0], "the floor does not move");
    }
    // A tilted box landing on a corner, without friction: the corner stops, the box turns.
    let rotation = UnitQuaternion::from_euler_angles(0.3, 0.2, -0.4);
    let b = falling_box(
        Vector3::new(0.0, -2.0, 0.0),
        rotation,
        Vector3::new(0.0, 1.0, 0.0),
    );
    let corner = b
        .obb()
        .unwrap()
        .vertices()
        .into_iter()
        .min_by(|p, q| p.y.total_cmp(&q.y))
        .unwrap();
    let r = rigid_impulse(
        &floor(),
        &b,
        &corner,
        &Vector3::y(),
        &Material::new(0.0, 0.0),
    );
    assert!(r.normal_speed[1].abs() < 1e-12);
    assert!(r.after[1].angular.norm() > 0.1);
}

#[test]
fn rigid_friction_slows_the_slip_and_never_reverses_it() {
    let b = falling_box(
        Vector3::new(3.0, -2.0, 0.5),
        UnitQuaternion::from_euler_angles(0.1, 0.0, 0.2),
        Vector3::new(0.0, 0.0, -1.0),
    );
    let corner = b
        .obb()
        .unwrap()
        .vertices()
        .into_iter()
        .min_by(|p, q| p.y.total_cmp(&q.y))
        .unwrap();
    let slip_before = {
        let v = b.point_velocity(&corner);
        Vector3::new(v.x, 0.0, v.z)
    };
    let mut last = f64::INFINITY;
    let mut seen = Vec::new();
    for mu in [0.0, 0.1, 0.3, 1.0, 10.0] {
        let r = rigid_impulse(
            &floor(),
            &b,
            &corner,
            &Vector3::y(),
            &Material::new(0.3, mu),
        );
        let (_, b2) = applied(&floor(), &b, &r);
        let v = b2.point_velocity(&corner);
        let slip = Vector3::new(v.x, 0.0, v.z);
        assert!(
            slip.dot(&r.tangent) >= -1e-12,
            "slip reversed along the friction direction"
        );
        assert!(slip.norm() <= last + 1e-12, "more friction, less slip");
        last = slip.norm();
        seen.push(r.friction);
        match r.friction {
            Friction::Sticking => assert!(slip.dot(&r.tangent).abs() < 1e-9),
            Friction::Sliding => {
                assert!((r.friction_impulse - mu * r.normal_impulse).abs() < 1e-12);
            }
            Friction::None => assert_eq!(mu, 0.0),
        }
        assert!(kinetic(&b2) <= kinetic(&b) + 1e-9);
    }
    assert!(last < slip_before.norm());
    assert!(seen.contains(&Friction::Sliding) && seen.contains(&Friction::Sticking));
}

#[test]
fn slow_approach_counts_as_resting_and_does_not_bounce() {
    let material = Material::new(0.8, 0.5)
        .with_resting_speed(resting_speed(&Vector3::new(0.0, -9.81, 0.0), 1.0 / 60.0));
    let b = falling_box(
        Vector3::new(0.0, -0.1, 0.0),
        UnitQuaternion::identity(),
        Vector3::zeros(),
    );
    let r = rigid_impulse(&floor(), &b, &Vector3::zeros(), &Vector3::y(), &material);
    assert_eq!(r.approach, Approach::Resting);
    assert_eq!(r.restitution, 0.0);
    assert!(r.normal_speed[1].abs() < 1e-12);
    let fast = falling_box(
        Vector3::new(0.0, -3.0, 0.0),
        UnitQuaternion::identity(),
        Vector3::zeros(),
    );
    let r = rigid_impulse(&floor(), &fast, &Vector3::zeros(), &Vector3::y(), &material);
    assert_eq!(r.approach, Approach::Bouncing);
    assert!((r.normal_speed[1] - 2.4).abs() < 1e-12);
    let leaving = falling_box(
        Vector3::new(0.0, 1.0, 0.0),
        UnitQuaternion::identity(),
        Vector3::zeros(),
    );
    let r = rigid_impulse(
        &floor(),
        &leaving,
        &Vector3::zeros(),
        &Vector3::y(),
        &material,
    );
    assert_eq!((r.approach, r.normal_impulse), (Approach::Separating, 0.0));
}

#[test]
fn sphere_and_box_exchange_an_impulse_through_the_same_formula() {
    let sphere = body(
        "s",
        BodyShape::Sphere(0.5),
        1.0,
        BodyState {
            position: Vector3::new(-1.0, 0.0, 0.0),
            velocity: Vector3::new(2.0, 0.0, 0.0),
            rotation: UnitQuaternion::identity(),
            angular_velocity: Vector3::zeros(),
        },
    );
    let cube = body(
        "c",
        BodyShape::Box(Vector3::repeat(0.5)),
        1.0,
        BodyState {
            position: Vector3::zeros(),
            velocity: Vector3::zeros(),
            rotation: UnitQuaternion::identity(),
            angular_velocity: Vector3::zeros(),
        },
    );
    // Head-on through both centres: equal masses swap velocities as for two balls.
    let r = rigid_impulse(
        &sphere,
        &cube,
        &Vector3::new(-0.5, 0.0, 0.0),
        &Vector3::x(),
        &Material::new(1.0, 0.0),
    );
    assert!(r.after[0].linear.norm() < 1e-12);
    assert!((r.after[1].linear - Vector3::new(2.0, 0.0, 0.0)).norm() < 1e-12);
    assert!(r.after[1].angular.norm() < 1e-12);
}

#[test]
fn particle_leaving_the_plane_it_rests_on_is_left_alone() {
    let ground = ground();
    let on_plane = Vector3::new(0.0, 0.0, 0.0);
    let leaving = Ball {
        radius: 0.0,
        ..ball(1.0, [0.1, 0.02, 0.0], [6.0, 1.2, 0.0])
    };
    let bounce = bounce_on_plane(&on_plane, &leaving, &ground, &Material::new(0.5, 0.2));
    assert!(bounce.crossing.is_none());
    assert_eq!(bounce.velocity[1], leaving.velocity);
    let sinking = Ball {
        radius: 0.0,
        ..ball(1.0, [0.1, -0.02, 0.0], [6.0, -1.2, 0.0])
    };
    let bounce = bounce_on_plane(&on_plane, &sinking, &ground, &Material::new(0.5, 0.0));
    assert_eq!(bounce.crossing.unwrap().fraction, 0.0);
    assert!((bounce.velocity[1] - Vector3::new(6.0, 0.6, 0.0)).norm() < 1e-12);
}
