//! `sepax simulate`: the world loop's frames as a text report or JSON Lines, each frame written
//! as soon as it is computed.

use std::io::{self, IsTerminal, Write};

use sepax::dynamics::world::Settings;
use sepax::scene::Scene;
use sepax::trace::{self, fixed, DivergedRecord, EventRecord, FrameRecord};

use crate::cli::SimulateArgs;
use crate::output::{self, Stream};
use crate::progress::Progress;

/// Simulates `scene` (the command line's overrides already in its `[world]`) and writes the
/// report as the frames are computed; with `--pair`, only that pair's contacts.
pub(crate) fn run(args: &SimulateArgs, scene: &Scene) -> Result<(), String> {
    let options = trace::SimOptions::default();
    let frames = scene.world.frames;
    let failed = |e: String| format!("error: {}: {e}", scene.name);
    let settings = options.settings(scene).map_err(failed)?;
    // The bar shows only when the report goes to a file or a pipe and standard error is a
    // terminal, so it never mixes with the table.
    let progress = if io::stdout().is_terminal() {
        Progress::hidden()
    } else {
        Progress::new("frame", frames)
    };
    let pair = args.pair.pair.clone();
    let records = trace::simulate_frames(scene, frames, &options)
        .map_err(failed)?
        .map(|mut record| {
            if let Some((a, b)) = &pair {
                record
                    .events
                    .retain(|e| (&e.a, &e.b) == (a, b) || (&e.a, &e.b) == (b, a));
            }
            progress.set(record.frame);
            record
        });
    let written = output::to_stdout(|out| {
        if args.json {
            write_json(out, records)
        } else {
            write_text(out, scene, &settings, frames, records)
        }
    });
    progress.finish();
    written
}

/// One JSON object per frame, one per line.
fn write_json(out: &mut Stream, records: impl Iterator<Item = FrameRecord>) -> io::Result<()> {
    for record in records {
        serde_json::to_writer(&mut *out, &record)?;
        out.write_all(b"\n")?;
        out.tick()?;
    }
    Ok(())
}

/// The text report of a simulation: settings, a per-frame table, a diverged run's event and the
/// contact events.
fn write_text(
    out: &mut Stream,
    scene: &Scene,
    settings: &Settings,
    frames: usize,
    records: impl Iterator<Item = FrameRecord>,
) -> io::Result<()> {
    let (dt, integrator) = (settings.dt, settings.integrator);
    let stepping = match settings.tolerance {
        Some(e) => format!("adaptive sub-steps to a tolerance of {e:e}"),
        None => "one step per frame".to_string(),
    };
    let title = scene.title.as_deref().map(|t| format!(": {t}"));
    writeln!(out, "scene {}{}", scene.name, title.unwrap_or_default())?;
    writeln!(
        out,
        "{integrator}, dt = {dt} s, {frames} frames, {stepping}\n"
    )?;
    writeln!(
        out,
        "frame       time  sub-steps  max error est.   total energy  resting"
    )?;
    let stride = if frames <= 60 { 1 } else { frames.div_ceil(40) };
    let mut events = Vec::new();
    let mut ending = (0, None);
    for record in records {
        let shown = record.frame % stride == 0
            || record.frame == frames
            || !record.events.is_empty()
            || record.capped
            || record.diverged.is_some();
        if shown {
            writeln!(out, "{}", table_row(&record))?;
            out.tick()?;
        }
        events.extend(record.events.into_iter().map(|e| (record.frame, e)));
        ending = (record.frame, record.diverged);
    }
    if stride > 1 {
        writeln!(
            out,
            "(one frame in {stride}, the last one and every frame with a contact; \
             --json prints all {})",
            ending.0 + 1
        )?;
    }
    if let Some(diverged) = &ending.1 {
        write_divergence(out, diverged)?;
    }
    write_contacts(out, &events)
}

/// One row of the frame table.
fn table_row(record: &FrameRecord) -> String {
    let error = record
        .bodies
        .iter()
        .map(|b| b.error_estimate)
        .fold(0.0, sepax::math::max_nan);
    let cap = if record.capped {
        "  (contact cap reached)"
    } else {
        ""
    };
    format!(
        "{:>5} {:>10} {:>10} {:>14.3e} {:>14} {:>8}{cap}",
        record.frame,
        fixed(record.time, 4),
        record.substeps,
        error,
        fixed(record.energy.total, 6),
        record.resting_points
    )
}

/// The event that ended a diverged run.
fn write_divergence(out: &mut Stream, diverged: &DivergedRecord) -> io::Result<()> {
    writeln!(
        out,
        "\n{}; the run ends here (its error estimate is NaN)",
        diverged.sentence()
    )
}

/// Every contact event with its place, impulse and the course's estimates of its time.
fn write_contacts(out: &mut Stream, events: &[(usize, EventRecord)]) -> io::Result<()> {
    writeln!(out, "\ncontacts: {}", events.len())?;
    let v = |p: &[f64; 3]| trace::coordinates(p, 4);
    for (frame, e) in events {
        let axis = e.axis.as_deref().map(|a| format!(", axis {a}"));
        writeln!(
            out,
            "  t = {:.9} s (frame {frame}): {} and {} at {}, normal {}{}, impulse {}, \
             restitution {}",
            e.time,
            e.a,
            e.b,
            v(&e.point),
            v(&e.normal),
            axis.unwrap_or_default(),
            fixed(e.impulse, 6),
            e.restitution
        )?;
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
            writeln!(
                out,
                "      estimates against the root: {}",
                estimates.join(", ")
            )?;
        }
        out.tick()?;
    }
    Ok(())
}
