//! A small sphere body for the integrator and force tests.

use sepax::dynamics::{BodyShape, BodyState, RigidBody};
use sepax::nalgebra::{UnitQuaternion, Vector3};

/// A sphere of radius 0.1 at `x` moving with `v`.
pub fn ball(mass: f64, x: [f64; 3], v: [f64; 3], fixed: bool) -> RigidBody {
    RigidBody {
        name: "ball".into(),
        shape: BodyShape::Sphere(0.1),
        mass,
        fixed,
        state: BodyState {
            position: Vector3::from(x),
            velocity: Vector3::from(v),
            rotation: UnitQuaternion::identity(),
            angular_velocity: Vector3::zeros(),
        },
    }
}
