//! Whether the lesson pane covers the debugger's pipeline line: a pane over the debugger (80×24)
//! takes its lower rows, the pipeline line among them.

use ratatui::layout::Rect;

use super::layout::{self, Placement};
use super::Player;

/// Whether the pane at the player's size is drawn over the debugger's pipeline line.
pub(super) fn covered(player: &Player) -> bool {
    let size = Rect::new(0, 0, player.size.0, player.size.1);
    // Only a pane over the debugger covers it, and any such pane takes the row above the bar.
    layout::areas(size, true, |_| 0).placement == Placement::Over
}
