//! The world stepping loop measured against closed forms: impact times, rebounds, conservation
//! laws, resting contact and tunnelling. Run with `--nocapture` to see the numbers.

use sepax::dynamics::world::World;
use sepax::nalgebra::Vector3;
use sepax::scene::{load, load_str, shipped_scenes, BodySpec, Scene, ShapeSpec};
use sepax::trace::{simulate_timeline, world_from_scene, FrameRecord, SimOptions};

const G: f64 = 9.81;

/// The scene in `text`, which must load.
fn scene(text: &str) -> Scene {
    load_str(text, "test.toml").unwrap_or_else(|d| panic!("{d}"))
}

/// The world of a scene with its own settings.
fn world(scene: &Scene) -> World {
    world_from_scene(scene, &SimOptions::default()).expect("valid settings")
}

/// `frames` frames of the scene's timeline.
fn timeline(scene: &Scene, frames: usize) -> Vec<FrameRecord> {
    simulate_timeline(scene, frames, &SimOptions::default()).expect("simulates")
}

/// A sphere of radius 0.5 whose centre starts 5 m above the touching height of a floor.
const DROP: &str = r#"
[world]
dt = 0.01
frames = 300
gravity = [0, -9.81, 0]
restitution = 0.8
friction = 0.3
integrator = "rk4"
[[body]]
name = "floor"
shape = "plane"
normal = [0, 1, 0]
[[body]]
name = "ball"
shape = "sphere"
center = [0, 5.5, 0]
radius = 0.5
"#;

#[test]
fn ball_dropped_5_m_hits_at_the_free_fall_time_and_rebounds_to_3_2_m() {
    let frames = timeline(&scene(DROP), 300);
    let events: Vec<_> = frames
        .iter()
        .flat_map(|r| r.events.iter().map(move |e| (r.frame, e)))
        .collect();
    let (frame, first) = events[0];
    let exact = (2.0 * 5.0 / G).sqrt();
    let time_error = (first.time - exact).abs();
    assert_eq!((first.a.as_str(), first.b.as_str()), ("floor", "ball"));
    assert_eq!(first.normal, [0.0, 1.0, 0.0]);
    assert!(
        time_error < 1e-6,
        "impact at {} s, exact {exact}",
        first.time
    );
    // The apex between the first two bounces: sampled at frame times, and from the state just
    // after the bounce by the ballistic formula y + v²/2g.
    let second = events[1].0;
    let height = |r: &FrameRecord| r.bodies[1].position[1] - 0.5;
    let sampled = frames[frame..second]
        .iter()
        .map(height)
        .fold(f64::MIN, f64::max);
    let after = &frames[frame];
    let v = after.bodies[1].velocity[1];
    let ballistic = height(after) + v * v / (2.0 * G);
    let bound = G * 0.01 * 0.01 / 8.0;
    println!("Ball dropped 5 m, restitution 0.8, dt = 0.01, RK4");
    println!("| quantity | measured | exact | error |\n|---|---|---|---|");
    println!(
        "| impact time (s) | {:.12} | {exact:.12} | {time_error:.1e} |",
        first.time
    );
    println!(
        "| rebound apex, ballistic from the frame after the bounce (m) | {ballistic:.12} | 3.2 | {:.1e} |",
        (ballistic - 3.2).abs()
    );
    println!(
        "| rebound apex, highest frame (m) | {sampled:.9} | 3.2 | {:.1e} (bound g dt²/8 = {bound:.1e}) |",
        (sampled - 3.2).abs()
    );
    assert!((ballistic - 3.2).abs() < 1e-9, "{ballistic}");
    assert!((sampled - 3.2).abs() <= bound && (sampled - 3.2).abs() / 3.2 < 1e-3);
}

/// Two free spheres of masses 1 and 3 meeting off-centre with restitution 1.
const SPHERES: &str = r#"
[world]
dt = 0.01
frames = 100
restitution = 1.0
[[body]]
name = "light"
shape = "sphere"
center = [-2, 0.3, 0]
radius = 0.5
velocity = [3, 0, 0.2]
mass = 1
[[body]]
name = "heavy"
shape = "sphere"
center = [2, -0.1, 0]
radius = 0.6
velocity = [-1, 0.1, 0]
mass = 3
"#;

#[test]
fn elastic_collision_of_two_spheres_keeps_momentum_and_energy() {
    let mut world = world(&scene(SPHERES));
    let (p0, e0) = (world.momentum().linear, world.energy().kinetic);
    let mut contacts = Vec::new();
    for _ in 0..100 {
        contacts.extend(world.step().contacts);
    }
    let (p1, e1) = (world.momentum().linear, world.energy().kinetic);
    println!("Elastic collision, masses 1 and 3, restitution 1, through the world loop");
    println!("| | before | after | difference |\n|---|---|---|---|");
    let v = |p: &Vector3<f64>| format!("({:.15}, {:.15}, {:.15})", p.x, p.y, p.z);
    println!(
        "| momentum | {} | {} | {:.1e} |",
        v(&p0),
        v(&p1),
        (p1 - p0).norm()
    );
    println!("| kinetic energy | {e0} | {e1} | {:.1e} |", (e1 - e0).abs());
    assert_eq!(contacts.len(), 1, "{contacts:?}");
    assert!((p1 - p0).norm() < 1e-9 && (e1 - e0).abs() < 1e-9);
    assert!((world.bodies[0].state.velocity - Vector3::new(3.0, 0.0, 0.2)).norm() > 1.0);
}

#[test]
fn newtons_cradle_passes_the_speed_along_the_row_one_event_per_pair() {
    let scene = load("newtons_cradle").expect("shipped");
    let frames = timeline(&scene, 150);
    let events: Vec<_> = frames.iter().flat_map(|r| r.events.clone()).collect();
    let pairs: Vec<(&str, &str)> = events
        .iter()
        .map(|e| (e.a.as_str(), e.b.as_str()))
        .collect();
    let expected = [
        ("ball1", "ball2"),
        ("ball2", "ball3"),
        ("ball3", "ball4"),
        ("ball4", "ball5"),
    ];
    assert_eq!(pairs, expected);
    assert!(events.windows(2).all(|w| w[0].time < w[1].time));
    let speed = |r: &FrameRecord, k: usize| Vector3::from(r.bodies[k].velocity).norm();
    let last = frames.last().unwrap();
    let e0 = frames[0].energy.total;
    let drift = frames
        .iter()
        .map(|r| (r.energy.total - e0).abs() / e0)
        .fold(0.0, f64::max);
    println!(
        "Newton's cradle: impacts at {:?} s, relative energy drift {drift:.1e}",
        { events.iter().map(|e| e.time).collect::<Vec<_>>() }
    );
    assert!(speed(last, 5) < 1e-3 && speed(last, 9) > 1.0);
    assert!(drift < 1e-5, "{drift}");
}

#[test]
fn free_asymmetric_box_keeps_its_angular_momentum_for_3_s_with_rk4() {
    let text = r#"
[world]
dt = 0.001
frames = 3000
integrator = "rk4"
[[body]]
name = "box"
shape = "box"
center = [0, 0, 0]
half_extents = [1.0, 0.5, 0.2]
rotation = { euler_degrees = [10, 20, 30] }
angular_velocity = [1, 2, 0.5]
"#;
    let mut world = world(&scene(text));
    let (l0, e0) = (world.momentum().angular, world.energy().total());
    let mut worst: f64 = 0.0;
    println!("Free box (1, 0.5, 0.2), RK4, dt = 0.001, through the world loop");
    println!("| t | ‖L - L0‖/‖L0‖ | |E - E0|/E0 |\n|---|---|---|");
    for frame in 1..=3000 {
        world.step();
        let drift = (world.momentum().angular - l0).norm() / l0.norm();
        worst = worst.max(drift);
        if frame % 1000 == 0 {
            let energy = (world.energy().total() - e0).abs() / e0;
            println!("| {} | {drift:.2e} | {energy:.2e} |", world.time());
        }
    }
    assert!(worst < 1e-6, "{worst}");
}

#[test]
fn box_resting_on_a_floor_neither_sinks_nor_jitters() {
    let scene = load("resting_box").expect("shipped");
    let frames = timeline(&scene, 200);
    let start = frames[0].bodies[1].position;
    let (mut sink, mut speed, mut spin): (f64, f64, f64) = (0.0, 0.0, 0.0);
    for r in &frames {
        let b = &r.bodies[1];
        sink = sink.max((b.position[1] - start[1]).abs());
        speed = speed.max(Vector3::from(b.velocity).norm());
        spin = spin.max(Vector3::from(b.angular_velocity).norm());
        assert!(r.events.is_empty(), "frame {}: {:?}", r.frame, r.events);
    }
    let drift = Vector3::from(frames[200].bodies[1].position) - Vector3::from(start);
    println!(
        "Resting box, 200 frames: max |Δy| {sink:.1e} m, max |v| {speed:.1e} m/s, \
         max |ω| {spin:.1e} rad/s, drift {:.1e} m, {} contact points",
        drift.norm(),
        frames[200].resting_points
    );
    assert!(sink < 1e-6 && speed < 1e-6 && spin < 1e-6 && drift.norm() < 1e-6);
    assert_eq!(frames[200].resting_points, 4);
}

#[test]
fn fast_box_is_caught_at_its_true_time_and_never_passes_the_plate() {
    let scene = load("fast_box").expect("shipped");
    let frames = timeline(&scene, 30);
    // Bottom face at 6.8 m falling from 200 m/s onto the plate's top at 0.025 m.
    let (gap, v) = (7.3 - 0.5 - 0.025, 200.0);
    let exact = (-v + (v * v + 2.0 * G * gap).sqrt()) / G;
    let events: Vec<_> = frames.iter().flat_map(|r| r.events.clone()).collect();
    assert_eq!(events.len(), 1, "{events:?}");
    let error = (events[0].time - exact).abs();
    let lowest = frames
        .iter()
        .map(|r| r.bodies[1].position[1] - 0.5)
        .fold(f64::MAX, f64::min);
    // Where the scene puts the plate's faces and the falling box's bottom face, and how it falls.
    let half_height = |body: &BodySpec| match body.shape {
        ShapeSpec::Box { half_extents } => half_extents.y,
        _ => panic!("{} is not a box", body.name),
    };
    let (plate, falling) = (&scene.bodies[0], &scene.bodies[1]);
    let plate_top = plate.center.y + half_height(plate);
    let plate_bottom = plate.center.y - half_height(plate);
    let bottom = falling.center.y - half_height(falling);
    let (speed, g, dt) = (-falling.velocity.y, -scene.world.gravity.y, scene.world.dt);
    let free = |frame: f64| {
        let t = frame * dt;
        bottom - speed * t - 0.5 * g * t * t
    };
    println!(
        "Fast box: impact at {:.12} s, exact {exact:.12} s, error {error:.1e}; lowest bottom face \
         {lowest:.12} m (plate top {plate_top} m); in free fall the bottom would be at {:.3} m and \
         {:.3} m at frames 3 and 4",
        events[0].time,
        free(3.0),
        free(4.0)
    );
    assert!(error < 1e-9);
    assert_eq!(events[0].axis.as_deref(), Some("A1"));
    assert!(
        free(3.0) > plate_top && free(4.0) < plate_bottom,
        "it would tunnel"
    );
    assert!(lowest >= 0.025 - 1e-9, "{lowest}");
}

#[test]
fn tumbling_box_and_stack_come_to_rest_on_their_contacts() {
    for (name, frames) in [("tumbling_box", 300), ("box_stack", 150)] {
        let scene = load(name).expect("shipped");
        let timeline = timeline(&scene, frames);
        let last = timeline.last().unwrap();
        let moving = last.bodies.iter().skip(1);
        let speed = moving
            .map(|b| Vector3::from(b.velocity).norm() + Vector3::from(b.angular_velocity).norm())
            .fold(0.0, f64::max);
        let first = timeline.iter().find(|r| !r.events.is_empty()).unwrap();
        println!(
            "{name}: first impact at {:.6} s, {} impacts, {} resting points at the end, \
             largest end speed {speed:.1e}",
            first.events[0].time,
            timeline.iter().map(|r| r.events.len()).sum::<usize>(),
            last.resting_points
        );
        assert!(speed < 1e-6, "{name}: {speed}");
        assert!(last.resting_points >= 4);
    }
}

#[test]
fn timeline_has_frames_0_to_n_with_the_initial_state_first() {
    let scene = scene(DROP);
    let frames = timeline(&scene, 7);
    assert_eq!(frames.len(), 8);
    assert!(frames.iter().enumerate().all(|(k, r)| r.frame == k));
    assert_eq!(frames[0].bodies[1].position, [0.0, 5.5, 0.0]);
    assert_eq!(frames[0].substeps, 0);
    assert!((frames[7].time - 0.07).abs() < 1e-15);
    assert_eq!(frames[7].specs[1].center.y, frames[7].bodies[1].position[1]);
    let y = 5.5 - 0.5 * G * 0.07 * 0.07;
    assert!((frames[7].bodies[1].position[1] - y).abs() < 1e-12);
}

#[test]
fn every_shipped_scene_simulates_all_its_frames() {
    for (name, _) in shipped_scenes() {
        let scene = load(name).expect("shipped scenes load");
        let frames = timeline(&scene, scene.world.frames);
        assert_eq!(frames.len(), scene.world.frames + 1, "{name}");
        let finite = frames.iter().all(|r| {
            r.energy.total.is_finite()
                && r.bodies
                    .iter()
                    .all(|b| b.position.iter().chain(&b.velocity).all(|x| x.is_finite()))
        });
        assert!(finite, "{name}: a state is not finite");
        assert!(frames.iter().all(|r| !r.capped), "{name}: contact cap");
    }
}

#[test]
fn orbit_error_falls_with_the_tolerance_at_the_cost_of_sub_steps() {
    let scene = load("orbit").expect("shipped");
    println!("Orbit (GM = 1, r = 1), frames of 0.1 s to t = 6.3, through the world loop");
    println!("| integrator | tolerance | position error | sub-steps | largest e_a |");
    println!("|---|---|---|---|---|");
    for (name, exponents) in [("rk2", 4..=8), ("rk4", 8..=12)] {
        let mut last = (f64::INFINITY, 0);
        for exponent in exponents {
            let tolerance = 10f64.powi(-exponent);
            let options = SimOptions {
                integrator: Some(name.to_string()),
                tolerance: Some(tolerance),
                ..SimOptions::default()
            };
            let frames = simulate_timeline(&scene, 63, &options).expect("simulates");
            let end = frames.last().unwrap();
            let t = end.time;
            let exact = Vector3::new(t.cos(), t.sin(), 0.0);
            let error = (Vector3::from(end.bodies[0].position) - exact).norm();
            let substeps: usize = frames.iter().map(|r| r.substeps).sum();
            let largest = frames
                .iter()
                .map(|r| r.bodies[0].error_estimate)
                .fold(0.0, f64::max);
            println!("| {name} | 1e-{exponent} | {error:.3e} | {substeps} | {largest:.2e} |");
            assert!(largest <= tolerance && error < last.0 && substeps > last.1);
            last = (error, substeps);
        }
    }
}

#[test]
fn stiff_spring_explicit_euler_grows_implicit_euler_stays_bounded() {
    let scene = load("stiff_spring").expect("shipped");
    println!("Stiff spring (ω dt = 1) through the world loop: E(frame)/E0");
    println!("| integrator | 10 | 30 | 60 |\n|---|---|---|---|");
    let mut ratios = Vec::new();
    for name in [
        "explicit-euler",
        "semi-implicit-euler",
        "rk4",
        "implicit-euler",
    ] {
        let options = SimOptions {
            integrator: Some(name.to_string()),
            ..SimOptions::default()
        };
        let frames = simulate_timeline(&scene, 60, &options).expect("simulates");
        let ratio = |k: usize| frames[k].energy.total / frames[0].energy.total;
        println!(
            "| {name} | {:.3e} | {:.3e} | {:.3e} |",
            ratio(10),
            ratio(30),
            ratio(60)
        );
        ratios.push(ratio(60));
    }
    assert!(
        ratios[0] > 1e15,
        "explicit Euler must blow up: {}",
        ratios[0]
    );
    assert!(
        ratios[3] <= 1.0,
        "implicit Euler must stay bounded: {}",
        ratios[3]
    );
}

#[test]
fn contact_cap_stops_the_search_and_says_so() {
    let scene = load("newtons_cradle").expect("shipped");
    let mut world = world(&scene);
    world.settings.max_contacts = 2;
    let capped = (0..150)
        .map(|_| world.step())
        .find(|step| step.capped)
        .expect("the cradle's four impacts exceed a cap of 2");
    assert_eq!(capped.contacts.len(), 2);
    assert!(capped.energy.total().is_finite());
}
