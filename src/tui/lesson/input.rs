//! Terminal events to [`LessonAction`]s: lesson keys first (the answer keys only while the
//! step's question is open), every other key to the debugger.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEventKind};
use ratatui::layout::Position;

use super::{LessonAction, Player};
use crate::tui::input;

/// The action an event asks for in a lesson, if any.
pub fn action(event: &Event, player: &Player) -> Option<LessonAction> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => key_action(key, player),
        Event::Resize(width, height) => Some(LessonAction::Resize(*width, *height)),
        Event::Mouse(mouse) => {
            let click = matches!(mouse.kind, MouseEventKind::Down(_));
            let at = Position::new(mouse.column, mouse.row);
            // Only a click needs the layout: it is ignored on the pane.
            if player.help_open() || (click && player.areas().pane.contains(at)) {
                return None;
            }
            input::action(event, player.app()).map(LessonAction::Debugger)
        }
        _ => None,
    }
}

/// The action of a key press in a lesson.
pub fn key_action(key: &KeyEvent, player: &Player) -> Option<LessonAction> {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(LessonAction::Quit);
    }
    if player.help_open() {
        return Some(match key.code {
            KeyCode::Char('q') => LessonAction::Menu,
            _ => LessonAction::ToggleHelp,
        });
    }
    if player.app().takes_text() {
        return input::key_action(key, player.app()).map(LessonAction::Debugger);
    }
    if !player.typed().is_empty() {
        match key.code {
            KeyCode::Backspace => return Some(LessonAction::Erase),
            KeyCode::Esc => return Some(LessonAction::ClearTyped),
            _ => {}
        }
    }
    let action = match key.code {
        KeyCode::Char('n') => LessonAction::Next,
        KeyCode::Char('p') => LessonAction::Previous,
        KeyCode::Char('t') => LessonAction::ToggleText,
        KeyCode::Char('d') | KeyCode::PageDown => LessonAction::ScrollDown,
        KeyCode::Char('u') | KeyCode::PageUp => LessonAction::ScrollUp,
        KeyCode::Char('?') => LessonAction::ToggleHelp,
        KeyCode::Char('q') | KeyCode::Esc => LessonAction::Menu,
        KeyCode::Char('e') if player.question_open() => {
            if !player.typed().is_empty() {
                return None;
            }
            LessonAction::Reveal
        }
        KeyCode::Char(c @ '0'..='9') if player.choices() > 0 && player.question_open() => {
            let number = c.to_digit(10).map_or(0, |d| d as usize);
            if number == 0 || number > player.choices() {
                return None;
            }
            LessonAction::Choose(number)
        }
        KeyCode::Char(c @ ('0'..='9' | '.' | '-'))
            if player.is_number_quiz() && player.question_open() =>
        {
            LessonAction::Type(c)
        }
        KeyCode::Enter if player.is_number_quiz() && player.question_open() => LessonAction::Submit,
        _ => return input::key_action(key, player.app()).map(LessonAction::Debugger),
    };
    Some(action)
}
