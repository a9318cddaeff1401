//! The number line of the selected axis: A's interval `±R0` around A's centre, B's `±R1` around
//! B's centre at distance `R`, and the gap or overlap between them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use super::layout::Mode;
use super::App;
use crate::trace::{fixed, PairRecord};

/// Draws the number line of the app's selected axis row into `area`.
pub fn render(app: &App, mode: Mode, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let pair = app.pair().filter(|pair| app.row() < pair.axes.len());
    let row = pair.map(|pair| &pair.axes[app.row()]);
    let mut block = Block::new().border_set(theme.border());
    if mode == Mode::Full {
        let title = row.map_or_else(
            || " number line ".to_string(),
            |row| format!(" number line on {} ", row.axis),
        );
        block = block.borders(Borders::ALL).title(title);
    }
    let inner = block.inner(area);
    block.render(area, buf);
    let lines = match pair {
        Some(pair) => lines(
            pair,
            app.row(),
            usize::from(inner.width),
            mode == Mode::Full,
        ),
        None => vec![Line::from(
            "number line: only for two boxes (select a box-box pair with Tab)",
        )],
    };
    let mut lines = lines;
    // Spare rows (the full layout without the verdict panel) hold the pair's sentence.
    if let Some(pair) = app.pair().filter(|_| mode == Mode::Full) {
        if usize::from(inner.height) > lines.len() + 1 {
            lines.push(Line::default());
            lines.push(Line::styled(pair.sentence.clone(), theme.dim()));
        }
    }
    Paragraph::new(lines)
        .wrap(ratatui::widgets::Wrap { trim: false })
        .render(inner, buf);
}

/// The number line of row `k` of the pair's table, `width` characters wide.
pub fn lines(pair: &PairRecord, k: usize, width: usize, with_numbers: bool) -> Vec<Line<'static>> {
    let row = &pair.axes[k];
    let (r, r0, r1) = (row.r, row.r0, row.r1);
    let summary = format!(
        "{}: R0 = {}, R = {}, R1 = {}, R-(R0+R1) = {}",
        row.axis,
        fixed(r0, 3),
        fixed(r, 3),
        fixed(r1, 3),
        fixed(r - r0 - r1, 3)
    );
    if row.degenerate || r0 + r1 <= 0.0 {
        return vec![
            Line::from(format!(
                "{}: degenerate axis (parallel edges): never separates",
                row.axis
            )),
            Line::from(summary),
        ];
    }
    let track = width.saturating_sub(2).max(8);
    let low = (-r0).min(r - r1);
    let high = r0.max(r + r1);
    let pad = (high - low) * 0.02;
    let scale = (track - 1) as f64 / (high - low + 2.0 * pad);
    let col = |x: f64| (((x - low + pad) * scale).round().max(0.0) as usize).min(track - 1);
    let a = interval(track, col(-r0), col(0.0), col(r0), 'A');
    let b = interval(track, col(r - r1), col(r), col(r + r1), 'B');
    let between = gap_text(track, col(r0), col(r - r1), r - r0 - r1, row.gap);
    let mut out = vec![
        Line::from(format!("A {a}")),
        Line::from(format!("B {b}")),
        Line::from(format!("  {between}")),
    ];
    if with_numbers {
        out.push(Line::from(summary));
    }
    out
}

/// `[====A====]` placed on a track of `track` characters.
fn interval(track: usize, low: usize, center: usize, high: usize, name: char) -> String {
    let mut chars = vec![' '; track];
    for c in &mut chars[low..=high] {
        *c = '=';
    }
    chars[low] = '[';
    chars[high] = ']';
    chars[center] = name;
    chars.into_iter().collect()
}

/// The bracket between A's right end and B's left end, named gap or overlap.
fn gap_text(track: usize, a_high: usize, b_low: usize, value: f64, gap: Option<f64>) -> String {
    let (from, to, name, amount) = if value > 0.0 {
        (a_high, b_low, "gap", value)
    } else if value == 0.0 {
        (a_high, a_high, "touching", 0.0)
    } else {
        (b_low, a_high, "overlap", -value)
    };
    // The overlap is a positive amount, in R units and in length units alike.
    let long = match gap {
        Some(g) if value != 0.0 => format!(
            "{name} {} ({} in length units)",
            fixed(amount, 3),
            fixed(g.abs(), 3)
        ),
        _ if value == 0.0 => "touching: R = R0 + R1".to_string(),
        _ => format!("{name} {}", fixed(amount, 3)),
    };
    let short = if value == 0.0 {
        "touching".to_string()
    } else {
        format!("{name} {}", fixed(amount, 3))
    };
    let mut chars = vec![' '; track];
    let (from, to) = (from.min(to), from.max(to));
    for c in &mut chars[from..=to] {
        *c = '-';
    }
    chars[from] = '|';
    chars[to] = '|';
    // The label goes after the bracket, else inside it, else before it; shortened if need be.
    let spot = |label: &str| {
        let n = label.len();
        if to + 2 + n <= track {
            Some(to + 2)
        } else if to - from > n + 2 {
            Some(from + (to - from - n) / 2 + 1)
        } else {
            (from > n).then(|| from - n - 1)
        }
    };
    let (start, label) = match (spot(&long), spot(&short)) {
        (Some(start), _) => (start, long),
        (None, Some(start)) => (start, short),
        (None, None) => (to + 2, short),
    };
    for (k, c) in label.chars().enumerate() {
        if let Some(slot) = chars.get_mut(start + k) {
            *slot = c;
        }
    }
    chars.into_iter().collect::<String>().trim_end().to_string()
}
