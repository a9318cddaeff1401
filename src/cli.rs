//! Command-line definitions (clap derive).

mod choices;
mod overrides;

use clap::{Parser, Subcommand};

#[cfg(feature = "tui")]
pub(crate) use choices::View;
pub(crate) use choices::{Color, Format, Rule};
pub(crate) use overrides::{FrameArg, PairArg, SceneOverrides};

/// sepax: step through collision detection and physics-based animation, and see why two boxes
/// did or did not collide.
#[derive(Debug, Parser)]
#[command(name = "sepax", version, about, long_about = None)]
#[command(
    after_help = "Scenes are TOML files or the name of a shipped scene (see `sepax scenes`).\n\
Bad input exits with status 2 and one `path:line:column: message` per problem."
)]
pub(crate) struct Cli {
    /// What to do; with none, sepax opens the lesson menu in a terminal (else lists the lessons
    /// and the scenes).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// When to colour the output and the error messages.
    #[arg(long, global = true, value_enum, default_value_t = Color::Auto, value_name = "WHEN")]
    pub color: Color,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
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
        /// Print JSON instead of text: one object, `scenes` and `lessons`, each a list of `name`
        /// and `title` (lessons also their `number`).
        #[arg(long, short = 'j')]
        json: bool,
    },
    /// Validate scenes and lessons and run every lesson expectation against the engine
    /// (with no paths: everything shipped). Exit status 1 when a fact fails, 2 when a file is
    /// invalid.
    Check {
        /// Scene or lesson files, or folders of them.
        paths: Vec<std::path::PathBuf>,
        /// Print JSON instead of text: one object, the counts, and every failure and problem as
        /// `path:line:column: message`.
        #[arg(long, short = 'j')]
        json: bool,
    },
}

/// Arguments of `sepax explain`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["scene", "pairs"])))]
// Each flag is a switch of its own on the command line.
#[allow(clippy::struct_excessive_bools)]
pub(crate) struct ExplainArgs {
    /// A scene file (`scenes/two_boxes.toml`) or a shipped scene's name (`two_boxes`).
    pub scene: Option<String>,
    #[command(flatten)]
    pub frame: FrameArg,
    #[command(flatten)]
    pub world: SceneOverrides,
    /// How far ahead to look for the first contact, in seconds; 0: this instant only
    /// [default: the rest of the scene, its frames after --frame times dt (one frame when the
    /// scene gives no `frames`); with --pairs, 0 for the lines that give none].
    #[arg(long, value_name = "SECONDS", value_parser = overrides::seconds)]
    pub horizon: Option<f64>,
    #[command(flatten)]
    pub pair: PairArg,
    /// Only the pairs that intersect now, rest on each other (apart by at most 1e-8 m, the gap at
    /// which `simulate` holds a resting contact) or first touch within the horizon.
    #[arg(long)]
    pub touching: bool,
    /// At most N pairs, the first ones in scene order (after --touching).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// The rule for near-parallel edges.
    #[arg(long, value_enum, default_value_t = Rule::PerAxis, value_name = "RULE")]
    pub rule: Rule,
    /// Print JSON instead of text: one object (with --pairs --summary: the counts).
    #[arg(long, short = 'j')]
    pub json: bool,
    /// Add each body's 4x4 homogeneous transform and its inverse, and each pair's rotation
    /// (`R[i][j] = A_i · B_j`) and translation (B's centre in A's frame), as the separating-axis
    /// table uses them (JSON: `frames`).
    #[arg(long, conflicts_with = "pairs")]
    pub transforms: bool,
    /// Add the linear system the implicit-Euler step from this frame solves: the matrix, the
    /// right-hand side, nalgebra's LU factors, the solution and its residual (JSON:
    /// `linear_system`; the scene's integrator must be implicit-euler).
    #[arg(long, conflicts_with = "pairs")]
    pub linear_system: bool,
    /// Explain many box pairs, one a line of FILE (`-`: standard input), JSON Lines or CSV,
    /// each as a scene of boxes A and B at frame 0: one JSON line out per pair, in order.
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["scene", "frame", "pair", "frames", "dt", "integrator", "tolerance"],
          long_help = PAIRS_HELP)]
    pub pairs: Option<String>,
    /// The format of --pairs [default: by the extension (.csv; .json, .jsonl, .ndjson), else
    /// JSON Lines when the first character is `{`, else CSV].
    #[arg(long, value_name = "FORMAT", value_enum)]
    pub format: Option<Format>,
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
pub(crate) struct RunArgs {
    /// A scene file (`scenes/edge_edge.toml`) or a shipped scene's name (`edge_edge`).
    pub scene: String,
    #[command(flatten)]
    pub frame: FrameArg,
    #[command(flatten)]
    pub world: SceneOverrides,
    #[command(flatten)]
    pub pair: PairArg,
    /// The first view.
    #[arg(long, value_enum, default_value_t = View::Xy, value_name = "VIEW")]
    pub view: View,
    /// Draw with plain ASCII characters only (no Braille, no box-drawing lines).
    #[arg(long)]
    pub ascii: bool,
}

/// Arguments of `sepax simulate`.
#[derive(Debug, clap::Args)]
pub(crate) struct SimulateArgs {
    /// A scene file (`scenes/bouncing_ball.toml`) or a shipped scene's name (`bouncing_ball`).
    pub scene: String,
    #[command(flatten)]
    pub world: SceneOverrides,
    #[command(flatten)]
    pub pair: PairArg,
    /// Print JSON instead of text: JSON Lines, one object per frame from frame 0.
    #[arg(long, short = 'j')]
    pub json: bool,
}

/// Arguments of `sepax lesson`.
#[cfg(feature = "tui")]
#[derive(Debug, clap::Args)]
pub(crate) struct LessonArgs {
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
