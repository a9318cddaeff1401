//! The `[world]` table: time step, frame count, gravity, integrator, contact response and
//! coefficients.

use std::ops::Range;

use nalgebra::Vector3;
use toml::de::DeTable;

use super::fields::Fields;
use super::limits;
use super::model::{ResponseModel, WorldSettings};
use super::value::Report;
use crate::dynamics::world::{Resting, Solver};

/// Frames simulated when `frames` is not given.
pub const DEFAULT_FRAMES: usize = 600;

/// The largest `frames` a scene may ask for.
pub const MAX_FRAMES: u64 = 1_000_000;

/// The valid values of `integrator`, in the order the course introduces them.
pub const INTEGRATORS: &[&str] = &[
    "explicit-euler",
    "semi-implicit-euler",
    "midpoint",
    "rk2",
    "rk4",
    "implicit-euler",
];

/// The integrator used when `integrator` is not given.
pub const DEFAULT_INTEGRATOR: &str = "rk4";

/// The valid values of `response`: `impulse` (the default), `particle` (the course's particle
/// model) and `none` (detect only).
pub const RESPONSES: &[&str] = &ResponseModel::NAMES;

/// The coefficient of restitution used when `restitution` is not given.
pub const DEFAULT_RESTITUTION: f64 = 0.5;

/// Validates the `[world]` table whose header is at `span`.
pub(crate) fn validate(
    table: &DeTable<'_>,
    span: Range<usize>,
    r: &mut Report<'_>,
) -> Option<WorldSettings> {
    let mut f = Fields::new(table, span, "[world]");
    let dt = f
        .positive(r, "dt")
        .or_else(|| f.missing("dt", "seconds per frame, > 0"));
    let given_frames = f.count(r, "frames", (1, MAX_FRAMES));
    let frames_given = given_frames.is_some();
    let frames = given_frames.unwrap_or(DEFAULT_FRAMES);
    let gravity = f.vec3(r, "gravity").unwrap_or_else(Vector3::zeros);
    let integrator = f
        .choice(r, "integrator", INTEGRATORS)
        .unwrap_or(DEFAULT_INTEGRATOR);
    let restitution = f
        .within(r, "restitution", (0.0, 1.0))
        .unwrap_or(DEFAULT_RESTITUTION);
    let friction = f.non_negative(r, "friction").unwrap_or(0.0);
    let tolerance = r.limited(limits::TOLERANCE, |r| f.positive(r, "tolerance"));
    let response = f
        .choice(r, "response", RESPONSES)
        .and_then(ResponseModel::from_name)
        .unwrap_or_default();
    let solver = solver_settings(&mut f, r);
    if response == ResponseModel::Particle && friction > 1.0 {
        // The particle model keeps (1 - μ) of the tangential speed: μ above 1 would reverse it.
        r.error(
            f.span_of("friction"),
            format!(
                "friction = {friction} with response = \"particle\": the particle model keeps \
                 (1 - friction) of the tangential speed, so friction must be between 0 and 1"
            ),
        );
        f.fail();
    }
    if !f.finish(r) {
        return None;
    }
    Some(WorldSettings {
        dt: dt?,
        frames,
        frames_given,
        gravity,
        integrator: integrator.to_string(),
        restitution,
        friction,
        tolerance,
        response,
        solver,
    })
}

/// The resting solver's optional keys of `[world]`, each defaulting to [`Solver::default`].
fn solver_settings(f: &mut Fields<'_, '_>, r: &mut Report<'_>) -> Solver {
    let d = Solver::default();
    Solver {
        substeps: f
            .count(r, "substeps", (1, limits::MAX_SUBSTEPS))
            .unwrap_or(d.substeps),
        iterations: f
            .count(r, "iterations", (1, limits::MAX_ITERATIONS))
            .unwrap_or(d.iterations),
        contact_hertz: f.positive(r, "contact_hertz").unwrap_or(d.contact_hertz),
        damping_ratio: f.positive(r, "damping_ratio").unwrap_or(d.damping_ratio),
        push_out_speed: f.positive(r, "push_out_speed").unwrap_or(d.push_out_speed),
        sleep: f.boolean(r, "sleep").unwrap_or(d.sleep),
        resting: f
            .choice(r, "resting", &Resting::NAMES)
            .and_then(Resting::from_name)
            .unwrap_or(d.resting),
    }
}
