//! The axis table: the 15 rows in table order with R, R0, R1, R-(R0+R1), the gap and the verdict
//! marks; for a pair that is not two boxes, its stages and sentence instead.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use super::layout::Mode;
use super::number_line::legend;
use super::App;
use crate::lesson::Mask;
use crate::trace::PairRecord;

/// Lines between the top of the table's area and its first row (the border and the column names).
pub const FIRST_ROW: u16 = 2;

/// The column names, aligned with [`row_text`].
const HEADER: &str = " L             R       R0       R1 R-(R0+R1)      gap  mark";

/// Which row of the table, if any, is at screen line `y` of a table drawn in `area`.
pub fn row_at(area: Rect, x: u16, y: u16) -> Option<usize> {
    let inside = x >= area.x && x < area.right() && y >= area.y + FIRST_ROW && y < area.bottom();
    inside
        .then(|| usize::from(y - area.y - FIRST_ROW))
        .filter(|row| *row < 15)
}

/// Draws the table of the app's selected pair into `area`.
pub fn render(app: &App, mode: Mode, area: Rect, buf: &mut Buffer) {
    if area.is_empty() {
        return;
    }
    let theme = app.theme();
    let borders = if mode.is_full() {
        Borders::ALL
    } else {
        Borders::TOP
    };
    let Some(pair) = app.pair() else {
        let text = match app.diverged().filter(|d| d.frame == app.frame()) {
            Some(d) => format!("{}: no pair is explained at this frame.", d.sentence()),
            None => "This scene has no pair of bodies to explain.".to_string(),
        };
        Paragraph::new(text)
            .wrap(Wrap { trim: false })
            .block(
                Block::new()
                    .borders(borders)
                    .border_set(theme.border())
                    .title(" pairs "),
            )
            .render(area, buf);
        return;
    };
    let slabs = super::convex_table::slabs(pair).filter(|_| pair.axes.is_empty());
    let gjk = pair.gjk.as_ref().filter(|_| pair.axes.is_empty());
    let title = if let Some(table) = slabs {
        super::convex_table::slab_title(table)
    } else if let Some(gjk) = gjk {
        super::convex_table::title(gjk)
    } else if pair.axes.is_empty() {
        format!(" {},{} ({}): no axis table ", pair.a, pair.b, pair.shapes)
    } else {
        let names = legend(pair).unwrap_or_else(|| format!("{},{}", pair.a, pair.b));
        format!(" axes {names}  ({} rule) ", pair.robustness)
    };
    let block = Block::new()
        .borders(borders)
        .border_set(theme.border())
        .title(Span::styled(title, theme.title()));
    if let Some(table) = slabs {
        super::convex_table::render_slabs(app, table, block, area, buf);
        return;
    }
    if let Some(gjk) = gjk {
        super::convex_table::render(app, gjk, block, area, buf);
        return;
    }
    if pair.axes.is_empty() {
        Paragraph::new(stage_lines(pair, app.mask()))
            .wrap(Wrap { trim: false })
            .block(block)
            .render(area, buf);
        return;
    }
    let mask = app.mask();
    let mut lines = vec![Line::styled(HEADER, theme.dim())];
    for (k, row) in pair.axes.iter().enumerate() {
        let selected = k == app.row();
        let is_first = pair.is_first_separating(row) && !mask.hides_verdict();
        let mut style = if is_first {
            theme.first_separating()
        } else {
            Style::new()
        };
        if selected {
            style = style.patch(theme.selected());
        }
        lines.push(Line::styled(row_text(pair, k, selected, mask), style));
    }
    Paragraph::new(lines).block(block).render(area, buf);
}

/// Row `k` of the pair's table: selection mark, axis, the numbers to 3 decimals and the verdict;
/// what `mask` hides shows `?` (the separating marks of every row when it hides the verdict).
pub fn row_text(pair: &PairRecord, k: usize, selected: bool, mask: &Mask) -> String {
    let row = &pair.axes[k];
    let first = pair.is_first_separating(row);
    let gap = row
        .gap
        .map_or_else(|| "-".to_string(), |g| mask.fixed(g, 3));
    format!(
        "{}{:<6}{:>9}{:>9}{:>9}{:>10}{gap:>9}  {}",
        if selected { '>' } else { ' ' },
        row.axis,
        mask.fixed(row.r, 3),
        mask.fixed(row.r0, 3),
        mask.fixed(row.r1, 3),
        mask.fixed(row.r - row.r0 - row.r1, 3),
        mark(pair, k, first, mask.hides_verdict())
    )
}

/// The verdict of row `k` in a few letters (`hidden`: no separating marks at all).
fn mark(pair: &PairRecord, k: usize, first: bool, hidden: bool) -> &'static str {
    let row = &pair.axes[k];
    if row.separating && hidden {
        ""
    } else if first {
        "1st sep"
    } else if row.separating {
        "sep"
    } else if row.degenerate {
        "degen"
    } else if row.skipped {
        "skip"
    } else {
        ""
    }
}

/// The stages of a pair and its sentence, as lines, with what `mask` hides shown as `?`.
pub fn stage_lines(pair: &PairRecord, mask: &Mask) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for check in &pair.stages {
        let verdict = if check.separated { "apart" } else { "overlap" };
        lines.push(Line::from(format!(
            "{:<10} {verdict}: {}",
            mask.text(check.stage.label()),
            mask.text(&check.detail)
        )));
    }
    lines.push(Line::from(format!(
        "decided by {}",
        mask.text(pair.stage.label())
    )));
    lines.push(Line::from(mask.text(&pair.sentence)));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_found_below_the_border_and_the_column_names() {
        let area = Rect::new(0, 1, 62, 17);
        assert_eq!(row_at(area, 5, 2), None);
        assert_eq!(row_at(area, 5, 3), Some(0));
        assert_eq!(row_at(area, 5, 17), Some(14));
        assert_eq!(row_at(area, 62, 3), None);
    }
}
