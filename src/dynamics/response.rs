//! Collision response: particle and sphere bounces on planes, sphere pairs, and the impulse
//! between rigid bodies with restitution and Coulomb friction (docs/methods.md §13).

use nalgebra::Vector3;

use crate::geometry::Plane;

/// How a contact bounces and rubs.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Material {
    /// Restitution `ε ∈ [0, 1]`: the share of the normal approach speed given back.
    pub restitution: f64,
    /// Friction `μ >= 0` (Coulomb coefficient; for particles the course's tangential damping).
    pub friction: f64,
    /// Approach speeds below this count as resting contact and use `ε = 0` (no jitter).
    pub resting_speed: f64,
}

impl Material {
    /// A material with no resting threshold.
    pub fn new(restitution: f64, friction: f64) -> Self {
        Self {
            restitution,
            friction,
            resting_speed: 0.0,
        }
    }

    /// The same material treating approach speeds below `speed` as resting.
    #[must_use]
    pub fn with_resting_speed(self, speed: f64) -> Self {
        Self {
            resting_speed: speed,
            ..self
        }
    }

    /// The restitution used for this approach speed: 0 below the resting threshold.
    pub fn restitution_for(&self, approach_speed: f64) -> f64 {
        if approach_speed < self.resting_speed {
            0.0
        } else {
            self.restitution
        }
    }
}

/// The resting threshold that fits a frame: the speed gravity adds in one step, `|g| h`.
pub fn resting_speed(gravity: &Vector3<f64>, h: f64) -> f64 {
    gravity.norm() * h
}

/// The velocity reflected off a surface with unit normal `n`: `R = 2(N·(-V))N + V`.
pub fn reflect(velocity: &Vector3<f64>, n: &Vector3<f64>) -> Vector3<f64> {
    2.0 * n.dot(&-velocity) * n + velocity
}

/// A point mass or ball: mass, radius (0 for a particle), position and velocity.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Ball {
    /// Mass.
    pub mass: f64,
    /// Radius (0 for a particle).
    pub radius: f64,
    /// Centre.
    pub position: Vector3<f64>,
    /// Velocity.
    pub velocity: Vector3<f64>,
}

/// Where a step from `x_n` to `x_{n+1}` crosses a plane.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Crossing {
    /// `N·x_n + d` and `N·x_{n+1} + d` (their product is `<= 0`).
    pub sides: [f64; 2],
    /// `t_c = (N·x_n + d)/(N·(x_n - x_{n+1}))`, the fraction of the step before the plane.
    pub fraction: f64,
    /// `x_c = x_n + t_c (x_{n+1} - x_n)`.
    pub point: Vector3<f64>,
}

/// A bounce of a ball on a plane: the crossing, impulses and the state before and after.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct PlaneBounce {
    /// The crossing; `None` when the step stays on one side (nothing changes).
    pub crossing: Option<Crossing>,
    /// Unit plane normal.
    pub normal: Vector3<f64>,
    /// The restitution applied (0 for a resting contact).
    pub restitution: f64,
    /// Normal impulse magnitude `m (1+ε) |v_N|`.
    pub normal_impulse: f64,
    /// Tangential impulse magnitude `m μ |v_T|`.
    pub friction_impulse: f64,
    /// `x_{n+1}` before and after the projection.
    pub position: [Vector3<f64>; 2],
    /// `v_{n+1}` before and after the bounce.
    pub velocity: [Vector3<f64>; 2],
}

/// The course's particle bounce for a step from `previous` to `ball` (the state after the step).
///
/// # Algorithm
/// 1. With `d = -(offset + r)` (the plane moved out by the radius) the step crosses it iff
///    `(N·x_n + d)(N·x_{n+1} + d) <= 0` (a start on the plane counts as the normal's side);
///    the crossing is at `t_c` of the step.
/// 2. Position: `x ← x - (1+ε)(N·x + d) N`.
/// 3. Velocity, if it still points into the plane: `v ← -ε v_N + (1-μ) v_T` (`ε = 0` below the
///    resting speed).
pub fn bounce_on_plane(
    previous: &Vector3<f64>,
    ball: &Ball,
    plane: &Plane,
    material: &Material,
) -> PlaneBounce {
    let (n, v) = (plane.normal, ball.velocity);
    let d = -(plane.offset + ball.radius);
    let sides = [n.dot(previous) + d, n.dot(&ball.position) + d];
    let outside = if sides[0] < 0.0 { -1.0 } else { 1.0 };
    let v_n = n.dot(&v);
    let (v_normal, v_tangent) = (n * v_n, v - n * v_n);
    let restitution = material.restitution_for(-outside * v_n);
    let mut bounce = PlaneBounce {
        crossing: None,
        normal: n,
        restitution,
        normal_impulse: 0.0,
        friction_impulse: 0.0,
        position: [ball.position; 2],
        velocity: [v; 2],
    };
    if outside * sides[1] > 0.0 {
        return bounce;
    }
    let fraction = if sides[0] == sides[1] {
        0.0
    } else {
        sides[0] / (sides[0] - sides[1])
    };
    let point = previous + fraction * (ball.position - previous);
    bounce.crossing = Some(Crossing {
        sides,
        fraction,
        point,
    });
    bounce.position[1] = ball.position - (1.0 + restitution) * sides[1] * n;
    if outside * v_n < 0.0 {
        let kept = 1.0 - material.friction.clamp(0.0, 1.0);
        bounce.velocity[1] = -restitution * v_normal + kept * v_tangent;
        bounce.normal_impulse = ball.mass * (1.0 + restitution) * v_n.abs();
        bounce.friction_impulse = ball.mass * (1.0 - kept) * v_tangent.norm();
    }
    bounce
}

/// Two balls exchanging their velocities along the line of centres.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct BallPair {
    /// Unit line of centres from the first ball to the second.
    pub normal: Vector3<f64>,
    /// The restitution applied.
    pub restitution: f64,
    /// Magnitude of the impulse each ball receives (0 when they separate).
    pub impulse: f64,
    /// Both velocities before.
    pub before: [Vector3<f64>; 2],
    /// Both velocities after.
    pub after: [Vector3<f64>; 2],
}

/// Two touching balls collide along their line of centres; tangential velocities are kept.
///
/// # Algorithm
/// 1. `n` = unit line of centres; `u1 = n·U1`, `u2 = n·U2`; nothing happens unless `u1 > u2`.
/// 2. The course's 1D formulas with restitution (ε = 1 is elastic):
///    `v1 = ((m1 - ε m2) u1 + (1+ε) m2 u2)/(m1+m2)`, `v2 = ((m2 - ε m1) u2 + (1+ε) m1 u1)/(m1+m2)`.
/// 3. `V_i = U_i + (v_i - u_i) n`.
pub fn collide_balls(a: &Ball, b: &Ball, material: &Material) -> BallPair {
    let normal = (b.position - a.position)
        .try_normalize(1e-300)
        .unwrap_or_else(Vector3::x);
    let (m1, m2, total) = (a.mass, b.mass, a.mass + b.mass);
    let (u1, u2) = (normal.dot(&a.velocity), normal.dot(&b.velocity));
    let e = material.restitution_for(u1 - u2);
    let (v1, v2) = if u1 > u2 {
        (
            ((m1 - e * m2) * u1 + (1.0 + e) * m2 * u2) / total,
            ((m2 - e * m1) * u2 + (1.0 + e) * m1 * u1) / total,
        )
    } else {
        (u1, u2)
    };
    BallPair {
        normal,
        restitution: e,
        impulse: m1 * (u1 - v1),
        before: [a.velocity, b.velocity],
        after: [
            a.velocity + (v1 - u1) * normal,
            b.velocity + (v2 - u2) * normal,
        ],
    }
}

mod model;
mod particle;
mod rigid;

pub use model::ResponseModel;
pub use particle::{particle_bounce, ParticleBounce};
pub use rigid::{rigid_impulse, Approach, Friction, ImpulseResponse, Velocity};
