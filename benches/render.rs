//! Rendering a full debugger screen at 160×48 into a ratatui `Buffer`, for the shipped scene with
//! the most bodies (target: under 2 ms per frame).

use divan::Bencher;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use sepax::scene::{self, Scene};
use sepax::tui::{Action, App, Options, Theme};

fn main() {
    divan::main();
}

/// The shipped scene with the most bodies (ties: the first in name order).
fn largest_scene() -> Scene {
    scene::shipped_scenes()
        .iter()
        .filter_map(|(name, _)| scene::load(name).ok())
        .max_by(|a, b| {
            a.bodies
                .len()
                .cmp(&b.bodies.len())
                .then(b.name.cmp(&a.name))
        })
        .expect("shipped scenes load")
}

fn app(theme: Theme, four: bool) -> App {
    let options = Options {
        theme,
        four,
        ..Options::default()
    };
    let mut app = App::new(largest_scene(), &options);
    app.update(Action::Resize(160, 48));
    app
}

fn render(bencher: Bencher, app: &App) {
    let area = Rect::new(0, 0, 160, 48);
    let mut buffer = Buffer::empty(area);
    bencher.bench_local(|| {
        buffer.reset();
        divan::black_box(app).render(area, &mut buffer);
    });
}

#[divan::bench]
fn full_screen_160x48(bencher: Bencher) {
    render(bencher, &app(Theme::default(), false));
}

#[divan::bench]
fn four_views_160x48(bencher: Bencher) {
    render(bencher, &app(Theme::default(), true));
}

#[divan::bench]
fn ascii_no_color_160x48(bencher: Bencher) {
    render(bencher, &app(Theme::new(true, true), false));
}

#[divan::bench]
fn step_and_render_160x48(bencher: Bencher) {
    let mut app = app(Theme::default(), false);
    let area = Rect::new(0, 0, 160, 48);
    let mut buffer = Buffer::empty(area);
    bencher.bench_local(|| {
        app.update(Action::Step(1));
        if app.frame() == app.last_frame() {
            app.update(Action::Restart);
        }
        buffer.reset();
        (&app).render(area, &mut buffer);
    });
}
