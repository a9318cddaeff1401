//! The terminal step debugger, `sepax run SCENE`: the model ([`App`]), input to [`Action`]
//! ([`input::action`]), [`App::update`], and the view (`impl Widget for &App`). The lesson player
//! ([`lesson`]) drives it step by step; the lesson [`menu`] opens lessons and the scene picker.
//!
//! The frames come from [`crate::trace::scene_timeline`] (for `sepax run`, simulated in the
//! background while the first frame is already on screen); stepping back moves an index into them,
//! so history is exact. Everything shown is read from the frame records and from the same
//! explanation `sepax explain` prints.

mod action;
mod advance_steps;
mod app;
pub(crate) mod contact;
mod convex_table;
mod focus;
mod header;
mod info;
pub mod input;
mod integrator;
mod keys;
mod labels;
pub mod layout;
pub mod lesson;
mod matrices;
pub mod menu;
mod navigate;
mod number_line;
mod pair_picker;
pub mod pairs;
mod particle_step;
mod picker;
mod pipeline;
mod probes;
mod projection;
mod ruler;
mod soft_step;
mod surface_lines;
mod table;
mod table_title;
mod terminal;
mod theme;
mod timeline;
mod update;
mod view;
mod window;

pub use action::Action;
pub use app::{App, Framing, Options, Overlay, Playback, SPEEDS};
pub use focus::Focus;
pub use header::status;
pub use keys::HELP;
pub use menu::{run_lessons, Menu};
pub use picker::Picker;
pub use probes::Probes;
pub(crate) use surface_lines::surface_lines;
pub use terminal::{drive, run, run_scene, session, Screen};
pub use theme::Theme;
pub use timeline::HISTORY_BUDGET;
