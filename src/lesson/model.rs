//! A validated lesson: its scenes and its steps, each with the facts it expects of the engine.

use super::axis::TableAxis;
use super::prose::Prose;
use super::show::Shown;
use crate::scene::Scene;

/// The views a step may ask the debugger for.
pub const VIEWS: &[&str] = &["xy", "xz", "yz", "along-axis", "four", "matrices"];

/// A place in the lesson file (1-based line and column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Place {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
}

/// A loaded, validated lesson.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// Short name: the file stem.
    pub name: String,
    /// The file as shown in messages.
    pub path: String,
    /// The `title`.
    pub title: String,
    /// The source the lesson teaches from (`cites`), e.g. `docs/methods.md §5.3 (Table 2.1)`.
    pub cites: Option<String>,
    /// Every scene the lesson uses; `scenes[0]` is the lesson's `scene`.
    pub scenes: Vec<Scene>,
    /// The steps in order.
    pub steps: Vec<Step>,
}

/// One step of a lesson.
#[derive(Clone, Debug)]
pub struct Step {
    /// Where the step's table starts.
    pub place: Place,
    /// Narration: Markdown with placeholders (`{{gap A,B A0}}`) and worked-number spans.
    pub text: Prose,
    /// Index into `Lesson::scenes` of the scene this step shows.
    pub scene: usize,
    /// Move the debugger to this frame.
    pub frame: Option<usize>,
    /// Highlight a pair and maybe an axis.
    pub select: Option<Selection>,
    /// The view to show.
    pub view: Option<String>,
    /// Play until an event or a frame.
    pub play_until: Option<PlayUntil>,
    /// Facts about the step's frame.
    pub expect: Vec<Expectation>,
    /// A question for the learner.
    pub quiz: Option<Quiz>,
    /// What the prose points at, kept in view at every size (`show = ["contact"]`).
    pub show: Vec<Shown>,
    /// The debugger's table is hidden at this step (`hide = "table"`), for a step about the
    /// picture whose table the course has not taught yet.
    pub hide_table: bool,
}

/// A highlighted pair and axis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// The two body names.
    pub pair: (String, String),
    /// The highlighted axis, if any.
    pub axis: Option<TableAxis>,
}

/// Where `play_until` stops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayUntil {
    /// The frame inside which the pair first touches.
    Contact(String, String),
    /// This frame.
    Frame(usize),
}

/// The facts one `expect` entry states about a pair (or the integrator) at the step's frame.
#[derive(Clone, Debug)]
pub struct Expectation {
    /// Where the entry is written.
    pub place: Place,
    /// The pair the facts are about (integrator facts need none).
    pub pair: Option<(String, String)>,
    /// The facts, each with its place.
    pub facts: Vec<(Place, Fact)>,
}

/// One checkable fact.
#[derive(Clone, Debug, PartialEq)]
pub enum Fact {
    /// Whether the pair touches or overlaps.
    Intersecting(bool),
    /// The first separating axis in table order (`None`: no axis separates).
    SeparatingAxis(Option<TableAxis>),
    /// The pair's first contact time at or after the frame, within `tolerance` seconds.
    ContactTime {
        /// Expected absolute time.
        time: f64,
        /// Allowed difference.
        tolerance: f64,
    },
    /// The last separating axis of that first contact (`None`: already overlapping).
    ContactAxis(Option<TableAxis>),
    /// The contact kind (`vertex-face`, `edge-edge`, …) of that first contact.
    ContactKind(String),
    /// The stage that decided (`spheres`, `aabbs`, `sat`, `exact`).
    Stage(String),
    /// Every body's integrator error estimate at the frame is below this.
    ErrorEstimateBelow(f64),
    /// How many contact events happen inside the step's frame (of the entry's pair, when it
    /// names one, else of the whole scene).
    Events(usize),
    /// A body's centre: each given component within `tolerance`.
    Position {
        /// The body.
        body: String,
        /// x, y, z; `None` leaves a component free.
        components: [Option<f64>; 3],
        /// Allowed difference per component.
        tolerance: f64,
    },
    /// A body's velocity: each given component within `tolerance`.
    Velocity {
        /// The body.
        body: String,
        /// x, y, z; `None` leaves a component free.
        components: [Option<f64>; 3],
        /// Allowed difference per component.
        tolerance: f64,
    },
    /// The scene's total energy at the frame, within `tolerance`.
    Energy {
        /// Expected total energy.
        total: f64,
        /// Allowed difference.
        tolerance: f64,
    },
}

impl Fact {
    /// Whether the fact is about a pair (and its entry needs `pair`).
    pub fn needs_pair(&self) -> bool {
        !matches!(
            self,
            Fact::ErrorEstimateBelow(_)
                | Fact::Events(_)
                | Fact::Position { .. }
                | Fact::Velocity { .. }
                | Fact::Energy { .. }
        )
    }
}

/// A question.
#[derive(Clone, Debug, PartialEq)]
pub struct Quiz {
    /// Multiple choice or a number.
    pub answer: Answer,
    /// Shown after a wrong answer (Markdown, like the narration).
    pub hint: Option<Prose>,
    /// Shown after any answer (Markdown, like the narration).
    pub explain: Option<Prose>,
}

/// How a quiz is answered.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// Pick one of `choices` by its number key; `correct` is its index.
    Choice {
        /// The choices in order.
        choices: Vec<String>,
        /// Index of the right choice.
        correct: usize,
    },
    /// Type a number within `tolerance` of `value`.
    Number {
        /// The right value.
        value: f64,
        /// Allowed difference.
        tolerance: f64,
    },
}

impl Answer {
    /// Whether a typed answer (a choice number from 1, or a number) is right.
    pub fn accepts(&self, typed: &str) -> bool {
        let typed = typed.trim();
        match self {
            Answer::Choice { correct, .. } => {
                typed.parse::<usize>().is_ok_and(|n| n == correct + 1)
            }
            Answer::Number { value, tolerance } => typed
                .parse::<f64>()
                .is_ok_and(|x| (x - value).abs() <= *tolerance),
        }
    }
}
