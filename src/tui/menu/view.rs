//! The lesson menu as a widget of `&Menu`: the list with progress marks and first-try scores, the
//! highlighted lesson's details, the legend (or a message) and the keys.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Padding, Paragraph, Widget, Wrap};

use super::Menu;
use crate::lesson::progress::Status;
use crate::lesson::NOT_LOADING;
use crate::tui::keys;

/// The introduction above the list.
const INTRO: [&str; 2] = [
    "Collision detection and physics-based animation, one step at a time.",
    "Pick a lesson and press Enter. In a lesson, n goes on and ? lists every key.",
];

impl Widget for &Menu {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme();
        let [list, details, legend, bar] = Layout::vertical([
            Constraint::Fill(1),
            Constraint::Length(2),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let block = Block::bordered()
            .border_set(theme.border())
            .title(Span::styled(" sepax lessons ", theme.title()));
        let inner = block.inner(list);
        block.render(list, buf);
        let mut lines: Vec<Line> = INTRO
            .iter()
            .map(|line| Line::styled(format!(" {line}"), theme.dim()))
            .collect();
        lines.push(Line::default());
        let rows = usize::from(inner.height).saturating_sub(lines.len()).max(1);
        let first = (self.selected + 1).saturating_sub(rows);
        if self.entries.is_empty() {
            lines.push(Line::from(
                " No lessons are shipped yet: press s to step through a scene.",
            ));
        }
        lines.extend(
            (first..self.entries.len())
                .take(rows)
                .map(|k| self.row(k, inner.width)),
        );
        Paragraph::new(lines).render(inner, buf);
        Paragraph::new(self.details())
            .block(Block::new().padding(Padding::left(1)))
            .wrap(Wrap { trim: true })
            .render(details, buf);
        let note = match self.message() {
            Some(message) => Line::styled(format!(" {message}"), theme.fg(Color::Yellow)),
            None => self.legend(legend.width),
        };
        Paragraph::new(note).render(legend, buf);
        let entries = [("Enter", "open"), ("j/k", "move"), ("s", "scenes")];
        keys::render_entries(theme, &entries, &[("q", "quit")], bar, buf);
    }
}

impl Menu {
    /// The text mark of lesson `k`: `[x]` finished, `[3/6]` step reached, `[ ]` not started,
    /// `[!]` does not load.
    pub fn mark(&self, k: usize) -> String {
        let entry = &self.entries[k];
        let Ok(lesson) = &entry.lesson else {
            return "[!]".to_string();
        };
        match self.status(k) {
            Status::Done => "[x]".to_string(),
            Status::InProgress(step) => format!("[{}/{}]", step, lesson.steps.len()),
            Status::NotStarted => "[ ]".to_string(),
        }
    }

    /// The questions of lesson `k` answered right at the first try out of all its questions,
    /// `7/9`, then ` ~` when some were skipped; empty when [`Menu::questions`] has nothing.
    pub fn score(&self, k: usize) -> String {
        match self.questions(k) {
            Some((right, questions, skipped)) => {
                let skipped = if skipped > 0 { " ~" } else { "" };
                format!("{right}/{questions}{skipped}")
            }
            None => String::new(),
        }
    }

    /// Of lesson `k`'s questions: how many were answered right at the first try, how many there
    /// are, how many are skipped; `None` for a lesson without questions or none answered or
    /// skipped yet (progress saved before questions were recorded shows no score).
    pub fn questions(&self, k: usize) -> Option<(usize, usize, usize)> {
        let entry = &self.entries[k];
        let lesson = entry.lesson.as_ref().ok()?;
        let steps: Vec<usize> = (1..=lesson.steps.len())
            .filter(|&n| lesson.steps[n - 1].quiz.is_some())
            .collect();
        let saved = self.progress().lesson(&entry.name)?;
        let met = steps
            .iter()
            .any(|k| saved.answered.contains(k) || saved.skipped.contains(k));
        if !met {
            return None;
        }
        let (right, skipped) = saved.score(&steps);
        Some((right, steps.len(), skipped))
    }

    /// The list row of lesson `k`, `width` wide.
    fn row(&self, k: usize, width: u16) -> Line<'static> {
        let theme = self.theme();
        let entry = &self.entries[k];
        let cursor = if k == self.selected { '>' } else { ' ' };
        let prefix = format!("{cursor}{:>3}  ", entry.number);
        // The scores get a column only once some lesson has one: a fresh menu is unchanged.
        let scores = (0..self.entries.len())
            .map(|k| self.score(k).chars().count())
            .max()
            .unwrap_or(0);
        let mark = if scores > 0 {
            format!("{:<7} {:<scores$}  ", self.mark(k), self.score(k))
        } else {
            format!("{:<7} ", self.mark(k))
        };
        let next = if self.suggested() == Some(k) {
            "  <- next"
        } else {
            ""
        };
        let title = match &entry.lesson {
            Ok(lesson) => lesson.title.clone(),
            Err(_) => format!("{} {NOT_LOADING}", entry.name),
        };
        let used = prefix.chars().count() + mark.chars().count() + next.len() + 1;
        let room = usize::from(width).saturating_sub(used);
        let title = if title.chars().count() > room {
            let cut: String = title.chars().take(room.saturating_sub(1)).collect();
            format!("{cut}~")
        } else {
            title
        };
        let mark_style = match self.status(k) {
            Status::Done => theme.fg(Color::Green),
            Status::InProgress(_) => theme.fg(Color::Yellow),
            Status::NotStarted => Style::new(),
        };
        let mut spans = vec![
            Span::raw(prefix),
            Span::styled(mark, mark_style),
            Span::raw(title),
        ];
        if !next.is_empty() {
            spans[2].style = Style::new().add_modifier(Modifier::BOLD);
            spans.push(Span::styled(next, theme.fg(Color::Green)));
        }
        let line = Line::from(spans);
        if k == self.selected {
            line.style(theme.selected())
        } else {
            line
        }
    }

    /// The highlighted lesson's file, step count and source.
    fn details(&self) -> Line<'static> {
        let Some(entry) = self.entries.get(self.selected) else {
            return Line::default();
        };
        let text = match &entry.lesson {
            Ok(lesson) => {
                let from = lesson
                    .cites
                    .as_ref()
                    .map_or_else(String::new, |cites| format!(", from {cites}"));
                let asked = match self.questions(self.selected) {
                    Some((right, questions, skipped)) => {
                        let skipped = if skipped > 0 {
                            format!(", {skipped} skipped")
                        } else {
                            String::new()
                        };
                        format!(", {questions} questions ({right} right at the first try{skipped})")
                    }
                    None => String::new(),
                };
                format!("{}: {} steps{asked}{from}", entry.name, lesson.steps.len())
            }
            Err(why) => why.clone(),
        };
        Line::styled(text, self.theme().dim())
    }

    /// What the marks mean, and whether progress is saved, in `width` columns.
    fn legend(&self, width: u16) -> Line<'static> {
        let saved = if self.is_keeping() { "" } else { "not " };
        let wide = format!(
            " [x] finished  [3/6] at step 3  [ ] not started  7/9 questions right at the first \
             try  ~ some skipped   (progress is {saved}saved)"
        );
        let text = if wide.chars().count() <= usize::from(width) {
            wide
        } else {
            format!(
                " [x] finished  [3/6] at step 3  7/9 right first try  ~ skipped  ({saved}saved)"
            )
        };
        Line::styled(text, self.theme().dim())
    }
}
