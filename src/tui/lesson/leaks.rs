//! Whether an open question's screen gives its answer away: the lesson drawn at the sizes
//! `sepax check` reads, with the question open, and its debugger read as a learner reads it.

use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::Terminal;

use super::{LessonAction, Player};
use crate::lesson::{Answer, Lesson};
use crate::trace::PairRecord;
use crate::tui::Theme;

/// The sizes every question is read at: the smallest supported terminal and the usual one.
pub const LEAK_SIZES: [(u16, u16); 2] = [(120, 40), (80, 24)];

/// One way an open question's screen gives its answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Leak {
    /// The step index.
    pub step: usize,
    /// The terminal size.
    pub size: (u16, u16),
    /// What gives the answer: the line and the cells.
    pub what: String,
}

/// Every leak of every number question of `lesson` (a number to type, or a choice that is a
/// number) at [`LEAK_SIZES`], with the question open.
pub fn leaks(lesson: &Lesson) -> Vec<Leak> {
    let mut out = Vec::new();
    for (k, step) in lesson.steps.iter().enumerate() {
        let Some((value, tolerance)) = step.quiz.as_ref().and_then(|q| number_of(&q.answer)) else {
            continue;
        };
        // A given of the question may equal its answer (`b2 = 0.5`); a number precise enough for
        // the prose check (three significant digits) that equals it states it.
        let written = step
            .text
            .numbers
            .iter()
            .find(|q| (q.magnitude - value.abs()).abs() <= tolerance * (1.0 + 1e-9) + 1e-12);
        if let Some(x) = written {
            out.push(Leak {
                step: k,
                size: LEAK_SIZES[0],
                what: format!("the question's own words write {}", x.written),
            });
        }
    }
    each_step(lesson, |size, k, player| {
        let step = &lesson.steps[k];
        let Some(answer) = step.quiz.as_ref().and_then(|q| number_of(&q.answer)) else {
            return;
        };
        let lines = debugger_lines(player);
        for what in screen_leaks(&lines, answer, frame_of(player)) {
            out.push(Leak {
                step: k,
                size,
                what,
            });
        }
        // The question's words are the same at every size: read once.
        let (value, tolerance) = answer;
        let near = |x: f64| (x - value).abs() <= tolerance * (1.0 + 1e-9) + 1e-12;
        let rows = player
            .app()
            .pair()
            .map(PairRecord::rows)
            .unwrap_or_default();
        let written = super::row_leaks::written(&step.text.numbers, &rows, &near);
        if let Some(how) = written.filter(|_| size == LEAK_SIZES[0]) {
            out.push(Leak {
                step: k,
                size,
                what: format!("the question's own words write the cells it follows from, {how}"),
            });
        }
    });
    out
}

/// Calls `visit` with every step of `lesson` at each of [`LEAK_SIZES`], its question open: the
/// size, the step index and the player showing it.
pub(super) fn each_step(lesson: &Lesson, mut visit: impl FnMut((u16, u16), usize, &Player)) {
    for size in LEAK_SIZES {
        let mut player = Player::new(lesson.clone(), None, 0, Theme::new(true, false));
        player.update(LessonAction::Resize(size.0, size.1));
        for k in 0..lesson.steps.len() {
            if k > 0 {
                player.update(LessonAction::Next);
            }
            visit(size, k, &player);
        }
    }
}

/// How many screens [`leaks`] reads: each number question at each of [`LEAK_SIZES`].
pub fn screens(lesson: &Lesson) -> usize {
    let questions = lesson
        .steps
        .iter()
        .filter(|s| s.quiz.as_ref().and_then(|q| number_of(&q.answer)).is_some())
        .count();
    questions * LEAK_SIZES.len()
}

/// The number a question asks for, with its tolerance.
fn number_of(answer: &Answer) -> Option<(f64, f64)> {
    match answer {
        Answer::Number { value, tolerance } => Some((*value, *tolerance)),
        Answer::Choice { choices, correct } => {
            let value: f64 = choices.get(*correct)?.trim().parse().ok()?;
            Some((
                value,
                crate::lesson::DEFAULT_RELATIVE_TOLERANCE * value.abs().max(1.0),
            ))
        }
    }
}

/// The frame's time and the scene's `dt`.
fn frame_of(player: &Player) -> (f64, f64) {
    let app = player.app();
    (app.record().time, app.scene().world.dt)
}

/// The screen drawn, with the debugger's area in it (the pane beside or below it left out).
pub(super) fn drawn(player: &Player) -> (Buffer, Rect) {
    let areas = player.areas();
    let (width, height) = (areas.bar.width, areas.bar.bottom());
    let Ok(mut terminal) = Terminal::new(TestBackend::new(width, height));
    let _ = terminal.draw(|frame| frame.render_widget(player, frame.area()));
    let buffer = terminal.backend().buffer().clone();
    let bottom = if areas.pane.x == areas.debugger.x && areas.pane.height > 0 {
        areas.pane.y
    } else {
        areas.bar.y
    };
    let area = Rect {
        height: bottom.saturating_sub(areas.debugger.y),
        ..areas.debugger
    };
    (buffer, area)
}

/// The debugger's rows as text (the pane beside or below it left out).
fn debugger_lines(player: &Player) -> Vec<String> {
    let (buffer, area) = drawn(player);
    rows_of(&buffer, area)
}

/// The rows of `area` of `buffer` as text.
pub(super) fn rows_of(buffer: &Buffer, area: Rect) -> Vec<String> {
    (area.y..area.bottom())
        .map(|y| {
            (area.x..area.right())
                .map(|x| buffer[(x, y)].symbol())
                .collect()
        })
        .collect()
}

/// What in `lines` (the debugger's rows, the header first) gives the answer `value` (within
/// `tolerance`), for a frame at time `t` with step `dt`.
///
/// # Algorithm
/// 1. A number with a decimal point within the tolerance (the header's `t = …` and `dt` aside).
/// 2. A table row (`name R R0 R1 R-(R0+R1) gap`) or the number line's `R0 = …, R = …` line from
///    whose visible cells the answer follows by adding or subtracting: `R - R1 - R-(R0+R1)` for
///    `R0`, `R - R-(R0+R1)` for `R0 + R1`, and so on.
/// 3. A fraction of the frame (`0.60 of frame`) that gives a time: `t + fraction × dt`.
/// 4. A GJK iteration whose lower and upper bounds bracket the answer.
pub fn screen_leaks(
    lines: &[String],
    (value, tolerance): (f64, f64),
    (t, dt): (f64, f64),
) -> Vec<String> {
    let near = |x: f64| (x - value).abs() <= tolerance * (1.0 + 1e-9) + 1e-12;
    let mut out = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        let shown = line.trim();
        let cleaned = without_givens(line, k == 0);
        if let Some(x) = decimals(&cleaned).into_iter().find(|x| near(*x)) {
            out.push(format!("`{shown}` shows {x}"));
            continue;
        }
        if let Some(cells) = row_cells(line) {
            if let Some(how) = derived(&cells, &near) {
                out.push(format!("`{shown}` gives it: {how}"));
                continue;
            }
        }
        if let Some(fraction) = fraction_of_frame(line) {
            let time = t + fraction * dt;
            if near(time) {
                out.push(format!(
                    "`{shown}` gives it: {t} + {fraction} × {dt} = {time:.5}"
                ));
                continue;
            }
        }
        if let Some((low, high)) = gjk_bounds(line) {
            if low - tolerance <= value && value <= high + tolerance {
                out.push(format!("`{shown}` brackets it between {low} and {high}"));
            }
        }
    }
    out.extend(super::row_leaks::ruler(lines));
    out
}

/// A cell of a table row: its value, or `None` when it shows `?`.
pub(super) type Cell = Option<f64>;

/// The `R`, `R0`, `R1` and `R-(R0+R1)` cells of a table row (`>A0  3.000  1.000 …`) or of the
/// number line's summary (`A0: R0 = 1.000, R = 3.000, R1 = ?, R-(R0+R1) = ?`).
pub(super) fn row_cells(line: &str) -> Option<[Cell; 4]> {
    let trimmed = line.trim().trim_matches('│').trim().trim_start_matches('>');
    if let Some((_, rest)) = trimmed.split_once(": R0 = ") {
        let mut parts = rest.split(", ");
        let r0 = cell(parts.next()?)?;
        let r = cell(parts.next()?.strip_prefix("R = ")?)?;
        let r1 = cell(parts.next()?.strip_prefix("R1 = ")?)?;
        let d = cell(parts.next()?.strip_prefix("R-(R0+R1) = ")?)?;
        return Some([r, r0, r1, d]);
    }
    let mut words = trimmed.split_whitespace();
    let name = words.next()?;
    let axis_like = name.chars().next().is_some_and(char::is_alphabetic)
        && name.chars().any(|c| c.is_ascii_digit());
    if !axis_like {
        return None;
    }
    let cells: Vec<Cell> = words.take(4).map(cell).collect::<Option<_>>()?;
    let cells: [Cell; 4] = cells.try_into().ok()?;
    Some(cells)
}

/// A cell's value: `Some(None)` for `?`, `None` when the word is not a cell.
fn cell(word: &str) -> Option<Cell> {
    let word = word.trim().trim_end_matches('│');
    if word == "?" {
        Some(None)
    } else {
        word.parse::<f64>()
            .ok()
            .filter(|_| word.contains('.'))
            .map(Some)
    }
}

/// How the answer follows from a row's visible cells `[R, R0, R1, R-(R0+R1)]`, if it does.
pub(super) fn derived(cells: &[Cell; 4], near: &dyn Fn(f64) -> bool) -> Option<String> {
    let [r, r0, r1, d] = *cells;
    let mut found = Vec::new();
    if let (Some(r), Some(r1), Some(d)) = (r, r1, d) {
        found.push((
            r - r1 - d,
            format!("R0 = R - R1 - R-(R0+R1) = {r} - {r1} - {d}"),
        ));
    }
    if let (Some(r), Some(r0), Some(d)) = (r, r0, d) {
        found.push((
            r - r0 - d,
            format!("R1 = R - R0 - R-(R0+R1) = {r} - {r0} - {d}"),
        ));
    }
    if let (Some(r0), Some(r1), Some(d)) = (r0, r1, d) {
        found.push((
            r0 + r1 + d,
            format!("R = R0 + R1 + R-(R0+R1) = {r0} + {r1} + {d}"),
        ));
    }
    if let (Some(r), Some(r0), Some(r1)) = (r, r0, r1) {
        found.push((r - r0 - r1, format!("R-(R0+R1) = {r} - {r0} - {r1}")));
        found.push((r0 + r1, format!("R0 + R1 = {r0} + {r1}")));
    }
    if let (Some(r), Some(d)) = (r, d) {
        found.push((r - d, format!("R0 + R1 = R - R-(R0+R1) = {r} - {d}")));
    }
    found
        .into_iter()
        .find(|(x, _)| near(*x))
        .map(|(_, how)| how)
}

/// The fraction in `… (0.60 of frame)` or `…, 0.600 of the frame`.
fn fraction_of_frame(line: &str) -> Option<f64> {
    let at = line
        .find(" of frame")
        .or_else(|| line.find(" of the frame"))?;
    let before = &line[..at];
    let start = before
        .rfind(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .map_or(0, |k| k + 1);
    before[start..].parse().ok()
}

/// The lower and upper bounds of a GJK iteration row (`>3  2  1.190  1.214  (…)`).
fn gjk_bounds(line: &str) -> Option<(f64, f64)> {
    let trimmed = line.trim().trim_matches('│').trim().trim_start_matches('>');
    let mut words = trimmed.split_whitespace();
    let _: usize = words.next()?.parse().ok()?;
    let _: usize = words.next()?.parse().ok()?;
    let low: f64 = words.next()?.parse().ok()?;
    let high: f64 = words.next()?.parse().ok()?;
    words.next()?.starts_with('(').then_some((low, high))
}

/// `line` without the numbers that are given, never an answer: the scene's `dt` anywhere, and
/// the frame's time `t = … s` in the header.
fn without_givens(line: &str, header: bool) -> String {
    let mut out = line.to_string();
    let mut prefixes = vec!["dt = ", "dt "];
    if header {
        prefixes.push("t = ");
    }
    for prefix in prefixes {
        let mut from = 0;
        while let Some(at) = out[from..].find(prefix).map(|k| k + from) {
            let start = at + prefix.len();
            let end = out[start..]
                .find(" s")
                .map_or(start, |k| start + k)
                .min(out.len());
            if out[start..end].parse::<f64>().is_ok() {
                out.replace_range(start..end, "");
            }
            from = start.min(out.len());
        }
    }
    out
}

/// The numbers with a decimal point in `line`, exponent and sign included (a minus between two
/// terms is not a sign): the numbers a screen line shows.
pub fn decimals(line: &str) -> Vec<f64> {
    let chars: Vec<char> = line.chars().collect();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let digits = |from: usize| {
        (from..chars.len())
            .find(|&i| !chars[i].is_ascii_digit())
            .unwrap_or(chars.len())
    };
    let mut out = Vec::new();
    let mut k = 0;
    while k < chars.len() {
        let starts = k == 0 || !(word(chars[k - 1]) || chars[k - 1] == '.');
        let start = if chars[k] == '-' { k + 1 } else { k };
        let mut end = digits(start);
        if !starts || end == start {
            k = end.max(k + 1);
            continue;
        }
        if chars.get(end) == Some(&'.') && chars.get(end + 1).is_some_and(char::is_ascii_digit) {
            end = digits(end + 1);
            if chars.get(end) == Some(&'e') {
                let sign = usize::from(matches!(chars.get(end + 1), Some('-' | '+')));
                if chars.get(end + 1 + sign).is_some_and(char::is_ascii_digit) {
                    end = digits(end + 1 + sign);
                }
            }
            let token: String = chars[k..end].iter().collect();
            if !chars.get(end).is_some_and(|&c| word(c)) {
                out.extend(token.parse::<f64>());
            }
        }
        k = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(lines: &[&str], value: f64, frame: (f64, f64)) -> Vec<String> {
        let lines: Vec<String> = lines.iter().map(ToString::to_string).collect();
        screen_leaks(&lines, (value, 0.005), frame)
    }

    #[test]
    fn a_row_whose_other_cells_give_the_answer_leaks() {
        let row = "│ A1            ?    0.500    1.768    -1.066   -1.066         │";
        assert_eq!(
            found(&["header", row], 1.202, (0.0, 0.01)),
            [format!(
                "`{}` gives it: R = R0 + R1 + R-(R0+R1) = 0.5 + 1.768 + -1.066",
                row.trim()
            )]
        );
        let hidden = "│ A1            ?        ?        ?         ?        ?         │";
        assert!(found(&["header", hidden], 1.202, (0.0, 0.01)).is_empty());
        let line = "A0: R0 = ?, R = 3.000, R1 = 1.116, R-(R0+R1) = 0.884";
        assert_eq!(found(&["header", line], 1.0, (0.0, 0.01)).len(), 1);
    }

    #[test]
    fn a_fraction_of_the_frame_gives_a_time_and_bounds_bracket_a_distance() {
        let contact = " contact t=? s (0.60 of frame) face-face at (1.000, 0.000, 0.000)";
        assert_eq!(found(&["header", contact], 1.06, (1.0, 0.1)).len(), 1);
        assert!(found(&["header", contact], 1.2, (1.0, 0.1)).is_empty());
        let gjk = "│>3          2    1.190    1.214  (-0.99, -0.10, 0.00)   │";
        assert_eq!(found(&["header", gjk], 1.21, (0.0, 0.1)).len(), 1);
    }

    #[test]
    fn the_answer_printed_leaks_and_givens_do_not() {
        let header = " scene  frame 3 / 10  t = 0.030 s  paused  rk4 dt = 0.01 s";
        assert!(found(&[header], 0.03, (0.03, 0.01)).is_empty());
        assert_eq!(found(&["header", "gap 0.884"], 0.884, (0.0, 0.01)).len(), 1);
    }
}
