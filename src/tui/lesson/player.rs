//! The lesson player's state: the lesson, where each step stands, one debugger per scene, the
//! step shown and the learner's answers to its questions.

use super::quiz::{Answered, Attempts};
use crate::lesson::{resolve_step, walk, Lesson, Mask, Quiz, ResolvedStep, Step, StepState};
use crate::tui::{App, Options, Theme};

/// Why the player stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Back to the lesson menu (`q`).
    Menu,
    /// Leave sepax (Ctrl-C).
    Quit,
}

/// Whether the lesson text is shown beside (or over) the debugger.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Text {
    /// The lesson pane is drawn.
    #[default]
    Shown,
    /// Only the debugger is drawn (`t` brings the text back).
    Hidden,
}

/// Everything the lesson screen shows is read from here; only [`Player::update`] changes it.
#[derive(Clone, Debug)]
pub struct Player {
    pub(super) lesson: Lesson,
    pub(super) number: Option<usize>,
    pub(super) states: Vec<StepState>,
    pub(super) resolved: Vec<ResolvedStep>,
    pub(super) problems: Vec<Option<String>>,
    pub(super) apps: Vec<App>,
    pub(super) step: usize,
    pub(super) attempts: Vec<Attempts>,
    pub(super) skipped: Vec<bool>,
    pub(super) typed: String,
    pub(super) scroll: usize,
    pub(super) text: Text,
    pub(super) help: bool,
    pub(super) size: (u16, u16),
    pub(super) exit: Option<Exit>,
    pub(super) reached: usize,
}

impl Player {
    /// The player on `lesson` (menu number `number`) at step index `start`, every step placed by
    /// [`walk`] as `sepax check` places it.
    pub fn new(lesson: Lesson, number: Option<usize>, start: usize, theme: Theme) -> Player {
        let walkthrough = walk(&lesson);
        let options = Options {
            theme,
            ..Options::default()
        };
        let step = start.min(lesson.steps.len().saturating_sub(1));
        let states = placed(&lesson, &walkthrough.states);
        let resolved = states
            .iter()
            .enumerate()
            .map(|(k, state)| resolve_step(&lesson, &walkthrough.timelines, k, *state))
            .collect();
        let apps = lesson
            .scenes
            .iter()
            .zip(walkthrough.timelines)
            .map(|(scene, frames)| App::with_timeline(scene.clone(), frames, &options))
            .collect();
        let mut player = Player {
            attempts: vec![Attempts::default(); lesson.steps.len()],
            skipped: vec![false; lesson.steps.len()],
            lesson,
            number,
            states,
            resolved,
            problems: walkthrough.states.into_iter().map(Result::err).collect(),
            apps,
            step,
            typed: String::new(),
            scroll: 0,
            text: Text::Shown,
            help: false,
            size: (0, 0),
            exit: None,
            reached: step,
        };
        player.apply_step();
        player
    }

    /// The lesson played.
    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// The lesson's number in the menu, if it is a shipped lesson.
    pub fn number(&self) -> Option<usize> {
        self.number
    }

    /// The index of the step shown (from 0).
    pub fn step_index(&self) -> usize {
        self.step
    }

    /// The number of steps.
    pub fn steps(&self) -> usize {
        self.lesson.steps.len()
    }

    /// The step shown.
    pub fn step(&self) -> &Step {
        &self.lesson.steps[self.step]
    }

    /// The step's narration, hint and explanation with their placeholders' values, resolved once
    /// at the step's frame (each value kept with its placeholder, for masking).
    pub fn resolved(&self) -> &ResolvedStep {
        &self.resolved[self.step]
    }

    /// The quiz of the step shown.
    pub fn quiz(&self) -> Option<&Quiz> {
        self.step().quiz.as_ref()
    }

    /// Why the step shown could not be placed (`play_until` never reached), if it could not.
    pub fn step_problem(&self) -> Option<&str> {
        self.problems[self.step].as_deref()
    }

    /// The debugger of the step's scene.
    pub fn app(&self) -> &App {
        &self.apps[self.scene_index()]
    }

    /// The learner's last answer to the step's quiz.
    pub fn answer(&self) -> Option<&Answered> {
        self.attempts[self.step].last()
    }

    /// The answers given to the step's quiz and whether its answer was shown.
    pub fn attempts(&self) -> &Attempts {
        &self.attempts[self.step]
    }

    /// What the screen hides while the step's question is open (nothing otherwise).
    pub fn mask(&self) -> &Mask {
        self.app().mask()
    }

    /// The number being typed as an answer.
    pub fn typed(&self) -> &str {
        &self.typed
    }

    /// How many lines the lesson text is scrolled down (clamped when drawn).
    pub fn scroll(&self) -> usize {
        self.scroll
    }

    /// Whether the lesson text is drawn.
    pub fn text(&self) -> Text {
        self.text
    }

    /// Whether the help is open.
    pub fn help_open(&self) -> bool {
        self.help
    }

    /// The colour and ASCII choices (every scene's debugger has the player's).
    pub fn theme(&self) -> Theme {
        self.app().theme()
    }

    /// Why the player stopped, once it has.
    pub fn exit(&self) -> Option<Exit> {
        self.exit
    }

    /// The furthest step reached in this run, from 1.
    pub fn reached(&self) -> usize {
        self.reached + 1
    }

    /// Where the step shown stands: from [`walk`], or (when its `play_until` is never reached)
    /// the step's scene at the frame the previous step showed there.
    pub fn state(&self) -> StepState {
        self.states[self.step]
    }

    pub(super) fn scene_index(&self) -> usize {
        self.state().scene
    }

    pub(super) fn app_mut(&mut self) -> &mut App {
        let k = self.scene_index();
        &mut self.apps[k]
    }
}

/// Where each step stands: its state from [`walk`], or (when its `play_until` is never reached)
/// its scene at the frame of the last earlier step placed in that scene (else frame 0).
fn placed(lesson: &Lesson, states: &[Result<StepState, String>]) -> Vec<StepState> {
    let steps = lesson.steps.iter().zip(states).enumerate();
    steps
        .map(|(k, (step, state))| match state {
            Ok(at) => *at,
            Err(_) => states[..k]
                .iter()
                .rev()
                .find_map(|s| s.as_ref().ok().filter(|s| s.scene == step.scene).copied())
                .unwrap_or(StepState {
                    scene: step.scene,
                    frame: 0,
                }),
        })
        .collect()
}
