//! The terminal session: take the terminal over, run `draw → handle events`, give it back on
//! quit, Ctrl-C and panic; block on input while paused and redraw at most 60 times a second while
//! playing.

use std::io::{self, stdout};
use std::time::{Duration, Instant};

use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;
use ratatui::{DefaultTerminal, Frame};

use super::{input, Action, App, Options};
use crate::scene::Scene;

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
    session(|terminal| drive(terminal, &mut app))
}

/// The debugger on `scene` in its own terminal session: the terminal is taken over first (keys
/// typed from then on are neither echoed nor lost), frame 0 is drawn at once and the other frames
/// are simulated in the background.
pub fn run_scene(scene: Scene, options: &Options) -> io::Result<()> {
    session(|terminal| drive(terminal, &mut App::streaming(scene, options)))
}

/// What the terminal loop drives: drawn from `&self`, changed only by events and the clock.
pub trait Screen {
    /// Draws the whole screen.
    fn draw(&self, frame: &mut Frame);
    /// Handles one terminal event.
    fn handle(&mut self, event: &Event);
    /// Whether the loop should go on.
    fn is_running(&self) -> bool;
    /// Seconds of wall time until something happens by itself (the next frame while playing,
    /// the next look for simulated frames while loading); `None` when only a key can change the
    /// screen (a screen that never plays keeps this default).
    fn due(&self) -> Option<f64> {
        None
    }
    /// Lets `seconds` of wall time pass (nothing happens by default).
    fn advance(&mut self, _seconds: f64) {}
}

impl Screen for App {
    fn draw(&self, frame: &mut Frame) {
        frame.render_widget(self, frame.area());
    }

    fn handle(&mut self, event: &Event) {
        if let Some(action) = input::action(event, self) {
            self.update(action);
        }
    }

    fn is_running(&self) -> bool {
        App::is_running(self)
    }

    fn due(&self) -> Option<f64> {
        self.until_next_frame()
    }

    fn advance(&mut self, seconds: f64) {
        self.update(Action::Advance(seconds));
    }
}

/// Draws `screen`, then blocks on input while paused, or waits for the next frame while playing,
/// until it stops running.
pub fn drive(terminal: &mut DefaultTerminal, screen: &mut impl Screen) -> io::Result<()> {
    let size = terminal.size()?;
    screen.handle(&Event::Resize(size.width, size.height));
    let mut last = Instant::now();
    while screen.is_running() {
        terminal.draw(|frame| screen.draw(frame))?;
        if let Some(due) = screen.due() {
            let due = Duration::from_secs_f64(due.min(3600.0));
            if event::poll(due.max(FRAME_BUDGET))? {
                handle_pending(screen)?;
            }
            let now = Instant::now();
            screen.advance((now - last).as_secs_f64());
            last = now;
        } else {
            // Paused: block until something happens.
            screen.handle(&event::read()?);
            handle_pending(screen)?;
            last = Instant::now();
        }
    }
    Ok(())
}

/// Handles every event already waiting, so a burst of keys costs one redraw.
fn handle_pending(screen: &mut impl Screen) -> io::Result<()> {
    while screen.is_running() && event::poll(Duration::ZERO)? {
        screen.handle(&event::read()?);
    }
    Ok(())
}
