//! The lesson menu `sepax` opens in a terminal: the numbered lessons with their progress marks,
//! the next one suggested; Enter opens a lesson, `s` the scene picker. Model, input to
//! [`MenuAction`], update here; the view in `menu/view.rs`, the loops in `menu/session.rs`.

mod session;
mod view;

use crossterm::event::{Event, KeyCode, KeyEventKind, KeyModifiers};

use super::Theme;
use crate::lesson::progress::{Progress, Status};
use crate::lesson::{self, Lesson};
use crate::scene;

pub use session::run_lessons;

/// One lesson of the menu.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Its number (`sepax lesson N`).
    pub number: usize,
    /// Its name, the file stem.
    pub name: String,
    /// The loaded lesson, or the first line of why it does not load.
    pub lesson: Result<Lesson, String>,
}

impl Entry {
    /// The entry of the lesson `name` with TOML `text`, at `position` in the list.
    pub fn load(position: usize, name: &str, text: &str) -> Entry {
        let lesson = lesson::load_shipped(name, text)
            .map_err(|e| e.to_string().lines().next().unwrap_or_default().to_string());
        Entry {
            number: lesson::number(name, position),
            name: name.to_string(),
            lesson,
        }
    }
}

/// What the menu asks its loop to do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// Open the lesson at this index.
    Open(usize),
    /// Show the scene picker.
    Scenes,
    /// Leave sepax.
    Quit,
}

/// One thing the user asked for in the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuAction {
    /// Highlight the lesson above.
    Up,
    /// Highlight the lesson below.
    Down,
    /// Highlight the first lesson.
    First,
    /// Highlight the last lesson.
    Last,
    /// Open the highlighted lesson.
    Open,
    /// Show the scene picker.
    Scenes,
    /// Leave sepax.
    Quit,
}

/// The lesson menu: every lesson, the saved progress, the highlighted lesson.
#[derive(Clone, Debug)]
pub struct Menu {
    pub(super) entries: Vec<Entry>,
    pub(super) selected: usize,
    pub(super) progress: Progress,
    pub(super) keeping: bool,
    pub(super) theme: Theme,
    pub(super) message: Option<String>,
    pub(super) request: Option<Request>,
}

impl Menu {
    /// The menu over `entries` with `progress` (`keeping`: whether it is saved), the suggested
    /// lesson highlighted.
    pub fn new(entries: Vec<Entry>, progress: Progress, keeping: bool, theme: Theme) -> Menu {
        let mut menu = Menu {
            entries,
            selected: 0,
            progress,
            keeping,
            theme,
            message: None,
            request: None,
        };
        menu.selected = menu.suggested().unwrap_or(0);
        menu
    }

    /// The menu over the shipped lessons, ordered by file name.
    pub fn shipped(progress: Progress, keeping: bool, theme: Theme) -> Menu {
        let entries = scene::shipped_lessons()
            .iter()
            .enumerate()
            .map(|(k, (name, text))| Entry::load(k, name, text))
            .collect();
        Menu::new(entries, progress, keeping, theme)
    }

    /// The lessons.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The highlighted lesson's index.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The suggested lesson: the first one that loads and is not finished.
    pub fn suggested(&self) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| e.lesson.is_ok() && self.progress.status(&e.name) != Status::Done)
    }

    /// Where lesson `k` stands.
    pub fn status(&self, k: usize) -> Status {
        self.progress.status(&self.entries[k].name)
    }

    /// The progress shown.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// The progress, for the lesson loop to record steps in.
    pub fn progress_mut(&mut self) -> &mut Progress {
        &mut self.progress
    }

    /// Whether progress is saved.
    pub fn is_keeping(&self) -> bool {
        self.keeping
    }

    /// The one-line message shown under the list (a warning, or why a lesson does not open).
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Shows a one-line message under the list.
    pub fn set_message(&mut self, message: Option<String>) {
        self.message = message;
    }

    /// Highlights the suggested lesson again (after a lesson, when progress moved on).
    pub fn select_suggested(&mut self) {
        if let Some(k) = self.suggested() {
            self.selected = k;
        }
    }

    /// The colour and ASCII choices.
    pub fn theme(&self) -> Theme {
        self.theme
    }

    /// What the loop should do next, taken once.
    pub fn take_request(&mut self) -> Option<Request> {
        self.request.take()
    }

    /// Whether the menu waits for keys (no request yet).
    pub fn is_running(&self) -> bool {
        self.request.is_none()
    }

    /// Applies one action.
    pub fn update(&mut self, action: MenuAction) {
        let last = self.entries.len().saturating_sub(1);
        match action {
            MenuAction::Up => self.selected = self.selected.saturating_sub(1),
            MenuAction::Down => self.selected = (self.selected + 1).min(last),
            MenuAction::First => self.selected = 0,
            MenuAction::Last => self.selected = last,
            MenuAction::Open => match self.entries.get(self.selected).map(|e| &e.lesson) {
                Some(Ok(_)) => self.request = Some(Request::Open(self.selected)),
                Some(Err(why)) => self.message = Some(format!("cannot open: {why}")),
                None => {}
            },
            MenuAction::Scenes => self.request = Some(Request::Scenes),
            MenuAction::Quit => self.request = Some(Request::Quit),
        }
    }
}

/// The action an event asks for in the menu, if any.
pub fn action(event: &Event) -> Option<MenuAction> {
    let Event::Key(key) = event else { return None };
    if key.kind == KeyEventKind::Release {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(MenuAction::Quit);
    }
    Some(match key.code {
        KeyCode::Up | KeyCode::Char('k') => MenuAction::Up,
        KeyCode::Down | KeyCode::Char('j') => MenuAction::Down,
        KeyCode::Home | KeyCode::Char('g') => MenuAction::First,
        KeyCode::End | KeyCode::Char('G') => MenuAction::Last,
        KeyCode::Enter | KeyCode::Right | KeyCode::Char('l') => MenuAction::Open,
        KeyCode::Char('s') => MenuAction::Scenes,
        KeyCode::Char('q') | KeyCode::Esc => MenuAction::Quit,
        _ => return None,
    })
}
