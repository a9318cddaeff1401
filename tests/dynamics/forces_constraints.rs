//! Forces and constraints against what physics and closed forms say they must do.
//!
//! Run with `--nocapture` to see the tables.

use crate::ball_support;
use ball_support::ball;

use sepax::dynamics::constraints::{violations, Constraint, ConstraintKind, ConstraintMethod};
use sepax::dynamics::energy::{energy, momentum};
use sepax::dynamics::forces::{Force, ForceModel, Spring};
use sepax::dynamics::integrate::{advance, Integrator};
use sepax::dynamics::system::{self, System};
use sepax::dynamics::BodyShape;
use sepax::nalgebra::{DMatrix, DVector, Vector3};

const G: f64 = 9.81;

fn spring(a: usize, b: usize, rest_length: f64, stiffness: f64, damping: f64) -> Spring {
    Spring {
        a,
        b,
        rest_length,
        stiffness,
        damping,
    }
}

/// Advances `steps` steps of `h` by `method`, calling `each` after every step.
fn run(
    system: &System,
    method: Integrator,
    y: &mut DVector<f64>,
    h: f64,
    steps: u32,
    mut each: impl FnMut(f64, &DVector<f64>),
) {
    for n in 0..steps {
        *y = advance(system, method, f64::from(n) * h, y, h);
        each(f64::from(n + 1) * h, y);
    }
}

#[test]
fn spring_forces_are_equal_and_opposite_along_the_line() {
    let bodies = [
        ball(1.0, [0.0, 0.0, 0.0], [0.3, -0.2, 0.0], false),
        ball(2.0, [1.5, 1.0, -0.5], [-0.1, 0.4, 0.2], false),
    ];
    let mut model = ForceModel::new();
    model.springs.push(spring(0, 1, 1.0, 10.0, 0.7));
    let system = System::new(&bodies, model);
    let y = System::pack(&bodies);
    let f = system.forces.applied(&system.bodies, &y);
    let r = bodies[0].state.position - bodies[1].state.position;
    let w = bodies[0].state.velocity - bodies[1].state.velocity;
    let u = r.normalize();
    let expected = -(10.0 * (r.norm() - 1.0) + 0.7 * w.dot(&u)) * u;
    assert!((f[0] - expected).norm() < 1e-12);
    assert!((f[0] + f[1]).norm() < 1e-12);
    assert!(f[0].cross(&r).norm() < 1e-12);
    // Stretched: body 0 is pulled towards body 1.
    assert!(f[0].dot(&(bodies[1].state.position - bodies[0].state.position)) > 0.0);
}

#[test]
fn analytic_jacobians_match_central_differences() {
    let bodies = [
        ball(1.0, [0.1, 0.2, 0.0], [0.3, -0.2, 0.1], false),
        ball(2.0, [1.5, 1.0, -0.5], [-0.1, 0.4, 0.2], false),
        ball(3.0, [-1.0, 0.5, 0.7], [0.0, 0.0, 0.0], true),
    ];
    let mut model = ForceModel::with_gravity(Vector3::new(0.0, -G, 0.0));
    model.springs.push(spring(0, 1, 1.0, 10.0, 0.7));
    model.springs.push(spring(1, 2, 0.5, 4.0, 0.3));
    model.forces.push(Force::Drag { k: 0.4 });
    model.forces.push(Force::CentralPoint {
        center: Vector3::new(0.0, -2.0, 0.0),
        strength: 5.0,
    });
    model.forces.push(Force::CentralBetween {
        a: 0,
        b: 2,
        strength: 2.0,
    });
    let system = System::new(&bodies, model);
    let y = System::pack(&bodies);
    let jac = system.forces.analytic_jacobians(&system.bodies, &y);
    let eps = 1e-6;
    for (offset, analytic) in [(system::POSITION, &jac.dx), (system::VELOCITY, &jac.dv)] {
        let numeric = DMatrix::from_fn(9, 9, |r, c| {
            let slot = (c / 3) * system::STATE_PER_BODY + offset + c % 3;
            let (mut plus, mut minus) = (y.clone(), y.clone());
            plus[slot] += eps;
            minus[slot] -= eps;
            let fp = system.forces.applied(&system.bodies, &plus)[r / 3][r % 3];
            let fm = system.forces.applied(&system.bodies, &minus)[r / 3][r % 3];
            (fp - fm) / (2.0 * eps)
        });
        assert!(
            (analytic - &numeric).norm() < 1e-7,
            "{analytic} vs {numeric}"
        );
    }
}

#[test]
fn damping_dissipates_energy() {
    let bodies = [
        ball(1.0, [0.0, 0.0, 0.0], [0.0, 1.0, 0.0], false),
        ball(1.0, [2.0, 0.0, 0.0], [0.0, -1.0, 0.5], false),
    ];
    let mut model = ForceModel::new();
    model.springs.push(spring(0, 1, 1.0, 20.0, 0.5));
    let system = System::new(&bodies, model);
    let mut y = System::pack(&bodies);
    let e0 = energy(&system, &y).total();
    let mut previous = e0;
    run(&system, Integrator::Rk4, &mut y, 0.001, 5000, |_, y| {
        let e = energy(&system, y).total();
        assert!(e <= previous + 1e-12 * e0, "energy rose: {previous} -> {e}");
        previous = e;
    });
    // Only the stretch and the relative velocity along the spring are damped away.
    assert!(previous < 0.8 * e0, "{previous} vs {e0}");
}

#[test]
fn undamped_spring_conserves_energy_and_momentum() {
    let mut bodies = [
        ball(1.0, [0.0, 0.0, 0.0], [0.0, 1.0, 0.2], false),
        ball(3.0, [2.0, 0.5, 0.0], [0.1, -0.5, 0.0], false),
    ];
    bodies[1].shape = BodyShape::Box(Vector3::new(0.4, 0.2, 0.1));
    bodies[1].state.angular_velocity = Vector3::new(0.5, 1.0, -2.0);
    let mut model = ForceModel::new();
    model.springs.push(spring(0, 1, 1.2, 30.0, 0.0));
    let system = System::new(&bodies, model);
    let mut y = System::pack(&bodies);
    let (e0, p0) = (energy(&system, &y).total(), momentum(&system, &y));
    let (mut worst_e, mut worst_p, mut worst_l) = (0.0_f64, 0.0_f64, 0.0_f64);
    run(&system, Integrator::Rk4, &mut y, 0.001, 5000, |_, y| {
        let p = momentum(&system, y);
        worst_e = worst_e.max((energy(&system, y).total() - e0).abs() / e0.abs());
        worst_p = worst_p.max((p.linear - p0.linear).norm());
        worst_l = worst_l.max((p.angular - p0.angular).norm() / p0.angular.norm());
    });
    println!("\nUndamped spring, RK4 h = 0.001, 5 s: |ΔE|/E = {worst_e:.2e}, |Δp| = {worst_p:.2e}, |ΔL|/|L| = {worst_l:.2e}");
    assert!(worst_e < 1e-6 && worst_p < 1e-12 && worst_l < 1e-9);
}

#[test]
fn circular_orbit_keeps_its_radius_and_energy() {
    // G M = 1, r = 1, v = 1: a circular orbit of period 2π.
    let bodies = [ball(2.0, [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], false)];
    let mut model = ForceModel::new();
    model.forces.push(Force::CentralPoint {
        center: Vector3::zeros(),
        strength: 1.0,
    });
    let system = System::new(&bodies, model);
    let mut y = System::pack(&bodies);
    let e0 = energy(&system, &y).total();
    assert!((e0 - (0.5 * 2.0 - 2.0)).abs() < 1e-15);
    let steps = 6283;
    let h = std::f64::consts::TAU / f64::from(steps);
    let (mut worst_r, mut worst_e) = (0.0_f64, 0.0_f64);
    run(&system, Integrator::Rk4, &mut y, h, steps, |_, y| {
        worst_r = worst_r.max((system::position(y, 0).norm() - 1.0).abs());
        worst_e = worst_e.max((energy(&system, y).total() - e0).abs() / e0.abs());
    });
    assert!(
        worst_r < 1e-9 && worst_e < 1e-9,
        "radius {worst_r}, energy {worst_e}"
    );
    assert!((system::position(&y, 0) - Vector3::new(1.0, 0.0, 0.0)).norm() < 1e-9);
}

#[test]
fn mutual_attraction_is_equal_and_opposite_and_keeps_momentum() {
    // G = 1, masses 1 and 3, 2 apart: a circular relative orbit needs |v_rel| = sqrt(G M/d) = √2,
    // shared in the centre-of-mass frame 3:1, plus a common drift.
    let v = std::f64::consts::SQRT_2;
    let bodies = [
        ball(1.0, [-1.0, 0.0, 0.5], [0.1, -0.75 * v, 0.05], false),
        ball(3.0, [1.0, 0.0, 0.5], [0.1, 0.25 * v, 0.05], false),
    ];
    let mut model = ForceModel::new();
    model.forces.push(Force::CentralBetween {
        a: 0,
        b: 1,
        strength: 1.0,
    });
    let system = System::new(&bodies, model);
    let mut y = System::pack(&bodies);
    let f = system.forces.applied(&system.bodies, &y);
    assert!((f[0] - Vector3::new(0.75, 0.0, 0.0)).norm() < 1e-15 && (f[0] + f[1]).norm() == 0.0);
    let (e0, p0) = (energy(&system, &y).total(), momentum(&system, &y));
    run(&system, Integrator::Rk4, &mut y, 0.001, 3000, |_, y| {
        let p = momentum(&system, y);
        assert!((p.linear - p0.linear).norm() < 1e-12);
        assert!((p.angular - p0.angular).norm() < 1e-9 * p0.angular.norm());
        let d = (system::position(y, 0) - system::position(y, 1)).norm();
        assert!((d - 2.0).abs() < 1e-8, "separation {d}");
    });
    assert!((energy(&system, &y).total() - e0).abs() < 1e-9 * e0.abs());
}

#[test]
fn drag_decays_velocity_as_the_exponential() {
    let (m, k) = (2.0, 0.5);
    let v0 = Vector3::new(3.0, 0.0, 1.0);
    let bodies = [ball(m, [0.0; 3], v0.into(), false)];
    let mut model = ForceModel::new();
    model.forces.push(Force::Drag { k });
    let system = System::new(&bodies, model);
    let mut y = System::pack(&bodies);
    run(&system, Integrator::Rk4, &mut y, 0.01, 200, |t, y| {
        let exact = v0 * (-k * t / m).exp();
        assert!((system::velocity(y, 0) - exact).norm() < 1e-9, "t = {t}");
        let travelled = v0 * m / k * (1.0 - (-k * t / m).exp());
        assert!(
            (system::position(y, 0) - travelled).norm() < 1e-9,
            "t = {t}"
        );
    });
}

/// A bob of mass 1 at `(1, 0, 0)` (at rest) hanging from a fixed anchor at the origin by `method`.
fn pendulum(method: ConstraintMethod) -> (System, DVector<f64>) {
    let bodies = [
        ball(1.0, [0.0; 3], [0.0; 3], true),
        ball(1.0, [1.0, 0.0, 0.0], [0.0; 3], false),
    ];
    let mut model = ForceModel::with_gravity(Vector3::new(0.0, -G, 0.0));
    model.constraints.push(Constraint {
        kind: ConstraintKind::Rod {
            a: 1,
            b: 0,
            length: 1.0,
        },
        method,
    });
    (System::new(&bodies, model), System::pack(&bodies))
}

#[test]
fn lagrange_pendulum_keeps_its_length() {
    let method = ConstraintMethod::Lagrange {
        stiffness: 100.0,
        damping: 20.0,
    };
    let (system, mut y) = pendulum(method);
    let e0 = energy(&system, &y).total();
    let (mut worst_c, mut worst_e, mut lowest) = (0.0_f64, 0.0_f64, 0.0_f64);
    run(&system, Integrator::Rk4, &mut y, 0.001, 2000, |_, y| {
        worst_c = worst_c.max(violations(&system.forces.constraints, y)[0].norm());
        worst_e = worst_e.max((energy(&system, y).total() - e0).abs());
        lowest = lowest.min(system::position(y, 1).y);
    });
    println!("\nLagrange pendulum, RK4 h = 0.001, 2 s: max |C| = {worst_c:.2e}, max |ΔE| = {worst_e:.2e} J");
    assert!(worst_c < 1e-6, "length drift {worst_c}");
    // The constraint force does no work, and the bob really swings down to the bottom.
    assert!(worst_e < 1e-6, "energy drift {worst_e}");
    assert!(lowest < -0.999);
}

#[test]
fn implicit_euler_lagrange_rod_drifts_at_first_order_in_h() {
    // The linearised step with finite-difference constraint Jacobians: like every first-order
    // method, the rod's length drifts by O(h), and the ks, kd correction keeps it bounded.
    let method = ConstraintMethod::Lagrange {
        stiffness: 100.0,
        damping: 20.0,
    };
    let drift = |h: f64| {
        let (system, mut y) = pendulum(method);
        let mut worst = 0.0_f64;
        run(
            &system,
            Integrator::ImplicitEuler,
            &mut y,
            h,
            (2.0 / h).round() as u32,
            |_, y| {
                worst = worst.max(violations(&system.forces.constraints, y)[0].norm());
            },
        );
        worst
    };
    let (coarse, fine) = (drift(0.01), drift(0.005));
    let order = (coarse / fine).log2();
    println!("\nLagrange pendulum, implicit Euler, 2 s: max |C| = {coarse:.2e} (h = 0.01), {fine:.2e} (h = 0.005), order {order:.2}");
    assert!((order - 1.0).abs() < 0.2, "drift order {order}");
    assert!(coarse < 0.02, "drift {coarse}");
}

#[test]
fn bead_on_a_circular_wire_stays_on_the_circle() {
    for v0 in [[0.0, 0.0, 0.0], [0.0, 2.0, 0.0]] {
        let bodies = [ball(0.5, [1.0, 0.0, 0.0], v0, false)];
        let mut model = ForceModel::with_gravity(Vector3::new(0.0, -G, 0.0));
        model.constraints.push(Constraint {
            kind: ConstraintKind::Circle {
                a: 0,
                center: Vector3::zeros(),
                normal: Vector3::new(0.0, 0.0, 2.0),
                radius: 1.0,
            },
            method: ConstraintMethod::Lagrange {
                stiffness: 100.0,
                damping: 20.0,
            },
        });
        let system = System::new(&bodies, model);
        let mut y = System::pack(&bodies);
        let (mut worst_plane, mut worst_ring, mut lowest) = (0.0_f64, 0.0_f64, 0.0_f64);
        run(&system, Integrator::Rk4, &mut y, 0.001, 2000, |_, y| {
            let c = &violations(&system.forces.constraints, y)[0].c;
            worst_plane = worst_plane.max(c[0].abs());
            worst_ring = worst_ring.max(c[1].abs());
            lowest = lowest.min(system::position(y, 0).y);
        });
        println!("\nBead on a wire, v0 = {v0:?}: max |C_plane| = {worst_plane:.2e}, max |C_ring| = {worst_ring:.2e}");
        assert!(
            worst_plane < 1e-9 && worst_ring < 1e-6,
            "{worst_plane} {worst_ring}"
        );
        assert!(lowest < -0.99, "the bead slides to the bottom: {lowest}");
    }
}

#[test]
fn penalty_rod_stretch_is_proportional_to_one_over_stiffness() {
    println!("\nPenalty pendulum released horizontally, RK4 h = 1e-4, 1 s");
    println!("| ks | max ‖C‖ | ks · max ‖C‖ |");
    println!("|---|---|---|");
    let mut scaled = Vec::new();
    for ks in [1e3, 1e4, 1e5] {
        // Critical damping of the stretch: kd = 2 sqrt(ks m).
        let method = ConstraintMethod::Penalty {
            stiffness: ks,
            damping: 2.0 * f64::sqrt(ks),
        };
        let (system, mut y) = pendulum(method);
        let mut worst = 0.0_f64;
        run(&system, Integrator::Rk4, &mut y, 1e-4, 10_000, |_, y| {
            worst = worst.max(violations(&system.forces.constraints, y)[0].norm());
        });
        println!("| {ks:.0e} | {worst:.3e} | {:.3} |", ks * worst);
        // At the bottom the rod carries m g + m v²/L = 3 m g; allow the same again for dynamics.
        assert!(worst <= 2.0 * 3.0 * G / ks, "ks = {ks}: {worst}");
        scaled.push(ks * worst);
    }
    let (lo, hi) = scaled
        .iter()
        .fold((f64::MAX, 0.0_f64), |(lo, hi), &s| (lo.min(s), hi.max(s)));
    assert!(
        hi / lo < 1.2,
        "ks · |C| should be nearly constant: {scaled:?}"
    );
}

#[test]
fn penalty_pin_sags_by_m_g_over_ks() {
    let bodies = [ball(2.0, [0.0, 0.0, 0.0], [0.0; 3], false)];
    let mut model = ForceModel::with_gravity(Vector3::new(0.0, -G, 0.0));
    let ks = 500.0;
    model.constraints.push(Constraint {
        kind: ConstraintKind::Pin {
            a: 0,
            point: Vector3::zeros(),
        },
        method: ConstraintMethod::Penalty {
            stiffness: ks,
            damping: 2.0 * f64::sqrt(ks * 2.0),
        },
    });
    let system = System::new(&bodies, model);
    let mut y = System::pack(&bodies);
    run(&system, Integrator::Rk4, &mut y, 1e-3, 3000, |_, _| {});
    let c = &violations(&system.forces.constraints, &y)[0].c;
    assert!(
        (c[1] + 2.0 * G / ks).abs() < 1e-9 && c[0] == 0.0 && c[2] == 0.0,
        "{c:?}"
    );
    let e = energy(&system, &y);
    assert!((e.constraints - 0.5 * ks * c[1] * c[1]).abs() < 1e-12);
}

#[test]
fn pinned_bodies_move_together_and_violations_are_reported() {
    let bodies = [
        ball(1.0, [0.0, 0.0, 0.0], [1.0, 0.0, 0.0], false),
        ball(1.0, [0.0, 0.3, 0.0], [0.0; 3], false),
    ];
    let mut model = ForceModel::new();
    model.constraints.push(Constraint {
        kind: ConstraintKind::PinToBody { a: 0, b: 1 },
        method: ConstraintMethod::Lagrange {
            stiffness: 400.0,
            damping: 40.0,
        },
    });
    let system = System::new(&bodies, model);
    let mut y = System::pack(&bodies);
    let before = &violations(&system.forces.constraints, &y)[0];
    assert_eq!(before.c, vec![0.0, -0.3, 0.0]);
    assert_eq!(before.c_dot, vec![1.0, 0.0, 0.0]);
    let p0 = momentum(&system, &y).linear;
    run(&system, Integrator::Rk4, &mut y, 1e-3, 2000, |_, _| {});
    // The correction pulls them together with internal forces only.
    assert!(violations(&system.forces.constraints, &y)[0].norm() < 1e-6);
    assert!((momentum(&system, &y).linear - p0).norm() < 1e-12);
}

#[test]
fn penalty_wire_holds_a_sliding_bead_within_three_m_g_over_ks() {
    let (m, ks) = (0.5, 1e4);
    let bodies = [ball(m, [1.0, 0.0, 0.0], [0.0; 3], false)];
    let mut model = ForceModel::with_gravity(Vector3::new(0.0, -G, 0.0));
    model.constraints.push(Constraint {
        kind: ConstraintKind::Circle {
            a: 0,
            center: Vector3::zeros(),
            normal: Vector3::z(),
            radius: 1.0,
        },
        method: ConstraintMethod::Penalty {
            stiffness: ks,
            damping: 2.0 * f64::sqrt(ks * m),
        },
    });
    let system = System::new(&bodies, model);
    let mut y = System::pack(&bodies);
    let (mut worst, mut lowest) = (0.0_f64, 0.0_f64);
    run(&system, Integrator::Rk4, &mut y, 1e-4, 10_000, |_, y| {
        let c = &violations(&system.forces.constraints, y)[0].c;
        assert_eq!(c[0], 0.0, "gravity lies in the wire's plane");
        worst = worst.max(c[1].abs());
        lowest = lowest.min(system::position(y, 0).y);
    });
    // At the bottom the wire carries m g + m v²/r = 3 m g.
    assert!(worst <= 1.1 * 3.0 * m * G / ks, "{worst}");
    assert!(lowest < -0.99);
}

#[test]
fn redundant_lagrange_constraints_give_the_same_force_as_one() {
    let rod = ConstraintMethod::Lagrange {
        stiffness: 0.0,
        damping: 0.0,
    };
    let (single, y) = pendulum(rod);
    let mut double = single.clone();
    double.forces.constraints.push(single.forces.constraints[0]);
    let mut moving = y.clone();
    moving[system::STATE_PER_BODY + system::VELOCITY + 1] = -1.5;
    for y in [y, moving] {
        let one = single.forces.total(&single.bodies, &y)[1];
        let two = double.forces.total(&double.bodies, &y)[1];
        assert!((one - two).norm() < 1e-9, "{one} vs {two}");
        // Along the rod the constraint cancels gravity's pull and supplies m v²/L.
        let v2 = system::velocity(&y, 1).norm_squared();
        assert!((one - Vector3::new(-v2, -G, 0.0)).norm() < 1e-9, "{one}");
    }
}
