//! The contact panel's lines about the soft step: what it did at the selected pair (summed over
//! its points), its substeps, sweeps and contact frequency, and the bodies asleep.

use super::App;
use crate::dynamics::world::Resting;
use crate::trace::{counted, held_pair, HeldPair};

/// The narrowest contact panel (inner columns) that shows the soft step's long lines; a narrower
/// one shows its short lines first.
pub const PANEL_WIDE: usize = 56;

/// What the soft step did at the selected pair in this frame, summed over its points.
struct Held(HeldPair);

impl Held {
    /// The selected pair's soft-step record in the app's frame, if the soft step held it.
    fn of(app: &App) -> Option<Self> {
        let pair = app.pair()?;
        held_pair(app.record(), &pair.a, &pair.b).map(Self)
    }

    /// "4 points" or "1 point".
    fn counted(&self) -> String {
        counted(self.0.points, "point", "points")
    }

    /// `push-out capped` after `separator` when the push-out cap was hit, else nothing.
    fn capped(&self, separator: &str) -> String {
        if self.0.push_out_capped {
            format!("{separator}push-out capped")
        } else {
            String::new()
        }
    }

    /// "sliding" or "sticking".
    fn friction(&self) -> &'static str {
        if self.0.sliding {
            "sliding"
        } else {
            "sticking"
        }
    }
}

/// What the soft step did at the selected pair in this frame (its points' summed impulse,
/// sticking or sliding, the deepest overlap at the frame's end and start, the predicted sink
/// and the warm start; `wide`: in three long lines, else in five of at most 40 columns), then,
/// in a scene the soft step holds, its settings and the bodies asleep.
pub fn soft_step_lines(app: &App, wide: bool) -> Vec<String> {
    let mut out = match Held::of(app) {
        Some(held) if wide => wide_held_lines(app, &held),
        Some(held) => short_held_lines(app, &held),
        None => Vec::new(),
    };
    out.extend(solver_lines(app));
    out
}

/// The soft step's substeps, sweeps and contact frequency (as capped for the frame), and the
/// bodies asleep at the frame's end; nothing in a scene whose resting contacts it does not hold.
fn solver_lines(app: &App) -> Vec<String> {
    let world = &app.scene().world;
    let solver = &world.solver;
    if solver.resting != Resting::Soft {
        return Vec::new();
    }
    let hertz = solver.effective_hertz(world.dt);
    // A whole number of hertz (a cap of 15.000000000000002) without decimals, else one.
    let decimals = usize::from((hertz - hertz.round()).abs() >= 1e-9);
    vec![
        format!(
            "substeps        {}, {} each, {} Hz",
            solver.substeps,
            counted(solver.iterations, "sweep", "sweeps"),
            app.mask().fixed(hertz, decimals)
        ),
        format!(
            "asleep          {}",
            counted(app.record().sleeping, "body", "bodies")
        ),
    ]
}

/// The held pair in three lines as a wide panel shows them.
fn wide_held_lines(app: &App, held: &Held) -> Vec<String> {
    let mask = app.mask();
    vec![
        format!(
            "soft step       {}, impulse {} N s, {}",
            held.counted(),
            mask.fixed(held.0.impulse, 4),
            held.friction(),
        ),
        format!(
            "overlap         {} mm ({} at the frame start)",
            mask.fixed(held.0.overlap_end * 1e3, 4),
            mask.fixed(held.0.overlap_start * 1e3, 4)
        ),
        format!(
            "sink predicted  {} mm; warm start {} N s{}",
            mask.fixed(held.0.predicted_sink * 1e3, 4),
            mask.fixed(held.0.warm_start, 4),
            held.capped("; ")
        ),
    ]
}

/// The held pair in five lines of at most 40 columns (a push-out cap adds words to the first).
fn short_held_lines(app: &App, held: &Held) -> Vec<String> {
    let mask = app.mask();
    vec![
        format!(
            "soft step       {}, {}{}",
            held.counted(),
            held.friction(),
            held.capped(", ")
        ),
        format!("impulse         {} N s", mask.fixed(held.0.impulse, 4)),
        format!("warm start      {} N s", mask.fixed(held.0.warm_start, 4)),
        format!(
            "overlap         {} mm (start {})",
            mask.fixed(held.0.overlap_end * 1e3, 4),
            mask.fixed(held.0.overlap_start * 1e3, 4)
        ),
        format!(
            "sink predicted  {} mm",
            mask.fixed(held.0.predicted_sink * 1e3, 4)
        ),
    ]
}

/// The compact layout's line for a pair the soft step holds (in place of its first contact,
/// which is the frame's start): points, impulse, sticking or sliding, overlap and predicted sink.
pub fn soft_step_summary(app: &App) -> Option<String> {
    let mask = app.mask();
    let held = Held::of(app)?;
    Some(format!(
        "soft step: {}, {} N s, {}, overlap {} mm, sink {} mm",
        held.counted(),
        mask.fixed(held.0.impulse, 4),
        held.friction(),
        mask.fixed(held.0.overlap_end * 1e3, 4),
        mask.fixed(held.0.predicted_sink * 1e3, 4)
    ))
}
