//! Energy and momentum of a system, the conserved quantities the integrators are judged by.

use nalgebra::{DVector, Matrix3, UnitQuaternion, Vector3};

use super::constraints::ConstraintMethod;
use super::forces::Force;
use super::system::{angular_velocity, position, quaternion, velocity, BodyMass, System};

/// The energy of a system, split by where it is stored.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Energy {
    /// `Σ ½ m v² + ½ ωᵀ I_w ω` over moving bodies.
    pub kinetic: f64,
    /// `Σ -m g·x` over moving bodies.
    pub gravity: f64,
    /// `Σ ½ ks (|x_a - x_b| - l)²` over springs.
    pub springs: f64,
    /// `-G M m/|x - O|` per body and point, `-G m_a m_b/|x_a - x_b|` per pair.
    pub central: f64,
    /// `Σ ½ ks C·C` over penalty constraints.
    pub constraints: f64,
    /// `Σ ½ k s²` over the overlapping points of soft resting contacts (`k = m ω²`, the
    /// contact's spring; docs/methods.md §13.5).
    pub contacts: f64,
}

impl Energy {
    /// Gravity, springs, central forces, penalty constraints and soft contacts.
    pub fn potential(&self) -> f64 {
        self.gravity + self.springs + self.central + self.constraints + self.contacts
    }

    /// Kinetic plus potential.
    pub fn total(&self) -> f64 {
        self.kinetic + self.potential()
    }
}

/// Linear momentum and angular momentum about the origin.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Momentum {
    /// `Σ m v`.
    pub linear: Vector3<f64>,
    /// `Σ x × m v + I_w ω`.
    pub angular: Vector3<f64>,
}

/// The energy of `system` at state `y`.
pub fn energy(system: &System, y: &DVector<f64>) -> Energy {
    let model = &system.forces;
    let mut e = Energy::default();
    for (i, body) in moving(&system.bodies) {
        let v = velocity(y, i);
        let omega = angular_velocity(y, i);
        let rotation = UnitQuaternion::from_quaternion(quaternion(y, i));
        let (kinetic, gravity) = body_energy(
            body,
            (&position(y, i), &rotation),
            (&v, &omega),
            &model.gravity,
        );
        e.kinetic += kinetic;
        e.gravity += gravity;
    }
    for s in &model.springs {
        let stretch = (position(y, s.a) - position(y, s.b)).norm() - s.rest_length;
        e.springs += 0.5 * s.stiffness * stretch * stretch;
    }
    for force in &model.forces {
        e.central += central_potential(force, &system.bodies, y);
    }
    for c in &model.constraints {
        if let ConstraintMethod::Penalty { stiffness, .. } = c.method {
            let norm = c.violation(y).norm();
            e.constraints += 0.5 * stiffness * norm * norm;
        }
    }
    e
}

/// One moving body's kinetic energy `½ m v² + ½ ω·(R I Rᵀ) ω` (the spin taken into the body
/// frame) and its potential in `gravity`, `-m g·x`, at position `x` and rotation `R`.
pub(crate) fn body_energy(
    body: &BodyMass,
    (x, rotation): (&Vector3<f64>, &UnitQuaternion<f64>),
    (v, omega): (&Vector3<f64>, &Vector3<f64>),
    gravity: &Vector3<f64>,
) -> (f64, f64) {
    let spin = rotation.inverse_transform_vector(omega);
    let kinetic = 0.5 * body.mass * v.norm_squared() + 0.5 * spin.dot(&(body.inertia_body * spin));
    (kinetic, -body.mass * gravity.dot(x))
}

/// The linear and angular momentum of `system` at state `y`.
pub fn momentum(system: &System, y: &DVector<f64>) -> Momentum {
    let mut p = Momentum::default();
    for (i, body) in moving(&system.bodies) {
        let linear = body.mass * velocity(y, i);
        p.linear += linear;
        p.angular +=
            position(y, i).cross(&linear) + inertia_world(body, y, i) * angular_velocity(y, i);
    }
    p
}

/// The world inertia `R I_body Rᵀ` of body `i`.
pub fn inertia_world(body: &BodyMass, y: &DVector<f64>, i: usize) -> Matrix3<f64> {
    let r = UnitQuaternion::from_quaternion(quaternion(y, i))
        .to_rotation_matrix()
        .into_inner();
    r * body.inertia_body * r.transpose()
}

/// The potential of one drag or central force (drag has none).
fn central_potential(force: &Force, bodies: &[BodyMass], y: &DVector<f64>) -> f64 {
    match *force {
        Force::Drag { .. } | Force::Friction(_) => 0.0,
        Force::CentralPoint { center, strength } => moving(bodies)
            .map(|(i, b)| -strength * b.mass / (position(y, i) - center).norm())
            .sum(),
        Force::CentralBetween { a, b, strength } => {
            let d = (position(y, a) - position(y, b)).norm();
            -strength * bodies[a].mass * bodies[b].mass / d
        }
    }
}

/// The bodies that move, with their indices.
fn moving(bodies: &[BodyMass]) -> impl Iterator<Item = (usize, &BodyMass)> {
    bodies.iter().enumerate().filter(|(_, b)| !b.fixed)
}
