//! What the user can ask for, and how each request changes the [`App`].

use super::app::{App, Overlay, Playback, SPEEDS};

/// One thing the user asked for (or the clock, for [`Action::Advance`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    /// Play or pause.
    TogglePlay,
    /// Play faster.
    Faster,
    /// Play slower.
    Slower,
    /// Move this many frames (negative: back).
    Step(i64),
    /// Back to frame 0, paused.
    Restart,
    /// Start typing a frame number.
    OpenPrompt,
    /// A digit of the frame number.
    PromptDigit(char),
    /// Delete the last digit.
    PromptBackspace,
    /// Go to the typed frame.
    PromptSubmit,
    /// Stop typing without moving.
    PromptCancel,
    /// Select the axis row above.
    RowUp,
    /// Select the axis row below.
    RowDown,
    /// Select this axis row (a mouse click).
    SelectRow(usize),
    /// Select the next pair.
    NextPair,
    /// Select the previous pair.
    PreviousPair,
    /// Cycle xy, xz, yz, along the axis.
    CycleView,
    /// Toggle the four-view layout.
    FourViews,
    /// Zoom in.
    ZoomIn,
    /// Zoom out.
    ZoomOut,
    /// Pan the view left.
    PanLeft,
    /// Pan the view right.
    PanRight,
    /// Open or close the help.
    ToggleHelp,
    /// Leave the debugger.
    Quit,
    /// The terminal has a new size.
    Resize(u16, u16),
    /// This many seconds of wall time passed while playing.
    Advance(f64),
}

/// Zoom factor per `[` or `]`.
const ZOOM_STEP: f64 = 1.25;

/// Pan per `h` or `l`, in view widths.
const PAN_STEP: f64 = 0.1;

impl App {
    /// Applies one action.
    pub fn update(&mut self, action: Action) {
        match action {
            Action::TogglePlay => self.toggle_play(),
            Action::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            Action::Slower => self.speed = self.speed.saturating_sub(1),
            Action::Step(delta) => self.step(delta),
            Action::Restart => {
                self.pause_at(0);
                self.row = self.default_row();
            }
            Action::OpenPrompt => self.overlay = Overlay::Prompt(String::new()),
            Action::PromptDigit(digit) => self.type_digit(digit),
            Action::PromptBackspace => {
                if let Overlay::Prompt(text) = &mut self.overlay {
                    text.pop();
                }
            }
            Action::PromptSubmit => {
                let typed = std::mem::take(&mut self.overlay);
                if let Overlay::Prompt(text) = typed {
                    if let Ok(frame) = text.parse::<usize>() {
                        self.go_to(frame);
                    }
                }
            }
            Action::PromptCancel => self.overlay = Overlay::None,
            Action::RowUp => self.row = self.row.saturating_sub(1),
            Action::RowDown => self.row = (self.row + 1).min(self.rows().saturating_sub(1)),
            Action::SelectRow(row) if row < self.rows() => self.row = row,
            Action::SelectRow(_) => {}
            Action::NextPair => self.cycle_pair(true),
            Action::PreviousPair => self.cycle_pair(false),
            Action::CycleView => {
                self.view = self.view.next();
                self.four = false;
            }
            Action::FourViews => self.four = !self.four,
            Action::ZoomIn => self.zoom = (self.zoom * ZOOM_STEP).min(1e6),
            Action::ZoomOut => self.zoom = (self.zoom / ZOOM_STEP).max(1e-3),
            Action::PanLeft => self.pan -= PAN_STEP,
            Action::PanRight => self.pan += PAN_STEP,
            Action::ToggleHelp => {
                self.overlay = if self.help_open() {
                    Overlay::None
                } else {
                    Overlay::Help
                };
            }
            Action::Quit => self.running = false,
            Action::Resize(width, height) => self.size = (width, height),
            Action::Advance(seconds) => self.advance(seconds),
        }
    }

    /// Pauses at `frame` (clamped) with the playback clock reset.
    pub(super) fn pause_at(&mut self, frame: usize) {
        self.playback = Playback::Paused;
        self.clock = 0.0;
        self.go_to(frame);
    }

    /// Rows of the selected pair's axis table (0 for a pair that is not two boxes).
    fn rows(&self) -> usize {
        self.pair().map_or(0, |pair| pair.axes.len())
    }

    fn toggle_play(&mut self) {
        self.clock = 0.0;
        if self.is_playing() {
            self.playback = Playback::Paused;
            return;
        }
        self.playback = Playback::Playing;
        if self.frame == self.last_frame() {
            self.go_to(0);
        }
    }

    fn step(&mut self, delta: i64) {
        self.playback = Playback::Paused;
        let target = if delta < 0 {
            self.frame.saturating_sub(delta.unsigned_abs() as usize)
        } else {
            self.frame.saturating_add(delta as usize)
        };
        self.go_to(target);
    }

    fn type_digit(&mut self, digit: char) {
        if let Overlay::Prompt(text) = &mut self.overlay {
            if digit.is_ascii_digit() && text.len() < 9 {
                text.push(digit);
            }
        }
    }

    fn cycle_pair(&mut self, forward: bool) {
        let count = self.explanation.pairs.len();
        if count == 0 {
            return;
        }
        self.pair = if forward {
            (self.pair + 1) % count
        } else {
            (self.pair + count - 1) % count
        };
        self.row = self.default_row();
    }

    /// Plays `seconds` of wall time at the current speed: whole frames of `dt` each.
    fn advance(&mut self, seconds: f64) {
        if !self.is_playing() {
            return;
        }
        let dt = self.scene.world.dt;
        self.clock += seconds * self.speed();
        let frames = (self.clock / dt).floor();
        if frames >= 1.0 {
            self.clock -= frames * dt;
            let target = self.frame.saturating_add(frames.min(1e9) as usize);
            self.go_to(target);
        }
        if self.frame == self.last_frame() {
            self.playback = Playback::Paused;
            self.clock = 0.0;
        }
    }

    /// Seconds of wall time until the next frame is due while playing.
    pub fn until_next_frame(&self) -> f64 {
        ((self.scene.world.dt - self.clock) / self.speed()).max(0.0)
    }
}
