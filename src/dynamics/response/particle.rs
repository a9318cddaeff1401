//! The course's particle response, for any two bodies: the relative velocity of their centres
//! loses its normal part to `-ε v_N` and keeps `(1 - μ)` of its tangential part.

use nalgebra::Vector3;

use super::Material;

/// The centre velocities after a particle bounce, with the normal impulse and restitution used.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParticleBounce {
    /// The two bodies' velocities after the bounce.
    pub after: [Vector3<f64>; 2],
    /// The normal impulse's magnitude.
    pub impulse: f64,
    /// The restitution applied (0 below the resting speed).
    pub restitution: f64,
}

/// The particle bounce of bodies with velocities `v` and inverse masses `w` (0 for a fixed body)
/// touching along the unit normal `n` from the first to the second; `None` when they are not
/// approaching.
///
/// # Algorithm
/// The course's particle–plane model (docs/methods.md §13.1) on the relative velocity
/// `u = v_b - v_a`, split into `u_N = (u·n) n` and `u_T = u - u_N`:
/// 1. Approaching means `u·n < 0`; otherwise nothing changes.
/// 2. The new relative velocity is `-ε u_N + (1 - μ) u_T`, with `ε` the restitution (0 below the
///    resting speed) and `μ` the friction, read as the share of tangential speed lost.
/// 3. The change `Δu` is shared so that momentum is kept: `v_a -= Δu w_a / (w_a + w_b)`,
///    `v_b += Δu w_b / (w_a + w_b)` (against a fixed body, the moving one takes all of it).
pub fn particle_bounce(
    v: [Vector3<f64>; 2],
    w: [f64; 2],
    n: &Vector3<f64>,
    material: &Material,
) -> Option<ParticleBounce> {
    let u = v[1] - v[0];
    let along = u.dot(n);
    let total = w[0] + w[1];
    if along >= 0.0 || total <= 0.0 {
        return None;
    }
    let normal = n * along;
    let tangential = u - normal;
    let restitution = material.restitution_for(-along);
    let after = -restitution * normal + (1.0 - material.friction) * tangential;
    let change = after - u;
    Some(ParticleBounce {
        after: [
            v[0] - change * (w[0] / total),
            v[1] + change * (w[1] / total),
        ],
        impulse: change.dot(n).abs() / total,
        restitution,
    })
}

#[cfg(test)]
mod tests {
    use nalgebra::Vector3;

    use super::{particle_bounce, Material};

    #[test]
    fn a_particle_on_a_fixed_plane_follows_the_course_formula() {
        let material = Material::new(0.5, 0.25);
        let n = Vector3::y();
        let v = Vector3::new(4.0, -2.0, 0.0);
        let bounce = particle_bounce([Vector3::zeros(), v], [0.0, 1.0], &n, &material).unwrap();
        assert_eq!(bounce.after[0], Vector3::zeros());
        assert!((bounce.after[1] - Vector3::new(3.0, 1.0, 0.0)).norm() < 1e-15);
        assert!((bounce.impulse - 3.0).abs() < 1e-15);
        // Leaving, nothing happens.
        assert!(particle_bounce([Vector3::zeros(), -v], [0.0, 1.0], &n, &material).is_none());
    }

    #[test]
    fn two_moving_bodies_keep_their_momentum() {
        let material = Material::new(0.8, 0.5);
        let (ma, mb) = (2.0, 3.0);
        let v = [Vector3::new(1.0, 2.0, 0.5), Vector3::new(-1.0, -1.0, 0.0)];
        let n = Vector3::new(0.0, 1.0, 0.0);
        let bounce = particle_bounce(v, [1.0 / ma, 1.0 / mb], &n, &material).unwrap();
        let before = v[0] * ma + v[1] * mb;
        let after = bounce.after[0] * ma + bounce.after[1] * mb;
        assert!((before - after).norm() < 1e-14);
        let u = bounce.after[1] - bounce.after[0];
        // u was (-2, -3, -0.5): normal -3 → +2.4, tangential (-2, -0.5) → (-1, -0.25).
        assert!((u - Vector3::new(-1.0, 2.4, -0.25)).norm() < 1e-14, "{u}");
    }
}
