//! The terminal session: take the terminal over, run `draw → handle events`, give it back on
//! quit, Ctrl-C and panic; block on input while paused and redraw at most 60 times a second while
//! playing.

use std::io::{self, stdout};
use std::time::{Duration, Instant};

use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use ratatui::DefaultTerminal;

use super::{input, Action, App};

/// The shortest time between two frames drawn while playing.
const FRAME_BUDGET: Duration = Duration::from_micros(16_667);

/// Runs `body` with the terminal in raw mode on the alternate screen with mouse reporting, and
/// restores it afterwards, also when `body` fails or panics.
pub fn session<T>(body: impl FnOnce(&mut DefaultTerminal) -> io::Result<T>) -> io::Result<T> {
    let mut terminal = ratatui::init();
    let restore_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture);
        restore_hook(info);
    }));
    let result = execute!(stdout(), EnableMouseCapture).and_then(|()| body(&mut terminal));
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

/// The debugger on `app` in its own terminal session, until the user quits.
pub fn run(mut app: App) -> io::Result<()> {
    session(|terminal| debug(terminal, &mut app))
}

/// The debugger's loop inside a session: draw, then wait for input (or the next frame).
pub fn debug(terminal: &mut DefaultTerminal, app: &mut App) -> io::Result<()> {
    let size = terminal.size()?;
    app.update(Action::Resize(size.width, size.height));
    let mut last = Instant::now();
    while app.is_running() {
        terminal.draw(|frame| frame.render_widget(&*app, frame.area()))?;
        if app.is_playing() {
            let due = Duration::from_secs_f64(app.until_next_frame().min(3600.0));
            if event::poll(due.max(FRAME_BUDGET))? {
                handle_pending(app)?;
            }
            let now = Instant::now();
            app.update(Action::Advance((now - last).as_secs_f64()));
            last = now;
        } else {
            // Paused: block until something happens.
            handle(app, &event::read()?);
            handle_pending(app)?;
            last = Instant::now();
        }
    }
    Ok(())
}

/// Handles every event already waiting, so a burst of keys costs one redraw.
fn handle_pending(app: &mut App) -> io::Result<()> {
    while app.is_running() && event::poll(Duration::ZERO)? {
        handle(app, &event::read()?);
    }
    Ok(())
}

fn handle(app: &mut App, event: &event::Event) {
    if let Some(action) = input::action(event, app) {
        app.update(action);
    }
}
