//! The lessons' terminal session: the menu, the lessons it opens (their progress recorded as the
//! learner goes) and the scene picker, until the learner quits.

use std::io;

use crossterm::event::Event;
use ratatui::{DefaultTerminal, Frame};

use super::{action, Menu, Request};
use crate::lesson::progress::{Progress, Status, Store};
use crate::lesson::Lesson;
use crate::tui::lesson::{self, Exit, LessonAction, Player};
use crate::tui::picker::{picker_loop, Picker};
use crate::tui::terminal::{drive, session, Screen};
use crate::tui::{Action, Theme};

/// Runs the lesson menu (first `start`, a lesson and its menu number, when given) in its own
/// terminal session; progress is read from and saved to `store`.
pub fn run_lessons(
    start: Option<(Lesson, Option<usize>)>,
    store: &Store,
    theme: Theme,
) -> io::Result<()> {
    let (progress, warning) = store.load();
    let mut menu = Menu::shipped(progress, store.is_on(), theme);
    menu.set_message(warning);
    session(|terminal| {
        if let Some((lesson, number)) = start {
            if play(terminal, lesson, number, store, &mut menu)? == Exit::Quit {
                return Ok(());
            }
        }
        loop {
            drive(terminal, &mut menu)?;
            match menu.take_request() {
                Some(Request::Open(k)) => {
                    let entry = &menu.entries()[k];
                    let (number, lesson) = (entry.number, entry.lesson.clone());
                    if let Ok(lesson) = lesson {
                        if play(terminal, lesson, Some(number), store, &mut menu)? == Exit::Quit {
                            return Ok(());
                        }
                    }
                }
                Some(Request::Scenes) => {
                    if picker_loop(terminal, &mut Picker::new(theme))? {
                        return Ok(());
                    }
                }
                Some(Request::Quit) | None => return Ok(()),
            }
        }
    })
}

/// Plays `lesson` from the step its saved progress reached, then highlights the next suggested
/// lesson in the menu.
fn play(
    terminal: &mut DefaultTerminal,
    lesson: Lesson,
    number: Option<usize>,
    store: &Store,
    menu: &mut Menu,
) -> io::Result<Exit> {
    let start = match menu.progress().status(&lesson.name) {
        Status::InProgress(step) => step - 1,
        Status::NotStarted | Status::Done => 0,
    };
    let mut playing = Playing {
        player: Player::new(lesson, number, start, menu.theme()),
        store,
        progress: menu.progress_mut(),
        warning: None,
    };
    playing.record();
    drive(terminal, &mut playing)?;
    let exit = playing.player.exit().unwrap_or(Exit::Menu);
    let warning = playing.warning.take();
    menu.set_message(warning);
    menu.select_suggested();
    Ok(exit)
}

/// A lesson being played, with the progress it records.
struct Playing<'a> {
    player: Player,
    store: &'a Store,
    progress: &'a mut Progress,
    warning: Option<String>,
}

impl Playing<'_> {
    /// Records the furthest step reached and how the questions went, saving the file when it
    /// changed.
    fn record(&mut self) {
        let (name, steps) = (&self.player.lesson().name, self.player.steps());
        let mut changed = self.progress.reach(name, self.player.reached(), steps);
        for (step, outcome) in self.player.outcomes() {
            changed |= self.progress.record(name, step, outcome);
        }
        if changed {
            if let Err(why) = self.store.save(self.progress) {
                self.warning = Some(why);
            }
        }
    }
}

impl Screen for Playing<'_> {
    fn draw(&self, frame: &mut Frame) {
        frame.render_widget(&self.player, frame.area());
    }

    fn handle(&mut self, event: &Event) {
        if let Some(action) = lesson::action(event, &self.player) {
            self.player.update(action);
            self.record();
        }
    }

    fn is_running(&self) -> bool {
        self.player.exit().is_none()
    }

    fn due(&self) -> Option<f64> {
        self.player.app().until_next_frame()
    }

    fn advance(&mut self, seconds: f64) {
        self.player
            .update(LessonAction::Debugger(Action::Advance(seconds)));
    }
}

impl Screen for Menu {
    fn draw(&self, frame: &mut Frame) {
        frame.render_widget(self, frame.area());
    }

    fn handle(&mut self, event: &Event) {
        if let Some(action) = action(event) {
            self.update(action);
        }
    }

    fn is_running(&self) -> bool {
        Menu::is_running(self)
    }
}
