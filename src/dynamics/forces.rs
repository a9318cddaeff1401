//! Forces (docs/methods.md §12): gravity, central attraction, viscous drag and damped springs, with the
//! analytic Jacobians implicit Euler needs.

use nalgebra::{DMatrix, DVector, Matrix3, Vector3};

mod friction;

pub use friction::{Reach, SurfaceFriction};

use super::constraints::{self, Constraint};
use super::system::{position, velocity, BodyMass};

/// A force acting on the bodies' centres of mass; bodies are named by index.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Force {
    /// Viscous drag `F = -k v` on every moving body.
    Drag {
        /// Drag coefficient `k` (kg/s).
        k: f64,
    },
    /// Attraction of every body to a point, `F = -G M m (x - O)/|x - O|³`.
    CentralPoint {
        /// The centre of attraction `O`.
        center: Vector3<f64>,
        /// `G M`.
        strength: f64,
    },
    /// Mutual attraction of two bodies, `F_a = -G m_a m_b (x_a - x_b)/|x_a - x_b|³ = -F_b`.
    CentralBetween {
        /// First body.
        a: usize,
        /// Second body.
        b: usize,
        /// `G`.
        strength: f64,
    },
    /// Surface friction of a body on a fixed plane, `-μ |N| v_T / |v_T|` (static when at rest).
    Friction(SurfaceFriction),
}

/// A damped spring between the centres of two bodies (a fixed body is an anchor).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Spring {
    /// First body.
    pub a: usize,
    /// Second body.
    pub b: usize,
    /// Rest length `l`.
    pub rest_length: f64,
    /// Stiffness `ks` (N/m).
    pub stiffness: f64,
    /// Damping `kd` (kg/s) along the spring.
    pub damping: f64,
}

/// `∂F/∂x` and `∂F/∂v` of all bodies' forces, `3n × 3n` (rows: force on body i, columns: body j).
#[derive(Clone, Debug, PartialEq)]
pub struct ForceJacobians {
    /// `∂F/∂x`.
    pub dx: DMatrix<f64>,
    /// `∂F/∂v`.
    pub dv: DMatrix<f64>,
}

/// Everything pushing the bodies: gravity, forces, springs and constraints.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct ForceModel {
    /// Constant gravitational acceleration `g` (force `m g`).
    pub gravity: Vector3<f64>,
    /// Drag and central forces.
    pub forces: Vec<Force>,
    /// Damped springs.
    pub springs: Vec<Spring>,
    /// Penalty and Lagrange-multiplier constraints.
    pub constraints: Vec<Constraint>,
}

impl Spring {
    /// The force on body `a`; body `b` feels the opposite (docs/methods.md §12).
    pub fn force_on_a(&self, y: &DVector<f64>) -> Vector3<f64> {
        let r = position(y, self.a) - position(y, self.b);
        let w = velocity(y, self.a) - velocity(y, self.b);
        let length = r.norm();
        if length == 0.0 {
            return Vector3::zeros();
        }
        let u = r / length;
        -(self.stiffness * (length - self.rest_length) + self.damping * w.dot(&u)) * u
    }

    /// `∂F_a/∂r` and `∂F_a/∂w` with `r = x_a - x_b`, `w = v_a - v_b`.
    fn jacobian_blocks(&self, y: &DVector<f64>) -> (Matrix3<f64>, Matrix3<f64>) {
        let r = position(y, self.a) - position(y, self.b);
        let w = velocity(y, self.a) - velocity(y, self.b);
        let length = r.norm();
        if length == 0.0 {
            return (Matrix3::zeros(), Matrix3::zeros());
        }
        let u = r / length;
        let across = Matrix3::identity() - u * u.transpose();
        let magnitude = self.stiffness * (length - self.rest_length) + self.damping * w.dot(&u);
        let d_magnitude = self.stiffness * u + self.damping * (across * w) / length;
        let dr = -(u * d_magnitude.transpose() + across * (magnitude / length));
        let dw = -self.damping * u * u.transpose();
        (dr, dw)
    }
}

impl ForceModel {
    /// No gravity, no forces.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether gravity is the only force (no drag, central force, spring or constraint).
    pub fn is_gravity_only(&self) -> bool {
        self.forces.is_empty() && self.springs.is_empty() && self.constraints.is_empty()
    }

    /// Only gravity `g`.
    pub fn with_gravity(gravity: Vector3<f64>) -> Self {
        Self {
            gravity,
            ..Self::default()
        }
    }

    /// The force on every body except the Lagrange constraint forces.
    pub fn applied(&self, bodies: &[BodyMass], y: &DVector<f64>) -> Vec<Vector3<f64>> {
        let mut out: Vec<Vector3<f64>> = bodies.iter().map(|b| self.gravity * b.mass).collect();
        for force in &self.forces {
            add_force(force, bodies, y, &mut out);
        }
        for spring in &self.springs {
            let f = spring.force_on_a(y);
            out[spring.a] += f;
            out[spring.b] -= f;
        }
        constraints::add_penalty_forces(&self.constraints, y, &mut out);
        // Friction last: its load is what every other force presses the body with.
        for force in &self.forces {
            if let Force::Friction(friction) = force {
                let f = friction.force(bodies, y, &out[friction.body]);
                out[friction.body] += f;
            }
        }
        out
    }

    /// The total force on every body, Lagrange constraint forces `Jᵀ λ` included.
    pub fn total(&self, bodies: &[BodyMass], y: &DVector<f64>) -> Vec<Vector3<f64>> {
        let mut out = self.applied(bodies, y);
        let hard = constraints::lagrange_forces(&self.constraints, bodies, y, &out);
        for (f, extra) in out.iter_mut().zip(hard) {
            *f += extra;
        }
        out
    }

    /// Analytic Jacobians of gravity (zero), drag, central forces and springs (constraints excluded).
    pub fn analytic_jacobians(&self, bodies: &[BodyMass], y: &DVector<f64>) -> ForceJacobians {
        let n = 3 * bodies.len();
        let mut jac = ForceJacobians {
            dx: DMatrix::zeros(n, n),
            dv: DMatrix::zeros(n, n),
        };
        for force in &self.forces {
            add_force_jacobian(force, bodies, y, &mut jac);
        }
        for spring in &self.springs {
            let (dr, dw) = spring.jacobian_blocks(y);
            add_pair_block(&mut jac.dx, spring.a, spring.b, &dr);
            add_pair_block(&mut jac.dv, spring.a, spring.b, &dw);
        }
        jac
    }
}

/// Adds one force's contribution to every body it acts on.
fn add_force(force: &Force, bodies: &[BodyMass], y: &DVector<f64>, out: &mut [Vector3<f64>]) {
    match *force {
        Force::Drag { k } => {
            for i in (0..bodies.len()).filter(|&i| !bodies[i].fixed) {
                out[i] -= k * velocity(y, i);
            }
        }
        Force::CentralPoint { center, strength } => {
            for (i, body) in bodies.iter().enumerate().filter(|(_, b)| !b.fixed) {
                out[i] += inverse_square(&(position(y, i) - center), strength * body.mass);
            }
        }
        Force::CentralBetween { a, b, strength } => {
            let r = position(y, a) - position(y, b);
            let f = inverse_square(&r, strength * bodies[a].mass * bodies[b].mass);
            out[a] += f;
            out[b] -= f;
        }
        // Added last, by `applied`.
        Force::Friction(_) => {}
    }
}

/// Adds one force's `∂F/∂x` and `∂F/∂v` blocks.
fn add_force_jacobian(
    force: &Force,
    bodies: &[BodyMass],
    y: &DVector<f64>,
    jac: &mut ForceJacobians,
) {
    match *force {
        Force::Drag { k } => {
            for i in (0..bodies.len()).filter(|&i| !bodies[i].fixed) {
                add_block(&mut jac.dv, i, i, &(-k * Matrix3::identity()));
            }
        }
        Force::CentralPoint { center, strength } => {
            for i in (0..bodies.len()).filter(|&i| !bodies[i].fixed) {
                let r = position(y, i) - center;
                add_block(
                    &mut jac.dx,
                    i,
                    i,
                    &inverse_square_jacobian(&r, strength * bodies[i].mass),
                );
            }
        }
        Force::CentralBetween { a, b, strength } => {
            let r = position(y, a) - position(y, b);
            let gmm = strength * bodies[a].mass * bodies[b].mass;
            add_pair_block(&mut jac.dx, a, b, &inverse_square_jacobian(&r, gmm));
        }
        // Friction switches with the contact and the sliding direction: implicit Euler takes it
        // explicitly, with no Jacobian.
        Force::Friction(_) => {}
    }
}

/// `-s r/|r|³`, or zero at `r = 0`.
fn inverse_square(r: &Vector3<f64>, s: f64) -> Vector3<f64> {
    let d = r.norm();
    if d == 0.0 {
        return Vector3::zeros();
    }
    -s * r / (d * d * d)
}

/// `∂/∂r (-s r/|r|³) = -s (I/|r|³ - 3 r rᵀ/|r|⁵)`.
fn inverse_square_jacobian(r: &Vector3<f64>, s: f64) -> Matrix3<f64> {
    let d = r.norm();
    if d == 0.0 {
        return Matrix3::zeros();
    }
    let d3 = d * d * d;
    -s * (Matrix3::identity() / d3 - 3.0 * r * r.transpose() / (d3 * d * d))
}

/// Adds `block` at body rows `i`, body columns `j`.
fn add_block(m: &mut DMatrix<f64>, i: usize, j: usize, block: &Matrix3<f64>) {
    let mut view = m.fixed_view_mut::<3, 3>(3 * i, 3 * j);
    view += block;
}

/// Adds the blocks of a pair force `F_a(x_a - x_b) = -F_b` whose derivative in `r` is `d`.
fn add_pair_block(m: &mut DMatrix<f64>, a: usize, b: usize, d: &Matrix3<f64>) {
    add_block(m, a, a, d);
    add_block(m, a, b, &-d);
    add_block(m, b, a, &-d);
    add_block(m, b, b, d);
}
