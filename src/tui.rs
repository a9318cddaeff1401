//! The terminal step debugger, `sepax run SCENE`: the model ([`App`]), input to [`Action`]
//! ([`input::action`]), [`App::update`], and the view (`impl Widget for &App`).
//!
//! The frames come from [`timeline::load_timeline`]; stepping back moves an index into them, so
//! history is exact. Everything shown is read from the frame records and from the same
//! explanation `sepax explain` prints.

mod app;
mod contact;
mod focus;
mod header;
pub mod input;
mod integrator;
mod keys;
pub mod layout;
mod number_line;
mod picker;
mod pipeline;
mod projection;
mod table;
mod terminal;
mod theme;
pub mod timeline;
mod update;
mod view;

pub use app::{App, Options, Overlay, Playback, SPEEDS};
pub use focus::Focus;
pub use header::status;
pub use keys::HELP;
pub use picker::{run_picker, Picker};
pub use terminal::{run, session};
pub use theme::Theme;
pub use update::Action;
