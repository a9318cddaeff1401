//! GJK's iterations as the table of a pair with an ellipsoid, a cylinder or a k-DOP: one row per
//! iteration (the simplex's size, both distance bounds, the search direction), stepped with the
//! keys that step the axes of two boxes.

use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget};

use super::App;
use crate::lesson::Mask;
use crate::trace::{GjkRecord, PairRecord};

/// The column names, aligned with [`row_text`].
const HEADER: &str = " it   simplex    lower    upper  direction -v";

/// Rows the table shows at once (the axis table's 15).
const VISIBLE: usize = 15;

/// The rows of the pair's steppable table: the 15 axes of two boxes, else GJK's iterations.
pub fn rows(pair: &PairRecord) -> usize {
    if pair.axes.is_empty() {
        pair.gjk.as_ref().map_or(0, |gjk| gjk.iterations.len())
    } else {
        pair.axes.len()
    }
}

/// The first row shown when row `selected` is selected: the window scrolls to keep it in view.
pub fn first_shown(selected: usize) -> usize {
    selected.saturating_sub(VISIBLE - 1)
}

/// The title: which shapes play A and B in `A - B`.
pub fn title(gjk: &GjkRecord) -> String {
    format!(" GJK on A - B: A = {}, B = {} ", gjk.a, gjk.b)
}

/// Draws GJK's iterations, the selected one marked, into the block.
pub fn render(
    app: &App,
    gjk: &GjkRecord,
    block: Block<'_>,
    area: ratatui::layout::Rect,
    buf: &mut ratatui::buffer::Buffer,
) {
    let theme = app.theme();
    let mask = app.mask();
    let first = first_shown(app.row());
    let mut lines = vec![Line::styled(HEADER, theme.dim())];
    for k in first..(first + VISIBLE).min(gjk.iterations.len()) {
        let selected = k == app.row();
        let style = if selected {
            theme.selected()
        } else {
            ratatui::style::Style::new()
        };
        lines.push(Line::styled(row_text(gjk, k, selected, mask), style));
    }
    let end = format!(" stops: {}", end_words(gjk));
    lines.push(Line::styled(mask.text(&end), theme.dim()));
    Paragraph::new(lines).block(block).render(area, buf);
}

/// Iteration `k`: selection mark, number, simplex size, the lower and upper bounds (`|v|`), and
/// the unit search direction.
pub fn row_text(gjk: &GjkRecord, k: usize, selected: bool, mask: &Mask) -> String {
    let step = &gjk.iterations[k];
    let d = step.direction.try_normalize(0.0).unwrap_or(step.direction);
    format!(
        "{}{:<4}{:>8}{:>9}{:>9}  ({}, {}, {})",
        if selected { '>' } else { ' ' },
        k,
        step.simplex.len(),
        mask.fixed(step.lower_bound, 3),
        mask.fixed(step.upper_bound, 3),
        mask.fixed(d.x, 2),
        mask.fixed(d.y, 2),
        mask.fixed(d.z, 2)
    )
}

/// Why GJK stopped, with the distance or EPA's depth.
fn end_words(gjk: &GjkRecord) -> String {
    match &gjk.epa {
        Some(epa) => format!(
            "origin enclosed; EPA depth {:.3} in {} steps",
            epa.depth,
            epa.iterations.len()
        ),
        None => format!(
            "{}, distance {:.3}",
            serde_json::to_value(gjk.end)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default(),
            gjk.distance
        ),
    }
}
