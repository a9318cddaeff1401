//! Reaching the pair that matters and the frames still being simulated: the opening pair, `c`
//! through the touching pairs of the 300-body scene, the pair picker `/`, and a timeline streamed
//! from a background simulation that ends with the same frames and keeps keys pressed early.
#![cfg(feature = "tui")]

use crossterm::event::KeyCode;
use sepax::scene;
use sepax::tui::{input, Action, App, Options};

use crate::keys;

use keys::key;

fn open(name: &str) -> App {
    let scene = scene::load(name).expect("shipped scene loads");
    let mut app = App::new(scene, &Options::default());
    app.update(Action::Resize(160, 48));
    app
}

fn press(app: &mut App, code: KeyCode) {
    if let Some(action) = input::action(&key(code), app) {
        app.update(action);
    }
}

fn chars(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

#[test]
fn newtons_cradle_opens_on_a_ball_pair_not_two_fixed_pivots() {
    let app = open("newtons_cradle");
    let pair = app.pair().unwrap();
    assert!(
        pair.a.starts_with("ball") && pair.b.starts_with("ball"),
        "{pair:?}"
    );
    assert!(app.pair_entry().unwrap().can_collide);
}

/// The 300-body scene at frame 0 only (simulating its 200 frames is for the release build).
fn field() -> App {
    let scene = scene::load("field_300").expect("shipped scene loads");
    let frames = sepax::trace::simulate_timeline(&scene, 0, &sepax::trace::SimOptions::default())
        .expect("simulates");
    let mut app = App::with_timeline(scene, frames, &Options::default());
    app.update(Action::Resize(160, 48));
    app
}

#[test]
fn c_jumps_through_every_touching_pair_and_says_when_there_is_none() {
    let mut app = field();
    assert_eq!(app.pairs().len(), 45_150);
    assert!(
        app.pair_entry().unwrap().touching,
        "it opens on a touching pair"
    );
    let touching = app.pairs().touching_count();
    assert!(touching > 50, "{touching}");
    let mut seen = std::collections::HashSet::new();
    for _ in 0..touching {
        press(&mut app, KeyCode::Char('c'));
        assert!(app.pair_entry().unwrap().touching);
        assert!(app.pair().unwrap().touches());
        seen.insert(app.pair_index());
    }
    assert_eq!(seen.len(), touching, "c visits each touching pair once");
    let mut apart = open("edge_edge_miss");
    press(&mut apart, KeyCode::Char('c'));
    assert_eq!(apart.pair_index(), 0);
    assert_eq!(
        apart.message(),
        Some("no pair touches or meets in this frame")
    );
    press(&mut apart, KeyCode::Char('j'));
    assert_eq!(apart.message(), None, "the message lasts one key");
}

#[test]
fn slash_opens_the_pair_picker_typing_filters_by_name_and_enter_selects() {
    let mut app = field();
    press(&mut app, KeyCode::Char('/'));
    assert!(app.takes_text());
    chars(&mut app, "box_12_04 ball_12_03");
    assert_eq!(app.frame(), 0, "typed letters filter, they are not keys");
    press(&mut app, KeyCode::Enter);
    assert!(!app.takes_text());
    let pair = app.pair().unwrap();
    assert_eq!(
        (pair.a.as_str(), pair.b.as_str()),
        ("ball_12_03", "box_12_04")
    );
    press(&mut app, KeyCode::Char('/'));
    chars(&mut app, "ball_00_01");
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    let pair = app.pair().unwrap();
    assert!(pair.a == "ball_00_01" || pair.b == "ball_00_01", "{pair:?}");
    press(&mut app, KeyCode::Char('/'));
    chars(&mut app, "no such body");
    press(&mut app, KeyCode::Enter);
    assert!(
        app.takes_text(),
        "Enter with nothing matching keeps the picker"
    );
    press(&mut app, KeyCode::Backspace);
    press(&mut app, KeyCode::Esc);
    assert!(!app.takes_text() && app.is_running());
}

#[test]
fn a_streamed_timeline_shows_frame_zero_at_once_and_ends_with_every_frame() {
    let scene = scene::load("edge_edge_miss").expect("shipped scene loads");
    let whole = App::new(scene.clone(), &Options::default());
    let mut app = App::streaming(
        scene,
        &Options {
            frame: 40,
            ..Options::default()
        },
    );
    assert_eq!(app.final_frame(), 100);
    let start = std::time::Instant::now();
    while app.is_loading() {
        assert!(start.elapsed().as_secs() < 60, "the simulation finishes");
        std::thread::sleep(std::time::Duration::from_millis(5));
        app.update(Action::Advance(0.005));
    }
    assert_eq!(
        app.frame(),
        40,
        "it moves to the asked frame once it is there"
    );
    assert_eq!(app.last_frame(), whole.last_frame());
    press(&mut app, KeyCode::Char('N'));
    let mut same = whole.clone();
    same.update(Action::Step(50));
    assert_eq!(app.record().specs, same.record().specs);
    assert_eq!(app.record().energy.total, same.record().energy.total);
}

#[test]
fn keys_pressed_before_their_frames_are_simulated_are_kept() {
    let scene = scene::load("field_300").expect("shipped scene loads");
    let mut app = App::streaming(scene, &Options::default());
    assert_eq!(app.frame(), 0, "frame 0 is there at once");
    chars(&mut app, "NNn");
    chars(&mut app, "b");
    let start = std::time::Instant::now();
    while app.frame() != 20 {
        assert!(start.elapsed().as_secs() < 120, "frame 20 arrives");
        std::thread::sleep(std::time::Duration::from_millis(10));
        app.update(Action::Advance(0.01));
    }
    assert_eq!(app.pending_frame(), None);
}
