//! The axis table: the 15 rows in table order with R, R0, R1, R-(R0+R1), the gap and the verdict
//! marks; for a pair that is not two boxes, its stages and sentence instead.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use super::layout::Mode;
use super::number_line::legend;
use super::surface_lines::surface_lines;
use super::table_title;
use super::App;
use crate::lesson::Mask;
use crate::trace::{PairRecord, RowFlag, TableRow};

/// Lines between the top of the table's area and its first row (the border and the column names).
pub const FIRST_ROW: u16 = 2;

/// The column names, aligned with [`row_text`].
const HEADER: &str = " L             R       R0       R1 R-(R0+R1)      gap  mark";

/// The column names of a surface table, whose axis names are a letter longer.
const SURFACE_HEADER: &str = " L             R       R0       R1 R-(R0+R1)     gap mark";

/// Which row of the table, if any, is at screen line `y` of a table drawn in `area`.
pub fn row_at_plain(area: Rect, x: u16, y: u16) -> Option<usize> {
    let inside = x >= area.x && x < area.right() && y >= area.y + FIRST_ROW && y < area.bottom();
    inside.then(|| usize::from(y - area.y - FIRST_ROW))
}

/// The row of the pair's table under the mouse at `(x, y)` (the window of a long table taken
/// into account), if any.
pub fn row_at(app: &App, mode: Mode, area: Rect, x: u16, y: u16) -> Option<usize> {
    let inside = x >= area.x && x < area.right() && y >= area.y + FIRST_ROW && y < area.bottom();
    let (first, shown) = app
        .pair()
        .map_or((0, 15), |pair| window(app, pair, mode, area));
    inside
        .then(|| usize::from(y - area.y - FIRST_ROW))
        .filter(|row| *row < shown)
        .map(|row| row + first)
}

/// Whether the table drawn in `area` holds every row of the pair and every line under it with
/// their details (Möller's signed distances, the coplanar test's finding): only then are the
/// details drawn, so that they never push a row out of view.
pub(crate) fn details_fit(pair: &PairRecord, mask: &Mask, mode: Mode, area: Rect) -> bool {
    let borders = if mode.is_full() { 2 } else { 1 };
    let slots = usize::from(area.height).saturating_sub(borders + 1);
    pair.rows().len() + surface_lines(pair, mask, true).len() <= slots
}

/// The rows drawn of the pair's table in `area`: the first one and how many. A table longer
/// than its room (coplanar triangles have 17 rows) shows a window that keeps the selected row.
fn window(app: &App, pair: &PairRecord, mode: Mode, area: Rect) -> (usize, usize) {
    let total = pair.rows().len();
    let borders = if mode.is_full() { 2 } else { 1 };
    let slots = usize::from(area.height).saturating_sub(borders + 1);
    let details = details_fit(pair, app.mask(), mode, area);
    let extra = surface_lines(pair, app.mask(), details).len();
    let room = slots.saturating_sub(extra).max(slots.min(8));
    let rows = pair.rows();
    let kept: Vec<usize> = app
        .kept_rows
        .iter()
        .filter_map(|name| rows.iter().position(|row| row.name == *name))
        .collect();
    // Under a lesson pane the lines under the rows (a mesh's tree walk, Möller's intervals) keep
    // their place above it too, when the rows the step keeps in view still fit beside them.
    let kept_span = match (kept.iter().min(), kept.iter().max()) {
        (Some(low), Some(high)) => high - low + 1,
        _ => 1,
    };
    let room = app.table_limit.map_or(room, |limit| {
        let beside = limit.saturating_sub(extra);
        let limit = if beside >= kept_span { beside } else { limit };
        room.min(limit.max(1))
    });
    let shown = total.min(room);
    (kept_window(app.row(), &kept, shown, total), shown)
}

/// The first of `shown` rows of `total` drawn: the selected row and the `kept` ones all in view
/// when they fit, else the kept ones (a lesson's step points at them).
fn kept_window(selected: usize, kept: &[usize], shown: usize, total: usize) -> usize {
    let span = |rows: &[usize]| {
        let low = rows.iter().copied().min()?;
        let high = rows.iter().copied().max()?;
        (high - low < shown).then(|| (high + 1).saturating_sub(shown).min(low))
    };
    let mut all = kept.to_vec();
    all.push(selected);
    span(&all)
        .or_else(|| span(kept))
        .unwrap_or_else(|| (selected + 1).saturating_sub(shown))
        .min(total - shown)
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
    let rows = pair.rows();
    let (first, shown) = window(app, pair, mode, area);
    let slabs = super::convex_table::slabs(pair);
    let gjk = pair
        .gjk
        .as_ref()
        .filter(|_| super::convex_table::draws(pair));
    let readings = if let Some(table) = slabs {
        super::convex_table::slab_titles(table)
    } else if let Some(gjk) = gjk {
        super::convex_table::titles(gjk)
    } else if rows.is_empty() {
        vec![
            format!(" {},{} ({}): no axis table ", pair.a, pair.b, pair.shapes),
            " no axis table ".to_string(),
        ]
    } else if let Some(table) = pair.table.as_ref().filter(|_| pair.axes.is_empty()) {
        let part = (shown < rows.len()).then_some([first + 1, first + shown, rows.len()]);
        table_title::surface(table.table, &table.a, &table.b, part)
    } else {
        let names = legend(pair).unwrap_or_else(|| format!("{},{}", pair.a, pair.b));
        vec![
            format!(" axes {names}  ({} rule) ", pair.robustness),
            format!(" axes {names} "),
            " axes ".to_string(),
        ]
    };
    let room = usize::from(area.width).saturating_sub(if mode.is_full() { 2 } else { 0 });
    let title = table_title::fitted(&readings, room);
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
    if rows.is_empty() {
        Paragraph::new(stage_lines(pair, app.mask()))
            .wrap(Wrap { trim: false })
            .block(block)
            .render(area, buf);
        return;
    }
    let mask = app.mask();
    let surface = pair.axes.is_empty();
    let header = if surface { SURFACE_HEADER } else { HEADER };
    let mut lines = vec![Line::styled(header, theme.dim())];
    for (k, row) in rows.iter().enumerate().skip(first).take(shown) {
        let selected = k == app.row();
        let mut style = if row.first && !mask.hides_verdict() {
            theme.first_separating()
        } else {
            Style::new()
        };
        if selected {
            style = style.patch(theme.selected());
        }
        let text = row_text(row, surface, selected, mask);
        lines.push(Line::styled(text, style));
    }
    for line in surface_lines(pair, mask, details_fit(pair, mask, mode, area)) {
        lines.push(Line::from(line));
    }
    Paragraph::new(lines).block(block).render(area, buf);
}

/// Whether `mask` hides a row's cells together: one of `R`, `R0`, `R1`, `R - (R0 + R1)`,
/// `R0 + R1` or the gap is an answer, so the others would give it away.
pub(super) fn row_tied(mask: &Mask, [r, r0, r1]: [f64; 3], gap: Option<f64>) -> bool {
    let sum = r0 + r1;
    mask.ties(&[r, r0, r1, r - sum, sum, gap.unwrap_or(f64::NAN)])
}

/// A row of the pair's table: selection mark, axis, the numbers to 3 decimals and the verdict;
/// what `mask` hides shows `?` (the separating marks of every row when it hides the verdict).
/// A surface table's names take a column more, from the gap's column, and its marks (up to
/// `in-plane`) one more, from the space before them.
pub fn row_text(row: &TableRow, surface: bool, selected: bool, mask: &Mask) -> String {
    let tied = row_tied(mask, [row.r, row.r0, row.r1], row.gap);
    let cell = |x: f64| mask.fixed_if(tied, x, 3);
    let gap = row.gap.map_or_else(|| "-".to_string(), cell);
    let (name, gap_width, space) = if surface { (7, 8, " ") } else { (6, 9, "  ") };
    format!(
        "{}{:<name$}{:>r$}{:>9}{:>9}{:>10}{gap:>gap_width$}{space}{}",
        if selected { '>' } else { ' ' },
        row.name,
        cell(row.r),
        cell(row.r0),
        cell(row.r1),
        cell(row.r - row.r0 - row.r1),
        mark(row, mask.hides_verdict()),
        r = 15 - name,
    )
}

/// The verdict of a row in a few letters (`hidden`: no separating or deciding marks at all,
/// only what the row is, as on every other row of its kind).
fn mark(row: &TableRow, hidden: bool) -> &'static str {
    if row.first && !hidden {
        "1st sep"
    } else if row.separating && !hidden {
        "sep"
    } else if row.least && !hidden {
        "decides"
    } else {
        match row.flag {
            RowFlag::Degenerate => "degen",
            RowFlag::Skipped => "skip",
            RowFlag::InPlane => "in-plane",
            RowFlag::AlongNormal => "along N",
            RowFlag::Plain => "",
        }
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
    // A mesh whose tree kept every triangle away has no table: its walk is said here.
    if pair.table.is_none() {
        lines.extend(surface_lines(pair, mask, false).into_iter().map(Line::from));
    }
    lines.push(Line::from(mask.text(&pair.sentence)));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_headers_name_the_columns_of_their_rows() {
        let mut row = TableRow {
            name: "EA0xEB2".into(),
            l: nalgebra::Vector3::x(),
            r: 12.5,
            r0: 1.0,
            r1: 2.0,
            separating: true,
            gap: Some(4.25),
            flag: RowFlag::Plain,
            first: true,
            least: false,
        };
        let mask = Mask::default();
        for (surface, header, name) in [(true, SURFACE_HEADER, "EA0xEB2"), (false, HEADER, "A1xB2")]
        {
            row.name = name.into();
            let text = row_text(&row, surface, true, &mask);
            let end = |s: &str, word: &str| s.find(word).map(|at| at + word.len());
            for (column, number) in [
                ("R ", "12.500 "),
                ("R0", "1.000"),
                ("R1", "2.000"),
                ("R-(R0+R1)", "9.500"),
                ("gap", "4.250"),
            ] {
                assert_eq!(
                    end(header, column),
                    end(&text, number),
                    "{text:?} / {header:?}"
                );
            }
            assert_eq!(header.find("mark"), text.find("1st sep"));
        }
    }
}
