//! A step's question as the learner meets it: answers are checked one by one; a wrong one shows
//! the hint and leaves the question open, the right one, a second wrong one or the reveal key
//! (`e`) settle it and show the explanation. While it is open the debugger hides every value
//! that states the answer ([`Mask`]); settling lifts the mask.

use super::apply::in_force;
use super::Player;
use crate::lesson::progress::Outcome;
use crate::lesson::{Answer, Mask, Quiz};

/// Wrong answers after which the answer is shown.
pub const WRONG_ANSWERS: usize = 2;

/// A submitted answer to a step's quiz.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answered {
    /// What the learner pressed or typed.
    pub typed: String,
    /// Whether the quiz accepts it.
    pub correct: bool,
}

/// The answers given to one step's question, and whether its answer was shown on request.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Attempts {
    /// Every answer, in order.
    pub tries: Vec<Answered>,
    /// Whether the learner asked to see the answer.
    pub revealed: bool,
}

impl Attempts {
    /// The last answer given.
    pub fn last(&self) -> Option<&Answered> {
        self.tries.last()
    }

    /// How many answers were wrong.
    pub fn wrong(&self) -> usize {
        self.tries.iter().filter(|a| !a.correct).count()
    }

    /// Whether the right answer was given.
    pub fn is_right(&self) -> bool {
        self.tries.iter().any(|a| a.correct)
    }

    /// Whether the question is settled: answered right, wrong twice, or its answer shown.
    pub fn is_settled(&self) -> bool {
        self.is_right() || self.revealed || self.wrong() >= WRONG_ANSWERS
    }

    /// Whether the first answer was the right one.
    pub fn right_first_try(&self) -> bool {
        self.tries.first().is_some_and(|a| a.correct)
    }
}

/// The answer in words: `3 A0xB2` for a choice, the number for a number.
pub fn answer_text(quiz: &Quiz) -> String {
    match &quiz.answer {
        Answer::Choice { choices, correct } => format!("{} {}", correct + 1, choices[*correct]),
        Answer::Number { value, .. } => format!("{value}"),
    }
}

impl Player {
    /// Whether the step asks a question that is not settled yet.
    pub fn question_open(&self) -> bool {
        self.quiz().is_some() && !self.attempts().is_settled()
    }

    /// How each question of this run went, by step number (from 1): steps whose question is
    /// still open on screen, or was never reached, have no outcome.
    pub fn outcomes(&self) -> Vec<(usize, Outcome)> {
        let steps = self
            .lesson
            .steps
            .iter()
            .zip(&self.attempts)
            .zip(&self.skipped);
        steps
            .enumerate()
            .filter(|(_, ((step, _), _))| step.quiz.is_some())
            .filter_map(|(k, ((_, attempts), skipped))| {
                let outcome = if attempts.right_first_try() {
                    Outcome::RightFirstTry
                } else if attempts.is_settled() {
                    Outcome::Answered
                } else if *skipped {
                    Outcome::Skipped
                } else {
                    return None;
                };
                Some((k + 1, outcome))
            })
            .collect()
    }

    /// Checks `typed` against the open question, keeps it, and scrolls to the verdict.
    pub(super) fn record_answer(&mut self, typed: String) {
        if !self.question_open() {
            return;
        }
        let correct = self.quiz().is_some_and(|q| q.answer.accepts(&typed));
        self.attempts[self.step]
            .tries
            .push(Answered { typed, correct });
        self.scroll = usize::MAX;
        self.update_mask();
    }

    /// Shows the answer and the explanation of the open question.
    pub(super) fn reveal(&mut self) {
        if self.question_open() {
            self.attempts[self.step].revealed = true;
            self.scroll = usize::MAX;
            self.update_mask();
        }
    }

    /// Marks the step's question skipped when it is left for the next step still open.
    pub(super) fn leave_forward(&mut self) {
        if self.question_open() {
            self.skipped[self.step] = true;
        }
    }

    /// Gives the debugger the mask of the step's question while it is open, and lifts it (the
    /// step's own axis selected again if the mask had moved it) once it is settled.
    pub(super) fn update_mask(&mut self) {
        let mask = match self.quiz() {
            Some(quiz) if self.question_open() => Mask::of(&quiz.answer),
            _ => Mask::default(),
        };
        let (select, _) = in_force(&self.lesson, self.step);
        let select = select.cloned();
        self.app_mut().set_mask(mask, select.as_ref());
    }
}
