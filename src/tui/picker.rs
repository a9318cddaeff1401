//! The scene picker the lesson menu opens with `s`: the shipped scenes, Enter opens the debugger.

use std::io;

use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use ratatui::DefaultTerminal;

use super::terminal::drive;
use super::{App, Options, Theme};
use crate::scene::{self, shipped_scenes};

/// The list of shipped scenes and the highlighted one.
#[derive(Clone, Debug)]
pub struct Picker {
    /// `(name, title)` of every shipped scene.
    pub scenes: Vec<(&'static str, String)>,
    /// The highlighted scene.
    pub selected: usize,
    /// Colour and ASCII choices.
    pub theme: Theme,
    /// Why the last scene could not be opened, if it could not.
    pub error: Option<String>,
}

impl Picker {
    /// The picker over the shipped scenes, the first highlighted.
    pub fn new(theme: Theme) -> Picker {
        let scenes = shipped_scenes()
            .iter()
            .map(|(name, text)| {
                let title = scene::load_shipped(name, text)
                    .ok()
                    .and_then(|s| s.title)
                    .unwrap_or_default();
                (*name, title)
            })
            .collect();
        Picker {
            scenes,
            selected: 0,
            theme,
            error: None,
        }
    }
}

impl Widget for &Picker {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let [list, help] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(2)]).areas(area);
        let lines: Vec<Line> = self
            .scenes
            .iter()
            .enumerate()
            .map(|(k, (name, title))| {
                let text = format!(
                    "{} {name:<22} {title}",
                    if k == self.selected { '>' } else { ' ' }
                );
                if k == self.selected {
                    Line::styled(text, theme.selected())
                } else {
                    Line::from(text)
                }
            })
            .collect();
        let block = Block::bordered()
            .border_set(theme.border())
            .title(" sepax: pick a scene to step through ");
        Paragraph::new(lines).block(block).render(list, buf);
        let mut keys = vec![
            Span::styled(" Enter", theme.key()),
            Span::raw(" open   "),
            Span::styled("j/k", theme.key()),
            Span::raw(" move   "),
            Span::styled("q", theme.key()),
            Span::raw(" back to the lessons   (in the debugger, q comes back here)"),
        ];
        if let Some(error) = &self.error {
            keys = vec![Span::raw(error.clone())];
        }
        Paragraph::new(Line::from(keys))
            .wrap(Wrap { trim: true })
            .render(help, buf);
    }
}

/// Runs the picker until the user leaves it: `Ok(true)` for Ctrl-C (leave sepax), `Ok(false)`
/// for `q` (back to the menu); Enter opens the debugger on the highlighted scene.
pub fn picker_loop(terminal: &mut DefaultTerminal, picker: &mut Picker) -> io::Result<bool> {
    loop {
        terminal.draw(|frame| frame.render_widget(&*picker, frame.area()))?;
        let Event::Key(key) = event::read()? else {
            continue;
        };
        if key.kind == KeyEventKind::Release {
            continue;
        }
        let last = picker.scenes.len().saturating_sub(1);
        match key.code {
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => return Ok(true),
            KeyCode::Char('q') | KeyCode::Esc => return Ok(false),
            KeyCode::Up | KeyCode::Char('k') => picker.selected = picker.selected.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => picker.selected = (picker.selected + 1).min(last),
            KeyCode::Enter => open(terminal, picker)?,
            _ => {}
        }
    }
}

fn open(terminal: &mut DefaultTerminal, picker: &mut Picker) -> io::Result<()> {
    let Some((name, _)) = picker.scenes.get(picker.selected) else {
        return Ok(());
    };
    match scene::load(name) {
        Ok(scene) => {
            picker.error = None;
            let options = Options {
                theme: picker.theme,
                ..Options::default()
            };
            drive(terminal, &mut App::streaming(scene, &options))
        }
        Err(diagnostics) => {
            picker.error = Some(diagnostics.to_string());
            Ok(())
        }
    }
}
