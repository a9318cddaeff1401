//! Triangles and meshes moving at constant velocity in the simulation: carried at their velocity,
//! never pushed, and met by dynamic bodies at the exact relative times with the relative-velocity
//! response (a ball bounced by a rising floor and struck by a wall, a box carried by a platform by
//! friction, a box held on a moving ramp as on a still one, nothing tunnelling through a fast
//! floor).

use sepax::scene::{load_str, Scene};
use sepax::trace::{simulate_timeline, BodyFrame, FrameRecord, SimOptions};

/// Standard gravity of the scenes (m/s²).
const G: f64 = 9.81;

fn scene(text: &str) -> Scene {
    load_str(text, "t.toml").unwrap_or_else(|e| panic!("{e}"))
}

fn timeline(scene: &Scene, frames: usize) -> Vec<FrameRecord> {
    simulate_timeline(scene, frames, &SimOptions::default()).expect("simulates")
}

fn body<'f>(frame: &'f FrameRecord, name: &str) -> &'f BodyFrame {
    frame.bodies.iter().find(|b| b.name == name).unwrap()
}

/// A horizontal square `surface` of half-width `half` at height 0: a mesh of two triangles, one
/// triangle large enough to hold the square, or the top of a k-DOP slab, moving at `velocity`.
fn floor(surface: &str, half: f64, velocity: [f64; 3]) -> String {
    let [vx, vy, vz] = velocity;
    let h = half;
    let shape = if surface == "mesh" {
        format!(
            "shape = \"mesh\"\nvertices = [[-{h}, 0, -{h}], [{h}, 0, -{h}], [{h}, 0, {h}], \
             [-{h}, 0, {h}]]\ntriangles = [[0, 2, 1], [0, 3, 2]]\n"
        )
    } else if surface == "kdop" {
        format!(
            "shape = \"points\"\nfit = \"kdop\"\nk = 14\npoints = [[-{h}, -0.5, -{h}], \
             [{h}, -0.5, -{h}], [{h}, 0, {h}], [-{h}, 0, {h}], [-{h}, 0, -{h}], [{h}, -0.5, {h}]]\n"
        )
    } else {
        let w = 3.0 * h;
        format!("shape = \"triangle\"\nvertices = [[-{w}, 0, -{w}], [{w}, 0, -{w}], [0, 0, {w}]]\n")
    };
    format!("[[body]]\nname = \"floor\"\n{shape}velocity = [{vx}, {vy}, {vz}]\n")
}

/// The surface's displacement since frame 0 (its centre is wherever the loader put it).
fn carried(frames: &[FrameRecord], k: usize, name: &str) -> [f64; 3] {
    let (now, then) = (body(&frames[k], name), body(&frames[0], name));
    [0, 1, 2].map(|i| now.position[i] - then.position[i])
}

#[test]
fn a_ball_bounces_off_a_rising_floor_at_the_closed_form_time_and_speed() {
    // Ball bottom 2.5 - g t²/2, floor u t: they meet at g t²/2 + u t - 2.5 = 0; the ball
    // arrives at v = -g t and leaves at u + e (u - v).
    let (u, e, drop) = (2.0, 0.5, 2.5);
    let meet = (-u + (u * u + 2.0 * G * drop).sqrt()) / G;
    let arrive = -G * meet;
    let leave = u + e * (u - arrive);
    for (surface, response) in [
        ("mesh", "impulse"),
        ("triangle", "impulse"),
        ("mesh", "particle"),
        ("kdop", "impulse"),
    ] {
        let text = format!(
            "[world]\ndt = 0.05\ngravity = [0, -9.81, 0]\nrestitution = {e}\nfriction = 0\n\
             response = \"{response}\"\n{}\
             [[body]]\nname = \"ball\"\nshape = \"sphere\"\nradius = 0.5\ncenter = [0.3, 3, -0.2]\n",
            floor(surface, 2.0, [0.0, u, 0.0])
        );
        let frames = timeline(&scene(&text), 14);
        let (k, event) = frames
            .iter()
            .enumerate()
            .find_map(|(k, f)| f.events.first().map(|e| (k, e.clone())))
            .expect("the ball meets the floor");
        let what = format!("{surface}, {response}");
        assert!(
            (event.time - meet).abs() < 1e-9,
            "{what}: contact at {}, closed form {meet}",
            event.time
        );
        assert_eq!(frames[k].events.len(), 1, "{what}");
        // From the contact to the frame end the ball flies freely: v = leave - g (t - meet). A
        // contact time off by δ moves that by (1 + e) g δ, 1.5e-8 m/s within 1e-9 s.
        let end = frames[k].time;
        let vy = body(&frames[k], "ball").velocity[1];
        let want = leave - G * (end - meet);
        assert!(
            (vy - want).abs() < 2e-8,
            "{what}: vy {vy}, closed form {want}"
        );
        // The floor is carried at its velocity and never pushed.
        let floor = body(&frames[k], "floor");
        assert_eq!(floor.velocity, [0.0, u, 0.0], "{what}");
        assert!(
            (carried(&frames, k, "floor")[1] - u * end).abs() < 1e-12,
            "{what}"
        );
    }
}

#[test]
fn a_box_on_a_platform_moving_sideways_is_carried_by_friction() {
    // Sliding, friction accelerates the box at μ g until it moves with the platform at U, after
    // U/(μ g) s, having fallen behind by U²/(2 μ g); from then on it is carried.
    let (speed, mu) = (1.0, 0.8);
    let text = format!(
        "[world]\ndt = 0.01\ngravity = [0, -9.81, 0]\nrestitution = 0.2\nfriction = {mu}\n{}\
         [[body]]\nname = \"box\"\nshape = \"box\"\nhalf_extents = [0.25, 0.25, 0.25]\n\
         center = [0, 0.25, 0]\n",
        floor("mesh", 3.0, [speed, 0.0, 0.0])
    );
    let frames = timeline(&scene(&text), 200);
    let caught = speed / (mu * G);
    let behind = speed * speed / (2.0 * mu * G);
    for (k, frame) in frames.iter().enumerate() {
        let b = body(frame, "box");
        assert!(
            (b.position[1] - 0.25).abs() < 1e-6,
            "frame {k}: box at height {}",
            b.position[1]
        );
        if frame.time > caught + 0.05 {
            let slip = b.velocity[0] - speed;
            assert!(slip.abs() < 1e-6, "frame {k}: the box slips at {slip} m/s");
            let lag = carried(&frames, k, "floor")[0] - b.position[0];
            assert!(
                (lag - behind).abs() < 0.02,
                "frame {k}: behind the platform by {lag} m, closed form {behind}"
            );
        }
    }
    let last = body(frames.last().unwrap(), "box");
    assert!(last.velocity[1].abs() < 1e-6, "{:?}", last.velocity);
}

#[test]
fn nothing_falls_through_a_floor_rising_at_20_m_per_s() {
    let text = format!(
        "[world]\ndt = 0.02\ngravity = [0, -9.81, 0]\nrestitution = 0.3\nfriction = 0.5\n{}\
         [[body]]\nname = \"ball\"\nshape = \"sphere\"\nradius = 0.3\ncenter = [-1, 1, 0]\n\
         velocity = [0, -5, 0]\n\
         [[body]]\nname = \"box\"\nshape = \"box\"\nhalf_extents = [0.3, 0.2, 0.3]\n\
         center = [1, 2, 0]\nrotation = {{ axis = [1, 0, 1], degrees = 30 }}\n\
         [[body]]\nname = \"lying\"\nshape = \"cylinder\"\nradius = 0.2\nhalf_height = 0.4\n\
         center = [0, 0.5, 1.2]\nrotation = {{ axis = [1, 0, 0], degrees = 90 }}\n",
        floor("mesh", 3.0, [0.0, 20.0, 0.0])
    );
    let frames = timeline(&scene(&text), 200);
    let mut hits = 0;
    for (k, frame) in frames.iter().enumerate() {
        hits += frame.events.len();
        let top = carried(&frames, k, "floor")[1];
        for (name, lowest) in [("ball", 0.3), ("box", 0.0), ("lying", 0.2)] {
            let b = body(frame, name);
            // The box's lowest point: its centre less its reach down (half-extents turned).
            let reach = if name == "box" {
                let spec = &frame.specs.iter().find(|s| s.name == "box").unwrap();
                let half = sepax::nalgebra::Vector3::new(0.3, 0.2, 0.3);
                let r = spec.rotation.to_rotation_matrix();
                (0..3).map(|j| (r[(1, j)] * half[j]).abs()).sum::<f64>()
            } else {
                lowest
            };
            assert!(
                b.position[1] - reach >= top - 1e-6,
                "frame {k}: {name}'s bottom {} below the floor {top}",
                b.position[1] - reach
            );
        }
    }
    assert!(hits >= 3, "every body meets the floor ({hits} contacts)");
    let last = frames.last().unwrap();
    for name in ["ball", "box", "lying"] {
        let vy = body(last, name).velocity[1];
        assert!((vy - 20.0).abs() < 1e-3, "{name} rides at {vy} m/s");
    }
}

/// A square wall in the plane x = -2 moving at `wall` and a body `target` (`shape`, `size`) of
/// mass 2 at (0, 0.2, 0.1) moving at `target`, without gravity.
fn wall_and_target(shape: &str, size: &str, wall: f64, target: f64) -> Scene {
    scene(&format!(
        "[world]\ndt = 0.04\ngravity = [0, 0, 0]\nrestitution = 0.5\nfriction = 0.3\n\
         [[body]]\nname = \"wall\"\nshape = \"mesh\"\n\
         vertices = [[-2, -2, -2], [-2, 2, -2], [-2, 2, 2], [-2, -2, 2]]\n\
         triangles = [[0, 1, 2], [0, 2, 3]]\nvelocity = [{wall}, 0, 0]\n\
         [[body]]\nname = \"target\"\nshape = \"{shape}\"\n{size}\ncenter = [0, 0.2, 0.1]\n\
         mass = 2\nvelocity = [{target}, 0, 0]\n"
    ))
}

/// The first contact event of a timeline and its frame.
fn first_contact(frames: &[FrameRecord]) -> (usize, f64) {
    frames
        .iter()
        .enumerate()
        .find_map(|(k, f)| f.events.first().map(|e| (k, e.time)))
        .expect("a contact")
}

#[test]
fn a_moving_wall_strikes_a_resting_ball_away_at_the_closed_form_speed() {
    // No gravity; the wall at x = -2 comes at U and meets the ball (radius 0.5) at 1.5/U s; the
    // ball leaves at U + e U.
    let (u, e) = (3.0, 0.5);
    let frames = timeline(&wall_and_target("sphere", "radius = 0.5", u, 0.0), 30);
    let (k, time) = first_contact(&frames);
    let meet = 1.5 / u;
    assert!(
        (time - meet).abs() < 1e-9,
        "contact at {time}, closed form {meet}"
    );
    let leave = u + e * u;
    for frame in &frames[k..] {
        let v = body(frame, "target").velocity;
        assert!(
            (v[0] - leave).abs() < 1e-9 && v[1].abs() < 1e-12 && v[2].abs() < 1e-12,
            "frame {} velocity {v:?}, closed form {leave}",
            frame.frame
        );
    }
    let wall = body(frames.last().unwrap(), "wall");
    assert_eq!(wall.velocity, [u, 0.0, 0.0], "the wall is never pushed");
}

#[test]
fn a_box_struck_by_a_moving_wall_leaves_as_one_thrown_at_a_still_wall_plus_its_velocity() {
    // Galilean invariance: in the wall's frame the box comes at -U onto a still wall; seen from
    // the ground every velocity after the impact is that one plus U, the spin the same.
    let u = 3.0;
    let moving = timeline(
        &wall_and_target("box", "half_extents = [0.5, 0.5, 0.5]", u, 0.0),
        30,
    );
    let still = timeline(
        &wall_and_target("box", "half_extents = [0.5, 0.5, 0.5]", 0.0, -u),
        30,
    );
    let ((k, t_moving), (j, t_still)) = (first_contact(&moving), first_contact(&still));
    assert_eq!(k, j);
    assert!((t_moving - t_still).abs() < 1e-9, "{t_moving} vs {t_still}");
    for (a, b) in moving[k..].iter().zip(&still[k..]) {
        let (a, b) = (body(a, "target"), body(b, "target"));
        for i in 0..3 {
            let dv = a.velocity[i] - (b.velocity[i] + if i == 0 { u } else { 0.0 });
            let dw = a.angular_velocity[i] - b.angular_velocity[i];
            assert!(
                dv.abs() < 1e-9 && dw.abs() < 1e-9,
                "{a:?}\nvs still wall {b:?}"
            );
        }
    }
}

/// A box lying on a slope of 1 in 3 (friction 0.6 holds it) on a mesh ramp; ramp and box both
/// moving at `u` along x.
fn ramp_and_box(u: f64) -> Scene {
    // The slope y = (x + 3)/3; the box's bottom face lies on it at x = 0, its centre 0.4 above
    // along the normal (-1, 3, 0)/√10.
    let n = [-1.0 / 10f64.sqrt(), 3.0 / 10f64.sqrt()];
    let (cx, cy) = (0.4 * n[0], 1.0 + 0.4 * n[1]);
    let degrees = (1.0f64 / 3.0).atan().to_degrees();
    scene(&format!(
        "[world]\ndt = 0.02\ngravity = [0, -9.81, 0]\nrestitution = 0.2\nfriction = 0.6\n\
         [[body]]\nname = \"ramp\"\nshape = \"mesh\"\n\
         vertices = [[-3, 0, -1.5], [3, 2, -1.5], [3, 2, 1.5], [-3, 0, 1.5]]\n\
         triangles = [[0, 2, 1], [0, 3, 2]]\nvelocity = [{u}, 0, 0]\n\
         [[body]]\nname = \"box\"\nshape = \"box\"\nhalf_extents = [0.4, 0.4, 0.4]\n\
         center = [{cx}, {cy}, 0]\nrotation = {{ axis = [0, 0, 1], degrees = {degrees} }}\n\
         velocity = [{u}, 0, 0]\n"
    ))
}

#[test]
fn a_box_held_by_friction_on_a_moving_ramp_stays_where_it_is_on_the_ramp() {
    // Galilean invariance: carried along with the ramp, the box holds its place on the slope as
    // it does on a still ramp (static friction, measured against the ramp's own motion).
    let u = 0.5;
    let (still, moving) = (
        timeline(&ramp_and_box(0.0), 150),
        timeline(&ramp_and_box(u), 150),
    );
    for (k, (a, b)) in still.iter().zip(&moving).enumerate() {
        let (p, q) = (body(a, "box").position, body(b, "box").position);
        let shift = carried(&moving, k, "ramp");
        let off = (0..3)
            .map(|i| (q[i] - shift[i] - p[i]).abs())
            .fold(0.0, f64::max);
        assert!(
            off < 1e-9,
            "frame {k}: {off:e} m from its place on the still ramp"
        );
    }
    let start = body(&still[0], "box").position;
    let end = body(&still[150], "box").position;
    let slid = (0..3)
        .map(|i| (end[i] - start[i]).abs())
        .fold(0.0, f64::max);
    assert!(
        slid < 1e-6,
        "the box holds on the still ramp (moved {slid:e} m)"
    );
}

#[test]
fn a_box_across_a_mesh_s_shared_edge_rests_on_all_four_corners() {
    // The box's bottom corners (0.25, 0.25) and (-0.25, -0.25) lie on the diagonal the mesh's two
    // triangles share; held by neither, the box stood on the other two corners, a line, and
    // rocked out of its place.
    let text = format!(
        "[world]\ndt = 0.01\ngravity = [0, -9.81, 0]\nfriction = 0.5\nresting = \"soft\"\n\
         sleep = false\n{}[[body]]\nname = \"box\"\nshape = \"box\"\n\
         half_extents = [0.25, 0.25, 0.25]\ncenter = [0, 0.25, 0]\n",
        floor("mesh", 3.0, [0.0, 0.0, 0.0])
    );
    let frames = timeline(&scene(&text), 50);
    for frame in &frames[1..] {
        assert_eq!(frame.resting_points, 4, "frame {}", frame.frame);
        let b = body(frame, "box");
        let tilt = b.rotation[1].abs() + b.rotation[2].abs() + b.rotation[3].abs();
        assert!(tilt < 1e-12, "frame {}: {:?}", frame.frame, b.rotation);
    }
}
