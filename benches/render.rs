//! Rendering a full debugger screen at 160×48 into a ratatui `Buffer`, for the shipped scene with
//! the most bodies (target: under 2 ms per frame), and what `sepax run` does before its first
//! frame shows (target: under 0.5 s for 300 bodies).

use divan::Bencher;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use sepax::scene::{self, Scene};
use sepax::trace::{self, SimOptions};
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

#[divan::bench]
fn whole_scene_framed_160x48(bencher: Bencher) {
    let mut app = app(Theme::default(), false);
    app.update(Action::ToggleFraming);
    render(bencher, &app);
}

#[divan::bench]
fn along_axis_160x48(bencher: Bencher) {
    let options = Options {
        view: Some(sepax::draw::View::Along),
        ..Options::default()
    };
    let mut app = App::new(scene::load("edge_edge_miss").expect("shipped"), &options);
    app.update(Action::Resize(160, 48));
    render(bencher, &app);
}

/// The work before `sepax run` shows its first frame: the scene loaded, frame 0 simulated, its
/// pairs listed and the screen drawn (the later frames come from a background thread).
#[divan::bench]
fn first_frame_of_the_largest_scene(bencher: Bencher) {
    let area = Rect::new(0, 0, 160, 48);
    let name = largest_scene().name;
    bencher.bench_local(|| {
        let scene = scene::load(&name).expect("shipped scene loads");
        let frames =
            trace::simulate_timeline(&scene, 0, &SimOptions::default()).expect("simulates");
        let mut app = App::with_timeline(scene, frames, &Options::default());
        app.update(Action::Resize(160, 48));
        let mut buffer = Buffer::empty(area);
        (&app).render(area, &mut buffer);
        divan::black_box(buffer);
    });
}
