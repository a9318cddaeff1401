//! A system of bodies as one state vector `Y` and its derivative `f(t, Y)` (docs/methods.md §11.1, §11.9).
//!
//! Each body takes [`STATE_PER_BODY`] numbers: position (3), velocity (3), the orientation
//! quaternion `w, x, y, z` (4) and the world angular velocity (3).

use nalgebra::{DVector, Matrix3, Quaternion, UnitQuaternion, Vector3};

use super::forces::ForceModel;
use super::{BodyState, RigidBody};

/// Numbers per body in the state vector.
pub const STATE_PER_BODY: usize = 13;
/// Offset of the position inside a body's block.
pub const POSITION: usize = 0;
/// Offset of the velocity inside a body's block.
pub const VELOCITY: usize = 3;
/// Offset of the quaternion `w, x, y, z` inside a body's block.
pub const ROTATION: usize = 6;
/// Offset of the angular velocity inside a body's block.
pub const ANGULAR_VELOCITY: usize = 10;

/// The mass properties of one body, all the integrator needs besides its state.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct BodyMass {
    /// Mass (used by gravity and central forces even for a fixed body).
    pub mass: f64,
    /// `1/m`, or 0 for a fixed body.
    pub inverse_mass: f64,
    /// Inertia tensor in the body frame.
    pub inertia_body: Matrix3<f64>,
    /// Whether the body never moves (fixed bodies and planes).
    pub fixed: bool,
}

impl BodyMass {
    /// The mass properties of a rigid body; a plane is always fixed.
    pub fn of(body: &RigidBody) -> Self {
        let fixed = body.is_fixed();
        Self {
            mass: body.mass,
            inverse_mass: if fixed { 0.0 } else { 1.0 / body.mass },
            inertia_body: body.inertia_body(),
            fixed,
        }
    }
}

/// Bodies' mass properties plus the forces acting on them: everything `f(t, Y)` needs.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct System {
    /// Mass properties, one per body, in the order of the state vector.
    pub bodies: Vec<BodyMass>,
    /// Gravity, forces, springs and constraints.
    pub forces: ForceModel,
}

impl System {
    /// A system of these bodies under these forces.
    pub fn new(bodies: &[RigidBody], forces: ForceModel) -> Self {
        Self {
            bodies: bodies.iter().map(BodyMass::of).collect(),
            forces,
        }
    }

    /// The number of bodies.
    pub fn len(&self) -> usize {
        self.bodies.len()
    }

    /// Whether the system has no bodies.
    pub fn is_empty(&self) -> bool {
        self.bodies.is_empty()
    }

    /// The state vector of these bodies (13 numbers each); fixed bodies and planes are at rest.
    pub fn pack(bodies: &[RigidBody]) -> DVector<f64> {
        let mut y = DVector::zeros(bodies.len() * STATE_PER_BODY);
        for (i, body) in bodies.iter().enumerate() {
            let mut state = body.state;
            if body.is_fixed() {
                state.velocity = Vector3::zeros();
                state.angular_velocity = Vector3::zeros();
            }
            set_body_state(&mut y, i, &state);
        }
        y
    }

    /// Copies the states in `y` back into the bodies.
    pub fn unpack(y: &DVector<f64>, bodies: &mut [RigidBody]) {
        for (i, body) in bodies.iter_mut().enumerate() {
            body.state = body_state(y, i);
        }
    }

    /// The derivative `f(t, Y)`: `ẋ = v`, `v̇ = F/m`, `q̇ = ½ (0, ω) q`, `ω̇ = I_w⁻¹ (τ - ω × I_w ω)`.
    ///
    /// # Algorithm
    /// 1. Evaluate every force on the whole state (springs and constraints couple bodies).
    /// 2. Per moving body: velocity, acceleration `F/m`, quaternion rate and Euler's equations
    ///    with the world inertia `I_w = R I_body Rᵀ`; fixed bodies get a zero derivative.
    pub fn derivative(&self, _t: f64, y: &DVector<f64>) -> DVector<f64> {
        let forces = self.forces.total(&self.bodies, y);
        let mut dy = DVector::zeros(y.len());
        for (i, body) in self.bodies.iter().enumerate() {
            if body.fixed {
                continue;
            }
            let s = i * STATE_PER_BODY;
            let q = quaternion(y, i);
            let omega = angular_velocity(y, i);
            let acceleration = forces[i] * body.inverse_mass;
            let alpha = angular_acceleration(&body.inertia_body, &q, &omega, &Vector3::zeros());
            let q_dot = quaternion_rate(&q, &omega);
            dy.fixed_rows_mut::<3>(s + POSITION)
                .copy_from(&velocity(y, i));
            dy.fixed_rows_mut::<3>(s + VELOCITY)
                .copy_from(&acceleration);
            dy.fixed_rows_mut::<4>(s + ROTATION)
                .copy_from(&wxyz_vector(&q_dot));
            dy.fixed_rows_mut::<3>(s + ANGULAR_VELOCITY)
                .copy_from(&alpha);
        }
        dy
    }

    /// Renormalises every quaternion in `y` (done after every step).
    pub fn normalize(&self, y: &mut DVector<f64>) {
        for i in 0..self.len() {
            let q = UnitQuaternion::from_quaternion(quaternion(y, i));
            set_quaternion(y, i, q.quaternion());
        }
    }
}

/// `ω̇ = I_w⁻¹ (τ - ω × I_w ω)` with `I_w = R I_body Rᵀ` (Euler's equations in the world frame).
pub fn angular_acceleration(
    inertia_body: &Matrix3<f64>,
    q: &Quaternion<f64>,
    omega: &Vector3<f64>,
    torque: &Vector3<f64>,
) -> Vector3<f64> {
    let Some(inverse_body) = inertia_body.try_inverse() else {
        return Vector3::zeros();
    };
    let r = UnitQuaternion::from_quaternion(*q)
        .to_rotation_matrix()
        .into_inner();
    let inertia_world = r * inertia_body * r.transpose();
    let inverse_world = r * inverse_body * r.transpose();
    inverse_world * (torque - omega.cross(&(inertia_world * omega)))
}

/// `q̇ = ½ (0, ω) q` for a world-frame angular velocity.
pub fn quaternion_rate(q: &Quaternion<f64>, omega: &Vector3<f64>) -> Quaternion<f64> {
    Quaternion::from_imag(*omega) * q * 0.5
}

/// Body `i`'s position in `y`.
pub fn position(y: &DVector<f64>, i: usize) -> Vector3<f64> {
    y.fixed_rows::<3>(i * STATE_PER_BODY + POSITION)
        .into_owned()
}

/// Body `i`'s velocity in `y`.
pub fn velocity(y: &DVector<f64>, i: usize) -> Vector3<f64> {
    y.fixed_rows::<3>(i * STATE_PER_BODY + VELOCITY)
        .into_owned()
}

/// Body `i`'s quaternion in `y`, as stored (not renormalised).
pub fn quaternion(y: &DVector<f64>, i: usize) -> Quaternion<f64> {
    let s = i * STATE_PER_BODY + ROTATION;
    Quaternion::new(y[s], y[s + 1], y[s + 2], y[s + 3])
}

/// Body `i`'s angular velocity in `y`.
pub fn angular_velocity(y: &DVector<f64>, i: usize) -> Vector3<f64> {
    y.fixed_rows::<3>(i * STATE_PER_BODY + ANGULAR_VELOCITY)
        .into_owned()
}

/// Body `i`'s state in `y`, with its quaternion normalised.
pub fn body_state(y: &DVector<f64>, i: usize) -> BodyState {
    BodyState {
        position: position(y, i),
        velocity: velocity(y, i),
        rotation: UnitQuaternion::from_quaternion(quaternion(y, i)),
        angular_velocity: angular_velocity(y, i),
    }
}

/// Writes body `i`'s state into `y`.
pub fn set_body_state(y: &mut DVector<f64>, i: usize, state: &BodyState) {
    let s = i * STATE_PER_BODY;
    y.fixed_rows_mut::<3>(s + POSITION)
        .copy_from(&state.position);
    y.fixed_rows_mut::<3>(s + VELOCITY)
        .copy_from(&state.velocity);
    set_quaternion(y, i, state.rotation.quaternion());
    y.fixed_rows_mut::<3>(s + ANGULAR_VELOCITY)
        .copy_from(&state.angular_velocity);
}

/// Writes body `i`'s quaternion into `y`.
pub fn set_quaternion(y: &mut DVector<f64>, i: usize, q: &Quaternion<f64>) {
    y.fixed_rows_mut::<4>(i * STATE_PER_BODY + ROTATION)
        .copy_from(&wxyz_vector(q));
}

/// A quaternion as the column `w, x, y, z`.
fn wxyz_vector(q: &Quaternion<f64>) -> nalgebra::Vector4<f64> {
    nalgebra::Vector4::new(q.w, q.i, q.j, q.k)
}
