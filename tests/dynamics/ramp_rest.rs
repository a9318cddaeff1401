//! Static friction holds a box on a sloping triangle or mesh face: the box on `box_on_ramp`
//! (slope tan = 1/3 under friction 0.6) and a box on one tilted triangle come to rest, and with
//! friction below the slope's tangent the box slides on; a ball on the triangle still rolls.

use sepax::scene::{load, load_str, Scene};
use sepax::trace::{simulate_timeline, BodyFrame, FrameRecord, SimOptions};

/// At rest: speed (m/s) and move per frame (m) below this.
const REST: f64 = 1e-6;

/// Frames `0..=frames` of the scene.
fn timeline(scene: &Scene, frames: usize) -> Vec<FrameRecord> {
    simulate_timeline(scene, frames, &SimOptions::default()).expect("simulates")
}

/// The body named `name` in a frame.
fn body<'f>(frame: &'f FrameRecord, name: &str) -> &'f BodyFrame {
    frame
        .bodies
        .iter()
        .find(|b| b.name == name)
        .expect("the body is in the frame")
}

/// Length of a 3-vector.
fn norm(v: [f64; 3]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}

/// The box's speed and its move since the frame before, at each of the last `count` frames.
fn last_frames(frames: &[FrameRecord], count: usize) -> Vec<(usize, f64, f64)> {
    frames
        .windows(2)
        .skip(frames.len() - 1 - count)
        .map(|w| {
            let (before, now) = (body(&w[0], "box"), body(&w[1], "box"));
            let moved = [0, 1, 2].map(|k| now.position[k] - before.position[k]);
            (w[1].frame, norm(now.velocity), norm(moved))
        })
        .collect()
}

/// How far the box's centre is above the plane `x + 3y = c` (normal `(1, 3, 0)/√10`).
fn height_over_slope(b: &BodyFrame, c: f64) -> f64 {
    (b.position[0] + 3.0 * b.position[1] - c) / 10f64.sqrt()
}

#[test]
fn the_box_on_the_ramp_comes_to_rest_on_the_slope() {
    let scene = load("box_on_ramp").expect("shipped scene");
    let frames = timeline(&scene, scene.world.frames);
    for (frame, speed, moved) in last_frames(&frames, 20) {
        assert!(
            speed < REST && moved < REST,
            "frame {frame}: speed {speed:e} m/s, moved {moved:e} m"
        );
    }
    // The slope of the scaled wedge falls from (-3, 2) to (3, 0): x + 3y = 3.
    let last = body(frames.last().expect("frames"), "box");
    let height = height_over_slope(last, 3.0);
    assert!(
        (height - 0.4).abs() < 1e-6 && last.position[0].abs() < 3.0,
        "the box lies flat on the slope: centre {:?}, {height} above it",
        last.position
    );
}

/// A box of half-extent 0.4 lying flat 1 mm above a triangle in the plane `x + 3y = 0`
/// (tan = 1/3), with this friction.
fn box_on_triangle(friction: f64, frames: usize) -> Scene {
    on_triangle(
        friction,
        frames,
        "shape = \"box\"\nhalf_extents = [0.4, 0.4, 0.4]",
        0.401,
    )
}

/// A body (`shape`, its lines) whose centre is `height` above the triangle in the plane
/// `x + 3y = 0`, turned to lie flat on it, with this friction.
fn on_triangle(friction: f64, frames: usize, shape: &str, height: f64) -> Scene {
    load_str(
        &triangle_scene(friction, frames, shape, height),
        "tilted.toml",
    )
    .expect("scene")
}

/// The text of [`on_triangle`]'s scene.
fn triangle_scene(friction: f64, frames: usize, shape: &str, height: f64) -> String {
    format!(
        r#"title = "box on a tilted triangle"
description = "test"
[world]
dt = 0.05
frames = {frames}
gravity = [0.0, -9.81, 0.0]
friction = {friction}
restitution = 0.2

[[body]]
name = "slope"
shape = "triangle"
vertices = [[-6.0, 2.0, -6.0], [-6.0, 2.0, 6.0], [6.0, -2.0, 0.0]]

[[body]]
name = "box"
{shape}
center = [{x}, {y}, 0.0]
rotation = {{ axis = [0.0, 0.0, 1.0], degrees = {degrees} }}
"#,
        x = height / 10f64.sqrt(),
        y = 3.0 * height / 10f64.sqrt(),
        degrees = -(1.0f64 / 3.0).atan().to_degrees(),
    )
}

#[test]
fn a_box_on_a_tilted_triangle_is_held_by_friction_above_the_slope_s_tangent() {
    let scene = box_on_triangle(0.6, 60);
    let frames = timeline(&scene, 60);
    for (frame, speed, moved) in last_frames(&frames, 40) {
        assert!(
            speed < REST && moved < REST,
            "frame {frame}: speed {speed:e} m/s, moved {moved:e} m"
        );
    }
    let last = body(frames.last().expect("frames"), "box");
    assert!(
        (height_over_slope(last, 0.0) - 0.4).abs() < 1e-6,
        "lies on the slope: {:?}",
        last.position
    );
}

#[test]
fn a_box_on_a_tilted_triangle_slides_when_friction_is_below_the_slope_s_tangent() {
    // Sliding with μ = 0.2: a = g (sin θ - μ cos θ) = 9.81 (1 - 0.6)/√10 = 1.241 m/s², so after
    // 1 s the box moves at about 1.24 m/s down the slope.
    let scene = box_on_triangle(0.2, 20);
    let frames = timeline(&scene, 20);
    let last = body(frames.last().expect("frames"), "box");
    let speed = norm(last.velocity);
    let expected = 9.81 * 0.4 / 10f64.sqrt();
    assert!(
        (speed - expected).abs() < 0.1 && last.velocity[0] > 0.0,
        "speed {speed} m/s, expected about {expected}: {:?}",
        last.velocity
    );
}

#[test]
fn a_ball_on_a_tilted_triangle_still_rolls_down_it() {
    // Rolling without slipping: a = (5/7) g sin θ = (5/7) 9.81/√10 = 2.216 m/s², ω r = v.
    let scene = on_triangle(0.6, 20, "shape = \"sphere\"\nradius = 0.4", 0.4);
    let frames = timeline(&scene, 20);
    let last = body(frames.last().expect("frames"), "box");
    let speed = norm(last.velocity);
    let expected = 5.0 / 7.0 * 9.81 / 10f64.sqrt();
    let spin = norm(last.angular_velocity) * 0.4;
    assert!(
        (speed - expected).abs() < 1e-3 && (spin - speed).abs() < 1e-3,
        "speed {speed} m/s (expected {expected}), ω r {spin} m/s"
    );
}

#[test]
fn a_ball_on_a_tilted_triangle_rolls_down_it_under_the_soft_step_too() {
    // The soft step's anchor on a sphere stays the radius along the normal however the ball
    // turns; an anchor that turned with the ball let it sink 7 mm in a second and slip.
    let text = triangle_scene(0.6, 20, "shape = \"sphere\"\nradius = 0.4", 0.4).replacen(
        "[world]\n",
        "[world]\nresting = \"soft\"\n",
        1,
    );
    let scene = load_str(&text, "tilted.toml").expect("scene");
    let frames = timeline(&scene, 20);
    let expected = 5.0 / 7.0 * 9.81 / 10f64.sqrt();
    for frame in &frames {
        let ball = body(frame, "box");
        let t = frame.frame as f64 * 0.05;
        let (speed, spin) = (norm(ball.velocity), norm(ball.angular_velocity) * 0.4);
        assert!(
            (speed - expected * t).abs() < 1e-3 && (spin - speed).abs() < 1e-3,
            "frame {}: speed {speed} m/s (expected {}), ω r {spin} m/s",
            frame.frame,
            expected * t
        );
        let sink = 0.4 - height_over_slope(ball, 0.0);
        assert!(sink < 1e-4, "frame {}: sank {sink} m", frame.frame);
    }
}
