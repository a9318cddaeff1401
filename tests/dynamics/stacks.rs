//! Stacks stand under the soft step: the 20-row pyramid of `scenes/large/pyramid.toml` with
//! sleeping off for 10 s, a tower whose masses double at each level, a ball dropped on a sleeping
//! pyramid at its exact free-fall time, and two runs that print the same JSON.

use std::fmt::Write as _;
use std::path::Path;

use sepax::dynamics::world::World;
use sepax::nalgebra::Vector3;
use sepax::scene::{load_path, load_str};
use sepax::trace::{simulate_timeline, world_from_scene, SimOptions};

/// The largest distance of any moving body from where it started, and its horizontal part.
fn drift(start: &[Vector3<f64>], world: &World) -> (f64, f64) {
    let now = world
        .bodies
        .iter()
        .filter(|b| !b.fixed)
        .map(|b| b.state.position);
    start
        .iter()
        .zip(now)
        .fold((0.0, 0.0), |(total, side), (a, b)| {
            let d = b - a;
            (f64::max(total, d.norm()), f64::max(side, d.x.hypot(d.z)))
        })
}

/// The moving bodies' positions now.
fn positions(world: &World) -> Vec<Vector3<f64>> {
    world
        .bodies
        .iter()
        .filter(|b| !b.fixed)
        .map(|b| b.state.position)
        .collect()
}

#[test]
fn the_twenty_row_pyramid_stands_within_half_a_centimetre_for_ten_seconds_without_sleeping() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/large/pyramid.toml");
    let scene = load_path(&path).unwrap_or_else(|d| panic!("{d}"));
    let mut world = world_from_scene(&scene, &SimOptions::default()).expect("simulates");
    world.settings.solver.sleep = false;
    let start = positions(&world);
    assert_eq!(start.len(), 210);
    let mut at = Vec::new();
    for frame in 1..=600 {
        let step = world.step();
        assert!(step.diverged.is_none(), "diverged at frame {frame}");
        assert_eq!(step.sleeping, 0, "sleeping is off");
        if [120, 300, 600].contains(&frame) {
            let (total, side) = drift(&start, &world);
            at.push(total);
            assert!(
                total < 0.005,
                "after {frame} frames a box moved {:.3} cm ({:.3} cm sideways)",
                100.0 * total,
                100.0 * side
            );
        }
    }
    assert!(
        at[2] - at[0] <= 0.0005,
        "the drift grew from {:.4} cm at 2 s to {:.4} cm at 10 s: creep, not a fixed compression",
        100.0 * at[0],
        100.0 * at[2]
    );
}

/// Six unit boxes stacked on a floor, each twice the mass of the one below (1 to 32 kg).
fn heavy_tower() -> String {
    let mut text = String::from(
        "[world]\ndt = 0.016666666666666666\ngravity = [0, -9.81, 0]\nrestitution = 0\n\
         friction = 0.6\nresting = \"soft\"\nsleep = false\n\n[[body]]\nname = \"floor\"\nshape = \"plane\"\n\
         normal = [0, 1, 0]\n",
    );
    for level in 0..6 {
        let _ = write!(
            text,
            "\n[[body]]\nname = \"box_{level}\"\nshape = \"box\"\ncenter = [0, {y}, 0]\n\
             half_extents = [0.5, 0.5, 0.5]\nmass = {m}\n",
            y = 0.5 + f64::from(level),
            m = 2_f64.powi(level)
        );
    }
    text
}

#[test]
fn a_tower_whose_masses_double_at_each_level_stands_for_ten_seconds() {
    let scene = load_str(&heavy_tower(), "tower.toml").unwrap_or_else(|d| panic!("{d}"));
    let mut world = world_from_scene(&scene, &SimOptions::default()).expect("simulates");
    let start = positions(&world);
    for frame in 1..=600 {
        assert!(world.step().diverged.is_none(), "diverged at frame {frame}");
    }
    let (total, side) = drift(&start, &world);
    assert!(total < 0.01, "a box moved {:.3} cm", 100.0 * total);
    assert!(side < 0.001, "a box moved {:.4} cm sideways", 100.0 * side);
}

/// A five-row pyramid with sleeping on and a ball of radius 0.25 held `drop` metres above the
/// top box's top face, straight above it.
fn pyramid_and_ball(drop: f64) -> String {
    let mut text = String::from(
        "[world]\ndt = 0.016666666666666666\ngravity = [0, -9.81, 0]\nrestitution = 0\n\
         friction = 0.6\nresting = \"soft\"\n\n[[body]]\nname = \"floor\"\nshape = \"plane\"\n\
         normal = [0, 1, 0]\n",
    );
    for row in 0..5 {
        let n = 5 - row;
        for i in 0..n {
            let x = 1.05 * (f64::from(i) - f64::from(n - 1) / 2.0);
            let _ = write!(
                text,
                "\n[[body]]\nname = \"box_{row}_{i}\"\nshape = \"box\"\ncenter = [{x}, {y}, 0]\n\
                 half_extents = [0.5, 0.5, 0.5]\n",
                y = 0.5 + f64::from(row)
            );
        }
    }
    let _ = write!(
        text,
        "\n[[body]]\nname = \"ball\"\nshape = \"sphere\"\nradius = 0.25\ncenter = [0, {y}, 0]\n",
        y = 5.0 + 0.25 + drop
    );
    text
}

#[test]
fn a_ball_dropped_on_a_sleeping_pyramid_meets_the_top_box_at_the_free_fall_time_and_wakes_it() {
    let scene = load_str(&pyramid_and_ball(12.0), "ball.toml").unwrap_or_else(|d| panic!("{d}"));
    let mut world = world_from_scene(&scene, &SimOptions::default()).expect("simulates");
    let (top, ball) = (15, 16);
    assert_eq!(world.bodies[top].name, "box_4_0");
    assert_eq!(world.bodies[ball].name, "ball");
    let (g, radius, y0) = (9.81, 0.25, world.bodies[ball].state.position.y);
    let mut slept = false;
    for _ in 0..200 {
        let before = world.bodies[top].state.position.y + 0.5;
        let step = world.step();
        slept |= step.sleeping == 15;
        if let Some(hit) = step.contacts.iter().find(|c| c.a.max(c.b) == ball) {
            assert!(slept, "the pyramid slept before the ball arrived");
            assert_eq!(hit.a.min(hit.b), top, "the ball meets the top box first");
            let exact = (2.0 * (y0 - radius - before) / g).sqrt();
            assert!(
                (hit.time - exact).abs() < 1e-6,
                "contact at {} s, free fall onto the resting top face at {exact} s",
                hit.time
            );
            let next = world.step();
            assert!(next.sleeping < 15, "the struck pyramid wakes");
            return;
        }
    }
    panic!("the ball never reached the pyramid");
}

#[test]
fn two_runs_of_a_stack_print_the_same_json() {
    let scene = load_str(&pyramid_and_ball(1.0), "ball.toml").unwrap_or_else(|d| panic!("{d}"));
    let run = || {
        let frames = simulate_timeline(&scene, 120, &SimOptions::default()).expect("simulates");
        frames
            .iter()
            .map(|f| serde_json::to_string(f).expect("serialises"))
            .collect::<Vec<_>>()
    };
    assert_eq!(run(), run());
}
