//! The debugger's state: the scene, its frame records, where the user is and what they look at.

use nalgebra::Vector3;

use super::Theme;
use crate::draw::View;
use crate::sat::Robustness;
use crate::scene::{Scene, ShapeSpec};
use crate::trace::{self, Explanation, FrameRecord, PairRecord};

/// Playback speeds `+` and `-` step through, as multiples of real time.
pub const SPEEDS: [f64; 7] = [0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0];

/// Index of real time in [`SPEEDS`].
const REAL_TIME: usize = 3;

/// How the debugger opens.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Options {
    /// The frame to open at.
    pub frame: usize,
    /// The pair to select first, by body names.
    pub pair: Option<(String, String)>,
    /// The first view; `None` opens `xy`.
    pub view: Option<View>,
    /// Open with four views.
    pub four: bool,
    /// Colour and ASCII choices.
    pub theme: Theme,
}

/// What covers the screen's bottom or middle and takes the keys first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing: keys act on the debugger.
    #[default]
    None,
    /// The help listing every key.
    Help,
    /// The frame number being typed after `g`.
    Prompt(String),
}

/// Whether frames advance by themselves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Playback {
    /// Nothing moves until a key is pressed.
    #[default]
    Paused,
    /// Frames advance in real time at the scene's `dt` times the speed.
    Playing,
}

/// Everything the screen shows is read from here; only [`App::update`] changes it.
#[derive(Clone, Debug)]
pub struct App {
    pub(super) scene: Scene,
    pub(super) frames: Vec<FrameRecord>,
    pub(super) frame: usize,
    pub(super) explanation: Explanation,
    pub(super) pair: usize,
    pub(super) row: usize,
    pub(super) view: View,
    pub(super) four: bool,
    pub(super) zoom: f64,
    pub(super) pan: f64,
    pub(super) playback: Playback,
    pub(super) speed: usize,
    pub(super) clock: f64,
    pub(super) overlay: Overlay,
    pub(super) theme: Theme,
    pub(super) size: (u16, u16),
    pub(super) running: bool,
    pub(super) extent: [Vector3<f64>; 2],
}

impl App {
    /// The debugger on `scene`, paused at `options.frame` with the chosen (or first) pair and its
    /// first separating axis (or the axis of least overlap) selected.
    pub fn new(scene: Scene, options: &Options) -> App {
        let frames = trace::scene_timeline(&scene);
        App::with_timeline(scene, frames, options)
    }

    /// The debugger on `scene` over frames computed elsewhere (a lesson's walkthrough).
    pub fn with_timeline(scene: Scene, frames: Vec<FrameRecord>, options: &Options) -> App {
        let frame = options.frame.min(frames.len().saturating_sub(1));
        let extent = extent(&frames);
        let mut app = App {
            explanation: explain(&scene, &frames, frame),
            scene,
            frames,
            frame,
            pair: 0,
            row: 0,
            view: options.view.unwrap_or_default(),
            four: options.four,
            zoom: 1.0,
            pan: 0.0,
            playback: Playback::Paused,
            speed: REAL_TIME,
            clock: 0.0,
            overlay: Overlay::None,
            theme: options.theme,
            size: (0, 0),
            running: true,
            extent,
        };
        if let Some((a, b)) = &options.pair {
            app.pair = app.pair_named(a, b).map_or(0, |(k, _)| k);
        }
        app.row = app.default_row();
        app
    }

    /// The scene shown.
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The current frame index.
    pub fn frame(&self) -> usize {
        self.frame
    }

    /// The last frame index.
    pub fn last_frame(&self) -> usize {
        self.frames.len().saturating_sub(1)
    }

    /// The current frame's record.
    pub fn record(&self) -> &FrameRecord {
        &self.frames[self.frame]
    }

    /// The frame records up to and including the current one.
    pub fn history(&self) -> &[FrameRecord] {
        &self.frames[..=self.frame]
    }

    /// The event that ended the timeline early, when the simulation diverged.
    pub fn diverged(&self) -> Option<&crate::trace::DivergedRecord> {
        self.frames.last().and_then(|r| r.diverged.as_ref())
    }

    /// The record of the frame after the current one, if any.
    pub fn next_record(&self) -> Option<&FrameRecord> {
        self.frames.get(self.frame + 1)
    }

    /// What `explain` reports for the current frame.
    pub fn explanation(&self) -> &Explanation {
        &self.explanation
    }

    /// The selected pair's index into the explanation's pairs.
    pub fn pair_index(&self) -> usize {
        self.pair
    }

    /// The selected pair's record, if the scene has a pair.
    pub fn pair(&self) -> Option<&PairRecord> {
        self.explanation.pairs.get(self.pair)
    }

    /// The selected axis row (0..15, table order).
    pub fn row(&self) -> usize {
        self.row
    }

    /// The single view, or the fourth panel of the four-view layout.
    pub fn view(&self) -> View {
        self.view
    }

    /// Whether four views are shown.
    pub fn four_views(&self) -> bool {
        self.four
    }

    /// The zoom factor (1 fits the whole timeline).
    pub fn zoom(&self) -> f64 {
        self.zoom
    }

    /// The horizontal pan, in view widths.
    pub fn pan(&self) -> f64 {
        self.pan
    }

    /// Whether playback runs.
    pub fn is_playing(&self) -> bool {
        self.playback == Playback::Playing
    }

    /// The playback speed as a multiple of real time.
    pub fn speed(&self) -> f64 {
        SPEEDS[self.speed]
    }

    /// Whether the help is open.
    pub fn help_open(&self) -> bool {
        self.overlay == Overlay::Help
    }

    /// The frame number being typed after `g`, if any.
    pub fn prompt(&self) -> Option<&str> {
        match &self.overlay {
            Overlay::Prompt(text) => Some(text),
            _ => None,
        }
    }

    /// The colour and ASCII choices.
    pub fn theme(&self) -> Theme {
        self.theme
    }

    /// The terminal size the screen was last laid out for.
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    /// Whether the loop should go on.
    pub fn is_running(&self) -> bool {
        self.running
    }

    /// The world box holding every body of every frame (planes excluded).
    pub fn extent(&self) -> [Vector3<f64>; 2] {
        self.extent
    }

    /// The index of the pair of bodies `a` and `b`, and whether the explanation names them the
    /// other way round.
    pub(super) fn pair_named(&self, a: &str, b: &str) -> Option<(usize, bool)> {
        let mut pairs = self.explanation.pairs.iter().enumerate();
        pairs.find_map(|(k, p)| match (p.a.as_str(), p.b.as_str()) {
            names if names == (a, b) => Some((k, false)),
            names => (names == (b, a)).then_some((k, true)),
        })
    }

    /// The pair's first separating axis, else its axis of least overlap, else row 0.
    pub fn default_row(&self) -> usize {
        let Some(pair) = self.pair() else { return 0 };
        if let Some(k) = pair
            .axes
            .iter()
            .position(|row| pair.is_first_separating(row))
        {
            return k;
        }
        pair.axes
            .iter()
            .enumerate()
            .filter(|(_, row)| !row.skipped)
            .filter_map(|(k, row)| row.gap.map(|gap| (k, gap)))
            .max_by(|x, y| x.1.total_cmp(&y.1))
            .map_or(0, |(k, _)| k)
    }

    /// Moves to `frame` (clamped) and explains it.
    pub(super) fn go_to(&mut self, frame: usize) {
        self.frame = frame.min(self.last_frame());
        self.explanation = explain(&self.scene, &self.frames, self.frame);
        self.pair = self
            .pair
            .min(self.explanation.pairs.len().saturating_sub(1));
    }
}

/// `explain` of the frame's bodies, searching one frame ahead, as `sepax explain --frame` does.
fn explain(scene: &Scene, frames: &[FrameRecord], frame: usize) -> Explanation {
    // A diverged frame's state is not finite: there is nothing to explain.
    let bodies = frames
        .get(frame)
        .filter(|record| record.diverged.is_none())
        .map_or(&[][..], |record| &record.specs);
    trace::explain(
        scene,
        bodies,
        frame,
        scene.world.dt,
        None,
        Robustness::default(),
    )
}

/// The world box holding every non-plane body of every frame.
fn extent(frames: &[FrameRecord]) -> [Vector3<f64>; 2] {
    let mut low = Vector3::repeat(f64::INFINITY);
    let mut high = Vector3::repeat(f64::NEG_INFINITY);
    for body in frames.iter().flat_map(|record| &record.specs) {
        let reach = match body.shape {
            ShapeSpec::Box { half_extents } => half_extents.norm(),
            ShapeSpec::Sphere { radius } => radius,
            ShapeSpec::Plane { .. } => continue,
        };
        low = low.inf(&body.center.add_scalar(-reach));
        high = high.sup(&body.center.add_scalar(reach));
    }
    if low.x.is_finite() {
        [low, high]
    } else {
        [Vector3::repeat(-5.0), Vector3::repeat(5.0)]
    }
}
