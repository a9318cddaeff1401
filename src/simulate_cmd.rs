//! `sepax simulate`: the world loop's frames as a text report or JSON Lines.

use std::fmt::Write as _;

use sepax::dynamics::world::Settings;
use sepax::scene::Scene;
use sepax::trace;

use crate::cli::SimulateArgs;

/// Simulates the scene named in `args` (loaded with `load_scene`) and prints the report.
pub fn run(
    args: &SimulateArgs,
    load_scene: fn(&str) -> Result<Scene, String>,
) -> Result<(), String> {
    let scene = load_scene(&args.scene)?;
    let options = trace::SimOptions {
        dt: args.dt,
        integrator: args.integrator.clone(),
        tolerance: args.tolerance,
    };
    let frames = args.frames.unwrap_or(scene.world.frames);
    let failed = |e: String| format!("error: {}: {e}", scene.name);
    let settings = options.settings(&scene).map_err(failed)?;
    let timeline = trace::simulate_timeline(&scene, frames, &options).map_err(failed)?;
    if args.json {
        let mut out = String::new();
        for record in &timeline {
            out += &serde_json::to_string(record).map_err(|e| format!("error: {e}"))?;
            out.push('\n');
        }
        print!("{out}");
    } else {
        print!("{}", simulation_text(&scene, &settings, &timeline));
    }
    Ok(())
}

/// The text report of a simulation: settings, a per-frame table and the contact events.
fn simulation_text(scene: &Scene, settings: &Settings, timeline: &[trace::FrameRecord]) -> String {
    let frames = timeline.len() - 1;
    let (dt, integrator) = (settings.dt, settings.integrator);
    let stepping = match settings.tolerance {
        Some(e) => format!("adaptive sub-steps to a tolerance of {e:e}"),
        None => "one step per frame".to_string(),
    };
    let title = scene.title.as_deref().map(|t| format!(": {t}"));
    let mut out = format!("scene {}{}\n", scene.name, title.unwrap_or_default());
    let _ = writeln!(
        out,
        "{integrator}, dt = {dt} s, {frames} frames, {stepping}\n"
    );
    out += &frame_table(timeline);
    out += &contact_list(timeline);
    out
}

/// Every frame up to 60, else one frame in k (plus the last and those with contacts), as rows.
fn frame_table(timeline: &[trace::FrameRecord]) -> String {
    let frames = timeline.len() - 1;
    let stride = if frames <= 60 { 1 } else { frames.div_ceil(40) };
    let mut out =
        "frame       time  sub-steps  max error est.   total energy  resting\n".to_string();
    for r in timeline {
        if r.frame % stride == 0 || r.frame == frames || !r.events.is_empty() || r.capped {
            let error = r
                .bodies
                .iter()
                .map(|b| b.error_estimate)
                .fold(0.0, f64::max);
            let cap = if r.capped {
                "  (contact cap reached)"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "{:>5} {:>10.4} {:>10} {:>14.3e} {:>14.6} {:>8}{cap}",
                r.frame, r.time, r.substeps, error, r.energy.total, r.resting_points
            );
        }
    }
    if stride > 1 {
        let _ = writeln!(
            out,
            "(one frame in {stride}, the last one and every frame with a contact; \
             --json prints all {})",
            frames + 1
        );
    }
    out
}

/// Every contact event with its place, impulse and the seed's estimates of its time.
fn contact_list(timeline: &[trace::FrameRecord]) -> String {
    let events: Vec<_> = timeline
        .iter()
        .flat_map(|r| r.events.iter().map(move |e| (r.frame, e)))
        .collect();
    let mut out = format!("\ncontacts: {}\n", events.len());
    let v = |p: &[f64; 3]| format!("({:.4}, {:.4}, {:.4})", p[0], p[1], p[2]);
    for (frame, e) in events {
        let axis = e.axis.as_deref().map(|a| format!(", axis {a}"));
        let _ = writeln!(
            out,
            "  t = {:.9} s (frame {frame}): {} and {} at {}, normal {}{}, impulse {:.6}, \
             restitution {}",
            e.time,
            e.a,
            e.b,
            v(&e.point),
            v(&e.normal),
            axis.unwrap_or_default(),
            e.impulse,
            e.restitution
        );
        let estimates: Vec<String> = e
            .approximations
            .iter()
            .skip(1)
            .map(|x| match x.error {
                Some(error) => format!("{} {error:+.2e} s", x.method.name()),
                None => format!("{} none", x.method.name()),
            })
            .collect();
        if !estimates.is_empty() {
            let _ = writeln!(
                out,
                "      estimates against the root: {}",
                estimates.join(", ")
            );
        }
    }
    out
}
