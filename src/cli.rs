//! Command-line definitions (clap derive).

use clap::{Parser, Subcommand};

/// sepax: step through collision detection and physics-based animation, and see why two boxes
/// did or did not collide.
#[derive(Debug, Parser)]
#[command(name = "sepax", version, about, long_about = None)]
#[command(
    after_help = "Scenes are TOML files or the name of a shipped scene (see `sepax scenes`).\n\
Bad input exits with status 2 and one `path:line:column: message` per problem."
)]
pub struct Cli {
    /// What to do; with none, sepax opens the lesson menu in a terminal (else lists the lessons
    /// and the scenes).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Explain why the bodies of a scene do or do not collide: the stage that decided, the 15
    /// candidate axes with R, R0, R1, and the first contact within the horizon.
    Explain(ExplainArgs),
    /// Step through a scene in the terminal debugger, frame by frame (`?` lists the keys).
    #[cfg(feature = "tui")]
    Run(RunArgs),
    /// Step a scene through time: per-frame sub-steps, error estimate and energy, and every
    /// contact at its exact time.
    Simulate(SimulateArgs),
    /// Open a lesson: its steps drive the debugger beside the narration and the questions (with
    /// no LESSON: the lesson menu). Progress is saved in the platform's data directory.
    #[cfg(feature = "tui")]
    Lesson(LessonArgs),
    /// List the scenes shipped inside sepax.
    Scenes {
        /// One JSON object: `scenes` and `lessons`, each a list of `name` and `title` (lessons
        /// also their `number`).
        #[arg(long)]
        json: bool,
    },
    /// Validate scenes and lessons and run every lesson expectation against the engine
    /// (with no paths: everything shipped). Exit status 1 when a fact fails, 2 when a file is
    /// invalid.
    Check {
        /// Scene or lesson files, or folders of them.
        paths: Vec<std::path::PathBuf>,
        /// One JSON object instead of text: the counts, and every failure and problem as
        /// `path:line:column: message`.
        #[arg(long)]
        json: bool,
    },
}

/// Arguments of `sepax explain`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["scene", "pairs"])))]
// Each flag is a switch of its own on the command line.
#[allow(clippy::struct_excessive_bools)]
pub struct ExplainArgs {
    /// A scene file (`scenes/two_boxes.toml`) or a shipped scene's name (`two_boxes`).
    pub scene: Option<String>,
    /// Explain the simulated state of this frame.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub frame: usize,
    /// How far ahead to look for the first contact, in seconds [default: one frame, the scene's
    /// dt; with --pairs, 0 for the lines that give none: only pairs touching now have a contact].
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
    pub horizon: Option<f64>,
    /// Explain only this pair of bodies, e.g. `--pair A,B`.
    #[arg(long, value_name = "A,B", value_parser = pair_names)]
    pub pair: Option<(String, String)>,
    /// Only the pairs that intersect now, rest on each other (apart by at most 1e-8 m, the gap at
    /// which `simulate` holds a resting contact) or first touch within the horizon.
    #[arg(long)]
    pub touching: bool,
    /// At most N pairs, the first ones in scene order (after --touching).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Rule for near-parallel edges: per-axis (skip each degenerate cross axis, as parry does),
    /// ericson (pad every `|c_ij|` by 1e-6), eberly (skip all edge axes when two axes are parallel).
    #[arg(long, default_value = "per-axis", value_name = "RULE",
          value_parser = ["per-axis", "ericson", "eberly"])]
    pub rule: String,
    /// Print one JSON object instead of text (with --pairs --summary: the counts as JSON).
    #[arg(long)]
    pub json: bool,
    /// Add each body's 4x4 homogeneous transform and its inverse, and each pair's rotation
    /// (`R[i][j] = A_i · B_j`) and translation (B's centre in A's frame), as the separating-axis
    /// table uses them (JSON: `frames`).
    #[arg(long, conflicts_with = "pairs")]
    pub frames: bool,
    /// Add the linear system the implicit-Euler step from this frame solves: the matrix, the
    /// right-hand side, nalgebra's LU factors, the solution and its residual (JSON:
    /// `linear_system`; the scene's integrator must be implicit-euler).
    #[arg(long, conflicts_with = "pairs")]
    pub linear_system: bool,
    /// Explain many box pairs, one a line of FILE (`-`: standard input), JSON Lines or CSV,
    /// each as a scene of boxes A and B at frame 0: one JSON line out per pair, in order.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["scene", "frame", "pair"],
          long_help = PAIRS_HELP)]
    pub pairs: Option<String>,
    /// The format of --pairs [default: by the extension (.csv; .json, .jsonl, .ndjson), else
    /// JSON Lines when the first character is `{`, else CSV].
    #[arg(long, value_name = "FORMAT", value_parser = ["json", "csv"])]
    pub format: Option<String>,
    /// With --pairs: add the 15 rows of each pair (`axes`, as `explain --json` writes them).
    #[arg(long)]
    pub full: bool,
    /// With --pairs: print only the counts, by verdict, by the stage that decided, by the first
    /// separating axis and by the kind of contact.
    #[arg(long, conflicts_with = "full")]
    pub summary: bool,
}

/// The long help of `--pairs`: the formats in and out.
const PAIRS_HELP: &str = "Explain many box pairs, one a line of FILE (`-`: standard input), each \
as `sepax explain` explains the pair written as a scene of boxes A and B at frame 0. One JSON line \
out per pair, in input order: {\"id\", \"intersecting\", \"stage\", \"separating_axis\", \"gap\", \
\"contact\": {\"time\", \"point\", \"axis\", \"kind\"} or null}; gap is the first separating axis's \
gap, else minus the smallest overlap.

JSON Lines: {\"id\": .., \"a\": {\"center\": [x, y, z], \"rotation\": [w, x, y, z], \
\"half_extents\": [..], \"velocity\": [..]}, \"b\": {..}, \"horizon\": 1.0}; velocity (zero), \
horizon and id (the line number) are optional, other keys are errors.

CSV: cx,cy,cz,qw,qx,qy,qz,hx,hy,hz of A, then of B (20 numbers); then optionally the velocities \
of A and B (26), then optionally the horizon (21 or 27); the id is the line number. A first line \
with no number is a header; lines starting with # are comments.

Without a horizon on the line or --horizon, only pairs touching now have a contact (at time 0). \
A bad line gives {\"line\": N, \"error\": \"FILE:LINE:COLUMN: message\"} in its place, the run goes \
on, and the exit status is 1.";

/// Arguments of `sepax run`.
#[cfg(feature = "tui")]
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// A scene file (`scenes/edge_edge.toml`) or a shipped scene's name (`edge_edge`).
    pub scene: String,
    /// Open paused at this frame.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub frame: usize,
    /// Select this pair of bodies first, e.g. `--pair A,B`.
    #[arg(long, value_name = "A,B", value_parser = pair_names)]
    pub pair: Option<(String, String)>,
    /// The first view: xy, xz, yz, along-axis (looking across the selected axis) or four.
    #[arg(long, default_value = "xy", value_name = "VIEW",
          value_parser = ["xy", "xz", "yz", "along-axis", "four"])]
    pub view: String,
    /// Draw with plain ASCII characters only (no Braille, no box-drawing lines).
    #[arg(long)]
    pub ascii: bool,
}

/// Arguments of `sepax simulate`.
#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// A scene file (`scenes/bouncing_ball.toml`) or a shipped scene's name (`bouncing_ball`).
    pub scene: String,
    /// How many frames to simulate [default: the scene's `frames`].
    #[arg(long, value_name = "N", value_parser = frame_count, allow_hyphen_values = true)]
    pub frames: Option<usize>,
    /// Seconds per frame [default: the scene's `dt`].
    #[arg(long, value_name = "H", value_parser = positive_dt, allow_hyphen_values = true)]
    pub dt: Option<f64>,
    /// explicit-euler, semi-implicit-euler, midpoint, rk2, rk4 or implicit-euler
    /// [default: the scene's `integrator`].
    #[arg(long, value_name = "NAME", value_parser = integrator_name)]
    pub integrator: Option<String>,
    /// Take adaptive sub-steps so that each one's error estimate stays below E
    /// [default: the scene's `tolerance`, else one step per frame].
    #[arg(
        long,
        value_name = "E",
        value_parser = positive_tolerance,
        allow_hyphen_values = true
    )]
    pub tolerance: Option<f64>,
    /// Print JSON Lines, one object per frame from frame 0, instead of the table.
    #[arg(long)]
    pub json: bool,
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

/// One of the six integrators, named as in scenes.
fn integrator_name(text: &str) -> Result<String, String> {
    let names = sepax::scene::INTEGRATORS;
    if names.contains(&text) {
        return Ok(text.to_string());
    }
    let head = format!("unknown integrator `{text}`");
    let tail = format!("valid integrators: {}", names.join(", "));
    Err(sepax::scene::suggest(&head, text, names, &tail))
}

/// Arguments of `sepax lesson`.
#[cfg(feature = "tui")]
#[derive(Debug, clap::Args)]
pub struct LessonArgs {
    /// A lesson's number in the menu (`7`), a shipped lesson's name (`why_no_collision`) or a
    /// lesson file (`lessons/07_why_no_collision.toml`).
    pub lesson: Option<String>,
    /// Neither read nor save progress.
    #[arg(long)]
    pub no_progress: bool,
    /// Clear the saved progress of every lesson, and exit.
    #[arg(long, conflicts_with_all = ["lesson", "no_progress"])]
    pub reset: bool,
    /// Draw with plain ASCII characters only (no Braille, no box-drawing lines).
    #[arg(long)]
    pub ascii: bool,
}

/// A strictly positive, finite number of seconds.
fn positive_seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .map_err(|_| format!("`{text}` is not a number"))?;
    positive(
        text,
        "the horizon must be a positive, finite number of seconds",
    )
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
