//! The table of a pair with an ellipsoid, a cylinder or a k-DOP, stepped with the keys that step
//! the axes of two boxes: two k-DOPs' slabs (one row per direction, as the axes of two boxes), or
//! GJK's iterations (the simplex's size, both distance bounds, the search direction).

use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget};

use super::App;
use crate::lesson::Mask;
use crate::trace::{GjkRecord, PairRecord, ShapeTable};

/// The column names, aligned with [`row_text`].
const HEADER: &str = " it   simplex    lower    upper  direction -v";

/// Rows the table shows at once (the axis table's 15).
const VISIBLE: usize = 15;

/// The column names of the slab table, aligned with [`slab_text`].
const SLAB_HEADER: &str = " slab          R       R0       R1 R-(R0+R1)      gap  mark";

/// The rows of the pair's steppable table: the 15 axes of two boxes, else two k-DOPs' slabs,
/// else GJK's iterations.
pub fn rows(pair: &PairRecord) -> usize {
    if let Some(table) = slabs(pair) {
        return table.rows.len();
    }
    let rows = pair.rows().len();
    if rows > 0 {
        return rows;
    }
    pair.gjk.as_ref().map_or(0, |gjk| gjk.iterations.len())
}

/// Whether this module draws the pair's table: two k-DOPs' slabs, or GJK's iterations for a
/// pair with no axis or surface table.
pub fn draws(pair: &PairRecord) -> bool {
    slabs(pair).is_some() || (pair.rows().is_empty() && pair.gjk.is_some())
}

/// The slab table of two k-DOPs, if the pair is one.
pub fn slabs(pair: &PairRecord) -> Option<&ShapeTable> {
    pair.table.as_ref().filter(|t| t.table == "kdop-kdop")
}

/// The slab table's title, longest first: which k-DOP plays A and B, or only its kind.
pub fn slab_titles(table: &ShapeTable) -> Vec<String> {
    vec![
        format!(" slabs A = {}, B = {} ", table.a, table.b),
        " slabs ".to_string(),
    ]
}

/// Draws the slab rows, the selected one marked, the deciding one named.
pub fn render_slabs(
    app: &App,
    table: &ShapeTable,
    block: Block<'_>,
    area: ratatui::layout::Rect,
    buf: &mut ratatui::buffer::Buffer,
) {
    let mask = app.mask();
    let visible = visible_rows(area.height, 0);
    let lines = window(
        app,
        (SLAB_HEADER, visible),
        table.rows.len(),
        |k, selected| slab_text(table, k, selected, mask),
    );
    Paragraph::new(lines).block(block).render(area, buf);
}

/// The header and the rows shown of a table of `count` rows (the window keeps the selected one
/// in view), the selected row highlighted.
fn window<'a>(
    app: &App,
    (header, visible): (&'a str, usize),
    count: usize,
    text: impl Fn(usize, bool) -> String,
) -> Vec<Line<'a>> {
    let theme = app.theme();
    let first = first_shown(app.row(), visible);
    let mut lines = vec![Line::styled(header, theme.dim())];
    for k in first..(first + visible).min(count) {
        let selected = k == app.row();
        let style = if selected {
            theme.selected()
        } else {
            ratatui::style::Style::new()
        };
        lines.push(Line::styled(text(k, selected), style));
    }
    lines
}

/// Slab row `k`: selection mark, name, the numbers to 3 decimals, and `1st sep`, `sep` or
/// `decides` (the smallest overlap when none separates); no marks while the verdict is hidden.
pub fn slab_text(table: &ShapeTable, k: usize, selected: bool, mask: &Mask) -> String {
    let row = &table.rows[k];
    let name = row.axis.name();
    let decides = table.deciding.as_deref() == Some(name.as_str());
    let mark = if mask.hides_verdict() {
        ""
    } else if row.separating && decides {
        "1st sep"
    } else if row.separating {
        "sep"
    } else if decides {
        "decides"
    } else {
        ""
    };
    let tied = super::table::row_tied(mask, [row.r, row.r0, row.r1], row.gap);
    let cell = |x: f64| mask.fixed_if(tied, x, 3);
    let gap = row.gap.map_or_else(|| "-".to_string(), cell);
    format!(
        "{}{:<6}{:>9}{:>9}{:>9}{:>10}{gap:>9}  {mark}",
        if selected { '>' } else { ' ' },
        name,
        cell(row.r),
        cell(row.r0),
        cell(row.r1),
        cell(row.r - row.r0 - row.r1),
    )
}

/// The first row shown when row `selected` is selected: the window scrolls to keep it in view.
pub fn first_shown(selected: usize, visible: usize) -> usize {
    selected.saturating_sub(visible.max(1) - 1)
}

/// How many rows a block `height` tall shows under its header and above `tail` closing lines
/// (at most [`VISIBLE`], at least one).
fn visible_rows(height: u16, tail: usize) -> usize {
    usize::from(height)
        .saturating_sub(3 + tail)
        .clamp(1, VISIBLE)
}

/// The closing lines under GJK's iterations: why it stopped, and the polish of EPA's normal.
fn tail_lines(gjk: &GjkRecord) -> usize {
    1 + usize::from(gjk.epa.as_ref().is_some_and(|epa| epa.polish.is_some()))
}

/// How many rows the table of `pair` shows in a block `height` tall.
pub fn shown_rows(pair: &PairRecord, height: u16) -> usize {
    if slabs(pair).is_some() {
        return visible_rows(height, 0);
    }
    visible_rows(height, pair.gjk.as_ref().map_or(1, tail_lines))
}

/// The title, longest first: which shapes play A and B in `A - B`, or only what it is.
pub fn titles(gjk: &GjkRecord) -> Vec<String> {
    vec![
        format!(" GJK on A - B: A = {}, B = {} ", gjk.a, gjk.b),
        " GJK on A - B ".to_string(),
    ]
}

/// Draws GJK's iterations, the selected one marked, into the block.
pub fn render(
    app: &App,
    gjk: &GjkRecord,
    block: Block<'_>,
    area: ratatui::layout::Rect,
    buf: &mut ratatui::buffer::Buffer,
) {
    let mask = app.mask();
    let visible = visible_rows(area.height, tail_lines(gjk));
    let mut lines = window(
        app,
        (HEADER, visible),
        gjk.iterations.len(),
        |k, selected| row_text(gjk, k, selected, mask),
    );
    let end = format!(" stops: {}", end_words(gjk));
    lines.push(Line::styled(mask.text(&end), app.theme().dim()));
    if let Some(polish) = gjk.epa.as_ref().and_then(|epa| epa.polish.as_ref()) {
        let steps = crate::trace::counted(polish.steps, "descent step", "descent steps");
        let line = format!(" then {steps} polish the normal");
        lines.push(Line::styled(mask.text(&line), app.theme().dim()));
    }
    Paragraph::new(lines).block(block).render(area, buf);
}

/// Iteration `k`: selection mark, number, simplex size, the lower and upper bounds (`|v|`), and
/// the unit search direction.
pub fn row_text(gjk: &GjkRecord, k: usize, selected: bool, mask: &Mask) -> String {
    let step = &gjk.iterations[k];
    let d = step.direction.try_normalize(0.0).unwrap_or(step.direction);
    let bracketed = mask.brackets(step.lower_bound, step.upper_bound);
    format!(
        "{}{:<4}{:>8}{:>9}{:>9}  ({}, {}, {})",
        if selected { '>' } else { ' ' },
        k,
        step.simplex.len(),
        mask.fixed_if(bracketed, step.lower_bound, 3),
        mask.fixed_if(bracketed, step.upper_bound, 3),
        mask.fixed(d.x, 2),
        mask.fixed(d.y, 2),
        mask.fixed(d.z, 2)
    )
}

/// Why GJK stopped, with the distance or EPA's depth.
fn end_words(gjk: &GjkRecord) -> String {
    match &gjk.epa {
        Some(epa) if epa.iterations.is_empty() => {
            format!("stalled at contact; least overlap {:.3}", epa.depth)
        }
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
