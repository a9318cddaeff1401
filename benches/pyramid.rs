//! Stacks that stand: the pyramid of 210 boxes, the wall of 1,000 bricks and the field of 10,000
//! dropped boxes (`scenes/large/`), stepped in sepax and in rapier3d-f64 in one run, with
//! sleeping off for both and on for both.
//!
//! Run with `cargo bench --bench pyramid`. Each engine, scene and sleeping setting runs in a
//! process of its own (this program started again with `SEPAX_BENCH_ONE=engine:scene:sleep`), so
//! that each reports its own peak memory. Each line gives the time a frame over the first 120
//! frames and over the whole run, the drift at 2, 5 and 10 s (the largest `|p(t) - p(0)|` over
//! the boxes, and separately the largest vertical and horizontal part), how many bodies sleep at
//! the end, and the process's peak resident memory; the ratio lines compare the two engines'
//! times over the first 120 frames. rapier runs with its default `IntegrationParameters` except
//! `dt`, every box a cuboid collider of the scene's friction, restitution and mass, the floor a
//! fixed cuboid whose top face is the scene's plane; sepax loads the scene file and builds its
//! world the way `sepax simulate` does. `SEPAX_BENCH_SCENES=pyramid,wall` runs only the scenes
//! named; `SEPAX_BENCH_FRAMES=N` caps every run at N frames.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use rapier3d_f64::glamx::{DQuat, DVec3};
use rapier3d_f64::prelude::{
    ColliderBuilder, IntegrationParameters, PhysicsWorld, RigidBodyBuilder, RigidBodyHandle,
};
use sepax::dynamics::world::World;
use sepax::dynamics::BodyShape;
use sepax::nalgebra::Vector3;
use sepax::scene::load_path;
use sepax::trace::{world_from_scene, SimOptions};

/// The scenes and the frames each engine steps.
const SCENES: [(&str, usize); 3] = [("pyramid", 600), ("wall", 600), ("field", 120)];
/// The frames the headline time a frame is measured over.
const FIRST: usize = 120;
/// The frames at which drift is reported (2, 5 and 10 s at 60 frames a second).
const DRIFT_AT: [usize; 3] = [120, 300, 600];

fn main() {
    if let Ok(one) = std::env::var("SEPAX_BENCH_ONE") {
        run_one(&one);
        return;
    }
    let only = std::env::var("SEPAX_BENCH_SCENES").ok();
    let exe = std::env::current_exe().expect("the benchmark's own path");
    for (name, _) in SCENES {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|n| n == name))
        {
            continue;
        }
        for sleep in [false, true] {
            let mut first = [f64::NAN; 2];
            for (k, engine) in ["rapier3d-f64", "sepax"].into_iter().enumerate() {
                let out = Command::new(&exe)
                    .env("SEPAX_BENCH_ONE", format!("{engine}:{name}:{sleep}"))
                    .output()
                    .expect("the benchmark runs itself");
                let text = String::from_utf8_lossy(&out.stdout);
                print!("{text}");
                if !out.status.success() {
                    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
                }
                first[k] = text
                    .split("ms a frame over the first")
                    .next()
                    .and_then(|head| head.rsplit(' ').nth(1))
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(f64::NAN);
            }
            println!(
                "  {name}, sleeping {}: sepax / rapier, time a frame over the first {FIRST} \
                 frames: {:.2}x",
                if sleep { "on" } else { "off" },
                first[1] / first[0]
            );
        }
    }
}

/// Runs one engine on one scene with sleeping on or off and prints its line.
fn run_one(spec: &str) {
    let parts: Vec<&str> = spec.split(':').collect();
    let (engine, name, sleep) = (parts[0], parts[1], parts[2] == "true");
    let frames = SCENES
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(FIRST, |&(_, f)| f);
    let frames = std::env::var("SEPAX_BENCH_FRAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .map_or(frames, |cap: usize| frames.min(cap));
    let (mut sepax, gravity) = sepax_world(name);
    sepax.settings.solver.sleep = sleep;
    let start = sepax_positions(&sepax);
    let mut rapier = (engine != "sepax").then(|| rapier_world(&sepax, &gravity, sleep));
    let mut seconds = Vec::with_capacity(frames);
    let mut drifts = Vec::new();
    let mut sleeping = 0;
    for frame in 1..=frames {
        let t = Instant::now();
        let positions = if let Some(r) = rapier.as_mut() {
            r.world.step();
            seconds.push(t.elapsed().as_secs_f64());
            rapier_positions(r)
        } else {
            let step = sepax.step();
            seconds.push(t.elapsed().as_secs_f64());
            assert!(step.diverged.is_none(), "{name} diverged at frame {frame}");
            sleeping = step.sleeping;
            sepax_positions(&sepax)
        };
        if DRIFT_AT.contains(&frame) {
            drifts.push((frame, drift(&start, &positions)));
        }
    }
    if let Some(r) = &rapier {
        sleeping = r
            .boxes
            .iter()
            .filter(|h| r.world.bodies[**h].is_sleeping())
            .count();
    }
    let first = FIRST.min(frames);
    let ms = |n: usize| 1e3 * seconds[..n].iter().sum::<f64>() / n as f64;
    let dt = sepax.settings.dt;
    let mut line = format!(
        "{name} ({} boxes), {engine}, sleeping {}: {:.3} ms a frame over the first {first} frames, \
         {:.3} over {frames};",
        start.len(),
        if sleep { "on" } else { "off" },
        ms(first),
        ms(frames)
    );
    for (frame, d) in drifts {
        let _ = write!(line, " drift at {:.0} s {d};", frame as f64 * dt);
    }
    let _ = write!(
        line,
        " asleep at the end {sleeping}; peak memory {:.1} MB",
        peak_memory_mb()
    );
    println!("{line}");
}

/// The process's peak resident memory (`VmHWM`), in megabytes.
fn peak_memory_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// The sepax world of `scenes/large/{name}.toml`, as `sepax simulate` builds it, and the
/// scene's gravity.
fn sepax_world(name: &str) -> (World, Vector3<f64>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes/large")
        .join(format!("{name}.toml"));
    let scene = load_path(&path).unwrap_or_else(|d| panic!("{d}"));
    let world = world_from_scene(&scene, &SimOptions::default()).expect("a scene that simulates");
    (world, scene.world.gravity)
}

/// The same scene in rapier, with the handles of its moving bodies in sepax's order.
struct Rapier {
    world: PhysicsWorld,
    boxes: Vec<RigidBodyHandle>,
}

fn dvec(v: &Vector3<f64>) -> DVec3 {
    DVec3::new(v.x, v.y, v.z)
}

/// Builds rapier's world from sepax's: default parameters but `dt`, the scene's gravity,
/// friction and restitution, sleeping on or off; a plane becomes a fixed cuboid 1 m thick reaching past every body.
fn rapier_world(sepax: &World, gravity: &Vector3<f64>, sleep: bool) -> Rapier {
    let mut world = PhysicsWorld {
        gravity: dvec(gravity),
        integration_parameters: IntegrationParameters {
            dt: sepax.settings.dt,
            ..IntegrationParameters::default()
        },
        ..PhysicsWorld::default()
    };
    let material = sepax.settings.material;
    let reach = sepax
        .bodies
        .iter()
        .map(|b| b.state.position.abs().max())
        .fold(0.0, f64::max)
        + 10.0;
    let mut boxes = Vec::new();
    for body in &sepax.bodies {
        match &body.shape {
            BodyShape::Plane { normal, offset } => {
                let n = dvec(normal);
                let pose = rapier3d_f64::math::Pose::from_parts(
                    n * (offset - 0.5),
                    DQuat::from_rotation_arc(DVec3::Y, n),
                );
                let ground = ColliderBuilder::cuboid(reach, 0.5, reach)
                    .position(pose)
                    .friction(material.friction)
                    .restitution(material.restitution);
                world.insert_collider(ground, None);
            }
            BodyShape::Box(half) => {
                let q = body.state.rotation;
                let rigid = RigidBodyBuilder::dynamic()
                    .can_sleep(sleep)
                    .translation(dvec(&body.state.position))
                    .rotation(dvec(&q.scaled_axis()));
                let collider = ColliderBuilder::cuboid(half.x, half.y, half.z)
                    .mass(body.mass)
                    .friction(material.friction)
                    .restitution(material.restitution);
                boxes.push(world.insert(rigid, collider).0);
            }
            other => panic!("the benchmark scenes hold boxes and planes, not {other:?}"),
        }
    }
    Rapier { world, boxes }
}

/// The largest displacement of the boxes from `start`: total, vertical (along y) and horizontal.
#[derive(Clone, Copy, Debug, Default)]
struct Drift {
    total: f64,
    vertical: f64,
    horizontal: f64,
}

fn drift(start: &[Vector3<f64>], now: &[Vector3<f64>]) -> Drift {
    let mut d = Drift::default();
    for (a, b) in start.iter().zip(now) {
        let m = b - a;
        d.total = d.total.max(m.norm());
        d.vertical = d.vertical.max(m.y.abs());
        d.horizontal = d.horizontal.max(m.x.hypot(m.z));
    }
    d
}

impl std::fmt::Display for Drift {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:.3} cm (vertical {:.3} cm, horizontal {:.3} cm)",
            100.0 * self.total,
            100.0 * self.vertical,
            100.0 * self.horizontal
        )
    }
}

fn sepax_positions(world: &World) -> Vec<Vector3<f64>> {
    let moving = world.bodies.iter().filter(|b| !b.fixed);
    moving.map(|b| b.state.position).collect()
}

fn rapier_positions(rapier: &Rapier) -> Vec<Vector3<f64>> {
    let at = |h: &RigidBodyHandle| rapier.world.bodies[*h].translation();
    let point = |p: DVec3| Vector3::new(p.x, p.y, p.z);
    rapier.boxes.iter().map(|h| point(at(h))).collect()
}
