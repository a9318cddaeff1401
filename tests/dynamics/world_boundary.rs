//! Impacts that land on a frame boundary are still impacts: the resting pass does not eat them.

use sepax::scene::load_str;
use sepax::trace::{simulate_timeline, SimOptions};

#[test]
fn impact_ending_a_frame_within_the_touching_tolerance_still_bounces_elastically() {
    // The sphere reaches the wall 5e-10 s after frame 75 ends: it ends that frame touching.
    let text = r#"
[world]
dt = 0.01
frames = 100
restitution = 1.0

[[body]]
name = "wall"
shape = "plane"
normal = [-1.0, 0.0, 0.0]
offset = -1.0000000005

[[body]]
name = "ball"
shape = "sphere"
center = [0.0, 0.0, 0.0]
radius = 0.25
velocity = [1.0, 0.0, 0.0]
"#;
    let scene = load_str(text, "boundary.toml").unwrap();
    let frames = simulate_timeline(&scene, 100, &SimOptions::default()).unwrap();
    let last = frames.last().unwrap();
    let speed = last.bodies[1].velocity[0];
    assert!(
        (speed + 1.0).abs() < 1e-9,
        "after the wall the ball moves at {speed}"
    );
    assert!(
        (last.energy.total - 0.5).abs() < 1e-9,
        "energy {}",
        last.energy.total
    );
    let events: Vec<_> = frames.iter().flat_map(|f| &f.events).collect();
    assert_eq!(events.len(), 1, "{events:?}");
    assert!(
        (events[0].impulse - 2.0).abs() < 1e-9,
        "impulse {}",
        events[0].impulse
    );
    assert!(
        (events[0].time - 0.750_000_000_5).abs() < 1e-9,
        "time {}",
        events[0].time
    );
}
