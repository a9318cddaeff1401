//! The rigid-body impulse at a contact point: angular terms, restitution and Coulomb friction.

use nalgebra::{Matrix3, Vector3};

use super::Material;
use crate::dynamics::{BodyState, RigidBody};

/// Linear and angular velocity of one body.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Velocity {
    /// Linear velocity of the centre of mass.
    pub linear: Vector3<f64>,
    /// Angular velocity (world frame).
    pub angular: Vector3<f64>,
}

/// How the bodies meet along the normal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Approach {
    /// Moving apart (or not at all): no impulse.
    Separating,
    /// Approaching slower than the resting speed: `ε = 0`.
    Resting,
    /// Approaching: bounce with the material's `ε`.
    Bouncing,
}

/// What friction did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Friction {
    /// No impulse (no tangential slip, no normal impulse or `μ = 0`).
    None,
    /// The impulse stopping the slip fits in the cone `μ j`: the contact sticks.
    Sticking,
    /// Clamped to `μ j`: the contact keeps sliding, slower.
    Sliding,
}

/// The impulse exchanged at one contact point between two rigid bodies, with its evidence.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct ImpulseResponse {
    /// The contact point.
    pub point: Vector3<f64>,
    /// Unit normal from A towards B.
    pub normal: Vector3<f64>,
    /// Unit direction of the slip before friction (zero without slip).
    pub tangent: Vector3<f64>,
    /// How they approached.
    pub approach: Approach,
    /// The restitution applied.
    pub restitution: f64,
    /// `v_rel·n` at the point before (negative when approaching) and after.
    pub normal_speed: [f64; 2],
    /// The normal impulse magnitude `j` (applied `+j n` to B, `-j n` to A).
    pub normal_impulse: f64,
    /// The friction impulse magnitude (along `-tangent` on B), at most `μ j`.
    pub friction_impulse: f64,
    /// What friction did.
    pub friction: Friction,
    /// A's and B's velocities before.
    pub before: [Velocity; 2],
    /// A's and B's velocities after.
    pub after: [Velocity; 2],
}

impl ImpulseResponse {
    /// Writes the velocities after the impulse into both states.
    pub fn apply(&self, a: &mut BodyState, b: &mut BodyState) {
        for (state, after) in [a, b].into_iter().zip(self.after) {
            state.velocity = after.linear;
            state.angular_velocity = after.angular;
        }
    }
}

/// The impulse at `point` between two rigid bodies touching with normal `n` (A→B).
///
/// # Algorithm
/// 1. `r_a = p - x_a`, `r_b = p - x_b`; `v_rel = v_b + ω_b × r_b - v_a - ω_a × r_a`.
/// 2. No impulse unless `v_rel·n < 0`; `ε = 0` when `-v_rel·n` is below the resting speed.
/// 3. `j = -(1+ε) v_rel·n / (1/m_a + 1/m_b + n·[(I_a⁻¹(r_a×n))×r_a + (I_b⁻¹(r_b×n))×r_b])`.
/// 4. Apply `±j n` to both bodies' linear and angular velocities.
/// 5. Friction: the impulse that stops the remaining slip along `t`, clamped to `μ j`, applied
///    the same way along `-t`.
pub fn rigid_impulse(
    a: &RigidBody,
    b: &RigidBody,
    point: &Vector3<f64>,
    n: &Vector3<f64>,
    material: &Material,
) -> ImpulseResponse {
    let pair = Pair::new(a, b, point);
    let before = pair.velocities;
    let normal_speed = n.dot(&pair.relative_velocity(&before));
    let approach = if normal_speed >= 0.0 {
        Approach::Separating
    } else if -normal_speed < material.resting_speed {
        Approach::Resting
    } else {
        Approach::Bouncing
    };
    let restitution = material.restitution_for(-normal_speed);
    let mut response = ImpulseResponse {
        point: *point,
        normal: *n,
        tangent: Vector3::zeros(),
        approach,
        restitution,
        normal_speed: [normal_speed; 2],
        normal_impulse: 0.0,
        friction_impulse: 0.0,
        friction: Friction::None,
        before,
        after: before,
    };
    if approach == Approach::Separating {
        return response;
    }
    let j = -(1.0 + restitution) * normal_speed / pair.effective_inverse_mass(n);
    let after_normal = pair.push(&before, &(j * n));
    let slip = pair.relative_velocity(&after_normal);
    let slip = slip - n * n.dot(&slip);
    let mut after = after_normal;
    if let Some(t) = slip.try_normalize(1e-12) {
        let stop = slip.norm() / pair.effective_inverse_mass(&t);
        let limit = material.friction.max(0.0) * j;
        let applied = stop.min(limit);
        if applied > 0.0 {
            after = pair.push(&after_normal, &(-applied * t));
            response.friction = if stop <= limit {
                Friction::Sticking
            } else {
                Friction::Sliding
            };
        }
        response.tangent = t;
        response.friction_impulse = applied;
    }
    response.normal_impulse = j;
    response.normal_speed[1] = n.dot(&pair.relative_velocity(&after));
    response.after = after;
    response
}

/// Both bodies' mass properties seen from the contact point.
struct Pair {
    inverse_mass: [f64; 2],
    inverse_inertia: [Matrix3<f64>; 2],
    arms: [Vector3<f64>; 2],
    velocities: [Velocity; 2],
}

impl Pair {
    fn new(a: &RigidBody, b: &RigidBody, point: &Vector3<f64>) -> Self {
        let velocity = |body: &RigidBody| Velocity {
            linear: body.state.velocity,
            angular: body.state.angular_velocity,
        };
        Self {
            inverse_mass: [a.inverse_mass(), b.inverse_mass()],
            inverse_inertia: [a.inverse_inertia_world(), b.inverse_inertia_world()],
            arms: [point - a.state.position, point - b.state.position],
            velocities: [velocity(a), velocity(b)],
        }
    }

    /// `v_b + ω_b × r_b - v_a - ω_a × r_a` for the given velocities.
    fn relative_velocity(&self, v: &[Velocity; 2]) -> Vector3<f64> {
        let at = |k: usize| v[k].linear + v[k].angular.cross(&self.arms[k]);
        at(1) - at(0)
    }

    /// `1/m_a + 1/m_b + u·[(I_a⁻¹(r_a×u))×r_a + (I_b⁻¹(r_b×u))×r_b]`.
    fn effective_inverse_mass(&self, u: &Vector3<f64>) -> f64 {
        (0..2)
            .map(|k| {
                let r = &self.arms[k];
                self.inverse_mass[k] + u.dot(&(self.inverse_inertia[k] * r.cross(u)).cross(r))
            })
            .sum()
    }

    /// The velocities after the impulse `p` on B and `-p` on A at the contact point.
    fn push(&self, v: &[Velocity; 2], p: &Vector3<f64>) -> [Velocity; 2] {
        std::array::from_fn(|k| {
            let sign = if k == 0 { -1.0 } else { 1.0 };
            let impulse = p * sign;
            Velocity {
                linear: v[k].linear + impulse * self.inverse_mass[k],
                angular: v[k].angular + self.inverse_inertia[k] * self.arms[k].cross(&impulse),
            }
        })
    }
}
