//! The contact panel's lines about conservative advancement: for a convex pair that closes, each
//! step's time, distance, closing speed along the normal and safe step, down to the contact.

use super::App;
use crate::geometry::advance::Advancement;
use crate::lesson::{Mask, HIDDEN};

/// The lines' title: the method and its step.
const TITLE: &str = "conservative advancement, t += d / (n·v)";

/// The column names, aligned with [`row`] (the first names the method in a narrow panel).
const HEADER: [&str; 2] = ["k", "advance"];

/// The column names after the first.
const COLUMNS: &str = "t        d      n·v     step";

/// Conservative advancement's steps for the selected pair in this frame when a lesson step works
/// the method (none when the pair is not a convex pair closing within the frame), what the mask
/// hides shown as `?`; `wide`: under a title with the method's step, else the header alone names
/// it.
///
/// # Algorithm
/// One line per step `k`: `t_k`, GJK's distance `d_k`, the closing speed `n·v_rel` along the
/// step's normal and the step `d_k / (n·v_rel)` with 5 decimals. Each time is the sum of the one
/// before and its step, so once a row holds a number the mask hides (or its sum gives one), that
/// row and every later one show `?` throughout.
pub fn advance_lines(app: &App, wide: bool) -> Vec<String> {
    if !app.step_shows.contains(&crate::lesson::Shown::Method) {
        return Vec::new();
    }
    let Some(advance) = app
        .pair()
        .and_then(|pair| pair.gjk.as_ref())
        .and_then(|gjk| gjk.advancement.as_ref())
    else {
        return Vec::new();
    };
    let mask = app.mask();
    let mut hidden = false;
    let first = HEADER[usize::from(!wide)];
    let mut out = if wide {
        vec![TITLE.to_string()]
    } else {
        Vec::new()
    };
    out.push(format!("{first:<11}{COLUMNS}"));
    for k in 0..advance.steps.len() {
        hidden = hidden || row_tied(mask, advance, k);
        out.push(row(mask, advance, k, hidden));
    }
    if app.theme().ascii {
        out = out.into_iter().map(|line| line.replace('·', ".")).collect();
    }
    out
}

/// Whether the mask hides a number of step `k` or the time it leads to.
fn row_tied(mask: &Mask, advance: &Advancement, k: usize) -> bool {
    let step = &advance.steps[k];
    let mut tied = vec![step.time, step.distance, step.closing_speed_bound];
    if step.step.is_finite() {
        tied.extend([step.step, step.time + step.step]);
    }
    mask.ties(&tied)
}

/// Step `k` as a row of the panel: number, `t`, `d`, `n·v` and the step (`never` when the pair
/// does not close along the normal).
fn row(mask: &Mask, advance: &Advancement, k: usize, hidden: bool) -> String {
    let step = &advance.steps[k];
    let cell = |x: f64| {
        if hidden {
            HIDDEN.to_string()
        } else {
            mask.fixed(x, 5)
        }
    };
    let dt = if step.step.is_finite() {
        cell(step.step)
    } else {
        "never".to_string()
    };
    format!(
        "{k:<3}{:>9}{:>9}{:>9}{dt:>9}",
        cell(step.time),
        cell(step.distance),
        cell(step.closing_speed_bound)
    )
}
