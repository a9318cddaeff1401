//! The flags that replace a scene's `[world]` settings, shared by every command that steps a
//! scene so that each one is spelt and means the same everywhere.

use sepax::scene::Scene;

use super::choices::Integrator;

/// `--frames`, `--dt`, `--integrator` and `--tolerance`: the scene's `[world]` values replaced.
#[derive(Clone, Debug, Default, clap::Args)]
pub(crate) struct SceneOverrides {
    /// How many frames the scene runs for [default: the scene's `frames`].
    #[arg(long, short = 'n', value_name = "N", value_parser = frame_count,
          allow_hyphen_values = true)]
    pub frames: Option<usize>,
    /// Seconds per frame [default: the scene's `dt`].
    #[arg(long, value_name = "H", value_parser = positive_dt, allow_hyphen_values = true)]
    pub dt: Option<f64>,
    /// The integrator that steps the bodies [default: the scene's `integrator`].
    #[arg(long, value_name = "NAME", value_enum)]
    pub integrator: Option<Integrator>,
    /// Take adaptive sub-steps so that each one's error estimate stays below E
    /// [default: the scene's `tolerance`, else one step per frame].
    #[arg(long, value_name = "E", value_parser = positive_tolerance, allow_hyphen_values = true)]
    pub tolerance: Option<f64>,
}

impl SceneOverrides {
    /// Writes the given values into the scene's `[world]`.
    pub(crate) fn apply(&self, scene: &mut Scene) {
        let world = &mut scene.world;
        if let Some(frames) = self.frames {
            world.frames = frames;
            world.frames_given = true;
        }
        if let Some(dt) = self.dt {
            world.dt = dt;
        }
        if let Some(integrator) = self.integrator {
            world.integrator = integrator.name();
        }
        if let Some(tolerance) = self.tolerance {
            world.tolerance = Some(tolerance);
        }
    }
}

/// `--frame`: the frame a command looks at.
#[derive(Clone, Debug, Default, clap::Args)]
pub(crate) struct FrameArg {
    /// The frame to look at: the scene simulated up to it (frame 0 is the scene as written).
    #[arg(long, short = 'f', default_value_t = 0, value_name = "N")]
    pub frame: usize,
}

/// `--pair`: the pair of bodies a command looks at.
#[derive(Clone, Debug, Default, clap::Args)]
pub(crate) struct PairArg {
    /// Only this pair of bodies, e.g. `--pair A,B` (the debugger selects it first).
    #[arg(long, short = 'p', value_name = "A,B", value_parser = pair_names)]
    pub pair: Option<(String, String)>,
}

/// A frame count from 1 to the scenes' limit.
fn frame_count(text: &str) -> Result<usize, String> {
    let limit = sepax::scene::MAX_FRAMES;
    match text.parse::<u64>() {
        Ok(n) if (1..=limit).contains(&n) => Ok(n as usize),
        _ => Err(format!(
            "the frame count must be a whole number from 1 to {limit}, not {text}"
        )),
    }
}

/// A number of seconds per frame within the scene limits.
fn positive_dt(text: &str) -> Result<f64, String> {
    let limits = sepax::scene::limits::SCENE;
    let what = format!(
        "dt must be a positive number of seconds per frame, from {:e} to {:e}",
        limits.smallest, limits.largest
    );
    positive(text, &what).and_then(|dt| within(text, dt, limits, &what))
}

/// An error tolerance within the scene limits of a tolerance.
fn positive_tolerance(text: &str) -> Result<f64, String> {
    let limits = sepax::scene::limits::TOLERANCE;
    let what = format!(
        "the tolerance must be a positive error estimate, from {:e} to {:e}",
        limits.smallest, limits.largest
    );
    positive(text, &what).and_then(|e| within(text, e, limits, &what))
}

/// `value` when the limits admit it, or `what` as the error.
fn within(
    text: &str,
    value: f64,
    limits: sepax::scene::limits::Limits,
    what: &str,
) -> Result<f64, String> {
    if limits.admit(value) {
        Ok(value)
    } else {
        Err(format!("{what}, not {text}"))
    }
}

/// A positive, finite number, or `what` as the error.
fn positive(text: &str, what: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(value) if value.is_finite() && value > 0.0 => Ok(value),
        _ => Err(format!("{what}, not {text}")),
    }
}

/// A finite number of seconds, 0 or more.
pub(crate) fn seconds(text: &str) -> Result<f64, String> {
    let value = text
        .parse::<f64>()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if value.is_finite() && value >= 0.0 {
        Ok(value)
    } else {
        Err(format!(
            "the horizon must be 0 (this instant only) or a positive, finite number of seconds, \
             not {text}"
        ))
    }
}

/// Two body names separated by a comma.
fn pair_names(text: &str) -> Result<(String, String), String> {
    match text.split_once(',') {
        Some((a, b)) if !a.trim().is_empty() && !b.trim().is_empty() && !b.contains(',') => {
            Ok((a.trim().to_string(), b.trim().to_string()))
        }
        _ => Err(format!(
            "expected two body names separated by a comma, like `A,B`, not `{text}`"
        )),
    }
}
