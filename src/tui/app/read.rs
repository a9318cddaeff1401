//! What the debugger's state says when the screens and lessons read it.

use nalgebra::Vector3;

use super::{App, Framing, Overlay, Playback, SPEEDS};
use crate::draw::View;
use crate::lesson::Mask;
use crate::scene::Scene;
use crate::trace::{FrameRecord, PairRecord};
use crate::tui::layout::Shown;
use crate::tui::pairs::{PairEntry, PairList};
use crate::tui::timeline::FrameSummary;
use crate::tui::Theme;

impl App {
    /// The scene shown.
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The current frame index.
    pub fn frame(&self) -> usize {
        self.frame
    }

    /// The last frame index computed so far.
    pub fn last_frame(&self) -> usize {
        self.timeline.computed().saturating_sub(1)
    }

    /// The last frame index once every frame is computed.
    pub fn final_frame(&self) -> usize {
        self.timeline.last()
    }

    /// Whether later frames are still being simulated in the background.
    pub fn is_loading(&self) -> bool {
        self.timeline.is_loading()
    }

    /// The current frame's record.
    pub fn record(&self) -> &FrameRecord {
        self.timeline.record(self.frame)
    }

    /// What the sparklines show of each frame up to and including the current one.
    pub fn history(&self) -> &[FrameSummary] {
        self.timeline.summaries(self.frame)
    }

    /// How many frame records are in memory and the estimated bytes of history held (past
    /// [`HISTORY_BUDGET`], records far from the current frame are recomputed when visited).
    pub fn history_held(&self) -> (usize, usize) {
        self.timeline.held()
    }

    /// The event that ended the timeline early, when the simulation diverged.
    pub fn diverged(&self) -> Option<&crate::trace::DivergedRecord> {
        self.timeline.diverged()
    }

    /// The record of the frame after the current one, if any.
    pub fn next_record(&self) -> Option<&FrameRecord> {
        self.timeline.get(self.frame + 1)
    }

    /// Every pair of the current frame, in scene order and in the order offered.
    pub fn pairs(&self) -> &PairList {
        &self.pairs
    }

    /// The selected pair's index in scene order.
    pub fn pair_index(&self) -> usize {
        self.pair
    }

    /// The selected pair's entry, if the scene has a pair.
    pub fn pair_entry(&self) -> Option<&PairEntry> {
        self.pairs.entries().get(self.pair)
    }

    /// The selected pair's record, if the scene has a pair.
    pub fn pair(&self) -> Option<&PairRecord> {
        self.pairs.record(self.pair)
    }

    /// The selected axis row (in table order).
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

    /// Whether the axis table is shown (`a` hides it so the picture can take its place).
    pub fn table_shown(&self) -> bool {
        self.table
    }

    /// What the picture holds in view.
    pub fn framing(&self) -> Framing {
        self.framing
    }

    /// The zoom factor (1 fits what is framed).
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

    /// What covers the screen and takes the keys first.
    pub fn overlay(&self) -> &Overlay {
        &self.overlay
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

    /// Whether an overlay that reads typed text (the frame prompt, the pair picker) is open.
    pub fn takes_text(&self) -> bool {
        matches!(self.overlay, Overlay::Prompt(_) | Overlay::Pairs(_))
    }

    /// The one-line message of the last key (e.g. that no pair touches), if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Which page of the long lists (events, bodies) is shown, counting from 0.
    pub fn list_page(&self) -> usize {
        self.list_page
    }

    /// The colour and ASCII choices.
    pub fn theme(&self) -> Theme {
        self.theme
    }

    /// What the screen hides while a lesson's question is open (nothing otherwise).
    pub fn mask(&self) -> &Mask {
        &self.mask
    }

    /// The terminal size the screen was last laid out for.
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    /// Whether the loop should go on.
    pub fn is_running(&self) -> bool {
        self.running
    }

    /// The world box holding every body of every frame computed so far (planes excluded).
    pub fn extent(&self) -> [Vector3<f64>; 2] {
        self.extent
    }

    /// What the screen shows that decides where the panels go.
    pub fn shown(&self) -> Shown {
        Shown {
            table: self.table
                && self
                    .pair()
                    .is_some_and(|p| crate::tui::convex_table::rows(p) > 0),
            four: self.four,
        }
    }
}
