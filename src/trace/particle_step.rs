//! The course's particle step at a plane (docs/methods.md §13.1) for a sphere and a plane of a
//! scene answered by the particle model: the step the frame takes without the plane, the crossing
//! test, the crossing fraction `t_c` and the corrected position.

use serde::Serialize;

use super::frame::FrameRecord;
use super::simulate::{simulate_timeline, SimOptions};
use crate::dynamics::response::{bounce_on_plane, Ball, ResponseModel};
use crate::geometry::Plane;
use crate::math::arr3;
use crate::scene::{Scene, ShapeSpec};

/// The particle step of one sphere at one plane, from a frame to the next.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParticleStep {
    /// The sphere.
    pub body: String,
    /// The plane.
    pub plane: String,
    /// The plane's unit normal `N`.
    pub normal: [f64; 3],
    /// `d = -(offset + r)`: the plane moved out by the sphere's radius, `N·x + d = 0`.
    pub d: f64,
    /// `x_n`, the centre at the frame.
    pub start: [f64; 3],
    /// `x_{n+1}`, the centre the frame's step reaches without the plane.
    pub end: [f64; 3],
    /// `N·x_n + d` and `N·x_{n+1} + d`.
    pub sides: [f64; 2],
    /// Their product: the step crosses the plane when it is `<= 0`.
    pub product: f64,
    /// `t_c = (N·x_n + d) / ((N·x_n + d) - (N·x_{n+1} + d))`, when the step crosses.
    pub fraction: Option<f64>,
    /// `x_c = x_n + t_c (x_{n+1} - x_n)`, when the step crosses.
    pub crossing: Option<[f64; 3]>,
    /// `x ← x - (1 + ε)(N·x + d) N` applied to `x_{n+1}` (`x_{n+1}` itself when it does not
    /// cross).
    pub corrected: [f64; 3],
    /// The restitution `ε` the correction applies (0 below the resting speed); the scene's when
    /// the step does not cross.
    pub restitution: f64,
}

/// The particle step from `frame` of the sphere `body` at the plane `plane` of `scene`, when the
/// scene is answered by the particle model (none otherwise, or when the step cannot be taken).
///
/// # Algorithm
/// 1. The two bodies at the frame, alone in a copy of the scene that only detects contacts, are
///    stepped one frame by the world loop: the sphere's centre goes from `x_n` to `x_{n+1}` as if
///    the plane were not there.
/// 2. The course's step on them ([`bounce_on_plane`], with the scene's restitution and
///    friction and the world's resting speed): the crossing test, `t_c` and the corrected
///    position.
pub fn particle_step(
    scene: &Scene,
    frame: &FrameRecord,
    body: &str,
    plane: &str,
) -> Option<ParticleStep> {
    if scene.world.response != ResponseModel::Particle {
        return None;
    }
    let find = |name: &str| frame.specs.iter().find(|b| b.name == name);
    let (sphere, floor) = (find(body)?, find(plane)?);
    let (ShapeSpec::Sphere { radius }, &ShapeSpec::Plane { normal, offset }) =
        (&sphere.shape, &floor.shape)
    else {
        return None;
    };
    let mut alone = scene.clone();
    alone.bodies = vec![floor.clone(), sphere.clone()];
    alone.springs.clear();
    alone.constraints.clear();
    alone.world.response = ResponseModel::None;
    alone.world.frames = 1;
    let options = SimOptions::default();
    let stepped = simulate_timeline(&alone, 1, &options).ok()?;
    let moved = stepped.get(1)?.specs.iter().find(|b| b.name == body)?;
    let material = options.settings(scene).ok()?.material;
    let ball = Ball {
        mass: sphere.mass,
        radius: *radius,
        position: moved.center,
        velocity: moved.velocity,
    };
    let bounce = bounce_on_plane(&sphere.center, &ball, &Plane { normal, offset }, &material);
    let d = -(offset + radius);
    let sides = [
        normal.dot(&sphere.center) + d,
        normal.dot(&moved.center) + d,
    ];
    let crossing = bounce.crossing;
    Some(ParticleStep {
        body: body.to_string(),
        plane: plane.to_string(),
        normal: arr3(&normal),
        d,
        start: arr3(&sphere.center),
        end: arr3(&moved.center),
        sides: crossing.map_or(sides, |c| c.sides),
        product: sides[0] * sides[1],
        fraction: crossing.map(|c| c.fraction),
        crossing: crossing.map(|c| arr3(&c.point)),
        corrected: arr3(&bounce.position[1]),
        restitution: if crossing.is_some() {
            bounce.restitution
        } else {
            material.restitution
        },
    })
}

/// Every particle step of a sphere at a plane of the scene from `frame`, in scene order.
pub fn particle_steps(scene: &Scene, frame: &FrameRecord) -> Vec<ParticleStep> {
    let spheres = frame
        .specs
        .iter()
        .filter(|b| matches!(b.shape, ShapeSpec::Sphere { .. }));
    spheres
        .flat_map(|s| {
            frame
                .specs
                .iter()
                .filter(|p| matches!(p.shape, ShapeSpec::Plane { .. }))
                .filter_map(move |p| particle_step(scene, frame, &s.name, &p.name))
        })
        .collect()
}
