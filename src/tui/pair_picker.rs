//! The pair picker (`/`): every pair in the order offered (touching first, then nearest), filtered
//! by the body names typed; `Enter` selects the highlighted pair.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::pairs::{PairEntry, PairList};
use super::App;
use crate::lesson::Mask;
use crate::scene::BodySpec;

/// What has been typed in the picker and which of the matching pairs is highlighted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PairSearch {
    /// The filter: words that must each be part of a body name of the pair.
    pub typed: String,
    /// The highlighted pair's position among the matching ones.
    pub highlighted: usize,
}

/// The longest filter the picker keeps.
const TYPED_MAX: usize = 40;

impl PairSearch {
    /// Adds a character to the filter and highlights the first match.
    pub fn push(&mut self, c: char) {
        if self.typed.chars().count() < TYPED_MAX && !c.is_control() {
            self.typed.push(c);
            self.highlighted = 0;
        }
    }

    /// Removes the last character of the filter.
    pub fn pop(&mut self) {
        self.typed.pop();
        self.highlighted = 0;
    }
}

/// The pairs (indices in scene order) whose bodies' names contain every word typed (ignoring
/// case; words are separated by spaces or commas), in the order the list offers them.
pub fn matching(list: &PairList, bodies: &[BodySpec], typed: &str) -> Vec<usize> {
    let words: Vec<String> = typed
        .split([' ', ','])
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let named = |k: usize| {
        let e = &list.entries()[k];
        let (a, b) = (
            bodies[e.a].name.to_lowercase(),
            bodies[e.b].name.to_lowercase(),
        );
        words.iter().all(|w| a.contains(w) || b.contains(w))
    };
    list.order().iter().copied().filter(|&k| named(k)).collect()
}

/// The two bodies the typed words name exactly (ignoring case), as indices `i < j`: how a pair
/// of a large scene that is too far apart to be listed is still picked.
pub fn named_pair(bodies: &[BodySpec], typed: &str) -> Option<(usize, usize)> {
    let words: Vec<&str> = typed.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let [a, b] = words[..] else { return None };
    let index = |word: &str| {
        bodies
            .iter()
            .position(|body| body.name.eq_ignore_ascii_case(word))
    };
    let (i, j) = (index(a)?, index(b)?);
    (i != j).then(|| (i.min(j), i.max(j)))
}

/// What the picker says about a pair: touching, the gap between enclosing spheres (`?` when
/// `mask` hides it), or why it cannot collide.
pub fn state(entry: &PairEntry, bodies: &[BodySpec], mask: &Mask) -> String {
    let fixed = |i: usize| bodies[i].fixed;
    if entry.touching {
        "touching or meeting".into()
    } else if !entry.can_collide && fixed(entry.a) && fixed(entry.b) {
        "cannot collide: both fixed".into()
    } else if !entry.can_collide {
        "cannot collide: joined".into()
    } else if entry.distance.is_finite() {
        format!(
            "apart, spheres {} apart",
            mask.fixed(entry.distance.max(0.0), 3)
        )
    } else {
        "apart".into()
    }
}

/// Draws the picker over the middle of `area`.
pub fn render(app: &App, search: &PairSearch, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let bodies = &app.record().specs;
    let found = matching(app.pairs(), bodies, &search.typed);
    let width = area.width.saturating_sub(4).min(72);
    let height = area.height.saturating_sub(2).min(24);
    let popup = super::layout::centred(area, width, height);
    Clear.render(super::layout::cleared(area, popup), buf);
    let block = Block::bordered()
        .border_set(theme.border())
        .title(" pick a pair: type part of a body name ")
        .title_bottom(" Up/Down move  Enter select  Esc close ");
    let inner = block.inner(popup);
    block.render(popup, buf);
    let rows = usize::from(inner.height).saturating_sub(2);
    let highlighted = search.highlighted.min(found.len().saturating_sub(1));
    let top = highlighted.saturating_sub(rows.saturating_sub(1));
    let shown = found.len().min(top + rows);
    let mut lines = vec![
        Line::from(vec![
            Span::styled("> ", theme.key()),
            Span::raw(format!("{}_", search.typed)),
        ]),
        Line::styled(
            if found.is_empty() {
                match app.pairs().total() {
                    1 => "the one listed pair does not match".to_string(),
                    total => format!("no listed pair of the {total} matches"),
                }
            } else {
                let total = app.pairs().total();
                format!(
                    "{}{}{} of {} matching ({total} {} in all)",
                    top + 1,
                    theme.dash(),
                    shown,
                    found.len(),
                    if total == 1 { "pair" } else { "pairs" }
                )
            },
            theme.dim(),
        ),
    ];
    for (k, &index) in found.iter().enumerate().take(shown).skip(top) {
        let entry = &app.pairs().entries()[index];
        let names = format!("{},{}", bodies[entry.a].name, bodies[entry.b].name);
        let text = format!("{names:<28} {}", state(entry, bodies, app.mask()));
        let style = if k == highlighted {
            theme.selected()
        } else {
            ratatui::style::Style::new()
        };
        lines.push(Line::styled(text, style));
    }
    if found.is_empty() {
        if let Some((i, j)) = named_pair(bodies, &search.typed) {
            let names = format!("{},{}", bodies[i].name, bodies[j].name);
            lines.push(Line::styled(
                format!("{names:<28} far apart, not listed: Enter selects it"),
                theme.selected(),
            ));
        }
    }
    Paragraph::new(lines).render(inner, buf);
}
