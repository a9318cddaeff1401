//! Whether the debugger beside the lesson pane draws the bordered contact panel, or only its
//! one-line summary (the compact and band arrangements), which is not the panel.

use ratatui::layout::Rect;

use super::layout;
use super::Player;
use crate::tui::layout::Mode;

/// The debugger's one-line contact summary at the player's size, when the debugger has no room
/// for the bordered panel (`None`: the panel is drawn).
pub(super) fn summary_area(player: &Player) -> Option<Rect> {
    let size = Rect::new(0, 0, player.size.0, player.size.1);
    // The debugger's place does not depend on the pane's text (a pane over it leaves it whole).
    let debugger = layout::areas(size, true, |_| 0).debugger;
    let (mode, areas) = crate::tui::layout::areas(debugger, player.app().shown());
    (mode != Mode::Side).then_some(areas.contact)
}

/// Whether the debugger draws the bordered contact panel at the player's size.
pub(super) fn panel_drawn(player: &Player) -> bool {
    summary_area(player).is_none()
}
