//! The `sepax` binary: one handler per subcommand.

mod check_cmd;
mod cli;
mod color;
mod explain_out;
mod output;
mod pairs_cmd;
mod progress;
mod simulate_cmd;

use std::fmt::Write as _;
#[cfg(feature = "tui")]
use std::io::IsTerminal;
use std::io::Write as _;
use std::process::ExitCode;

use clap::Parser;
use sepax::scene::{self, Scene};
use sepax::trace;

use cli::{Cli, Command, ExplainArgs, SceneOverrides};

/// Exit status for invalid input (scene files, arguments).
const INVALID_INPUT: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    color::set(cli.color);
    let result = match cli.command {
        Some(Command::Check { paths, json }) => return check_cmd::run(&paths, json),
        Some(Command::Explain(args)) if args.pairs.is_some() => return pairs_cmd::run(&args),
        Some(Command::Explain(args)) => explain(&args),
        #[cfg(feature = "tui")]
        Some(Command::Run(args)) => run(&args),
        #[cfg(feature = "tui")]
        Some(Command::Lesson(args)) => lesson(&args),
        #[cfg(feature = "tui")]
        None if std::io::stdout().is_terminal() => {
            let theme = sepax::tui::Theme::new(!color::allowed(), false);
            let store = sepax::lesson::progress::Store::standard();
            sepax::tui::run_lessons(None, &store, theme)
                .map_err(|e| format!("error: terminal: {e}"))
        }
        Some(Command::Simulate(args)) => simulate(&args),
        Some(Command::Scenes { json: true }) => list_scenes_json(),
        Some(Command::Scenes { json: false }) | None => list_scenes(cli.command.is_none()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            output::to_stderr(&message);
            ExitCode::from(INVALID_INPUT)
        }
    }
}

/// Loads a scene by path or shipped name with the command line's `[world]` overrides,
/// rendering diagnostics (in colour when standard error allows it) as the error.
fn load_scene(arg: &str, overrides: &SceneOverrides) -> Result<Scene, String> {
    let mut scene = scene::load(arg).map_err(|diagnostics| diagnostics.render(color::stderr()))?;
    overrides.apply(&mut scene);
    Ok(scene)
}

/// Simulates a scene, checking `--pair` first.
fn simulate(args: &cli::SimulateArgs) -> Result<(), String> {
    let scene = load_scene(&args.scene, &args.world)?;
    check_pair(&scene, args.pair.pair.as_ref())?;
    simulate_cmd::run(args, &scene)
}

/// Checks `--frame` against the scene's last frame.
fn check_frame(scene: &Scene, frame: usize) -> Result<(), String> {
    if frame > scene.world.frames {
        return Err(format!(
            "error: --frame {frame} is past the last frame of scene {} ({})",
            scene.name, scene.world.frames
        ));
    }
    Ok(())
}

/// Checks that `--pair` names two different bodies of the scene.
fn check_pair(scene: &Scene, pair: Option<&(String, String)>) -> Result<(), String> {
    let Some((a, b)) = pair else { return Ok(()) };
    for name in [a, b] {
        if !scene.bodies.iter().any(|body| &body.name == name) {
            let names: Vec<&str> = scene.bodies.iter().map(|b| b.name.as_str()).collect();
            let head = format!(
                "error: --pair: scene {} has no body named `{name}`",
                scene.name
            );
            let tail = scene::listing("bodies", &names, "the scene's [[body]] tables");
            return Err(scene::suggest(&head, name, &names, &tail));
        }
    }
    if a == b {
        return Err(format!(
            "error: --pair: `{a}` is named twice; give two different bodies"
        ));
    }
    Ok(())
}

/// Opens the debugger; every argument is checked before the terminal is taken over.
#[cfg(feature = "tui")]
fn run(args: &cli::RunArgs) -> Result<(), String> {
    use sepax::tui::{self, Options, Theme};

    let scene = load_scene(&args.scene, &args.world)?;
    check_frame(&scene, args.frame.frame)?;
    check_pair(&scene, args.pair.pair.as_ref())?;
    if !std::io::stdout().is_terminal() {
        return Err("error: sepax run draws in a terminal; use sepax explain for text".into());
    }
    let options = Options {
        frame: args.frame.frame,
        pair: args.pair.pair.clone(),
        view: args.view.view(),
        four: args.view == cli::View::Four,
        theme: Theme::new(!color::allowed(), args.ascii),
    };
    tui::run_scene(scene, &options).map_err(|e| format!("error: terminal: {e}"))
}

/// Opens a lesson (or the menu), or clears the saved progress; a lesson that does not load is
/// reported before the terminal is taken over.
#[cfg(feature = "tui")]
fn lesson(args: &cli::LessonArgs) -> Result<(), String> {
    use sepax::lesson::{self, progress::Store};
    use sepax::tui::{self, Theme};

    let store = if args.no_progress {
        Store::off()
    } else {
        Store::standard()
    };
    if args.reset {
        let Some(path) = &store.path else {
            return Err("error: no data directory to keep lesson progress in".into());
        };
        return match store.reset() {
            Ok(true) => output::to_stdout(|out| {
                writeln!(out, "sepax: lesson progress cleared ({})", path.display())
            }),
            Ok(false) => {
                output::to_stdout(|out| writeln!(out, "sepax: no saved lesson progress to clear"))
            }
            Err(why) => Err(format!("error: {why}")),
        };
    }
    let start = match &args.lesson {
        Some(arg) => {
            let loaded = lesson::load_lesson(arg).map_err(|d| d.render(color::stderr()))?;
            let number = scene::shipped_lessons()
                .iter()
                .enumerate()
                .find(|(_, (name, _))| loaded.path == lesson::shipped_path(name))
                .map(|(k, (name, _))| lesson::number(name, k));
            Some((loaded, number))
        }
        None => None,
    };
    if !std::io::stdout().is_terminal() {
        return Err(
            "error: sepax lesson draws in a terminal; sepax check runs a lesson's facts".into(),
        );
    }
    let theme = Theme::new(!color::allowed(), args.ascii);
    tui::run_lessons(start, &store, theme).map_err(|e| format!("error: terminal: {e}"))
}

fn explain(args: &ExplainArgs) -> Result<(), String> {
    let Some(scene) = args.scene.as_deref() else {
        return Err("error: sepax explain needs a SCENE or --pairs FILE".into());
    };
    if args.summary || args.full || args.format.is_some() {
        return Err("error: --summary, --full and --format go with --pairs FILE".into());
    }
    let scene = load_scene(scene, &args.world)?;
    let frame = args.frame.frame;
    check_frame(&scene, frame)?;
    check_pair(&scene, args.pair.pair.as_ref())?;
    let pair = args
        .pair
        .pair
        .as_ref()
        .map(|(a, b)| (a.as_str(), b.as_str()));
    let rule = args.rule.robustness();
    let (horizon, horizon_from) = horizon(&scene, frame, args.horizon);
    let reached = trace::frame_at(&scene, frame, &trace::SimOptions::default())
        .map_err(|e| format!("error: {}: {e}", scene.name))?;
    let bodies = &reached.specs;
    let mut head = trace::explain_head(&scene, bodies, frame, horizon);
    head.horizon_from = Some(horizon_from);
    if scene.world.solver.resting == sepax::dynamics::world::Resting::Soft && frame > 0 {
        head.solver = Some(trace::soft_step_record(&reached, pair));
    }
    if args.transforms {
        head.frames = Some(trace::frames_record(bodies, pair));
    }
    if args.linear_system {
        let system = trace::linear_system_record(&scene, frame);
        head.linear_system = Some(system.map_err(|e| format!("error: {e}"))?);
    }
    let filter = trace::PairFilter {
        only_pair: pair,
        touching: args.touching,
        limit: args.limit,
    };
    let pairs = trace::explain_pairs(bodies, head.time, horizon, filter, rule);
    let title = scene.title.as_deref();
    output::to_stdout(|out| explain_out::write(out, &head, pairs, args.json, title))
}

/// The horizon `explain` searches from `frame`: `--horizon` when given, else the rest of the
/// scene (its frames after `frame` times dt), else one frame when the scene gives no `frames`.
fn horizon(scene: &Scene, frame: usize, given: Option<f64>) -> (f64, trace::HorizonFrom) {
    let world = &scene.world;
    match given {
        Some(seconds) => (seconds, trace::HorizonFrom::Option),
        None if world.frames_given => {
            let left = world.frames.saturating_sub(frame);
            (left as f64 * world.dt, trace::HorizonFrom::RestOfScene)
        }
        None => (world.dt, trace::HorizonFrom::OneFrame),
    }
}

/// Prints the shipped scenes and lessons as one JSON object.
fn list_scenes_json() -> Result<(), String> {
    let scenes: Vec<serde_json::Value> = scene::shipped_scenes()
        .iter()
        .map(|(name, text)| {
            let title = scene::load_shipped(name, text).ok().and_then(|s| s.title);
            serde_json::json!({ "name": name, "title": title })
        })
        .collect();
    let lessons: Vec<serde_json::Value> = scene::shipped_lessons()
        .iter()
        .enumerate()
        .map(|(k, (name, text))| {
            let title = sepax::lesson::load_shipped(name, text)
                .ok()
                .map(|l| l.title);
            let number = sepax::lesson::number(name, k);
            serde_json::json!({ "number": number, "name": name, "title": title })
        })
        .collect();
    let all = serde_json::json!({ "scenes": scenes, "lessons": lessons });
    output::to_stdout(|stdout| writeln!(stdout, "{all}"))
}

/// Prints the shipped scenes (after an introduction and the lessons when `with_intro`).
fn list_scenes(with_intro: bool) -> Result<(), String> {
    let mut out = String::new();
    if with_intro {
        let first = scene::shipped_lessons()
            .first()
            .map_or(1, |(name, _)| sepax::lesson::number(name, 0));
        out.push_str("sepax: see why two boxes did or did not collide.\n\n");
        let _ = writeln!(
            out,
            "Try: sepax lesson {first:<15}(a guided lesson, in a terminal; sepax alone: the menu)"
        );
        out.push_str("     sepax run edge_edge         (the step debugger, in a terminal)\n");
        out.push_str(
            "     sepax explain two_boxes     (or any scene below; sepax --help for more)\n\n",
        );
        out.push_str("Lessons (sepax lesson N):\n");
        for (k, (name, text)) in scene::shipped_lessons().iter().enumerate() {
            let number = sepax::lesson::number(name, k);
            let title = sepax::lesson::load_shipped(name, text)
                .map_or_else(|_| sepax::lesson::NOT_LOADING.into(), |l| l.title);
            let _ = writeln!(out, "  {number:>2}  {name:<26} {title}");
        }
        out.push('\n');
    }
    out.push_str("Shipped scenes:\n");
    for (name, text) in scene::shipped_scenes() {
        let title = scene::load_shipped(name, text)
            .ok()
            .and_then(|s| s.title)
            .unwrap_or_default();
        let _ = writeln!(out, "  {name:<24} {title}");
    }
    output::to_stdout(|stdout| stdout.write_all(out.as_bytes()))
}
