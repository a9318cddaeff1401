//! Time of impact inside a frame: linear sweeps, thin plates, spinning boxes, the course's 2D example.

use sepax::dynamics::toi::{
    corner_impact, time_of_impact, Line, Method, Motion, PlanarState, ToiReport, ToiStatus,
};
use sepax::dynamics::{BodyShape, BodyState};
use sepax::math::rodrigues;
use sepax::nalgebra::{Unit, UnitQuaternion, Vector2, Vector3};
use sepax::sat;
use sepax::Obb;

use crate::rng;

use rng::Rng;

fn state(position: Vector3<f64>, velocity: Vector3<f64>) -> BodyState {
    BodyState {
        position,
        velocity,
        rotation: UnitQuaternion::identity(),
        angular_velocity: Vector3::zeros(),
    }
}

fn ground() -> Motion {
    let plane = BodyShape::Plane {
        normal: Vector3::y(),
        offset: 0.0,
    };
    Motion::fixed(plane, state(Vector3::zeros(), Vector3::zeros()))
}

fn obb_at(motion: &Motion, h: f64, t: f64) -> Obb {
    let BodyShape::Box(half) = motion.shape else {
        panic!("not a box")
    };
    let s = motion.state_at(h, t);
    Obb::new(s.position, s.rotation, half)
}

/// The first time `f` becomes `<= 0` on `[0, h]` by uniform sampling, refined by resampling.
fn brute_force(f: impl Fn(f64) -> f64, h: f64) -> Option<f64> {
    let (mut lo, mut hi) = (0.0, h);
    let mut samples = 20_000;
    while hi - lo > 1e-12 {
        let step = (hi - lo) / f64::from(samples);
        let k = (1..=samples).find(|&k| f(lo + step * f64::from(k)) <= 0.0)?;
        (lo, hi) = (lo + step * f64::from(k - 1), lo + step * f64::from(k));
        samples = 1000;
    }
    Some(hi)
}

fn print_estimates(title: &str, report: &ToiReport) {
    println!(
        "{title}: status {:?}, time {:?}",
        report.status, report.time
    );
    for a in &report.approximations {
        println!(
            "  {:<18} t = {:>18}  error = {:>12}",
            a.method.name(),
            a.time.map_or("-".into(), |t| format!("{t:.12}")),
            a.error.map_or("-".into(), |e| format!("{e:+.3e}")),
        );
    }
}

#[test]
fn linear_motion_matches_sat_first_contact_on_random_pairs() {
    let mut rng = Rng::seeded(0x5EED_1234_ABCD_0001);
    let (mut impacts, mut misses) = (0, 0);
    for _ in 0..400 {
        let ha = rng.extents(0.2, 1.5);
        let hb = rng.extents(0.2, 1.5);
        let (ca, cb) = (
            rng.vector(1.0),
            rng.vector(1.0) + Vector3::new(5.0, 0.0, 0.0),
        );
        let (ra, rb) = (rng.rotation(), rng.rotation());
        let va = rng.vector(1.5);
        let vb = (ca - cb) * rng.range(0.2, 1.2) + rng.vector(2.0);
        let h = rng.range(0.5, 2.0);
        let start = |c, r, v| BodyState {
            position: c,
            velocity: v,
            rotation: r,
            angular_velocity: Vector3::zeros(),
        };
        let a = Motion::ballistic(BodyShape::Box(ha), start(ca, ra, va), h);
        let b = Motion::ballistic(BodyShape::Box(hb), start(cb, rb, vb), h);
        let report = time_of_impact(&a, &b, h);
        let expected = sat::first_contact(&Obb::new(ca, ra, ha), va, &Obb::new(cb, rb, hb), vb, h);
        match (report.time, expected) {
            (Some(t), Some(c)) => {
                assert!((t - c.time).abs() < 1e-9, "toi {t} vs sweep {}", c.time);
                impacts += 1;
            }
            (None, None) => misses += 1,
            (got, want) => panic!("toi {got:?} vs sweep {:?}", want.map(|c| c.time)),
        }
    }
    println!("{impacts} impacts, {misses} misses");
    assert!(impacts > 100 && misses > 50);
}

#[test]
fn box_moving_two_metres_per_frame_does_not_tunnel_through_a_thin_plate() {
    let h = 1.0 / 60.0;
    let plate = Motion::fixed(
        BodyShape::Box(Vector3::new(2.0, 0.025, 2.0)),
        state(Vector3::zeros(), Vector3::zeros()),
    );
    let shape = BodyShape::Box(Vector3::repeat(0.1));
    let bullet = Motion::ballistic(
        shape,
        state(Vector3::new(0.3, 1.0, -0.2), Vector3::new(0.0, -120.0, 0.0)),
        h,
    );
    assert!(
        obb_at(&bullet, h, h).center().y < -0.9,
        "the box ends far below the plate"
    );
    let report = time_of_impact(&plate, &bullet, h);
    let exact = (1.0 - 0.1 - 0.025) / 120.0;
    assert_eq!(report.status, ToiStatus::Impact);
    assert!((report.time.unwrap() - exact).abs() < 1e-9, "{report:?}");
    let contact = report.contact.unwrap();
    assert!((contact.normal - Vector3::y()).norm() < 1e-9);
    // Same bullet against the plate as an infinite plane through its top face.
    let top = Motion::fixed(
        BodyShape::Plane {
            normal: Vector3::y(),
            offset: 0.025,
        },
        state(Vector3::zeros(), Vector3::zeros()),
    );
    let report = time_of_impact(&bullet, &top, h);
    assert!((report.time.unwrap() - exact).abs() < 1e-9);
    println!(
        "caught at {:.12} s after {} evaluations",
        exact, report.evaluations
    );
}

/// A box spinning fast about a tilted axis while falling onto the ground, with its oracle.
fn spinning_box(h: f64, start_time: f64) -> (Motion, impl Fn(f64) -> f64) {
    let half = Vector3::new(0.5, 0.3, 0.2);
    let rotation0 = UnitQuaternion::from_euler_angles(0.3, -0.7, 0.4);
    let (x0, v, omega) = (
        Vector3::new(0.0, 1.2, 0.0),
        Vector3::new(1.0, -3.0, 0.5),
        Vector3::new(2.0, 5.0, -3.0),
    );
    let at = move |t: f64| {
        let turn = rodrigues(&Unit::new_normalize(omega), omega.norm() * t);
        let r = turn * rotation0.to_rotation_matrix().matrix();
        (x0 + v * t, r)
    };
    let lowest = move |t: f64| {
        let (x, r) = at(t);
        Obb::new(x, UnitQuaternion::from_matrix(&r), half)
            .vertices()
            .iter()
            .map(|p| p.y)
            .fold(f64::INFINITY, f64::min)
    };
    let (x, r) = at(start_time);
    let start = BodyState {
        position: x,
        velocity: v,
        rotation: UnitQuaternion::from_matrix(&r),
        angular_velocity: omega,
    };
    let motion = Motion::ballistic(BodyShape::Box(half), start, h);
    (motion, move |t: f64| lowest(start_time + t))
}

#[test]
fn spinning_box_hits_the_ground_when_fine_sampling_says() {
    let h = 0.3;
    let (spinner, lowest) = spinning_box(h, 0.0);
    let report = time_of_impact(&spinner, &ground(), h);
    print_estimates("spinning box on the ground", &report);
    let oracle = brute_force(&lowest, h).expect("the oracle sees the impact");
    let time = report.time.unwrap();
    assert_eq!(report.status, ToiStatus::Impact);
    assert!(
        (time - oracle).abs() < 1e-9,
        "toi {time} vs sampled {oracle}"
    );
    let [lo, hi] = report.bracket.unwrap();
    assert!(hi - lo <= 1e-12 && hi == time);
    let contact = report.contact.as_ref().unwrap();
    assert!(obb_at(&spinner, h, time).distance_to_point(&contact.point) < 1e-9);
    assert!(contact.point.y.abs() < 1e-9);
    assert!(
        (contact.normal + Vector3::y()).norm() < 1e-12,
        "normal from the box to the ground"
    );
    let exact = &report.approximations[3];
    assert_eq!(exact.method, Method::ConstantMotion);
    assert!(
        exact.error.unwrap().abs() < 1e-9,
        "slerp of a constant spin is the exact motion"
    );
}

#[test]
fn linearisation_error_shrinks_like_h_squared_and_small_angle_like_h_cubed() {
    let (whole, lowest) = spinning_box(0.3, 0.0);
    let impact = time_of_impact(&whole, &ground(), 0.3).time.unwrap();
    assert!((impact - brute_force(&lowest, 0.3).unwrap()).abs() < 1e-9);
    println!(
        "{:>8} {:>12} {:>12} {:>12} {:>12}",
        "h", "linearised", "straight", "small-angle", "constant"
    );
    let mut previous: Option<[f64; 4]> = None;
    for h in [0.08, 0.04, 0.02, 0.01] {
        let start = impact - 0.5 * h;
        let (frame, _) = spinning_box(h, start);
        let report = time_of_impact(&frame, &ground(), h);
        assert!((report.time.unwrap() - 0.5 * h).abs() < 1e-9);
        let error = |m: Method| {
            let a = report
                .approximations
                .iter()
                .find(|a| a.method == m)
                .unwrap();
            a.error.unwrap().abs()
        };
        let errors = [
            error(Method::Linearisation),
            error(Method::StraightLine),
            error(Method::SmallAngle),
            error(Method::ConstantMotion),
        ];
        println!(
            "{h:>8} {:>12.3e} {:>12.3e} {:>12.3e} {:>12.3e}",
            errors[0], errors[1], errors[2], errors[3]
        );
        assert!(errors[3] < 1e-9);
        assert!(
            errors[2] < errors[0] && errors[2] < errors[1],
            "small-angle beats the first-order estimates"
        );
        if let Some(before) = previous {
            let ratio = |k: usize| before[k] / errors[k];
            assert!(
                (3.0..5.5).contains(&ratio(0)),
                "linearisation ratio {}",
                ratio(0)
            );
            assert!(
                (3.0..5.5).contains(&ratio(1)),
                "straight-line ratio {}",
                ratio(1)
            );
            assert!(ratio(2) > 6.0, "small-angle ratio {}", ratio(2));
        }
        previous = Some(errors);
    }
}

#[test]
fn seed_2d_example_prints_every_method_with_its_error() {
    let (g, h) = (9.81, 0.1);
    let start = PlanarState {
        x: 0.0,
        y: 1.0,
        theta: std::f64::consts::PI + 0.3,
        vx: 0.5,
        vy: -1.5,
        omega: 4.0,
    };
    let end = PlanarState {
        x: start.x + start.vx * h,
        y: start.y + start.vy * h - 0.5 * g * h * h,
        theta: start.theta + start.omega * h,
        vy: start.vy - g * h,
        ..start
    };
    let line = Line {
        normal: Vector2::new(0.0, 1.0),
        offset: 0.0,
    };
    let impact = corner_impact(&start, &end, [2.0, 1.0], &line, h);
    println!(
        "corner {:?} -> {:?}, n·P - d = {:?}",
        impact.corner_start, impact.corner_end, impact.distance
    );
    println!(
        "bisection: {} iterations after {} samples, bracket {:?}",
        impact.iterations, impact.evaluations, impact.bracket
    );
    for a in &impact.approximations {
        println!(
            "  {:<18} t = {:>16}  error = {:>12}",
            a.method.name(),
            a.time.map_or("-".into(), |t| format!("{t:.12}")),
            a.error.map_or("-".into(), |e| format!("{e:+.3e}")),
        );
    }
    let t = impact.time.unwrap();
    let state = sepax::dynamics::toi::planar_state_at(&start, &end, h, t);
    let p = sepax::dynamics::toi::corner(&state, [2.0, 1.0]);
    assert!(p.y.abs() < 1e-9 && t > 0.0 && t < h);
    // Gravity is not in the constant-motion model: those estimates land late, the Hermite one not.
    // Hermite, linearisation, straight line, constant motion, small angle, end state, time stamp.
    assert_eq!(impact.approximations.len(), 7);
    for a in &impact.approximations[1..] {
        assert!(
            a.error.unwrap().abs() > 1e-6,
            "{a:?} should differ from the converged time"
        );
    }
}

#[test]
fn contact_point_of_rotating_boxes_lies_on_both_and_agrees_with_sampling() {
    let mut rng = Rng::seeded(0xB0C5_0000_0000_0042);
    let mut checked = 0;
    for _ in 0..40 {
        let h = 0.5;
        let make = |rng: &mut Rng, centre: Vector3<f64>, velocity: Vector3<f64>| {
            let start = BodyState {
                position: centre,
                velocity,
                rotation: rng.rotation(),
                angular_velocity: rng.vector(6.0),
            };
            let half = rng.extents(0.2, 0.8);
            Motion::ballistic(BodyShape::Box(half), start, h)
        };
        let va = rng.vector(0.5);
        let a = make(&mut rng, Vector3::zeros(), va);
        let (cb, vb) = (
            Vector3::new(2.5, 0.0, 0.0) + rng.vector(0.3),
            Vector3::new(-4.0, 0.0, 0.0) + rng.vector(1.0),
        );
        let b = make(&mut rng, cb, vb);
        let report = time_of_impact(&a, &b, h);
        let overlap = |t: f64| {
            if sat::overlaps(&obb_at(&a, h, t), &obb_at(&b, h, t)) {
                -1.0
            } else {
                1.0
            }
        };
        let oracle = brute_force(overlap, h);
        if report.status == ToiStatus::TouchingAtStart {
            continue;
        }
        assert_eq!(report.time.is_some(), oracle.is_some());
        let Some(time) = report.time else { continue };
        assert!(
            (time - oracle.unwrap()).abs() < 1e-9,
            "toi {time} vs sampled {oracle:?}"
        );
        let contact = report.contact.as_ref().unwrap();
        for body in [&a, &b] {
            let distance = obb_at(body, h, time).distance_to_point(&contact.point);
            assert!(distance < 1e-9, "contact point {distance} away from a box");
        }
        let lin = &report.approximations[1];
        assert_eq!(lin.method, Method::Linearisation);
        checked += 1;
    }
    assert!(checked > 20, "only {checked} impacts");
}

#[test]
fn moving_spheres_match_the_closed_form() {
    let h = 1.0;
    let a = Motion::ballistic(
        BodyShape::Sphere(0.5),
        state(Vector3::zeros(), Vector3::new(1.0, 0.2, 0.0)),
        h,
    );
    let b = Motion::ballistic(
        BodyShape::Sphere(0.7),
        state(Vector3::new(3.0, 0.5, 0.1), Vector3::new(-1.5, 0.0, 0.0)),
        h,
    );
    let report = time_of_impact(&a, &b, h);
    let (d, w, r): (Vector3<f64>, Vector3<f64>, f64) = (
        Vector3::new(3.0, 0.5, 0.1) - Vector3::zeros(),
        Vector3::new(-2.5, -0.2, 0.0),
        1.2,
    );
    // |D + tW| = r1 + r2 (docs/methods.md §6.3).
    let exact = (-d.dot(&w)
        - (d.dot(&w).powi(2) - w.norm_squared() * (d.norm_squared() - r * r)).sqrt())
        / w.norm_squared();
    assert!((report.time.unwrap() - exact).abs() < 1e-9);
    let contact = report.contact.unwrap();
    let ca = a.state_at(h, exact).position;
    assert!(((contact.point - ca).norm() - 0.5).abs() < 1e-9);
    assert!(contact.features.is_none());
}

#[test]
fn stick_spinning_three_turns_per_frame_is_caught_when_its_end_first_dips_into_the_ground() {
    let h = 1.0 / 60.0;
    let omega = 3.0 * std::f64::consts::TAU / h;
    let start = BodyState {
        position: Vector3::new(0.0, 0.9, 0.0),
        velocity: Vector3::zeros(),
        rotation: UnitQuaternion::identity(),
        angular_velocity: Vector3::new(0.0, 0.0, omega),
    };
    let stick = Motion::ballistic(BodyShape::Box(Vector3::new(1.0, 0.02, 0.02)), start, h);
    // Start and end poses lie flat, 0.88 above the ground: only the motion in between touches.
    let report = time_of_impact(&stick, &ground(), h);
    assert!(report.separation[0] > 0.8 && report.separation[1] > 0.8);
    // Lowest point 0.9 - (sin θ + 0.02 cos θ) reaches 0 at θ = asin(0.9/√1.0004) - atan(0.02).
    let theta = (0.9 / 1.0004_f64.sqrt()).asin() - 0.02_f64.atan();
    assert_eq!(report.status, ToiStatus::Impact);
    assert!(
        (report.time.unwrap() - theta / omega).abs() < 1e-9,
        "{report:?}"
    );
    println!(
        "spinning stick caught at {:.3e} s after {} evaluations",
        theta / omega,
        report.evaluations
    );
}

#[test]
fn boxes_overlapping_at_the_start_report_an_overlap_point_at_time_zero() {
    let shape = BodyShape::Box(Vector3::repeat(0.5));
    let a = Motion::fixed(shape.clone(), state(Vector3::zeros(), Vector3::zeros()));
    let b = Motion::fixed(shape, state(Vector3::new(0.6, 0.2, 0.0), Vector3::zeros()));
    for h in [0.1, 0.0] {
        let report = time_of_impact(&a, &b, h);
        assert_eq!(report.status, ToiStatus::TouchingAtStart);
        assert_eq!(report.time, Some(0.0));
        let contact = report.contact.unwrap();
        assert_eq!(contact.features, Some(sat::ContactKind::Overlap));
        assert!(report.approximations.is_empty());
    }
}

#[test]
fn sphere_falling_on_a_spinning_box_lands_on_its_top_face() {
    let h = 0.5;
    // The box spins about y, so its top face stays at y = 0.3 while it turns.
    let block = BodyState {
        angular_velocity: Vector3::new(0.0, 4.0, 0.0),
        ..state(Vector3::zeros(), Vector3::zeros())
    };
    let block = Motion::ballistic(BodyShape::Box(Vector3::new(0.8, 0.3, 0.6)), block, h);
    let ball = Motion::ballistic(
        BodyShape::Sphere(0.2),
        state(Vector3::new(0.1, 1.5, -0.1), Vector3::new(0.0, -4.0, 0.0)),
        h,
    );
    let report = time_of_impact(&ball, &block, h);
    let exact = (1.5 - 0.2 - 0.3) / 4.0;
    assert!((report.time.unwrap() - exact).abs() < 1e-9, "{report:?}");
    let contact = report.contact.unwrap();
    assert!(
        (contact.normal + Vector3::y()).norm() < 1e-9,
        "from the sphere down to the box"
    );
    assert!((contact.point - Vector3::new(0.1, 0.3, -0.1)).norm() < 1e-9);
    assert!(obb_at(&block, h, exact).distance_to_point(&contact.point) < 1e-9);
}
