//! The dynamics tests: the world's stepping loop, the integrators, collision response, time of
//! impact, resting contact, forces and constraints, and simulated scenes, against closed forms
//! and physics. One test binary for all of them, so the crate is linked once.

#[path = "../support/ball.rs"]
mod ball_support;
#[path = "../support/cli.rs"]
mod cli_support;
#[path = "../support/floors.rs"]
mod floors;
#[path = "../support/rng.rs"]
mod rng;
#[cfg(feature = "tui")]
#[path = "../support/screen.rs"]
mod screen_support;

mod cylinder_creep;
mod detect_only;
mod divergence;
mod ellipsoid_floors;
mod forces_constraints;
mod friction_force;
mod integrators;
mod particle_response;
mod pyramid;
mod ramp_rest;
mod response;
mod resting_energy;
mod simulate_convex;
mod simulate_moving_surfaces;
mod stacks;
mod toi;
mod world;
mod world_boundary;
