//! The lesson pane: the step's narration, its question and the answer's verdict, the lesson's
//! title, step count and source.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Padding, Paragraph, Widget};

use super::layout::{Areas, Placement};
use super::markup::{self, wrap};
use super::{answer_text, contact_room, pipeline_room, Player};
use crate::lesson::{Answer, Shown};
use crate::tui::layout::FULL;
use crate::tui::Theme;

/// The pane's text wrapped to `width` columns.
pub fn lines(player: &Player, width: u16) -> Vec<Line<'static>> {
    let theme = player.theme();
    let mask = player.mask();
    let mut lines = Vec::new();
    // Where the debugger has no room for the bordered contact panel (below the full layout, and
    // in the band under a picture beside this pane), a step whose prose is about it shows the
    // panel's lines here, above the narration.
    if !contact_room::panel_drawn(player) && player.step().show.contains(&Shown::Contact) {
        for line in crate::tui::contact::panel_lines(player.app()) {
            lines.extend(wrap(&[Span::styled(line.to_string(), theme.dim())], width));
        }
        lines.push(Line::default());
    }
    // A pane over the debugger covers its pipeline line: a step about it shows it here.
    if player.step().show.contains(&Shown::Pipeline) && pipeline_room::covered(player) {
        let text = crate::tui::pipeline::line(player.app());
        lines.extend(wrap(&[Span::styled(text, theme.dim())], width));
        lines.push(Line::default());
    }
    // Nor, when the table has no room for them, for the lines under it with their details,
    // which a step about Möller's test or a tree walk shows here.
    if player.step().show.contains(&Shown::Checks) && !checks_in_table(player) {
        if let Some(pair) = player.app().pair() {
            for line in crate::tui::surface_lines(pair, mask, true) {
                lines.extend(wrap(&[Span::styled(line, theme.dim())], width));
            }
            lines.push(Line::default());
        }
    }
    lines.extend(markup::render_with(
        &[],
        &player.resolved().text,
        theme,
        width,
        |value| mask.hides_value(value),
    ));
    if let Some(problem) = player.step_problem() {
        lines.push(Line::default());
        let text = format!("This step could not be placed: {problem}.");
        lines.extend(wrap(&[Span::styled(text, theme.dim())], width));
    }
    if player.quiz().is_some() {
        lines.push(Line::default());
        lines.extend(question(player, width));
        lines.extend(verdict(player, width));
    }
    let last = player.step_index() + 1 == player.steps();
    if last {
        lines.push(Line::default());
        let text = "Last step: the lesson is finished. q goes back to the menu.";
        lines.extend(wrap(&[Span::styled(text, theme.title())], width));
    }
    if let Some(cites) = &player.lesson().cites {
        if player.step_index() == 0 || last {
            lines.push(Line::default());
            let text = format!("Source: {cites}");
            lines.extend(wrap(&[Span::styled(text, theme.dim())], width));
        }
    }
    lines
}

/// Whether the debugger's table shows the lines under it with their details at the player's
/// size (the full layouts only, beside the pane).
fn checks_in_table(player: &Player) -> bool {
    let size = Rect::new(0, 0, player.size.0, player.size.1);
    let compact = size.width < FULL.0 || size.height < FULL.1;
    let debugger = super::layout::areas(size, true, |_| 0).debugger;
    let app = player.app();
    let (mode, areas) = crate::tui::layout::areas(debugger, app.shown());
    let fits = app
        .pair()
        .is_some_and(|pair| crate::tui::table::details_fit(pair, app.mask(), mode, areas.table));
    !compact && app.shown().table && fits
}

/// How to answer: the numbered choices, or the number typed so far (once the question is
/// settled: the choices, or the number given).
fn question(player: &Player, width: u16) -> Vec<Line<'static>> {
    let theme = player.theme();
    let Some(quiz) = player.quiz() else {
        return Vec::new();
    };
    match &quiz.answer {
        Answer::Choice { choices, .. } => {
            let chosen = player.answer().and_then(|a| a.typed.parse::<usize>().ok());
            let prompt = if player.question_open() {
                format!("Answer with a number key, 1 to {}:", choices.len())
            } else {
                "The choices:".to_string()
            };
            let mut lines = wrap(&[Span::styled(prompt, theme.title())], width);
            let items: Vec<Vec<Span<'static>>> = choices
                .iter()
                .enumerate()
                .map(|(k, choice)| choice_spans(k + 1, choice, chosen == Some(k + 1), theme))
                .collect();
            let inline: usize = items.iter().flatten().map(Span::width).sum::<usize>()
                + 2 * items.len().saturating_sub(1);
            if inline <= usize::from(width) {
                let joined = items.into_iter().enumerate().flat_map(|(k, spans)| {
                    let gap = (k > 0).then(|| Span::raw("  "));
                    gap.into_iter().chain(spans)
                });
                lines.push(Line::from(joined.collect::<Vec<_>>()));
            } else {
                lines.extend(items.iter().flat_map(|spans| wrap(spans, width)));
            }
            lines
        }
        Answer::Number { .. } => {
            let open = player.question_open();
            let prompt = if open {
                "Type the number, then Enter:"
            } else {
                "Your answer:"
            };
            let mut lines = wrap(&[Span::styled(prompt, theme.title())], width);
            let shown = match player.answer() {
                Some(answer) if player.typed().is_empty() => answer.typed.clone(),
                _ if open => format!("{}_", player.typed()),
                _ => "none".to_string(),
            };
            lines.push(Line::from(vec![
                Span::raw("> "),
                Span::styled(shown, theme.key()),
            ]));
            lines
        }
    }
}

/// One choice as `1 A0`, marked `>` and reversed once it is the chosen one.
fn choice_spans(number: usize, choice: &str, chosen: bool, theme: Theme) -> Vec<Span<'static>> {
    let mark = if chosen { ">" } else { "" };
    let style = if chosen {
        theme.selected()
    } else {
        Style::new()
    };
    vec![
        Span::styled(format!("{mark}{number}"), theme.key()),
        Span::styled(format!(" {choice}"), style),
    ]
}

/// The verdict: after a wrong answer while the question is open, the hint (its values that
/// state the answer hidden) and how to go on; once settled, `Correct` or the answer, then the
/// explanation.
fn verdict(player: &Player, width: u16) -> Vec<Line<'static>> {
    let theme = player.theme();
    let Some(quiz) = player.quiz() else {
        return Vec::new();
    };
    let attempts = player.attempts();
    let strong = |color| theme.fg(color).add_modifier(Modifier::BOLD);
    let mut lines = Vec::new();
    if attempts.revealed {
        let answer = format!("The answer: {}.", answer_text(quiz));
        lines.extend(wrap(&[Span::styled(answer, theme.title())], width));
        lines.extend(explanation(player, width));
        return lines;
    }
    let Some(last) = attempts.last() else {
        return lines;
    };
    let mut spans = Vec::new();
    if last.correct {
        spans.push(Span::styled("Correct.", strong(Color::Green)));
    } else {
        let again = if attempts.wrong() > 1 { " again" } else { "" };
        spans.push(Span::styled(
            format!("Not quite{again}."),
            strong(Color::Yellow),
        ));
        if last.typed.parse::<f64>().is_err() {
            spans.push(Span::raw(format!(" `{}` is not a number.", last.typed)));
        }
    }
    if attempts.is_settled() {
        if !last.correct {
            spans.push(Span::raw(format!(" The answer: {}.", answer_text(quiz))));
        }
        lines.extend(wrap(&spans, width));
        lines.extend(explanation(player, width));
        return lines;
    }
    let mask = player.mask();
    match &player.resolved().hint {
        Some(hint) => {
            spans.push(Span::styled(" Hint: ", theme.title()));
            lines.extend(markup::render_with(&spans, hint, theme, width, |value| {
                mask.hides_value(value)
            }));
        }
        None => lines.extend(wrap(&spans, width)),
    }
    let retry = "Try again, or press e to see the answer.";
    lines.extend(wrap(&[Span::styled(retry, theme.key())], width));
    lines
}

/// The explanation, shown once the question is settled.
fn explanation(player: &Player, width: u16) -> Vec<Line<'static>> {
    player
        .resolved()
        .explain
        .as_ref()
        .map(|explain| markup::render(explain, player.theme(), width))
        .unwrap_or_default()
}

/// Draws the pane: bordered in a column of its own, with a top rule when below or over the
/// debugger; the rule carries the lesson's title (or its number, the title then opening the
/// text) and `step k / N`; text that does not fit scrolls, with a last line saying so.
pub fn render(player: &Player, window: &Window, area: Rect, buf: &mut Buffer) {
    let theme = player.theme();
    let mut text: Vec<Line> = window.lines[window.top..]
        .iter()
        .take(window.rows)
        .cloned()
        .collect();
    if window.last > 0 {
        let more = if window.top < window.last {
            "-- more below: d (u: up) --"
        } else {
            "-- end: u scrolls up --"
        };
        text.push(Line::styled(more, theme.key()));
    }
    let block = frame(player, window.boxed)
        .title(Span::styled(window.title.as_str(), theme.title()))
        .title_top(Line::from(Span::styled(step_label(player), theme.key())).right_aligned());
    let inner = block.inner(area);
    Clear.render(area, buf);
    block.render(area, buf);
    Paragraph::new(text).render(inner, buf);
}

/// The part of the lesson text a pane shows.
pub struct Window {
    /// Whether the pane is bordered all round (a column of its own), else a top rule only.
    pub boxed: bool,
    /// The rule's title.
    pub title: String,
    /// Every line of the text.
    pub lines: Vec<Line<'static>>,
    /// The first line shown.
    pub top: usize,
    /// How many rows show text (one less than the pane's when a "more" line is needed).
    pub rows: usize,
    /// The largest first line: 0 when everything fits.
    pub last: usize,
}

/// The text of the pane placed in `areas`, scrolled as far as the player asks and the text
/// allows; `None` when no pane is drawn.
pub fn window(player: &Player, areas: &Areas) -> Option<Window> {
    let boxed = match areas.placement {
        Placement::Right => true,
        Placement::Below | Placement::Over => false,
        Placement::Hidden | Placement::TooSmall => return None,
    };
    let area = areas.pane;
    let inner = frame(player, boxed).inner(area);
    let (title, lines) = content(player, area.width, inner.width);
    let height = usize::from(inner.height);
    let rows = if lines.len() > height {
        height.saturating_sub(1)
    } else {
        height
    };
    let last = lines.len().saturating_sub(rows);
    Some(Window {
        boxed,
        title,
        top: player.scroll().min(last),
        rows,
        last,
        lines,
    })
}

/// The pane's borders and padding.
fn frame(player: &Player, boxed: bool) -> Block<'static> {
    let borders = if boxed { Borders::ALL } else { Borders::TOP };
    Block::new()
        .borders(borders)
        .border_set(player.theme().border())
        .padding(Padding::horizontal(1))
}

/// The rows the pane needs at `width` (its text and the top rule) when it is not boxed.
pub fn rows(player: &Player, width: u16) -> u16 {
    let lines = content(player, width, width.saturating_sub(2)).1.len();
    u16::try_from(lines + 1).unwrap_or(u16::MAX)
}

fn step_label(player: &Player) -> String {
    format!(" step {} / {} ", player.step_index() + 1, player.steps())
}

/// The rule's title and the text of a pane `width` wide with `inner` columns of text: the lesson's
/// title goes on the rule when it fits, else it opens the text.
fn content(player: &Player, width: u16, inner: u16) -> (String, Vec<Line<'static>>) {
    let title = &player.lesson().title;
    let full = match player.number() {
        Some(n) => format!(" {n}. {title} "),
        None => format!(" {title} "),
    };
    let room = usize::from(width).saturating_sub(step_label(player).chars().count() + 4);
    if full.chars().count() <= room {
        return (full, lines(player, inner));
    }
    let short = player
        .number()
        .map_or_else(String::new, |n| format!(" lesson {n} "));
    let mut text = wrap(
        &[Span::styled(title.clone(), player.theme().title())],
        inner,
    );
    text.push(Line::default());
    text.extend(lines(player, inner));
    (short, text)
}
