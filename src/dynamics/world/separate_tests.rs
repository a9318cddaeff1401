//! Unit tests of the position pass: a box sunk into a floor rises as an impulse at its overlap
//! would move it.

use nalgebra::{UnitQuaternion, Vector3};

use super::separate;
use crate::dynamics::world::resting::Pair;
use crate::dynamics::{BodyShape, BodyState, RigidBody};

/// A unit-mass box of half-extents (1, 0.5, 0.2) turned `degrees` about z, its lowest edge
/// `depth` below the plane y = 0, and the plane.
fn sunk(degrees: f64, depth: f64) -> Vec<RigidBody> {
    let rotation = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), degrees.to_radians());
    let (s, c) = degrees.to_radians().sin_cos();
    let reach = s.abs() + 0.5 * c.abs();
    let plane = RigidBody {
        name: "plane".into(),
        shape: BodyShape::Plane {
            normal: Vector3::y(),
            offset: 0.0,
        },
        mass: 1.0,
        fixed: true,
        state: BodyState {
            position: Vector3::zeros(),
            velocity: Vector3::zeros(),
            rotation: UnitQuaternion::identity(),
            angular_velocity: Vector3::zeros(),
        },
    };
    let boxed = RigidBody {
        name: "box".into(),
        shape: BodyShape::Box(Vector3::new(1.0, 0.5, 0.2)),
        mass: 1.0,
        fixed: false,
        state: BodyState {
            position: Vector3::new(0.0, reach - depth, 0.0),
            rotation,
            ..plane.state
        },
    };
    vec![plane, boxed]
}

/// Pushes the box out of the plane; returns how far its centre rose and the turn it took.
fn push_out(bodies: &mut [RigidBody]) -> (f64, UnitQuaternion<f64>) {
    let before = bodies[1].state;
    let mut pairs = vec![Pair::new(bodies, 0, 1)];
    separate(bodies, &mut pairs);
    let gap = Pair::new(bodies, 0, 1)
        .current(bodies, &[0, 0])
        .map(|t| t.gap);
    assert!(
        gap.is_some_and(|g| (0.0..=1e-13).contains(&g)),
        "gap {gap:?}"
    );
    let after = bodies[1].state;
    (
        after.position.y - before.position.y,
        after.rotation * before.rotation.inverse(),
    )
}

#[test]
fn a_box_sunk_flat_rises_straight_up() {
    let mut bodies = sunk(0.0, 1e-3);
    let (rise, turn) = push_out(&mut bodies);
    assert!((rise - 1e-3).abs() < 1e-15, "rose {rise}");
    assert!(turn.angle() < 1e-12, "turned {}", turn.angle());
}

#[test]
fn a_box_sunk_on_an_edge_turns_about_it_and_its_centre_rises_less() {
    // An impulse at the edge, at arm r from the centre, moves the edge k = 1/m + r_x²/I_z per
    // unit and the centre 1/m: the centre rises (1/m)/k of the depth (to first order), not
    // all of it as a push by translation alone would.
    let depth = 1e-6;
    let mut bodies = sunk(30.0, depth);
    let edge = bodies[1].obb().expect("box").vertices()[0];
    let lowest = bodies[1]
        .obb()
        .expect("box")
        .vertices()
        .into_iter()
        .fold(edge, |low, v| if v.y < low.y { v } else { low });
    let arm_x = lowest.x - bodies[1].state.position.x;
    let inertia_z = bodies[1].inertia_world()[(2, 2)];
    let share = 1.0 / (1.0 + arm_x * arm_x / inertia_z);
    let (rise, turn) = push_out(&mut bodies);
    assert!(
        (rise / depth - share).abs() < 1e-4,
        "rose {} of the depth, expected {share}",
        rise / depth
    );
    assert!(
        share < 0.6,
        "the centre rises about half the depth here, not all of it"
    );
    let axis = turn.axis().expect("turned");
    assert!(
        axis.x.abs() < 1e-12 && axis.y.abs() < 1e-12,
        "turned about {axis:?}"
    );
}
