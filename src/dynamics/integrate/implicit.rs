//! Implicit Euler linearised as in the course (docs/methods.md §11.7): one LU solve for `Δv` per step.

use nalgebra::{DMatrix, DVector, Vector3};

use crate::dynamics::forces::{ForceJacobians, ForceModel};
use crate::dynamics::system::{
    angular_acceleration, angular_velocity, quaternion, quaternion_rate, set_quaternion, System,
    ANGULAR_VELOCITY, POSITION, STATE_PER_BODY, VELOCITY,
};

/// Relative size of the central finite-difference step for constraint Jacobians.
const FD_STEP: f64 = 1e-6;

/// One step of linearised implicit Euler for the whole system.
///
/// # Algorithm
/// 1. Evaluate the forces `F` and the Jacobians `∂F/∂x`, `∂F/∂v` (analytic for gravity, drag,
///    central forces and springs; central finite differences for constraint forces).
/// 2. Over the moving bodies' linear coordinates, solve by LU
///    `(M - h² ∂F/∂x - h ∂F/∂v) Δv = h F + h² (∂F/∂x) v`
///    (if the matrix is singular, fall back to the explicit `Δv = h M⁻¹ F`).
/// 3. `v += Δv`, then `x += h v` with the new velocity.
/// 4. Rotation takes the semi-implicit update: `ω += h ω̇(q, ω)`, then `q += h ½ (0, ω) q`
///    with the new `ω` (Euler's equations are not linearised).
pub(super) fn step(system: &System, y: &DVector<f64>, h: f64) -> DVector<f64> {
    let forces = system.forces.total(&system.bodies, y);
    let jac = jacobians(system, y);
    let moving: Vec<usize> = (0..system.len())
        .filter(|&i| !system.bodies[i].fixed)
        .collect();
    let dv = solve_velocity_change(system, y, h, &forces, &jac, &moving);
    let mut next = y.clone();
    for (slot, &i) in moving.iter().enumerate() {
        let s = i * STATE_PER_BODY;
        let alpha = angular_acceleration(
            &system.bodies[i].inertia_body,
            &quaternion(y, i),
            &angular_velocity(y, i),
            &Vector3::zeros(),
        );
        for k in 0..3 {
            next[s + VELOCITY + k] += dv[3 * slot + k];
            next[s + POSITION + k] += h * next[s + VELOCITY + k];
            next[s + ANGULAR_VELOCITY + k] += h * alpha[k];
        }
        let q = quaternion(&next, i);
        let omega = angular_velocity(&next, i);
        set_quaternion(&mut next, i, &(q + quaternion_rate(&q, &omega) * h));
    }
    next
}

/// Solves `(M - h² ∂F/∂x - h ∂F/∂v) Δv = h F + h² (∂F/∂x) v` over the moving bodies.
fn solve_velocity_change(
    system: &System,
    y: &DVector<f64>,
    h: f64,
    forces: &[Vector3<f64>],
    jac: &ForceJacobians,
    moving: &[usize],
) -> DVector<f64> {
    if moving.is_empty() {
        return DVector::zeros(0);
    }
    let (a, b) = assemble(system, y, h, forces, jac, moving);
    let mass = |slot: usize| system.bodies[moving[slot / 3]].mass;
    let n = b.len();
    a.lu()
        .solve(&b)
        .unwrap_or_else(|| DVector::from_fn(n, |r, _| h * forces[moving[r / 3]][r % 3] / mass(r)))
}

/// The matrix `M - h² ∂F/∂x - h ∂F/∂v` and right-hand side `h F + h² (∂F/∂x) v` over the
/// moving bodies' linear velocities (three unknowns per body, in body order).
fn assemble(
    system: &System,
    y: &DVector<f64>,
    h: f64,
    forces: &[Vector3<f64>],
    jac: &ForceJacobians,
    moving: &[usize],
) -> (DMatrix<f64>, DVector<f64>) {
    let n = 3 * moving.len();
    let index = |slot: usize| 3 * moving[slot / 3] + slot % 3;
    let state_index = |slot: usize| moving[slot / 3] * STATE_PER_BODY + VELOCITY + slot % 3;
    let mass = |slot: usize| system.bodies[moving[slot / 3]].mass;
    let a = DMatrix::from_fn(n, n, |r, c| {
        let m = if r == c { mass(r) } else { 0.0 };
        m - h * h * jac.dx[(index(r), index(c))] - h * jac.dv[(index(r), index(c))]
    });
    let v = DVector::from_fn(n, |r, _| y[state_index(r)]);
    let f = DVector::from_fn(n, |r, _| forces[moving[r / 3]][r % 3]);
    let dx = DMatrix::from_fn(n, n, |r, c| jac.dx[(index(r), index(c))]);
    (a, h * &f + h * h * dx * v)
}

/// The linear system one implicit-Euler step solves, with nalgebra's LU factors.
#[derive(Clone, Debug, PartialEq)]
pub struct LinearSystem {
    /// The moving bodies whose velocities are the unknowns (three each: x, y, z), in order.
    pub bodies: Vec<usize>,
    /// `A = M - h² ∂F/∂x - h ∂F/∂v`.
    pub matrix: DMatrix<f64>,
    /// `b = h F + h² (∂F/∂x) v`.
    pub rhs: DVector<f64>,
    /// The row permutation `P` of partial pivoting, as a matrix: `P A = L U`.
    pub permutation: DMatrix<f64>,
    /// Unit lower-triangular factor.
    pub lower: DMatrix<f64>,
    /// Upper-triangular factor.
    pub upper: DMatrix<f64>,
    /// `Δv`, the solution (`None` when `A` is singular and the step falls back to explicit).
    pub solution: Option<DVector<f64>>,
    /// `|A Δv - b|`, the residual of the solution.
    pub residual: Option<f64>,
}

/// The system the step of length `h` from state `y` solves (`None` without moving bodies).
pub fn linear_system(system: &System, y: &DVector<f64>, h: f64) -> Option<LinearSystem> {
    let moving: Vec<usize> = (0..system.len())
        .filter(|&i| !system.bodies[i].fixed)
        .collect();
    if moving.is_empty() {
        return None;
    }
    let forces = system.forces.total(&system.bodies, y);
    let (matrix, rhs) = assemble(system, y, h, &forces, &jacobians(system, y), &moving);
    let lu = crate::math::lu_factors(&matrix, &rhs);
    Some(LinearSystem {
        bodies: moving,
        lower: lu.lower,
        upper: lu.upper,
        permutation: lu.permutation,
        matrix,
        rhs,
        solution: lu.solution,
        residual: lu.residual,
    })
}

/// `∂F/∂x`, `∂F/∂v`: analytic parts plus finite differences of the constraint forces.
fn jacobians(system: &System, y: &DVector<f64>) -> ForceJacobians {
    let mut jac = system.forces.analytic_jacobians(&system.bodies, y);
    if system.forces.constraints.is_empty() {
        return jac;
    }
    let free = ForceModel {
        constraints: Vec::new(),
        ..system.forces.clone()
    };
    let constraint_forces = |y: &DVector<f64>| -> Vec<Vector3<f64>> {
        let total = system.forces.total(&system.bodies, y);
        let unconstrained = free.applied(&system.bodies, y);
        total
            .iter()
            .zip(&unconstrained)
            .map(|(t, u)| t - u)
            .collect()
    };
    for j in (0..system.len()).filter(|&j| !system.bodies[j].fixed) {
        for k in 0..3 {
            let column = 3 * j + k;
            for (offset, target) in [(POSITION, &mut jac.dx), (VELOCITY, &mut jac.dv)] {
                let slot = j * STATE_PER_BODY + offset + k;
                let step = FD_STEP * (1.0 + y[slot].abs());
                let (mut plus, mut minus) = (y.clone(), y.clone());
                plus[slot] += step;
                minus[slot] -= step;
                let (fp, fm) = (constraint_forces(&plus), constraint_forces(&minus));
                for (i, (p, m)) in fp.iter().zip(&fm).enumerate() {
                    for r in 0..3 {
                        target[(3 * i + r, column)] += (p[r] - m[r]) / (2.0 * step);
                    }
                }
            }
        }
    }
    jac
}
