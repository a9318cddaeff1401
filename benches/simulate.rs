//! Frames per second of the world loop: every shipped scene over all its frames, and 100, 1,000
//! and 10,000 boxes on a floor, resting flat or dropped a few millimetres with a small tilt.
//!
//! Run with `cargo bench --bench simulate`. Each benchmark steps a freshly built world (not timed)
//! through a fixed number of frames and counts frames as items, so divan's item rate is the
//! frames per second.

use divan::counter::ItemsCount;
use divan::Bencher;
use sepax::dynamics::forces::ForceModel;
use sepax::dynamics::integrate::Integrator;
use sepax::dynamics::response::{resting_speed, Material};
use sepax::dynamics::world::{Settings, World};
use sepax::dynamics::{BodyShape, BodyState, RigidBody};
use sepax::nalgebra::{UnitQuaternion, Vector3};
use sepax::scene::{load, shipped_scenes};
use sepax::trace::{world_from_scene, SimOptions};

fn main() {
    divan::main();
}

/// The shipped scenes' names.
fn scene_names() -> Vec<&'static str> {
    shipped_scenes().iter().map(|(name, _)| *name).collect()
}

/// Steps `world` through `frames` frames.
fn run(mut world: World, frames: usize) -> World {
    for _ in 0..frames {
        divan::black_box(world.step());
    }
    world
}

/// A shipped scene over all of its frames.
#[divan::bench(args = scene_names(), sample_count = 10, sample_size = 1)]
fn scene(bencher: Bencher, name: &str) {
    let scene = load(name).expect("shipped scenes load");
    let frames = scene.world.frames;
    bencher
        .counter(ItemsCount::new(frames))
        .with_inputs(|| world_from_scene(&scene, &SimOptions::default()).expect("valid"))
        .bench_local_values(|world| run(world, frames));
}

/// A small deterministic generator of numbers in `[0, 1)`.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// `n` boxes of 0.5 × 0.3 × 0.4 m on a floor in a square grid 1.5 m apart with random offsets:
/// flat and at rest, or tilted up to 3° and dropped from up to 4 mm.
fn boxes(n: usize, dropped: bool) -> World {
    let gravity = Vector3::new(0.0, -9.81, 0.0);
    let dt = 0.01;
    let half = Vector3::new(0.25, 0.15, 0.2);
    let mut rng = Rng(0x5E9A_0001);
    let side = (n as f64).sqrt().ceil() as usize;
    let floor = RigidBody {
        name: "floor".into(),
        shape: BodyShape::Plane {
            normal: Vector3::y(),
            offset: 0.0,
        },
        mass: 1.0,
        fixed: true,
        state: BodyState {
            position: Vector3::zeros(),
            velocity: Vector3::zeros(),
            rotation: UnitQuaternion::identity(),
            angular_velocity: Vector3::zeros(),
        },
    };
    let mut bodies = vec![floor];
    for k in 0..n {
        let (i, j) = ((k % side) as f64, (k / side) as f64);
        let (tilt, lift) = if dropped {
            let axis = Vector3::new(rng.next() - 0.5, 0.0, rng.next() - 0.5);
            (axis * 0.1, 0.004 * rng.next())
        } else {
            (Vector3::zeros(), 0.0)
        };
        let rotation = UnitQuaternion::from_scaled_axis(tilt + Vector3::y() * rng.next() * 3.0);
        let x = Vector3::new(1.5 * i + 0.3 * rng.next(), 0.0, 1.5 * j + 0.3 * rng.next());
        let reach: f64 = (0..3)
            .map(|a| half[a] * (rotation * Vector3::ith(a, 1.0)).y.abs())
            .sum();
        bodies.push(RigidBody {
            name: format!("box{k}"),
            shape: BodyShape::Box(half),
            mass: 1.0,
            fixed: false,
            state: BodyState {
                position: x + Vector3::y() * (reach + lift),
                rotation,
                ..bodies[0].state
            },
        });
    }
    let material = Material::new(0.3, 0.5).with_resting_speed(resting_speed(&gravity, dt));
    let settings = Settings {
        // Every box may land in the same frame: the default cap of 256 impacts would leave most
        // of them to the resting pass.
        max_contacts: 4 * n,
        ..Settings::new(dt, Integrator::Rk4, material)
    };
    World::new(bodies, ForceModel::with_gravity(gravity), settings).expect("valid settings")
}

/// Frames per sample: fewer for the largest worlds.
fn frames_for(n: usize) -> usize {
    if n >= 10_000 {
        3
    } else {
        10
    }
}

/// `n` boxes (`dropped`: tilted and falling, else lying flat) run for [`frames_for`] frames.
fn bench_boxes(bencher: Bencher, n: usize, dropped: bool) {
    let frames = frames_for(n);
    bencher
        .counter(ItemsCount::new(frames))
        .with_inputs(|| boxes(n, dropped))
        .bench_local_values(|world| run(world, frames));
}

/// Boxes lying flat on the floor: resting contacts only.
#[divan::bench(args = [100, 1_000, 10_000], sample_count = 5, sample_size = 1)]
fn boxes_resting(bencher: Bencher, n: usize) {
    bench_boxes(bencher, n, false);
}

/// Tilted boxes dropped onto the floor: impacts at their times inside the first frames.
#[divan::bench(args = [100, 1_000, 10_000], sample_count = 5, sample_size = 1)]
fn boxes_falling(bencher: Bencher, n: usize) {
    bench_boxes(bencher, n, true);
}
