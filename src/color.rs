//! Whether colour is allowed: the `--color` choice, read once, beside the `NO_COLOR` convention.

use std::io::IsTerminal;
use std::sync::OnceLock;

use crate::cli::Color;

/// The `--color` choice of this run.
static CHOICE: OnceLock<Color> = OnceLock::new();

/// Records the `--color` choice; call it once, before anything is printed.
pub(crate) fn set(choice: Color) {
    let _ = CHOICE.set(choice);
}

/// Whether the `NO_COLOR` convention asks for no colour (set and not empty).
fn no_color_env() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty())
}

/// Whether colour is allowed at all: `always`, or `auto` without `NO_COLOR`.
pub(crate) fn allowed() -> bool {
    match CHOICE.get().copied().unwrap_or_default() {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => !no_color_env(),
    }
}

/// Whether messages on standard error are coloured: `always`, or `auto` on a terminal without
/// `NO_COLOR`.
pub(crate) fn stderr() -> bool {
    match CHOICE.get().copied().unwrap_or_default() {
        Color::Auto => allowed() && std::io::stderr().is_terminal(),
        _ => allowed(),
    }
}
