//! The debugger's state: the scene, its frame records, where the user is and what they look at.

use std::collections::HashSet;

use nalgebra::Vector3;

use super::pair_picker::PairSearch;
use super::pairs::{joined_pairs, PairList};
use super::timeline::Timeline;
use super::Theme;
use crate::draw::View;
use crate::lesson::Mask;
use crate::scene::Scene;
use crate::trace::{self, FrameRecord};

mod read;

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
    /// The scene's full title, description and size.
    Info,
    /// The frame number being typed after `g`.
    Prompt(String),
    /// The pair picker: a filter typed by body name and the highlighted pair.
    Pairs(PairSearch),
    /// The linear-algebra overlay's lines, as computed when it opened.
    Matrices(Vec<String>),
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

/// What the picture holds in view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Framing {
    /// The selected pair's bodies fill the view.
    #[default]
    Pair,
    /// Every body of every frame computed so far.
    Scene,
}

/// Everything the screen shows is read from here; only [`App::update`] changes it.
#[derive(Clone, Debug)]
pub struct App {
    pub(super) scene: Scene,
    pub(super) timeline: Timeline,
    pub(super) frame: usize,
    pub(super) pending_frame: Option<usize>,
    pub(super) joined: HashSet<(usize, usize)>,
    pub(super) pairs: PairList,
    pub(super) pair: usize,
    pub(super) row: usize,
    pub(super) view: View,
    pub(super) four: bool,
    pub(super) table: bool,
    pub(super) framing: Framing,
    pub(super) zoom: f64,
    pub(super) pan: f64,
    pub(super) playback: Playback,
    pub(super) speed: usize,
    pub(super) clock: f64,
    pub(super) overlay: Overlay,
    pub(super) message: Option<String>,
    pub(super) list_page: usize,
    pub(super) theme: Theme,
    pub(super) size: (u16, u16),
    pub(super) running: bool,
    pub(super) extent: [Vector3<f64>; 2],
    pub(super) mask: Mask,
    /// Rows of the table a lesson step keeps in view (by name), whatever row is selected.
    pub(super) kept_rows: Vec<String>,
    /// The line of the matrices overlay a lesson step keeps in view (its start), when the
    /// overlay does not fit whole.
    pub(super) kept_matrices: Option<String>,
    /// The most table rows in view when a lesson pane covers the debugger's lower rows.
    pub(super) table_limit: Option<usize>,
    /// How many rows of the screen, from its top, are not covered (by a lesson pane over the
    /// debugger): overlays are drawn within them.
    pub(super) visible_rows: Option<u16>,
    /// What the lesson step shown points at (its `show`): with `method`, the contact panel works
    /// the course's method at the selected pair.
    pub(super) step_shows: Vec<crate::lesson::Shown>,
}

impl App {
    /// The debugger on `scene` with every frame simulated first, paused at `options.frame` with
    /// the chosen pair (else the first that can collide, touching or nearest first) and its first
    /// separating axis (or the axis of least overlap) selected.
    pub fn new(scene: Scene, options: &Options) -> App {
        let timeline = Timeline::complete(trace::scene_timeline(&scene));
        App::on(scene, timeline, options)
    }

    /// The debugger on `scene` over frames computed elsewhere (a lesson's walkthrough).
    pub fn with_timeline(scene: Scene, frames: Vec<FrameRecord>, options: &Options) -> App {
        App::on(scene, Timeline::complete(frames), options)
    }

    /// The debugger on `scene` showing frame 0 at once while a background thread simulates the
    /// other frames ([`App::is_loading`] until it is done).
    pub fn streaming(scene: Scene, options: &Options) -> App {
        let timeline = Timeline::streaming(&scene);
        App::on(scene, timeline, options)
    }

    fn on(scene: Scene, timeline: Timeline, options: &Options) -> App {
        let mut app = App {
            joined: joined_pairs(&scene),
            scene,
            timeline,
            frame: 0,
            pending_frame: None,
            pairs: PairList::default(),
            pair: 0,
            row: 0,
            view: options.view.unwrap_or_default(),
            four: options.four,
            table: true,
            framing: Framing::Pair,
            zoom: 1.0,
            pan: 0.0,
            playback: Playback::Paused,
            speed: REAL_TIME,
            clock: 0.0,
            overlay: Overlay::None,
            message: None,
            list_page: 0,
            theme: options.theme,
            size: (0, 0),
            running: true,
            extent: [Vector3::zeros(); 2],
            mask: Mask::default(),
            kept_rows: Vec::new(),
            kept_matrices: None,
            table_limit: None,
            visible_rows: None,
            step_shows: Vec::new(),
        };
        app.extent =
            super::navigate::with_probes(super::navigate::extent_of(&app.timeline), &app.scene);
        app.wait_for(options.frame);
        let named = options.pair.as_ref();
        let chosen = named.and_then(|(a, b)| app.find_pair(a, b));
        app.select_pair(chosen.unwrap_or_else(|| app.pairs.opening()));
        app
    }
}
