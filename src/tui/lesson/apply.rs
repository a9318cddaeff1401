//! Applying a step to the debugger: its scene, its frame, its pair and axis, its view.

use super::{Placement, Player};

/// The row of the compact layout's first table row (header, the table's title, its columns).
const TABLE_TOP: u16 = 3;
use crate::draw::View;
use crate::lesson::{Lesson, Mask, Selection, Shown};
use crate::tui::{Action, App, Overlay};

/// The selection and view in force at step `k`: a step's `select` holds until another step sets
/// one or switches scene, its `view` until another step sets one.
pub fn in_force(lesson: &Lesson, k: usize) -> (Option<&Selection>, Option<&str>) {
    let mut select = None;
    let mut view = None;
    for (i, step) in lesson.steps[..=k].iter().enumerate() {
        if i > 0 && step.scene != lesson.steps[i - 1].scene {
            select = None;
        }
        select = step.select.as_ref().or(select);
        view = step.view.as_deref().or(view);
    }
    (select, view)
}

impl Player {
    /// Shows the current step: its scene's debugger, paused at the step's frame, with the step's
    /// pair, axis and view, and the mask of its question while that is open; the number being
    /// typed is cleared and the text scrolled to its top.
    pub(super) fn apply_step(&mut self) {
        let at = self.state();
        self.update_mask();
        let (select, view) = in_force(&self.lesson, self.step);
        self.apps[at.scene].show(at.frame, select, view);
        self.apps[at.scene].kept_rows = super::shown_check::wanted_rows(&self.lesson, self.step);
        self.apps[at.scene]
            .step_shows
            .clone_from(&self.lesson.steps[self.step].show);
        self.apps[at.scene].kept_matrices =
            self.lesson.steps[self.step]
                .show
                .iter()
                .find_map(|s| match s {
                    Shown::Matrices(from) => Some(from.clone()),
                    _ => None,
                });
        // `hide = "table"` hides it for its step; the next step brings it back.
        let hid_before = self.step > 0 && self.lesson.steps[self.step - 1].hide_table;
        if self.lesson.steps[self.step].hide_table {
            self.apps[at.scene].table = false;
        } else if hid_before {
            self.apps[at.scene].table = true;
        }
        self.typed.clear();
        self.scroll = 0;
        self.fit_debugger();
    }

    /// Tells the debugger the size of the area it is drawn in.
    pub(super) fn fit_debugger(&mut self) {
        let areas = self.areas();
        let area = areas.debugger;
        // A pane over the debugger covers the lower rows of its table (which starts on the
        // debugger's fourth row in the compact layout): the table keeps its window above it.
        let limit = (areas.placement == Placement::Over)
            .then(|| usize::from(areas.pane.y.saturating_sub(area.y + TABLE_TOP)));
        let visible =
            (areas.placement == Placement::Over).then(|| areas.pane.y.saturating_sub(area.y));
        let app = self.app_mut();
        app.table_limit = limit;
        app.visible_rows = visible;
        app.update(Action::Resize(area.width, area.height));
    }
}

impl App {
    /// Pauses at `frame` with `select`'s pair and axis (else the pair's default axis) and `view`
    /// (`xy` when none; `four` for four views; `matrices` opens the matrices overlay over `xy`). While the mask hides which axis separates, the
    /// first row is selected instead, so the selection cannot point at the answer.
    pub(crate) fn show(&mut self, frame: usize, select: Option<&Selection>, view: Option<&str>) {
        self.overlay = Overlay::None;
        self.pause_at(frame);
        let pair = select
            .and_then(|s| self.find_pair(&s.pair.0, &s.pair.1))
            .unwrap_or_else(|| self.pairs.opening());
        self.select_pair(pair);
        self.row = if self.mask.hides_verdict() {
            0
        } else {
            self.selected_row(select)
        };
        self.four = view == Some("four");
        self.view = view.and_then(View::parse).unwrap_or_default();
        if view == Some("matrices") {
            self.overlay = Overlay::Matrices(crate::tui::matrices::lines_for(self));
        }
    }

    /// Sets what the screen hides; when it stops hiding which axis separates and the first row
    /// is still selected, the row `select` asks for (else the default one) comes back.
    pub(crate) fn set_mask(&mut self, mask: Mask, select: Option<&Selection>) {
        let hid = self.mask.hides_verdict();
        self.mask = mask;
        if hid && !self.mask.hides_verdict() && self.row == 0 {
            self.row = self.selected_row(select);
        }
    }

    /// The row `select` names when it names the selected pair and the pair's table has that
    /// row, else the pair's default row.
    fn selected_row(&self, select: Option<&Selection>) -> usize {
        select
            .and_then(|selection| {
                let (a, b) = &selection.pair;
                let (k, reversed) = self.pair_named(a, b)?;
                let axis = selection.axis?;
                let pair = self.pair().filter(|_| k == self.pair)?;
                axis.row_of(pair, reversed).map(|(row, _)| row)
            })
            .unwrap_or_else(|| self.default_row())
    }
}
