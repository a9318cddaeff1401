//! The integrators against closed-form solutions: measured orders, error-estimate slopes,
//! stability on a stiff spring, adaptive sub-stepping and a tumbling box.
//!
//! Run with `--nocapture` to see the tables.

use crate::ball_support;
use ball_support::ball;

use sepax::dynamics::energy::{energy, momentum};
use sepax::dynamics::forces::{ForceModel, Spring};
use sepax::dynamics::integrate::{self, step_frame, Adaptive, Integrator, StepControl};
use sepax::dynamics::system::{self, System};
use sepax::dynamics::{BodyShape, BodyState, RigidBody};
use sepax::math::rotation_from_euler_degrees;
use sepax::nalgebra::{DVector, Vector3};

/// Amplitude, stiffness and rest length of the oscillator: `x(t) = L + A cos(ω t)`, `ω = 2`.
const A: f64 = 0.5;
const KS: f64 = 4.0;
const REST: f64 = 1.0;
const OMEGA: f64 = 2.0;

/// A unit mass on a spring to a fixed anchor at the origin, moving along x.
fn oscillator(phase: f64) -> (System, DVector<f64>) {
    let x = REST + A * (OMEGA * phase).cos();
    let v = -A * OMEGA * (OMEGA * phase).sin();
    let bodies = [
        ball(1.0, [0.0; 3], [0.0; 3], true),
        ball(1.0, [x, 0.0, 0.0], [v, 0.0, 0.0], false),
    ];
    let mut forces = ForceModel::new();
    forces.springs.push(Spring {
        a: 1,
        b: 0,
        rest_length: REST,
        stiffness: KS,
        damping: 0.0,
    });
    (System::new(&bodies, forces), System::pack(&bodies))
}

/// `sqrt(dx² + (dv/ω)²)` against the exact solution at time `t`.
fn oscillator_error(y: &DVector<f64>, t: f64) -> f64 {
    let dx = system::position(y, 1).x - (REST + A * (OMEGA * t).cos());
    let dv = system::velocity(y, 1).x + A * OMEGA * (OMEGA * t).sin();
    dx.hypot(dv / OMEGA)
}

/// The oscillator's error at `T = 2` after fixed steps of `h`.
fn error_at_two_seconds(method: Integrator, h: f64) -> f64 {
    let (system, mut y) = oscillator(0.0);
    let steps = (2.0 / h).round() as usize;
    for n in 0..steps {
        y = step_frame(&system, method, n as f64 * h, &y, h, StepControl::Fixed).state;
    }
    oscillator_error(&y, 2.0)
}

fn orders(errors: &[f64]) -> Vec<f64> {
    errors.windows(2).map(|w| (w[0] / w[1]).log2()).collect()
}

#[test]
fn names_round_trip_and_orders_are_the_courses() {
    let names: Vec<_> = Integrator::ALL.iter().map(|m| m.name()).collect();
    assert_eq!(
        names,
        [
            "explicit-euler",
            "semi-implicit-euler",
            "midpoint",
            "rk2",
            "rk4",
            "implicit-euler"
        ]
    );
    for m in Integrator::ALL {
        assert_eq!(Integrator::from_name(m.name()), Some(m));
    }
    assert_eq!(Integrator::from_name("euler"), None);
    let orders: Vec<_> = Integrator::ALL.iter().map(|m| m.order()).collect();
    assert_eq!(orders, [1, 1, 2, 2, 4, 1]);
}

#[test]
fn measured_order_of_convergence_on_the_harmonic_oscillator() {
    let hs = [0.05, 0.025, 0.0125, 0.00625];
    println!("\nHarmonic oscillator x = 1 + 0.5 cos(2t), error at t = 2 (sqrt(dx² + (dv/ω)²))");
    println!("| method | h = 0.05 | h/2 | h/4 | h/8 | measured order |");
    println!("|---|---|---|---|---|---|");
    for method in Integrator::ALL {
        let errors: Vec<f64> = hs
            .iter()
            .map(|&h| error_at_two_seconds(method, h))
            .collect();
        let measured = orders(&errors);
        let cells: Vec<String> = errors.iter().map(|e| format!("{e:.3e}")).collect();
        let slopes: Vec<String> = measured.iter().map(|o| format!("{o:.3}")).collect();
        println!(
            "| {method} | {} | {} |",
            cells.join(" | "),
            slopes.join(", ")
        );
        for o in measured {
            let p = f64::from(method.order());
            assert!(
                (o - p).abs() < 0.2,
                "{method}: measured order {o}, expected {p}"
            );
        }
    }
}

#[test]
fn error_estimate_scales_as_h_to_the_order_plus_one() {
    let hs = [0.1, 0.05, 0.025, 0.0125];
    println!("\nStep-doubling estimate e_a = |X_h - X_(h/2,h/2)| of one step from t = 0.3");
    println!("| method | h = 0.1 | h/2 | h/4 | h/8 | measured slope | p + 1 |");
    println!("|---|---|---|---|---|---|---|");
    let (system, y) = oscillator(0.3);
    for method in Integrator::ALL {
        let estimates: Vec<f64> = hs
            .iter()
            .map(|&h| integrate::step(&system, method, 0.3, &y, h, None).bodies[1].error_estimate)
            .collect();
        let slopes = orders(&estimates);
        let cells: Vec<String> = estimates.iter().map(|e| format!("{e:.3e}")).collect();
        let shown: Vec<String> = slopes.iter().map(|o| format!("{o:.3}")).collect();
        let p1 = f64::from(method.order() + 1);
        println!(
            "| {method} | {} | {} | {p1} |",
            cells.join(" | "),
            shown.join(", ")
        );
        for s in slopes {
            assert!((s - p1).abs() < 0.3, "{method}: slope {s}, expected {p1}");
        }
    }
}

#[test]
fn implicit_euler_stays_bounded_on_a_stiff_spring_where_explicit_euler_explodes() {
    // ks = 1e4, m = 1: ω = 100 rad/s and h = 0.01 gives ω h = 1. A zero rest length makes the
    // spring exactly linear; the body circles the anchor, never crossing it.
    let bodies = [
        ball(1.0, [0.0; 3], [0.0; 3], true),
        ball(1.0, [1.0, 0.0, 0.0], [0.0, 50.0, 0.0], false),
    ];
    let mut forces = ForceModel::new();
    forces.springs.push(Spring {
        a: 1,
        b: 0,
        rest_length: 0.0,
        stiffness: 1e4,
        damping: 0.0,
    });
    let system = System::new(&bodies, forces);
    let y0 = System::pack(&bodies);
    let e0 = energy(&system, &y0).total();
    println!("\nStiff spring, ω h = 1, energy after 200 steps (E0 = {e0:.4e})");
    println!("| method | E(200 h) / E0 |");
    println!("|---|---|");
    let mut ratio = |method| {
        let mut y = y0.clone();
        for n in 0..200 {
            y = integrate::advance(&system, method, f64::from(n) * 0.01, &y, 0.01);
        }
        let r = energy(&system, &y).total() / e0;
        println!("| {method} | {r:.4e} |");
        r
    };
    let ratios: Vec<f64> = Integrator::ALL.into_iter().map(&mut ratio).collect();
    let (explicit, implicit) = (ratios[0], ratios[5]);
    assert!(
        explicit > 1e20,
        "explicit Euler should grow without bound: {explicit}"
    );
    assert!(
        implicit.is_finite() && implicit <= 1.0,
        "implicit Euler grew: {implicit}"
    );
}

#[test]
fn adaptive_error_falls_and_substeps_rise_as_the_tolerance_falls() {
    let tolerances = [1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9];
    // Frames of 0.5 s (ω dt = 1): a sub-step never exceeds the frame, and shorter frames would
    // already meet the loosest tolerances in one RK4 step, leaving nothing to adapt.
    let (dt, frames) = (0.5, 4);
    println!("\nAdaptive frames of 0.5 s up to t = 2 on the oscillator");
    println!("| method | tolerance | error at t = 2 | sub-steps | rejected | max e_a |");
    println!("|---|---|---|---|---|---|");
    for method in [Integrator::Rk2, Integrator::Rk4] {
        let mut rows = Vec::new();
        for tolerance in tolerances {
            let (system, mut y) = oscillator(0.0);
            let mut settings = Adaptive::new(tolerance);
            let (mut substeps, mut rejected, mut max_e) = (0, 0, 0.0_f64);
            for n in 0..frames {
                let t = f64::from(n) * dt;
                let frame = step_frame(&system, method, t, &y, dt, StepControl::Adaptive(settings));
                assert!(!frame.capped && frame.max_error_estimate <= tolerance);
                settings.first_substep = Some(frame.next_substep);
                (substeps, rejected) = (substeps + frame.substeps, rejected + frame.rejected);
                max_e = max_e.max(frame.max_error_estimate);
                y = frame.state;
            }
            let error = oscillator_error(&y, f64::from(frames) * dt);
            println!("| {method} | {tolerance:.0e} | {error:.3e} | {substeps} | {rejected} | {max_e:.2e} |");
            // Local errors bounded by the tolerance add up to at most the tolerance per sub-step.
            assert!(
                error <= tolerance * substeps as f64,
                "{method} {tolerance}: {error}"
            );
            rows.push((error, substeps));
        }
        for w in rows.windows(2) {
            assert!(w[1].0 < w[0].0, "{method}: error did not fall: {rows:?}");
            assert!(w[1].1 >= w[0].1, "{method}: sub-steps fell: {rows:?}");
        }
        assert!(
            rows[6].1 > 10 * rows[0].1,
            "{method}: sub-steps barely rose: {rows:?}"
        );
    }
}

#[test]
fn capped_adaptive_frame_still_covers_the_frame_and_says_so() {
    let (system, y) = oscillator(0.0);
    let settings = Adaptive {
        tolerance: 1e-14,
        max_substeps: 5,
        first_substep: None,
    };
    let frame = step_frame(
        &system,
        Integrator::ExplicitEuler,
        0.0,
        &y,
        0.1,
        StepControl::Adaptive(settings),
    );
    assert!(frame.capped);
    assert_eq!(frame.substeps + frame.rejected, 5);
    // The capped frame still lands on t = 0.1: compare with one fixed step over what remained.
    assert!(oscillator_error(&frame.state, 0.1) < 1e-2);
}

#[test]
fn free_asymmetric_box_keeps_its_angular_momentum() {
    let body = RigidBody {
        name: "box".into(),
        shape: BodyShape::Box(Vector3::new(1.0, 0.5, 0.2)),
        mass: 2.0,
        fixed: false,
        state: BodyState {
            position: Vector3::zeros(),
            velocity: Vector3::zeros(),
            rotation: rotation_from_euler_degrees([20.0, 30.0, 40.0]),
            angular_velocity: Vector3::new(1.0, 2.0, 0.5),
        },
    };
    let system = System::new(std::slice::from_ref(&body), ForceModel::new());
    let mut y = System::pack(std::slice::from_ref(&body));
    let l0 = momentum(&system, &y).angular;
    let e0 = energy(&system, &y).kinetic;
    let dt = 0.001;
    let (mut worst_l, mut worst_q, mut worst_e) = (0.0_f64, 0.0_f64, 0.0_f64);
    println!("\nFree box, half-extents (1, 0.5, 0.2), ω0 = (1, 2, 0.5), RK4, dt = 0.001");
    println!("| t | ω | ‖L - L0‖/‖L0‖ | ‖E - E0‖/E0 | ‖q‖ - 1 |");
    println!("|---|---|---|---|---|");
    for n in 1..=3000 {
        y = step_frame(
            &system,
            Integrator::Rk4,
            f64::from(n - 1) * dt,
            &y,
            dt,
            StepControl::Fixed,
        )
        .state;
        let drift = (momentum(&system, &y).angular - l0).norm() / l0.norm();
        let e_drift = (energy(&system, &y).kinetic - e0).abs() / e0;
        let q_drift = (system::quaternion(&y, 0).norm() - 1.0).abs();
        (worst_l, worst_e, worst_q) = (
            worst_l.max(drift),
            worst_e.max(e_drift),
            worst_q.max(q_drift),
        );
        if n % 1000 == 0 {
            let w = system::angular_velocity(&y, 0);
            println!(
                "| {:.0} | ({:.4}, {:.4}, {:.4}) | {drift:.2e} | {e_drift:.2e} | {q_drift:.1e} |",
                f64::from(n) * dt,
                w.x,
                w.y,
                w.z
            );
        }
    }
    // The body really tumbles: ω changes, only L = I_w ω is conserved.
    assert!((system::angular_velocity(&y, 0) - Vector3::new(1.0, 2.0, 0.5)).norm() > 0.1);
    assert!(worst_l < 1e-6, "angular momentum drift {worst_l}");
    assert!(worst_e < 1e-6, "kinetic energy drift {worst_e}");
    assert!(worst_q < 1e-12, "quaternion norm drift {worst_q}");
}

#[test]
fn rk4_reproduces_constant_acceleration_exactly() {
    let g = Vector3::new(0.0, -9.81, 0.0);
    let (x0, v0) = (Vector3::new(1.0, 2.0, 3.0), Vector3::new(3.0, 4.0, -1.0));
    let bodies = [ball(1.5, x0.into(), v0.into(), false)];
    let system = System::new(&bodies, ForceModel::with_gravity(g));
    let mut y = System::pack(&bodies);
    for n in 1..=100 {
        y = step_frame(
            &system,
            Integrator::Rk4,
            f64::from(n - 1) * 0.01,
            &y,
            0.01,
            StepControl::Fixed,
        )
        .state;
        let t = f64::from(n) * 0.01;
        let exact = x0 + v0 * t + 0.5 * g * t * t;
        assert!((system::position(&y, 0) - exact).norm() < 1e-12, "t = {t}");
        assert!((system::velocity(&y, 0) - (v0 + g * t)).norm() < 1e-12);
    }
}

#[test]
fn quaternion_stays_unit_under_every_method() {
    let mut body = ball(1.0, [0.0; 3], [0.0; 3], false);
    body.shape = BodyShape::Box(Vector3::new(0.3, 0.2, 0.1));
    body.state.angular_velocity = Vector3::new(3.0, -1.0, 2.0);
    let system = System::new(std::slice::from_ref(&body), ForceModel::new());
    for method in Integrator::ALL {
        let mut y = System::pack(std::slice::from_ref(&body));
        for n in 0..200 {
            y = integrate::advance(&system, method, f64::from(n) * 0.05, &y, 0.05);
            assert!(
                (system::quaternion(&y, 0).norm() - 1.0).abs() < 1e-14,
                "{method}"
            );
        }
    }
}

#[test]
fn fixed_bodies_do_not_move() {
    let mut anchor = ball(1.0, [1.0, 2.0, 3.0], [0.0; 3], true);
    anchor.state.angular_velocity = Vector3::new(1.0, 0.0, 0.0);
    let bodies = [anchor];
    let system = System::new(
        &bodies,
        ForceModel::with_gravity(Vector3::new(0.0, -9.81, 0.0)),
    );
    let y0 = System::pack(&bodies);
    assert_eq!(
        system::angular_velocity(&y0, 0),
        Vector3::zeros(),
        "packed at rest"
    );
    for method in Integrator::ALL {
        let y = integrate::advance(&system, method, 0.0, &y0, 0.1);
        assert_eq!(
            system::position(&y, 0),
            Vector3::new(1.0, 2.0, 3.0),
            "{method}"
        );
        assert_eq!(
            system::quaternion(&y, 0),
            system::quaternion(&y0, 0),
            "{method}"
        );
    }
}

#[test]
fn free_flight_has_a_zero_estimate_and_the_rule_suggests_the_largest_growth() {
    let bodies = [ball(1.0, [0.0; 3], [1.0, -2.0, 0.5], false)];
    let system = System::new(&bodies, ForceModel::new());
    let y = System::pack(&bodies);
    for method in Integrator::ALL {
        let record = integrate::step(&system, method, 0.0, &y, 0.1, Some(1e-4));
        assert_eq!(record.method, method);
        assert!(record.max_error_estimate() < 1e-15, "{method}");
        assert!(record.suggested_dt() >= 0.1 * 10.0, "{method}");
        let frame = step_frame(
            &system,
            method,
            0.0,
            &y,
            0.1,
            StepControl::Adaptive(Adaptive::new(1e-4)),
        );
        assert_eq!((frame.substeps, frame.rejected), (1, 0), "{method}");
        assert!((system::position(&frame.state, 0) - Vector3::new(0.1, -0.2, 0.05)).norm() < 1e-15);
    }
}

#[test]
fn frame_record_carries_energy_and_constraint_violations() {
    let (system, y) = oscillator(0.0);
    let frame = step_frame(&system, Integrator::Rk4, 0.0, &y, 0.01, StepControl::Fixed);
    assert_eq!(frame.energy, energy(&system, &frame.state));
    assert!((frame.energy.total() - 0.5 * KS * A * A).abs() < 1e-9);
    assert!(frame.constraints.is_empty());
}
