//! Stacks that stand: the pyramid of 210 boxes, the wall of 1,000 bricks and the field of 10,000
//! dropped boxes (`scenes/large/`), stepped in sepax and in rapier3d-f64 in one run.
//!
//! Run with `cargo bench --bench pyramid`. It first prints a report: for each scene the time a
//! frame in both engines over a stated number of frames (rapier also over the frames sepax
//! steps, since rapier's bodies fall asleep once they settle), their ratio, and how far the boxes
//! moved (the drift: the largest `|p(t) - p(0)|` over the boxes, and separately the largest
//! vertical and the largest horizontal part). rapier runs with its default
//! `IntegrationParameters` except `dt`, every box a cuboid collider of the scene's friction and
//! restitution and mass, the floor a fixed cuboid whose top face is the scene's plane. sepax
//! loads the scene file and builds its world the way `sepax simulate` does. Then divan times
//! frames of both engines from the start. `SEPAX_PYRAMID_FRAMES` sets how many frames sepax
//! steps the pyramid in the report (default 120: 2 s of the 10 s rapier is held to);
//! `SEPAX_BENCH_SCENES=pyramid,wall` reports only the scenes named.

use std::path::Path;
use std::time::Instant;

use divan::counter::ItemsCount;
use divan::Bencher;
use rapier3d_f64::glamx::{DQuat, DVec3};
use rapier3d_f64::prelude::{
    ColliderBuilder, IntegrationParameters, PhysicsWorld, RigidBodyBuilder, RigidBodyHandle,
};
use sepax::dynamics::world::World;
use sepax::dynamics::BodyShape;
use sepax::nalgebra::Vector3;
use sepax::scene::load_path;
use sepax::trace::{world_from_scene, SimOptions};

/// The scenes, the frames rapier steps in the report, and the frames sepax steps there.
const SCENES: [(&str, usize, usize); 3] =
    [("pyramid", 600, 120), ("wall", 600, 5), ("field", 120, 60)];

fn main() {
    let only = std::env::var("SEPAX_BENCH_SCENES").ok();
    for (name, rapier_frames, sepax_frames) in SCENES {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|n| n == name))
        {
            continue;
        }
        let sepax_frames = if name == "pyramid" {
            std::env::var("SEPAX_PYRAMID_FRAMES")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(sepax_frames)
        } else {
            sepax_frames
        };
        report(name, rapier_frames, sepax_frames);
    }
    divan::main();
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
/// friction and restitution; a plane becomes a fixed cuboid 1 m thick reaching past every body.
fn rapier_world(sepax: &World, gravity: &Vector3<f64>) -> Rapier {
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

/// Steps both engines through their frames, timing every step, and prints the figures.
fn report(name: &str, rapier_frames: usize, sepax_frames: usize) {
    // rapier steps at least the frames sepax does, so that both are timed over the same ones.
    let rapier_frames = rapier_frames.max(sepax_frames);
    let (mut sepax, gravity) = sepax_world(name);
    let mut rapier = rapier_world(&sepax, &gravity);
    let start = sepax_positions(&sepax);
    assert_eq!(start, rapier_positions(&rapier), "the same start in both");
    let boxes = start.len();
    let dt = sepax.settings.dt;
    println!("{name}: {boxes} boxes, dt = {dt:.6} s");

    let mut rapier_seconds = 0.0;
    let (mut rapier_first_ms, mut rapier_at_sepax_end) = (f64::NAN, Drift::default());
    for frame in 1..=rapier_frames {
        let t = Instant::now();
        rapier.world.step();
        rapier_seconds += t.elapsed().as_secs_f64();
        if frame == sepax_frames {
            rapier_first_ms = 1e3 * rapier_seconds / frame as f64;
            rapier_at_sepax_end = drift(&start, &rapier_positions(&rapier));
        }
    }
    let rapier_ms = 1e3 * rapier_seconds / rapier_frames as f64;
    let rapier_drift = drift(&start, &rapier_positions(&rapier));
    println!(
        "  rapier3d-f64: {rapier_frames} frames, {rapier_ms:.3} ms a frame; largest drift after \
         {rapier_frames} frames ({:.1} s): {rapier_drift}",
        rapier_frames as f64 * dt
    );
    println!(
        "  rapier3d-f64, its first {sepax_frames} frames: {rapier_first_ms:.3} ms a frame; \
         largest drift after them: {rapier_at_sepax_end}"
    );

    let mut sepax_seconds = 0.0;
    let mut capped = 0;
    for _ in 0..sepax_frames {
        let t = Instant::now();
        let step = sepax.step();
        sepax_seconds += t.elapsed().as_secs_f64();
        capped += usize::from(step.capped);
        assert!(
            step.diverged.is_none(),
            "{name} diverged at frame {}",
            step.frame
        );
    }
    let sepax_ms = 1e3 * sepax_seconds / sepax_frames as f64;
    let sepax_drift = drift(&start, &sepax_positions(&sepax));
    println!(
        "  sepax: {sepax_frames} frames, {sepax_ms:.3} ms a frame; largest drift after \
         {sepax_frames} frames ({:.2} s): {sepax_drift}; frames that hit the impact cap: {capped}",
        sepax_frames as f64 * dt
    );
    println!(
        "  ratio sepax / rapier, time a frame over the same first {sepax_frames} frames: {:.0}x \
         (against rapier's {rapier_frames} frames: {:.0}x)",
        sepax_ms / rapier_first_ms,
        sepax_ms / rapier_ms
    );
}

/// Frames a divan sample steps from the start of a scene.
const BENCH_FRAMES: usize = 3;

/// rapier stepping a scene's first frames.
#[divan::bench(args = ["pyramid", "wall", "field"], sample_count = 5, sample_size = 1)]
fn rapier_frames(bencher: Bencher, name: &str) {
    let (sepax, gravity) = sepax_world(name);
    bencher
        .counter(ItemsCount::new(BENCH_FRAMES))
        .with_inputs(|| rapier_world(&sepax, &gravity))
        .bench_local_values(|mut rapier| {
            for _ in 0..BENCH_FRAMES {
                rapier.world.step();
            }
            rapier
        });
}

/// sepax stepping the pyramid's first frames (the wall and the field are timed in the report).
#[divan::bench(args = ["pyramid"], sample_count = 3, sample_size = 1)]
fn sepax_frames(bencher: Bencher, name: &str) {
    bencher
        .counter(ItemsCount::new(BENCH_FRAMES))
        .with_inputs(|| sepax_world(name).0)
        .bench_local_values(|mut world| {
            for _ in 0..BENCH_FRAMES {
                divan::black_box(world.step());
            }
            world
        });
}
