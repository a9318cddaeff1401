//! Input → action → state: every key of the debugger's contract, the mouse, and how it opens.
#![cfg(feature = "tui")]

use crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use sepax::draw::View;
use sepax::scene;
use sepax::tui::{input, layout, Action, App, Options};

use crate::keys;

use keys::{ctrl, key};

fn open(name: &str) -> App {
    open_with(name, &Options::default())
}

fn open_with(name: &str, options: &Options) -> App {
    let scene = scene::load(name).expect("shipped scene loads");
    let mut app = App::new(scene, options);
    app.update(Action::Resize(160, 48));
    app
}

/// Feeds one event through `input::action` and `update`; returns the action it became.
fn send(app: &mut App, event: &Event) -> Option<Action> {
    let action = input::action(event, app);
    if let Some(action) = action {
        app.update(action);
    }
    action
}

fn press(app: &mut App, code: KeyCode) -> Option<Action> {
    send(app, &key(code))
}

fn chars(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

#[test]
fn opens_paused_at_frame_zero_with_the_first_pair_and_its_first_separating_axis() {
    let app = open("edge_edge_miss");
    assert_eq!(app.frame(), 0);
    assert!(!app.is_playing());
    assert_eq!(app.pair_index(), 0);
    let pair = app.pair().unwrap();
    assert_eq!(pair.axes[app.row()].axis.to_string(), "A0xB2");
    assert_eq!(pair.separating_axis.as_deref(), Some("A0xB2"));
}

#[test]
fn overlapping_boxes_open_on_the_axis_of_least_overlap() {
    let app = open("overlapping");
    let pair = app.pair().unwrap();
    assert!(pair.separating_axis.is_none());
    let best = pair
        .axes
        .iter()
        .filter_map(|row| row.gap)
        .fold(f64::NEG_INFINITY, f64::max);
    assert_eq!(pair.axes[app.row()].gap, Some(best));
}

#[test]
fn options_choose_the_frame_pair_and_view() {
    let options = Options {
        frame: 2,
        pair: Some(("crate".into(), "pebble".into())),
        view: Some(View::Yz),
        ..Options::default()
    };
    let app = open_with("spheres", &options);
    assert_eq!(app.frame(), 2);
    let pair = app.pair().unwrap();
    assert_eq!((pair.a.as_str(), pair.b.as_str()), ("crate", "pebble"));
    assert_eq!(app.view(), View::Yz);
}

#[test]
fn n_and_right_step_forward_b_and_left_step_back_exactly() {
    let mut app = open("edge_edge");
    let fresh = open_with(
        "edge_edge",
        &Options {
            frame: 2,
            ..Options::default()
        },
    );
    chars(&mut app, "nnn");
    assert_eq!(app.frame(), 3);
    press(&mut app, KeyCode::Char('b'));
    assert_eq!(app.frame(), 2);
    // Stepping back lands on the very record and explanation of frame 2.
    assert_eq!(app.record().time, fresh.record().time);
    assert_eq!(app.record().specs, fresh.record().specs);
    let (stepped, opened) = (app.pair().unwrap(), fresh.pair().unwrap());
    for (x, y) in stepped.axes.iter().zip(&opened.axes) {
        assert_eq!((x.r, x.r0, x.r1), (y.r, y.r0, y.r1));
    }
    press(&mut app, KeyCode::Right);
    assert_eq!(app.frame(), 3);
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Left);
    assert_eq!(app.frame(), 1);
}

#[test]
fn capital_n_and_b_move_ten_frames_and_stop_at_the_ends() {
    let mut app = open("edge_edge_miss");
    press(&mut app, KeyCode::Char('N'));
    assert_eq!(app.frame(), 10);
    press(&mut app, KeyCode::Char('B'));
    press(&mut app, KeyCode::Char('B'));
    assert_eq!(app.frame(), 0);
    let mut short = open("edge_edge");
    press(&mut short, KeyCode::Char('N'));
    assert_eq!(short.frame(), short.last_frame());
    press(&mut short, KeyCode::Char('n'));
    assert_eq!(short.frame(), 4);
}

#[test]
fn g_types_a_frame_number_and_enter_goes_there() {
    let mut app = open("edge_edge_miss");
    press(&mut app, KeyCode::Char('g'));
    assert_eq!(app.prompt(), Some(""));
    chars(&mut app, "4x2");
    assert_eq!(app.prompt(), Some("42"));
    // While typing, n is not a step.
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.frame(), 0);
    press(&mut app, KeyCode::Backspace);
    chars(&mut app, "7");
    press(&mut app, KeyCode::Enter);
    assert_eq!((app.frame(), app.prompt()), (47, None));
    press(&mut app, KeyCode::Char('g'));
    chars(&mut app, "99999");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.frame(), app.last_frame());
    press(&mut app, KeyCode::Char('g'));
    chars(&mut app, "3");
    press(&mut app, KeyCode::Esc);
    assert_eq!((app.frame(), app.prompt()), (app.last_frame(), None));
    assert!(
        app.is_running(),
        "Esc in the prompt cancels, it does not quit"
    );
}

#[test]
fn space_plays_in_real_time_and_plus_minus_change_the_speed() {
    let mut app = open("edge_edge_miss"); // dt = 0.01 s
    press(&mut app, KeyCode::Char(' '));
    assert!(app.is_playing());
    app.update(Action::Advance(0.035));
    assert_eq!(app.frame(), 3);
    press(&mut app, KeyCode::Char('+'));
    assert_eq!(app.speed(), 2.0);
    app.update(Action::Advance(0.05));
    assert_eq!(app.frame(), 13);
    press(&mut app, KeyCode::Char('-'));
    press(&mut app, KeyCode::Char('-'));
    assert_eq!(app.speed(), 0.5);
    press(&mut app, KeyCode::Char(' '));
    assert!(!app.is_playing());
    app.update(Action::Advance(1.0));
    assert_eq!(app.frame(), 13, "paused: time does not move frames");
    for _ in 0..10 {
        press(&mut app, KeyCode::Char('+'));
    }
    assert_eq!(app.speed(), 8.0);
}

#[test]
fn playing_stops_at_the_last_frame() {
    let mut app = open("edge_edge"); // dt = 0.5 s, 4 frames
    press(&mut app, KeyCode::Char(' '));
    app.update(Action::Advance(100.0));
    assert_eq!(app.frame(), 4);
    assert!(!app.is_playing());
    press(&mut app, KeyCode::Char(' '));
    assert_eq!(app.frame(), 0, "play at the end starts over");
}

#[test]
fn r_restarts_paused_at_frame_zero() {
    let mut app = open("edge_edge_miss");
    chars(&mut app, "NNjj ");
    assert!(app.is_playing());
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(app.frame(), 0);
    assert!(!app.is_playing());
    assert_eq!(app.row(), app.default_row());
}

#[test]
fn up_down_j_k_select_axis_rows_within_the_table() {
    let mut app = open("edge_edge_miss");
    assert_eq!(app.row(), 8);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Char('j'));
    assert_eq!(app.row(), 10);
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Char('k'));
    press(&mut app, KeyCode::Char('k'));
    assert_eq!(app.row(), 7);
    for _ in 0..20 {
        press(&mut app, KeyCode::Char('k'));
    }
    assert_eq!(app.row(), 0);
    for _ in 0..20 {
        press(&mut app, KeyCode::Char('j'));
    }
    assert_eq!(app.row(), 14);
}

#[test]
fn tab_and_shift_tab_cycle_every_pair_touching_first_then_nearest() {
    let mut app = open("spheres");
    let count = app.pairs().len();
    assert_eq!(count, 6);
    let order = app.pairs().order().to_vec();
    assert_eq!(app.pair_index(), order[0]);
    let mut seen = vec![app.pair_index()];
    for _ in 1..count {
        press(&mut app, KeyCode::Tab);
        seen.push(app.pair_index());
    }
    assert_eq!(
        seen, order,
        "Tab visits every pair once, in the order offered"
    );
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.pair_index(), order[0]);
    press(&mut app, KeyCode::BackTab);
    assert_eq!(app.pair_index(), order[count - 1]);
    let entries = app.pairs().entries();
    let ranked: Vec<_> = order.iter().map(|&k| entries[k]).collect();
    for pair in ranked.windows(2) {
        let key = |e: &sepax::tui::pairs::PairEntry| (!e.can_collide, !e.touching);
        assert!(key(&pair[0]) <= key(&pair[1]), "{pair:?}");
        if key(&pair[0]) == key(&pair[1]) && !pair[0].touching {
            assert!(pair[0].distance <= pair[1].distance, "{pair:?}");
        }
    }
}

#[test]
fn a_hides_the_table_f_frames_the_scene_s_pages_lists_and_i_shows_the_title() {
    use sepax::tui::{Framing, Overlay};
    let mut app = open("newtons_cradle");
    assert!(app.table_shown());
    press(&mut app, KeyCode::Char('a'));
    assert!(!app.table_shown());
    assert_eq!(app.framing(), Framing::Pair);
    press(&mut app, KeyCode::Char(']'));
    press(&mut app, KeyCode::Char('f'));
    assert_eq!((app.framing(), app.zoom()), (Framing::Scene, 1.0));
    press(&mut app, KeyCode::Char('s'));
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(app.list_page(), 2);
    press(&mut app, KeyCode::Char('S'));
    assert_eq!(app.list_page(), 1);
    press(&mut app, KeyCode::Char('i'));
    assert_eq!(*app.overlay(), Overlay::Info);
    press(&mut app, KeyCode::Char('n'));
    assert_eq!((app.overlay(), app.frame()), (&Overlay::None, 0));
}

#[test]
fn v_cycles_the_views_and_4_toggles_four_views() {
    let mut app = open("edge_edge_miss");
    let mut seen = vec![app.view()];
    for _ in 0..4 {
        press(&mut app, KeyCode::Char('v'));
        seen.push(app.view());
    }
    assert_eq!(seen, [View::Xy, View::Xz, View::Yz, View::Along, View::Xy]);
    press(&mut app, KeyCode::Char('4'));
    assert!(app.four_views());
    press(&mut app, KeyCode::Char('4'));
    assert!(!app.four_views());
}

#[test]
fn brackets_zoom_and_h_l_pan() {
    let mut app = open("edge_edge_miss");
    press(&mut app, KeyCode::Char(']'));
    assert!(app.zoom() > 1.0);
    press(&mut app, KeyCode::Char('['));
    press(&mut app, KeyCode::Char('['));
    assert!(app.zoom() < 1.0);
    press(&mut app, KeyCode::Char('l'));
    assert!(app.pan() > 0.0);
    press(&mut app, KeyCode::Char('h'));
    press(&mut app, KeyCode::Char('h'));
    assert!(app.pan() < 0.0);
}

#[test]
fn question_mark_opens_help_and_any_key_closes_it() {
    let mut app = open("edge_edge_miss");
    press(&mut app, KeyCode::Char('?'));
    assert!(app.help_open());
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.help_open());
    assert_eq!(
        app.frame(),
        0,
        "the key that closes the help does nothing else"
    );
    press(&mut app, KeyCode::Char('?'));
    press(&mut app, KeyCode::Esc);
    assert!(!app.help_open());
    assert!(app.is_running(), "Esc closes the help first");
    press(&mut app, KeyCode::Char('?'));
    press(&mut app, KeyCode::Char('?'));
    assert!(!app.help_open());
}

#[test]
fn q_esc_and_ctrl_c_quit() {
    for event in [key(KeyCode::Char('q')), key(KeyCode::Esc), ctrl('c')] {
        let mut app = open("edge_edge_miss");
        send(&mut app, &event);
        assert!(!app.is_running(), "{event:?}");
    }
    let mut app = open("edge_edge_miss");
    press(&mut app, KeyCode::Char('?'));
    press(&mut app, KeyCode::Char('q'));
    assert!(!app.is_running(), "q quits from the help too");
}

fn click(column: u16, row: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

#[test]
fn clicking_a_table_row_selects_it_at_both_sizes() {
    for (width, height) in [(160, 48), (80, 24)] {
        let mut app = open("edge_edge_miss");
        app.update(Action::Resize(width, height));
        let (_, areas) = layout::areas(Rect::new(0, 0, width, height), app.shown());
        let x = areas.table.x + 3;
        let first = areas.table.y + 2;
        assert_eq!(
            send(&mut app, &click(x, first + 3)),
            Some(Action::SelectRow(3))
        );
        assert_eq!(app.row(), 3);
        send(&mut app, &click(x, first + 14));
        assert_eq!(app.row(), 14);
        assert_eq!(
            send(&mut app, &click(x, first - 1)),
            None,
            "the column names"
        );
        assert_eq!(app.row(), 14);
    }
}

#[test]
fn the_wheel_moves_the_row_and_resize_is_remembered() {
    let mut app = open("edge_edge_miss");
    let wheel = |kind| {
        Event::Mouse(MouseEvent {
            kind,
            column: 0,
            row: 0,
            modifiers: KeyModifiers::NONE,
        })
    };
    send(&mut app, &wheel(MouseEventKind::ScrollDown));
    assert_eq!(app.row(), 9);
    send(&mut app, &wheel(MouseEventKind::ScrollUp));
    assert_eq!(app.row(), 8);
    send(&mut app, &Event::Resize(100, 30));
    assert_eq!(app.size(), (100, 30));
}

#[test]
fn unknown_keys_do_nothing() {
    let mut app = open("edge_edge_miss");
    assert_eq!(press(&mut app, KeyCode::Char('z')), None);
    assert_eq!(press(&mut app, KeyCode::Char('x')), None);
    assert_eq!(press(&mut app, KeyCode::F(5)), None);
}
