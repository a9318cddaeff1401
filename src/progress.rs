//! A progress bar on standard error, drawn only when standard error is a terminal (nothing in a
//! pipe, a file or a test).

/// A bar over a known number of steps, labelled with what is being done.
pub(crate) struct Progress(indicatif::ProgressBar);

impl Progress {
    /// A bar over `steps` steps, each called `what` (`checking`, `frame`).
    pub(crate) fn new(what: &str, steps: usize) -> Self {
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(steps as u64),
            indicatif::ProgressDrawTarget::stderr(),
        );
        let template = format!("{what} {{pos}}/{{len}} [{{bar:30}}] {{msg}}");
        if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
            bar.set_style(style.progress_chars("=> "));
        }
        Self(bar)
    }

    /// A bar that draws nothing.
    pub(crate) fn hidden() -> Self {
        Self(indicatif::ProgressBar::hidden())
    }

    /// Moves to the next step, `name`.
    pub(crate) fn at(&self, name: &str) {
        self.0.set_message(name.to_string());
        self.0.inc(1);
    }

    /// Moves to step `position`, with no message.
    pub(crate) fn set(&self, position: usize) {
        self.0.set_position(position as u64);
    }

    /// Clears the bar before the summary is printed.
    pub(crate) fn finish(&self) {
        self.0.finish_and_clear();
    }
}
