//! How each [`Action`] changes the [`App`].

use super::app::{App, Framing, Overlay, Playback, SPEEDS};
use super::pair_picker::{matching, named_pair, PairSearch};
use super::Action;

/// Zoom factor per `[` or `]`.
const ZOOM_STEP: f64 = 1.25;

/// Pan per `h` or `l`, in view widths.
const PAN_STEP: f64 = 0.1;

impl App {
    /// Applies one action.
    pub fn update(&mut self, action: Action) {
        if !matches!(action, Action::Advance(_) | Action::Resize(..)) {
            self.message = None;
        }
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
                        self.wait_for(frame);
                    }
                }
            }
            Action::PromptCancel | Action::PairsCancel => self.overlay = Overlay::None,
            Action::RowUp => self.row = self.row.saturating_sub(1),
            Action::RowDown => self.row = (self.row + 1).min(self.rows().saturating_sub(1)),
            Action::SelectRow(row) if row < self.rows() => self.row = row,
            Action::SelectRow(_) => {}
            Action::NextPair => self.cycle_pair(true),
            Action::PreviousPair => self.cycle_pair(false),
            Action::NextTouching => self.next_touching(),
            Action::OpenPairs => self.overlay = Overlay::Pairs(PairSearch::default()),
            Action::PairsType(c) => self.search(|s| s.push(c)),
            Action::PairsBackspace => self.search(PairSearch::pop),
            Action::PairsMove(delta) => self.search(|s| {
                s.highlighted = s.highlighted.saturating_add_signed(delta as isize);
            }),
            Action::PairsSubmit => self.pick_highlighted(),
            Action::CycleView => {
                self.view = self.view.next();
                self.four = false;
            }
            Action::FourViews => self.four = !self.four,
            Action::ToggleTable => self.table = !self.table,
            Action::ToggleFraming => {
                self.framing = match self.framing {
                    Framing::Pair => Framing::Scene,
                    Framing::Scene => Framing::Pair,
                };
                self.zoom = 1.0;
                self.pan = 0.0;
            }
            Action::ScrollLists(delta) => {
                self.list_page = self.list_page.saturating_add_signed(delta as isize);
            }
            Action::ZoomIn => self.zoom = (self.zoom * ZOOM_STEP).min(1e6),
            Action::ZoomOut => self.zoom = (self.zoom / ZOOM_STEP).max(1e-3),
            Action::PanLeft => self.pan -= PAN_STEP,
            Action::PanRight => self.pan += PAN_STEP,
            Action::ToggleHelp => self.toggle(Overlay::Help),
            Action::ToggleInfo => self.toggle(Overlay::Info),
            Action::ToggleMatrices => {
                self.overlay = if matches!(self.overlay, Overlay::Matrices(_)) {
                    Overlay::None
                } else {
                    Overlay::Matrices(super::matrices::lines_for(self))
                };
            }
            Action::Quit => self.running = false,
            Action::Resize(width, height) => self.size = (width, height),
            Action::Advance(seconds) => {
                self.receive_frames();
                self.advance(seconds);
            }
        }
    }

    /// Pauses at `frame` (clamped) with the playback clock reset.
    pub(super) fn pause_at(&mut self, frame: usize) {
        self.playback = Playback::Paused;
        self.clock = 0.0;
        self.pending_frame = None;
        self.go_to(frame);
    }

    /// Rows of the selected pair's table: its axes for two boxes, GJK's iterations for a pair
    /// with an ellipsoid, a cylinder or a k-DOP, else 0.
    fn rows(&self) -> usize {
        self.pair().map_or(0, super::convex_table::rows)
    }

    fn toggle(&mut self, overlay: Overlay) {
        self.overlay = if self.overlay == overlay {
            Overlay::None
        } else {
            overlay
        };
    }

    fn toggle_play(&mut self) {
        self.clock = 0.0;
        if self.is_playing() {
            self.playback = Playback::Paused;
            return;
        }
        self.playback = Playback::Playing;
        self.pending_frame = None;
        if self.frame == self.final_frame() {
            self.go_to(0);
        }
    }

    fn step(&mut self, delta: i64) {
        self.playback = Playback::Paused;
        let from = self.target_frame();
        let target = if delta < 0 {
            from.saturating_sub(delta.unsigned_abs() as usize)
        } else {
            from.saturating_add(delta as usize)
        };
        self.wait_for(target);
    }

    fn type_digit(&mut self, digit: char) {
        if let Overlay::Prompt(text) = &mut self.overlay {
            if digit.is_ascii_digit() && text.len() < 9 {
                text.push(digit);
            }
        }
    }

    fn cycle_pair(&mut self, forward: bool) {
        let order = self.pairs.order();
        let count = order.len();
        if count == 0 {
            return;
        }
        let rank = self.pairs.rank(self.pair).unwrap_or(0);
        let next = if forward {
            (rank + 1) % count
        } else {
            (rank + count - 1) % count
        };
        self.select_pair(order[next]);
    }

    fn next_touching(&mut self) {
        match self.pairs.next_touching(self.pair) {
            Some(k) if k == self.pair => {
                self.message = Some("this is the only pair touching or meeting now".into());
            }
            Some(k) => self.select_pair(k),
            None => self.message = Some("no pair touches or meets in this frame".into()),
        }
    }

    /// Changes the picker's search, keeping the highlight on a matching pair.
    fn search(&mut self, change: impl FnOnce(&mut PairSearch)) {
        let Overlay::Pairs(search) = &mut self.overlay else {
            return;
        };
        change(search);
        let bodies = &self.timeline.record(self.frame).specs;
        let found = matching(&self.pairs, bodies, &search.typed).len();
        search.highlighted = search.highlighted.min(found.saturating_sub(1));
    }

    fn pick_highlighted(&mut self) {
        let Overlay::Pairs(search) = std::mem::take(&mut self.overlay) else {
            return;
        };
        let bodies = &self.timeline.record(self.frame).specs;
        if let Some(&k) = matching(&self.pairs, bodies, &search.typed).get(search.highlighted) {
            self.select_pair(k);
        } else if let Some((i, j)) = named_pair(bodies, &search.typed) {
            let bodies = &self.timeline.record(self.frame).specs;
            match self.pairs.find_or_add(i, j, bodies, &self.joined) {
                Some(k) => self.select_pair(k),
                None => self.overlay = Overlay::Pairs(search),
            }
        } else {
            self.overlay = Overlay::Pairs(search);
        }
    }

    /// Takes new frames and plays `seconds` of wall time at the current speed: whole frames of
    /// `dt` each, waiting at the last frame computed while the simulation goes on.
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
        if self.frame == self.final_frame() {
            self.playback = Playback::Paused;
            self.clock = 0.0;
        }
    }

    /// Seconds of wall time until the next frame is due while playing, or until the next look
    /// for simulated frames while loading; `None` when nothing will happen without a key.
    pub fn until_next_frame(&self) -> Option<f64> {
        let playing = self
            .is_playing()
            .then(|| ((self.scene.world.dt - self.clock) / self.speed()).max(0.0));
        let loading = self.is_loading().then_some(LOADING_POLL);
        match (playing, loading) {
            (Some(p), Some(l)) => Some(p.min(l)),
            (p, l) => p.or(l),
        }
    }
}

/// How often the screen looks for newly simulated frames while loading, in seconds.
const LOADING_POLL: f64 = 0.1;
