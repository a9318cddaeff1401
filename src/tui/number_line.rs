//! The number line of the selected axis: A's interval `±R0` around A's centre, B's `±R1` around
//! B's centre at distance `R`, and the gap or overlap between them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use super::layout::Mode;
use super::table::stage_lines;
use super::App;
use crate::lesson::Mask;
use crate::trace::{PairRecord, RowFlag, TableRow};

/// `A = ball1, B = ball2` when the pair's bodies are not named A and B, else nothing: the axis
/// names (`A0xB2`) speak of the first body as A and the second as B.
pub fn legend(pair: &PairRecord) -> Option<String> {
    let (a, b) = pair.table_roles()?;
    (a != "A" || b != "B").then(|| format!("A = {a}, B = {b}"))
}

/// The names of the table's A and B for the number line: a mesh's triangle goes by the mesh's
/// name (`floor` for `triangle 1 of floor`; the title names the triangle).
fn short_roles(pair: &PairRecord) -> (String, String) {
    let (a, b) = pair.table_roles().unwrap_or_default();
    let short = |name: String| match pair.mesh.as_ref() {
        Some(walk) if name.starts_with("triangle ") => walk.mesh.clone(),
        _ => name,
    };
    (short(a), short(b))
}

/// Draws the number line of the app's selected axis row into `area` (for a pair that is not two
/// boxes: its stages and sentence).
pub fn render(app: &App, mode: Mode, area: Rect, buf: &mut Buffer) {
    if area.is_empty() {
        return;
    }
    let theme = app.theme();
    let row = app
        .pair()
        .and_then(|pair| pair.rows().into_iter().nth(app.row()));
    let pair = app.pair().filter(|_| row.is_some());
    let bordered = mode.is_full() && area.height >= 6;
    let mut block = Block::new().border_set(theme.border());
    if bordered {
        let title = match (&row, pair.and_then(legend)) {
            (Some(row), Some(legend)) => format!(" number line on {} ({legend}) ", row.name),
            (Some(row), None) => format!(" number line on {} ", row.name),
            (None, _) => " pair ".to_string(),
        };
        block = block.borders(Borders::ALL).title(title);
    }
    let inner = block.inner(area);
    block.render(area, buf);
    let mut lines = match (pair.zip(row.as_ref()), app.pair()) {
        (Some((pair, row)), _) => lines(
            row,
            short_roles(pair),
            usize::from(inner.width),
            bordered,
            app.mask(),
        ),
        (None, Some(other)) => {
            let what = if super::convex_table::slabs(other).is_some() {
                "one row per slab in the table, j/k to step"
            } else if other.gjk.is_some() {
                "GJK's iterations in the table, j/k to step"
            } else {
                "no axis table"
            };
            let mut head = vec![Line::from(format!(
                "{},{} ({}): {what}",
                other.a, other.b, other.shapes
            ))];
            head.extend(stage_lines(other, app.mask()));
            head
        }
        (None, None) => vec![Line::from("This scene has no pair of bodies to explain.")],
    };
    // Spare rows (the full layout without the verdict panel) hold the pair's sentence.
    if let Some(pair) = pair.filter(|_| bordered) {
        if usize::from(inner.height) > lines.len() + 1 {
            lines.push(Line::default());
            lines.push(Line::styled(app.mask().text(&pair.sentence), theme.dim()));
        }
    }
    // Nothing is cut without a word: rows that do not fit end with a pointer to the overlay.
    let width = usize::from(inner.width).max(1);
    let rows_of = |line: &Line<'_>| line.width().div_ceil(width).max(1);
    let height = usize::from(inner.height);
    if lines.iter().map(rows_of).sum::<usize>() > height && height > 0 {
        const MORE: &str = " ... (i: all)";
        let mut used = 0;
        let keep = lines
            .iter()
            .take_while(|line| {
                used += rows_of(line);
                used <= height
            })
            .count();
        let used: usize = lines[..keep].iter().map(rows_of).sum();
        let cut = lines.get(keep).map(|line| (line.to_string(), line.style));
        lines.truncate(keep);
        // The line that does not fit shows what fits of it, cut at a word, and says so.
        let room = (height - used) * width;
        match cut {
            Some((text, style)) if room > MORE.len() + 8 => {
                let head: String = text.chars().take(room - MORE.chars().count()).collect();
                let head = head.rfind(' ').map_or(head.as_str(), |s| &head[..s]);
                lines.push(Line::styled(format!("{head}{MORE}"), style));
            }
            _ => {
                if let Some(last) = lines.pop() {
                    let text = last.to_string();
                    let keep: String = text
                        .chars()
                        .take(width.saturating_sub(MORE.len()))
                        .collect();
                    lines.push(Line::styled(format!("{keep}{MORE}"), theme.dim()));
                }
            }
        }
    }
    Paragraph::new(lines)
        .wrap(ratatui::widgets::Wrap { trim: false })
        .render(inner, buf);
}

/// The number line of row `k` of the pair's table, `width` characters wide: each body's shadow
/// named with the body's name; the numbers `mask` hides show `?`.
pub fn lines(
    row: &TableRow,
    (a, b): (String, String),
    width: usize,
    with_numbers: bool,
    mask: &Mask,
) -> Vec<Line<'static>> {
    let (r, r0, r1) = (row.r, row.r0, row.r1);
    let tied = mask.ties(&[r, r0, r1, r - r0 - r1, r0 + r1, row.gap.unwrap_or(f64::NAN)]);
    let summary = format!(
        "{}: R0 = {}, R = {}, R1 = {}, R-(R0+R1) = {}",
        row.name,
        mask.fixed_if(tied, r0, 3),
        mask.fixed_if(tied, r, 3),
        mask.fixed_if(tied, r1, 3),
        mask.fixed_if(tied, r - r0 - r1, 3)
    );
    if row.flag == RowFlag::AlongNormal {
        return vec![
            Line::from(format!(
                "{}: along the common normal of two coplanar triangles: both shadows are the \
                 same point; never separates",
                row.name
            )),
            Line::from(summary),
        ];
    }
    if row.flag == RowFlag::Degenerate || r0 + r1 <= 0.0 {
        return vec![
            Line::from(format!(
                "{}: degenerate axis (parallel edges): never separates",
                row.name
            )),
            Line::from(summary),
        ];
    }
    let names = a.chars().count().max(b.chars().count()).min(12);
    let track = width.saturating_sub(names + 1).max(8);
    let low = (-r0).min(r - r1);
    let high = r0.max(r + r1);
    let pad = (high - low) * 0.02;
    let scale = (track - 1) as f64 / (high - low + 2.0 * pad);
    let col = |x: f64| (((x - low + pad) * scale).round().max(0.0) as usize).min(track - 1);
    let shadow_a = interval(track, col(-r0), col(0.0), col(r0), &a);
    let shadow_b = interval(track, col(r - r1), col(r), col(r + r1), &b);
    let between = gap_text(
        track,
        (col(r0), col(r - r1)),
        r - r0 - r1,
        row.gap,
        tied,
        mask,
    );
    let name = |n: &str| {
        let cut: String = n.chars().take(names).collect();
        format!("{cut:<names$}")
    };
    let mut out = vec![
        Line::from(format!("{} {shadow_a}", name(&a))),
        Line::from(format!("{} {shadow_b}", name(&b))),
        Line::from(format!("{} {between}", " ".repeat(names))),
    ];
    if with_numbers {
        out.push(Line::from(summary));
    }
    out
}

/// `[====ball1====]` placed on a track of `track` characters: the body's name centred on its
/// centre when it fits inside the brackets, else its first letter; `|` for a shadow of no width.
fn interval(track: usize, low: usize, center: usize, high: usize, name: &str) -> String {
    let mut chars = vec![' '; track];
    if low == high {
        // A shadow of no width (a triangle along its own normal): a point, named by its row.
        chars[center] = '|';
        return chars.into_iter().collect();
    }
    for c in &mut chars[low..=high] {
        *c = '=';
    }
    chars[low] = '[';
    chars[high] = ']';
    let letters: Vec<char> = name.chars().collect();
    let start = center.saturating_sub(letters.len() / 2);
    if start > low && start + letters.len() < high {
        chars[start..start + letters.len()].copy_from_slice(&letters);
    } else if let Some(&first) = letters.first() {
        chars[center] = first;
    }
    chars.into_iter().collect()
}

/// The bracket between A's right end and B's left end (`ends`), named gap or overlap; its
/// numbers are hidden when the row's are (`tied`: the answer follows from them).
fn gap_text(
    track: usize,
    (a_high, b_low): (usize, usize),
    value: f64,
    gap: Option<f64>,
    tied: bool,
    mask: &Mask,
) -> String {
    let (from, to, name, amount) = if value > 0.0 {
        (a_high, b_low, "gap", value)
    } else if value == 0.0 {
        (a_high, a_high, "touching", 0.0)
    } else {
        (b_low, a_high, "overlap", -value)
    };
    // The overlap is a positive amount, in R units and in length units alike; it is hidden when
    // it states the answer with either sign, and so is touching when the answer is zero.
    let amount_text = mask.shown(value, mask.fixed_if(tied, amount, 3));
    let hidden_touch = value == 0.0 && mask.hides(0.0);
    let long = match gap {
        Some(g) if value != 0.0 => format!(
            "{name} {amount_text} ({} in length units)",
            mask.shown(g, mask.fixed_if(tied, g.abs(), 3))
        ),
        _ if hidden_touch => "gap ?".to_string(),
        _ if value == 0.0 => "touching: R = R0 + R1".to_string(),
        _ => format!("{name} {amount_text}"),
    };
    let short = if hidden_touch {
        "gap ?".to_string()
    } else if value == 0.0 {
        "touching".to_string()
    } else {
        format!("{name} {amount_text}")
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
