//! The `sepax` binary: one handler per subcommand.

mod check_cmd;
mod cli;

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
        Some(Command::Check { paths }) => return check_cmd::run(&paths),
        Some(Command::Explain(args)) => explain(&args),
        Some(Command::Scenes) | None => {
            list_scenes(cli.command.is_none());
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprint!("{message}");
            if !message.ends_with('\n') {
                eprintln!();
            }
            ExitCode::from(INVALID_INPUT)
        }
    }
}

/// Loads a scene by path or shipped name, rendering diagnostics as the error.
fn load_scene(arg: &str) -> Result<Scene, String> {
    scene::load(arg).map_err(|diagnostics| diagnostics.to_string())
}

fn explain(args: &ExplainArgs) -> Result<(), String> {
    let scene = load_scene(&args.scene)?;
    if args.frame > scene.world.frames {
        return Err(format!(
            "error: --frame {} is past the last frame of scene {} ({})",
            args.frame, scene.name, scene.world.frames
        ));
    }
    let pair = match &args.pair {
        Some((a, b)) => {
            for name in [a, b] {
                if !scene.bodies.iter().any(|body| &body.name == name) {
                    let names: Vec<&str> = scene.bodies.iter().map(|b| b.name.as_str()).collect();
                    return Err(format!(
                        "error: --pair: scene {} has no body named `{name}` (bodies: {})",
                        scene.name,
                        names.join(", ")
                    ));
                }
            }
            if a == b {
                return Err(format!(
                    "error: --pair: `{a}` is named twice; give two different bodies"
                ));
            }
            Some((a.as_str(), b.as_str()))
        }
        None => None,
    };
    let rule = Robustness::from_name(&args.rule).unwrap_or_default();
    let horizon = args.horizon.unwrap_or(scene.world.dt);
    let bodies = trace::bodies_at_frame(&scene, args.frame);
    let explanation = trace::explain(&scene, &bodies, args.frame, horizon, pair, rule);
    if args.json {
        let json = serde_json::to_string(&explanation).map_err(|e| format!("error: {e}"))?;
        println!("{json}");
    } else {
        print!(
            "{}",
            trace::render_text(&explanation, scene.title.as_deref())
        );
    }
    Ok(())
}

fn list_scenes(with_intro: bool) {
    if with_intro {
        println!("sepax: see why two boxes did or did not collide.\n");
        println!("Try: sepax explain two_boxes     (or any scene below; sepax --help for more)\n");
    }
    println!("Shipped scenes:");
    for (name, text) in scene::shipped_scenes() {
        let title = scene::load_str(text, name)
            .ok()
            .and_then(|s| s.title)
            .unwrap_or_default();
        println!("  {name:<24} {title}");
    }
}
