//! The `sepax` binary: one handler per subcommand.

mod check_cmd;
mod cli;
mod explain_out;
mod output;
mod pairs_cmd;
mod simulate_cmd;

use std::fmt::Write as _;
#[cfg(feature = "tui")]
use std::io::IsTerminal;
use std::io::Write as _;
use std::process::ExitCode;

use clap::Parser;
use sepax::sat::Robustness;
use sepax::scene::{self, Scene};
use sepax::trace;

use cli::{Cli, Command, ExplainArgs};

/// Exit status for invalid input (scene files, arguments).
const INVALID_INPUT: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
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
            let theme = sepax::tui::Theme::new(no_color(), false);
            let store = sepax::lesson::progress::Store::standard();
            sepax::tui::run_lessons(None, &store, theme)
                .map_err(|e| format!("error: terminal: {e}"))
        }
        Some(Command::Simulate(args)) => simulate_cmd::run(&args, load_scene),
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

/// Loads a scene by path or shipped name, rendering diagnostics as the error.
fn load_scene(arg: &str) -> Result<Scene, String> {
    scene::load(arg).map_err(|diagnostics| diagnostics.to_string())
}

/// Whether the `NO_COLOR` convention asks for no colour (set and not empty).
#[cfg(feature = "tui")]
fn no_color() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty())
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
    use sepax::draw::View;
    use sepax::tui::{self, Options, Theme};

    let scene = load_scene(&args.scene)?;
    check_frame(&scene, args.frame)?;
    check_pair(&scene, args.pair.as_ref())?;
    if !std::io::stdout().is_terminal() {
        return Err("error: sepax run draws in a terminal; use sepax explain for text".into());
    }
    let options = Options {
        frame: args.frame,
        pair: args.pair.clone(),
        view: View::parse(&args.view),
        four: args.view == "four",
        theme: Theme::new(no_color(), args.ascii),
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
            let loaded = lesson::load_lesson(arg).map_err(|d| d.to_string())?;
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
    let theme = Theme::new(no_color(), args.ascii);
    tui::run_lessons(start, &store, theme).map_err(|e| format!("error: terminal: {e}"))
}

fn explain(args: &ExplainArgs) -> Result<(), String> {
    let Some(scene) = args.scene.as_deref() else {
        return Err("error: sepax explain needs a SCENE or --pairs FILE".into());
    };
    if args.summary || args.full || args.format.is_some() {
        return Err("error: --summary, --full and --format go with --pairs FILE".into());
    }
    let scene = load_scene(scene)?;
    check_frame(&scene, args.frame)?;
    check_pair(&scene, args.pair.as_ref())?;
    let pair = args.pair.as_ref().map(|(a, b)| (a.as_str(), b.as_str()));
    let rule = Robustness::from_name(&args.rule).unwrap_or_default();
    let horizon = args.horizon.unwrap_or(scene.world.dt);
    let reached = trace::frame_at(&scene, args.frame, &trace::SimOptions::default())
        .map_err(|e| format!("error: {}: {e}", scene.name))?;
    let bodies = &reached.specs;
    let mut head = trace::explain_head(&scene, bodies, args.frame, horizon);
    if scene.world.solver.resting == sepax::dynamics::world::Resting::Soft && args.frame > 0 {
        head.solver = Some(trace::soft_step_record(&reached, pair));
    }
    if args.frames {
        head.frames = Some(trace::frames_record(bodies, pair));
    }
    if args.linear_system {
        let system = trace::linear_system_record(&scene, args.frame);
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
