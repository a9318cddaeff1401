//! The rows under the view along an axis: A's and B's shadows on the axis (`±R0`, `±R1` around
//! their centres, labelled with both), the gap or overlap, the distance `R` between the centres
//! and a scale bar, each at the columns of the picture above; none is drawn over another.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::focus::Shadows;
use super::window::{shadow_ends, Window};
use super::App;
use crate::draw::Role;

/// Rows the ruler takes from a view `height` rows tall (none when the view is too short).
pub fn rows(height: u16) -> u16 {
    match height {
        0..=9 => 0,
        10..=13 => 3,
        _ => 4,
    }
}

/// One measure: a bracket between two columns, its label, its look.
struct Measure {
    from: f64,
    to: f64,
    ends: [char; 2],
    fill: char,
    label: String,
    short: String,
    style: Style,
}

/// The measures' cells, row by row, as placed so far.
struct Rows {
    width: usize,
    cells: Vec<Vec<Option<(char, Style)>>>,
}

impl Rows {
    /// Whether `[start, end)` (with one free cell on each side) is free on row `r`.
    fn free(&self, r: usize, start: usize, end: usize) -> bool {
        let from = start.saturating_sub(1);
        let to = (end + 1).min(self.width);
        self.cells[r][from..to].iter().all(Option::is_none)
    }

    /// Puts `measure` on the first row where it and its label fit; nothing when none has room.
    fn put(&mut self, measure: &Measure) {
        let Some(mut chars) = layout(measure, self.width) else {
            return;
        };
        let start = chars.first().map_or(0, |c| c.0);
        let end = chars.last().map_or(0, |c| c.0 + 1);
        if let Some(r) = (0..self.cells.len()).find(|&r| self.free(r, start, end)) {
            for (column, c) in chars.drain(..) {
                self.cells[r][column] = Some((c, measure.style));
            }
        }
    }
}

/// The columns and characters of a measure on a row `width` wide: the bracket (cut with `<`/`>`
/// at an edge) and its label inside when it fits, else just after it, else just before it.
fn layout(measure: &Measure, width: usize) -> Option<Vec<(usize, char)>> {
    let inside = (measure.from - measure.to).abs();
    let label =
        if (measure.label.chars().count() + 2) as f64 + 3.0 <= inside || measure.short.is_empty() {
            &measure.label
        } else {
            &measure.short
        };
    layout_with(measure, label, width)
}

/// [`layout`] with the label `label`.
fn layout_with(measure: &Measure, label: &str, width: usize) -> Option<Vec<(usize, char)>> {
    let last = width.checked_sub(1)? as f64;
    let (a, b) = (measure.from.min(measure.to), measure.from.max(measure.to));
    if b < 0.0 || a > last {
        return None;
    }
    let (left, right) = (a.max(0.0).round() as usize, b.min(last).round() as usize);
    let mut bar: Vec<(usize, char)> = (left..=right).map(|c| (c, measure.fill)).collect();
    bar[0].1 = if a < 0.0 { '<' } else { measure.ends[0] };
    let end = bar.len() - 1;
    bar[end].1 = if b > last { '>' } else { measure.ends[1] };
    let label: Vec<char> = format!(" {label} ").chars().collect();
    let inside = right - left;
    if label.len() + 3 <= inside {
        let start = left + (inside - label.len()) / 2 + 1;
        for (k, c) in label.into_iter().enumerate() {
            bar[start - left + k].1 = c;
        }
        return Some(bar);
    }
    let text = &label[1..label.len() - 1];
    if right + 1 + text.len() < width {
        bar.extend(text.iter().enumerate().map(|(k, &c)| (right + 2 + k, c)));
    } else if left > text.len() {
        let start = left - text.len() - 1;
        let mut before: Vec<(usize, char)> = text
            .iter()
            .enumerate()
            .map(|(k, &c)| (start + k, c))
            .collect();
        before.extend(bar);
        bar = before;
    }
    Some(bar)
}

/// A length of 1, 2 or 5 times a power of ten that spans about `target` columns at
/// `per_column` length units a column, and its columns.
fn scale_bar(per_column: f64, target: f64) -> (f64, f64) {
    let raw = per_column * target;
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|s| *s >= raw * 0.7)
        .unwrap_or(10.0 * power);
    (step, step / per_column)
}

/// Draws the ruler of the shadows in `area`, whose columns are the canvas's above.
pub fn render(
    window: &Window,
    centres: [f64; 2],
    shadows: Shadows,
    names: (&str, &str),
    app: &App,
    area: Rect,
    buf: &mut Buffer,
) {
    let (theme, mask) = (app.theme(), app.mask());
    let width = usize::from(area.width);
    if width < 8 || area.height == 0 {
        return;
    }
    let col = |x: f64| window.warp.map(x) / window.dots.per_col;
    let [a_low, a_high, b_low, b_high] = shadow_ends(centres, shadows);
    let (a, b) = (theme.role_style(Role::BoxA), theme.role_style(Role::BoxB));
    let axis = theme.role_style(Role::Axis);
    let value = shadows.r - shadows.r0 - shadows.r1;
    let measure = |from: f64, to: f64, bracket: bool, label: String, short: &str, style| Measure {
        from,
        to,
        ends: if bracket { ['[', ']'] } else { ['|', '|'] },
        fill: if bracket { '=' } else { '-' },
        label,
        short: short.to_string(),
        style,
    };
    // The gap in length units; an overlap is shown as a positive amount, hidden when it states
    // the answer with either sign (and touching too when the answer is zero).
    let signed = value / shadows.length;
    // The shadows' numbers are the selected row's cells: when one of them gives the answer, all
    // of them are hidden, as the table hides the row.
    let tied = mask.ties(&[
        shadows.r,
        shadows.r0,
        shadows.r1,
        value,
        shadows.r0 + shadows.r1,
        signed,
    ]);
    let cell = |x: f64| mask.fixed_if(tied, x, 3);
    let gap_short = mask.shown(signed, cell(signed.abs()));
    let gap_label = if value == 0.0 && (tied || mask.hides(0.0)) {
        "gap ?".to_string()
    } else if value == 0.0 {
        "touching".to_string()
    } else {
        let name = if value > 0.0 { "gap" } else { "overlap" };
        format!("{name} {gap_short}")
    };
    let per_column = 1.0 / (window.warp.scale_at(a_low) / window.dots.per_col);
    let (length, columns) = scale_bar(per_column, 8.0);
    // Most important first: a later one goes only where it still fits.
    let measures = [
        measure(
            col(a_low),
            col(a_high),
            true,
            format!("{}: R0 {}", names.0, cell(shadows.r0)),
            names.0,
            a,
        ),
        measure(
            col(b_low),
            col(b_high),
            true,
            format!("{}: R1 {}", names.1, cell(shadows.r1)),
            names.1,
            b,
        ),
        measure(col(a_high), col(b_low), false, gap_label, &gap_short, axis),
        measure(
            col(centres[0]),
            col(centres[1]),
            false,
            format!("R {}", cell(shadows.r)),
            "R",
            axis,
        ),
        measure(
            1.0,
            1.0 + columns,
            false,
            mask.shown(length, format!("{length}")),
            "",
            theme.dim(),
        ),
    ];
    let mut rows = Rows {
        width,
        cells: vec![vec![None; width]; usize::from(area.height)],
    };
    for measure in &measures {
        rows.put(measure);
    }
    for (r, row) in rows.cells.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            if let Some((ch, style)) = cell {
                let at = (area.x + c as u16, area.y + r as u16);
                buf[at].set_char(*ch).set_style(*style);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_bars_are_round_lengths_of_about_the_asked_columns() {
        assert_eq!(scale_bar(0.1, 8.0).0, 1.0);
        let (length, columns) = scale_bar(0.013, 8.0);
        assert_eq!(length, 0.1);
        assert!((columns - 7.69).abs() < 0.01);
        assert_eq!(scale_bar(3.0, 8.0).0, 20.0);
    }

    #[test]
    fn a_label_goes_inside_its_bracket_or_beside_it() {
        let measure = |from, to| Measure {
            from,
            to,
            ends: ['|', '|'],
            fill: '-',
            label: "gap 0.05".into(),
            short: String::new(),
            style: Style::new(),
        };
        let text = |cells: Vec<(usize, char)>| {
            let mut row = vec![' '; 40];
            for (c, ch) in cells {
                row[c] = ch;
            }
            row.into_iter().collect::<String>().trim_end().to_string()
        };
        assert_eq!(
            text(layout(&measure(2.0, 15.0), 40).unwrap()),
            "  |- gap 0.05 -|"
        );
        assert_eq!(
            text(layout(&measure(2.0, 5.0), 40).unwrap()),
            "  |--| gap 0.05"
        );
        assert_eq!(
            text(layout(&measure(-3.0, 38.0), 40).unwrap()),
            "<-------------- gap 0.05 -------------|"
        );
    }
}
