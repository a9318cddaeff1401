//! The lesson player, `sepax lesson N`: a lesson's steps drive the debugger (scene, frame, pair,
//! axis, view) beside a pane with the narration and the questions. The model is [`Player`],
//! events become [`LessonAction`]s in [`action`], [`Player::update`] applies them, and
//! `impl Widget for &Player` draws.

mod apply;
mod contact_room;
mod help;
mod input;
mod layout;
mod leaks;
mod markup;
mod pane;
mod pipeline_room;
mod player;
mod quiz;
mod row_leaks;
mod shown_check;
mod update;
mod view;

pub use help::HELP;
pub use input::{action, key_action};
pub use layout::{Areas, Placement};
pub use leaks::{decimals, leaks, screen_leaks, screens, Leak, LEAK_SIZES};
pub use player::{Exit, Player, Text};
pub use quiz::{answer_text, Answered, Attempts, WRONG_ANSWERS};
pub use shown_check::{missing, pointed_screens};
pub use update::LessonAction;
