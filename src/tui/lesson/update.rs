//! What the learner can ask for in a lesson, and how each request changes the [`Player`].

use super::player::{Exit, Text};
use super::Player;
use crate::lesson::Answer;
use crate::tui::Action;

/// The longest number a learner can type as an answer.
const TYPED_MAX: usize = 16;

/// One thing the learner asked for in a lesson.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LessonAction {
    /// Show the next step.
    Next,
    /// Show the previous step.
    Previous,
    /// Answer a choice question with this choice number (from 1).
    Choose(usize),
    /// Type one character of a number answer.
    Type(char),
    /// Delete the last typed character.
    Erase,
    /// Check the typed number.
    Submit,
    /// Forget the typed number.
    ClearTyped,
    /// Show the answer and the explanation of the open question.
    Reveal,
    /// Scroll the lesson text down a page.
    ScrollDown,
    /// Scroll the lesson text up a page.
    ScrollUp,
    /// Hide or show the lesson text.
    ToggleText,
    /// Open or close the help.
    ToggleHelp,
    /// Back to the lesson menu.
    Menu,
    /// Leave sepax.
    Quit,
    /// The terminal has a new size.
    Resize(u16, u16),
    /// A debugger action on the step's scene.
    Debugger(Action),
}

impl Player {
    /// Applies one action.
    pub fn update(&mut self, action: LessonAction) {
        match action {
            LessonAction::Next => {
                if self.step + 1 < self.steps() {
                    self.leave_forward();
                }
                self.go_to_step(self.step + 1);
            }
            LessonAction::Previous => self.go_to_step(self.step.saturating_sub(1)),
            LessonAction::Choose(number) => self.choose(number),
            LessonAction::Type(c) => {
                if self.is_number_quiz() && self.question_open() && self.typed.len() < TYPED_MAX {
                    self.typed.push(c);
                    self.scroll = usize::MAX;
                }
            }
            LessonAction::Erase => {
                self.typed.pop();
            }
            LessonAction::Submit => self.submit(),
            LessonAction::ClearTyped => self.typed.clear(),
            LessonAction::Reveal => self.reveal(),
            LessonAction::ScrollDown => {
                let (top, page, last) = self.text_window();
                self.scroll = (top + page).min(last);
            }
            LessonAction::ScrollUp => {
                let (top, page, _) = self.text_window();
                self.scroll = top.saturating_sub(page);
            }
            LessonAction::ToggleText => {
                self.text = match self.text {
                    Text::Shown => Text::Hidden,
                    Text::Hidden => Text::Shown,
                };
                self.fit_debugger();
            }
            LessonAction::ToggleHelp => self.help = !self.help,
            LessonAction::Menu => self.exit = Some(Exit::Menu),
            LessonAction::Quit => self.exit = Some(Exit::Quit),
            LessonAction::Resize(width, height) => {
                self.size = (width, height);
                self.fit_debugger();
            }
            LessonAction::Debugger(Action::Quit | Action::ToggleHelp) => {}
            LessonAction::Debugger(action) => self.app_mut().update(action),
        }
    }

    /// Shows step `k` (clamped to the last) and remembers the furthest step reached.
    fn go_to_step(&mut self, k: usize) {
        let k = k.min(self.steps() - 1);
        if k == self.step {
            return;
        }
        self.step = k;
        self.reached = self.reached.max(k);
        self.apply_step();
    }

    /// Whether the step asks for a number.
    pub fn is_number_quiz(&self) -> bool {
        self.quiz()
            .is_some_and(|q| matches!(q.answer, Answer::Number { .. }))
    }

    /// The number of choices of the step's choice question (0 without one).
    pub fn choices(&self) -> usize {
        match self.quiz().map(|q| &q.answer) {
            Some(Answer::Choice { choices, .. }) => choices.len(),
            _ => 0,
        }
    }

    fn choose(&mut self, number: usize) {
        if !(1..=self.choices()).contains(&number) {
            return;
        }
        self.record_answer(number.to_string());
    }

    fn submit(&mut self) {
        if !self.is_number_quiz() || self.typed.trim().is_empty() {
            return;
        }
        let typed = std::mem::take(&mut self.typed);
        self.record_answer(typed);
    }
}
