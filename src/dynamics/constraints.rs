//! Constraints on the bodies' centres (docs/methods.md §14): soft penalty forces from the energy
//! `E = ks/2 C·C`, and hard constraints whose force `Jᵀ λ` comes from a Lagrange-multiplier solve.

use nalgebra::{DMatrix, DVector, Vector3};

use super::system::{position, velocity, BodyMass};

/// What a constraint holds.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ConstraintKind {
    /// `C = |x_a - x_b| - length` (a rod; with a fixed `b`, a pendulum).
    Rod {
        /// First body.
        a: usize,
        /// Second body.
        b: usize,
        /// The rod's length `d`.
        length: f64,
    },
    /// `C = x_a - p`: body `a` pinned to a point (3 conditions).
    Pin {
        /// The pinned body.
        a: usize,
        /// The point `p`.
        point: Vector3<f64>,
    },
    /// `C = x_a - x_b`: two bodies pinned together (3 conditions).
    PinToBody {
        /// First body.
        a: usize,
        /// Second body.
        b: usize,
    },
    /// A bead on a circular wire: `C₁ = n·(x - c)` (in the plane) and `C₂ = |x - c| - r` measured
    /// in that plane, `|P (x - c)| - r` with `P = I - n nᵀ` (equal to `|x - c| - r` on the plane).
    Circle {
        /// The bead.
        a: usize,
        /// Centre of the circle.
        center: Vector3<f64>,
        /// Normal of the circle's plane (normalised on use).
        normal: Vector3<f64>,
        /// Radius.
        radius: f64,
    },
}

/// How a constraint is enforced.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "method", rename_all = "kebab-case")]
pub enum ConstraintMethod {
    /// Soft: `f_i = (-ks C - kd Ċ) ∂C/∂x_i` (ks in N/m, kd in kg/s).
    Penalty {
        /// `ks`.
        stiffness: f64,
        /// `kd`.
        damping: f64,
    },
    /// Hard: `J M⁻¹ Jᵀ λ = -J̇ ẋ - J M⁻¹ F - ks C - kd Ċ`, force `Jᵀ λ` (ks in 1/s², kd in 1/s).
    Lagrange {
        /// `ks` of the drift correction.
        stiffness: f64,
        /// `kd` of the drift correction.
        damping: f64,
    },
}

/// A constraint and how it is enforced.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Constraint {
    /// What is held.
    pub kind: ConstraintKind,
    /// Penalty or Lagrange multiplier.
    pub method: ConstraintMethod,
}

/// A constraint's current value `C` and rate `Ċ`, one entry per scalar condition.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ConstraintViolation {
    /// `C` (zero when satisfied).
    pub c: Vec<f64>,
    /// `Ċ`.
    pub c_dot: Vec<f64>,
}

impl ConstraintViolation {
    /// `|C|` over all its conditions.
    pub fn norm(&self) -> f64 {
        self.c.iter().map(|c| c * c).sum::<f64>().sqrt()
    }
}

/// One scalar condition: `C`, `Ċ`, `J̇ ẋ` and the gradient `∂C/∂x_i` per body involved.
struct Row {
    c: f64,
    c_dot: f64,
    jdot_xdot: f64,
    terms: Vec<(usize, Vector3<f64>)>,
}

impl Constraint {
    /// The current violation of this constraint.
    pub fn violation(&self, y: &DVector<f64>) -> ConstraintViolation {
        let rows = self.kind.rows(y);
        ConstraintViolation {
            c: rows.iter().map(|r| r.c).collect(),
            c_dot: rows.iter().map(|r| r.c_dot).collect(),
        }
    }
}

/// The current violation of every constraint, in order.
pub fn violations(constraints: &[Constraint], y: &DVector<f64>) -> Vec<ConstraintViolation> {
    constraints.iter().map(|c| c.violation(y)).collect()
}

impl ConstraintKind {
    /// The scalar conditions of this constraint at state `y`.
    fn rows(&self, y: &DVector<f64>) -> Vec<Row> {
        match *self {
            Self::Rod { a, b, length } => {
                let r = position(y, a) - position(y, b);
                let w = velocity(y, a) - velocity(y, b);
                vec![distance_row(&r, &w, length, a, Some(b))]
            }
            Self::Pin { a, point } => {
                axis_rows(&(position(y, a) - point), &velocity(y, a), a, None)
            }
            Self::PinToBody { a, b } => {
                let r = position(y, a) - position(y, b);
                axis_rows(&r, &(velocity(y, a) - velocity(y, b)), a, Some(b))
            }
            Self::Circle {
                a,
                center,
                normal,
                radius,
            } => {
                let n = normal.normalize();
                let r = position(y, a) - center;
                let v = velocity(y, a);
                let plane = Row {
                    c: n.dot(&r),
                    c_dot: n.dot(&v),
                    jdot_xdot: 0.0,
                    terms: vec![(a, n)],
                };
                let in_plane = |p: Vector3<f64>| p - n * n.dot(&p);
                let ring = distance_row(&in_plane(r), &in_plane(v), radius, a, None);
                vec![plane, ring]
            }
        }
    }
}

/// `C = |r| - d` with `r = x_a - x_b` (or `x_a - c`): `Ċ = u·w`, `J̇ ẋ = (|w|² - (u·w)²)/|r|`.
fn distance_row(r: &Vector3<f64>, w: &Vector3<f64>, d: f64, a: usize, b: Option<usize>) -> Row {
    let length = r.norm();
    let u = if length > 0.0 {
        r / length
    } else {
        Vector3::zeros()
    };
    let along = u.dot(w);
    let jdot_xdot = if length > 0.0 {
        (w.norm_squared() - along * along) / length
    } else {
        0.0
    };
    let mut terms = vec![(a, u)];
    terms.extend(b.map(|b| (b, -u)));
    Row {
        c: length - d,
        c_dot: along,
        jdot_xdot,
        terms,
    }
}

/// The three conditions `C_k = r_k` with `r = x_a - x_b` (or `x_a - p`).
fn axis_rows(r: &Vector3<f64>, w: &Vector3<f64>, a: usize, b: Option<usize>) -> Vec<Row> {
    (0..3)
        .map(|k| {
            let e = Vector3::ith(k, 1.0);
            let mut terms = vec![(a, e)];
            terms.extend(b.map(|b| (b, -e)));
            Row {
                c: r[k],
                c_dot: w[k],
                jdot_xdot: 0.0,
                terms,
            }
        })
        .collect()
}

/// Adds the penalty forces `f_i = (-ks C - kd Ċ) ∂C/∂x_i` of the soft constraints.
pub(crate) fn add_penalty_forces(
    constraints: &[Constraint],
    y: &DVector<f64>,
    out: &mut [Vector3<f64>],
) {
    for constraint in constraints {
        let ConstraintMethod::Penalty { stiffness, damping } = constraint.method else {
            continue;
        };
        for row in constraint.kind.rows(y) {
            let magnitude = -stiffness * row.c - damping * row.c_dot;
            for (i, g) in &row.terms {
                out[*i] += magnitude * g;
            }
        }
    }
}

/// The hard constraints' forces `F̂ = Jᵀ λ` given the other forces `applied`.
///
/// # Algorithm
/// 1. Stack the scalar conditions of every Lagrange constraint; drop those on fixed bodies only.
/// 2. Build `A = J M⁻¹ Jᵀ` and `b = -J̇ ẋ - J M⁻¹ F - ks C - kd Ċ`.
/// 3. Solve `A λ = b` by LU (redundant constraints make `A` singular: then least squares by SVD).
/// 4. Return `F̂_i = Σ_k λ_k ∂C_k/∂x_i` per body.
pub(crate) fn lagrange_forces(
    constraints: &[Constraint],
    bodies: &[BodyMass],
    y: &DVector<f64>,
    applied: &[Vector3<f64>],
) -> Vec<Vector3<f64>> {
    let mut out = vec![Vector3::zeros(); bodies.len()];
    let rows = lagrange_rows(constraints, bodies, y);
    if rows.is_empty() {
        return out;
    }
    let m = rows.len();
    let weighted = |k: usize, l: usize| -> f64 {
        let mut sum = 0.0;
        for (i, gk) in &rows[k].0.terms {
            for (j, gl) in &rows[l].0.terms {
                if i == j {
                    sum += bodies[*i].inverse_mass * gk.dot(gl);
                }
            }
        }
        sum
    };
    let a = DMatrix::from_fn(m, m, weighted);
    let b = DVector::from_fn(m, |k, _| {
        let (row, stiffness, damping) = &rows[k];
        let jmf: f64 = row
            .terms
            .iter()
            .map(|(i, g)| bodies[*i].inverse_mass * g.dot(&applied[*i]))
            .sum();
        -row.jdot_xdot - jmf - stiffness * row.c - damping * row.c_dot
    });
    let lambda = a
        .clone()
        .lu()
        .solve(&b)
        .or_else(|| a.svd(true, true).solve(&b, 1e-12).ok())
        .unwrap_or_else(|| DVector::zeros(m));
    for (k, (row, _, _)) in rows.iter().enumerate() {
        for (i, g) in &row.terms {
            out[*i] += lambda[k] * g;
        }
    }
    out
}

/// The Lagrange constraints' rows with their `ks`, `kd`, keeping those that move some body.
fn lagrange_rows(
    constraints: &[Constraint],
    bodies: &[BodyMass],
    y: &DVector<f64>,
) -> Vec<(Row, f64, f64)> {
    let mut rows = Vec::new();
    for constraint in constraints {
        let ConstraintMethod::Lagrange { stiffness, damping } = constraint.method else {
            continue;
        };
        for row in constraint.kind.rows(y) {
            let moves = row
                .terms
                .iter()
                .any(|(i, g)| bodies[*i].inverse_mass > 0.0 && g.norm_squared() > 0.0);
            if moves {
                rows.push((row, stiffness, damping));
            }
        }
    }
    rows
}
