//! Terminal events to [`Action`]s: a pure function of the event and the app's mode.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

use super::layout::{self, Mode};
use super::{table, Action, App, Overlay};

/// The action an event asks for, if any.
pub fn action(event: &Event, app: &App) -> Option<Action> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => key_action(key, app),
        Event::Mouse(mouse) => mouse_action(*mouse, app),
        Event::Resize(width, height) => Some(Action::Resize(*width, *height)),
        _ => None,
    }
}

/// The action of a key press.
pub fn key_action(key: &KeyEvent, app: &App) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(Action::Quit);
    }
    match app.overlay() {
        Overlay::Prompt(_) => return prompt_key(key),
        Overlay::Pairs(_) => return picker_key(key),
        Overlay::Matrices(_) => {
            return Some(match key.code {
                KeyCode::Char('q') => Action::Quit,
                _ => Action::ToggleMatrices,
            });
        }
        Overlay::Help | Overlay::Info => {
            return Some(match key.code {
                KeyCode::Char('q') => Action::Quit,
                _ if app.help_open() => Action::ToggleHelp,
                _ => Action::ToggleInfo,
            });
        }
        Overlay::None => {}
    }
    let action = match key.code {
        KeyCode::Char(' ') => Action::TogglePlay,
        KeyCode::Char('+' | '=') => Action::Faster,
        KeyCode::Char('-' | '_') => Action::Slower,
        KeyCode::Char('n') | KeyCode::Right => Action::Step(1),
        KeyCode::Char('b') | KeyCode::Left => Action::Step(-1),
        KeyCode::Char('N') => Action::Step(10),
        KeyCode::Char('B') => Action::Step(-10),
        KeyCode::Char('g') => Action::OpenPrompt,
        KeyCode::Char('r') => Action::Restart,
        KeyCode::Char('k') | KeyCode::Up => Action::RowUp,
        KeyCode::Char('j') | KeyCode::Down => Action::RowDown,
        KeyCode::Tab => Action::NextPair,
        KeyCode::BackTab => Action::PreviousPair,
        KeyCode::Char('c') => Action::NextTouching,
        KeyCode::Char('/') => Action::OpenPairs,
        KeyCode::Char('v') => Action::CycleView,
        KeyCode::Char('4') => Action::FourViews,
        KeyCode::Char('a') => Action::ToggleTable,
        KeyCode::Char('f') => Action::ToggleFraming,
        KeyCode::Char('s') => Action::ScrollLists(1),
        KeyCode::Char('S') => Action::ScrollLists(-1),
        KeyCode::Char('i') => Action::ToggleInfo,
        KeyCode::Char('m') => Action::ToggleMatrices,
        KeyCode::Char('[') => Action::ZoomOut,
        KeyCode::Char(']') => Action::ZoomIn,
        KeyCode::Char('h') => Action::PanLeft,
        KeyCode::Char('l') => Action::PanRight,
        KeyCode::Char('?') => Action::ToggleHelp,
        KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
        _ => return None,
    };
    Some(action)
}

/// Keys while a frame number is typed after `g`.
fn prompt_key(key: &KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Char(c) if c.is_ascii_digit() => Some(Action::PromptDigit(c)),
        KeyCode::Backspace => Some(Action::PromptBackspace),
        KeyCode::Enter => Some(Action::PromptSubmit),
        KeyCode::Esc => Some(Action::PromptCancel),
        _ => None,
    }
}

/// Keys while the pair picker is open: typed text filters, the arrows move, Enter selects.
fn picker_key(key: &KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Char(c) => Some(Action::PairsType(c)),
        KeyCode::Backspace => Some(Action::PairsBackspace),
        KeyCode::Up => Some(Action::PairsMove(-1)),
        KeyCode::Down | KeyCode::Tab => Some(Action::PairsMove(1)),
        KeyCode::PageUp => Some(Action::PairsMove(-10)),
        KeyCode::PageDown => Some(Action::PairsMove(10)),
        KeyCode::Enter => Some(Action::PairsSubmit),
        KeyCode::Esc => Some(Action::PairsCancel),
        _ => None,
    }
}

/// A left click on an axis row selects it; the wheel moves the selection.
fn mouse_action(mouse: MouseEvent, app: &App) -> Option<Action> {
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => {
            let (width, height) = app.size();
            let shown = app.shown();
            let (mode, areas) = layout::areas(Rect::new(0, 0, width, height), shown);
            if mode == Mode::TooSmall || !shown.table || *app.overlay() != Overlay::None {
                return None;
            }
            if let Some(pair) = app.pair().filter(|pair| super::convex_table::draws(pair)) {
                let shown = super::convex_table::shown_rows(pair, areas.table.height);
                let first = super::convex_table::first_shown(app.row(), shown);
                table::row_at_plain(areas.table, mouse.column, mouse.row)
                    .map(|row| Action::SelectRow(first + row))
            } else {
                table::row_at(app, mode, areas.table, mouse.column, mouse.row)
                    .map(Action::SelectRow)
            }
        }
        MouseEventKind::ScrollUp => Some(Action::RowUp),
        MouseEventKind::ScrollDown => Some(Action::RowDown),
        _ => None,
    }
}
