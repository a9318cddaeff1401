//! The lesson menu and the lesson player rendered with `TestBackend`: snapshots of the menu at
//! 80×24 and 160×48 with and without colour, a step's narration, a choice question before and
//! after a right and a wrong answer and with its answer shown, a number question with its masked
//! cells, a retry and a second miss, the help; and how narration is styled.
#![cfg(feature = "tui")]

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use sepax::tui::lesson::{LessonAction, Player};
use sepax::tui::menu::Menu;
use sepax::tui::Theme;

use crate::lesson_support;
use crate::screen_support;

use screen_support::{draw, menu_entries, menu_progress, text};

fn theme(color: bool) -> Theme {
    Theme::new(!color, false)
}

/// Five lessons (one does not load) at every kind of progress: finished, in progress, new.
fn menu(color: bool) -> Menu {
    Menu::new(menu_entries(), menu_progress(), true, theme(color))
}

/// The tour fixture at step index `start`.
fn tour(start: usize, color: bool) -> Player {
    Player::new(lesson_support::tour(), Some(3), start, theme(color))
}

/// The player's screen at `width × height`.
fn screen(player: &mut Player, width: u16, height: u16) -> Buffer {
    player.update(LessonAction::Resize(width, height));
    draw(&*player, width, height)
}

#[test]
fn snapshots_of_the_menu_at_80x24_and_160x48_with_and_without_colour() {
    for (width, height) in [(80, 24), (160, 48)] {
        for color in [true, false] {
            let mode = if color { "color" } else { "no_color" };
            insta::assert_snapshot!(
                format!("menu_{width}x{height}_{mode}"),
                format!("{:?}", draw(&menu(color), width, height))
            );
        }
    }
}

#[test]
fn snapshots_of_a_step_with_narration() {
    insta::assert_snapshot!(
        "step_narration_160x48",
        text(&screen(&mut tour(0, true), 160, 48))
    );
    insta::assert_snapshot!(
        "step_narration_80x24",
        text(&screen(&mut tour(0, true), 80, 24))
    );
    insta::assert_snapshot!(
        "step_narration_100x40_no_color",
        format!("{:?}", screen(&mut tour(0, false), 100, 40))
    );
}

#[test]
fn snapshots_of_a_choice_question_before_and_after_a_right_and_a_wrong_answer() {
    let mut player = tour(1, true);
    insta::assert_snapshot!("choice_before_160x48", text(&screen(&mut player, 160, 48)));
    player.update(LessonAction::Choose(3));
    insta::assert_snapshot!("choice_right_160x48", text(&screen(&mut player, 160, 48)));
    let mut player = tour(1, true);
    player.update(LessonAction::Choose(1));
    insta::assert_snapshot!("choice_wrong_160x48", text(&screen(&mut player, 160, 48)));
    insta::assert_snapshot!("choice_wrong_80x24", text(&screen(&mut player, 80, 24)));
}

#[test]
fn snapshots_of_a_number_question_typed_then_answered() {
    let mut player = tour(2, true);
    for c in "0.05".chars() {
        player.update(LessonAction::Type(c));
    }
    insta::assert_snapshot!("number_typing_100x40", text(&screen(&mut player, 100, 40)));
    player.update(LessonAction::Type('1'));
    player.update(LessonAction::Submit);
    insta::assert_snapshot!("number_right_100x40", text(&screen(&mut player, 100, 40)));
}

#[test]
fn snapshots_of_a_retry_after_a_wrong_number_then_of_the_answer_after_a_second_miss() {
    let mut player = tour(2, true);
    for c in "0.9".chars() {
        player.update(LessonAction::Type(c));
    }
    player.update(LessonAction::Submit);
    let retry = text(&screen(&mut player, 100, 40));
    assert!(retry.contains("Try again"), "{retry}");
    assert!(!retry.contains("0.051"), "still hidden:\n{retry}");
    insta::assert_snapshot!("number_wrong_retry_100x40", retry);
    for c in "0.2".chars() {
        player.update(LessonAction::Type(c));
    }
    player.update(LessonAction::Submit);
    let shown = text(&screen(&mut player, 100, 40));
    assert!(shown.contains("The answer: 0.0515."), "{shown}");
    assert!(shown.contains("gap 0.051"), "the mask is lifted:\n{shown}");
    insta::assert_snapshot!("number_second_miss_100x40", shown);
}

#[test]
fn snapshot_of_a_choice_question_whose_answer_is_shown_with_e() {
    let mut player = tour(1, true);
    player.update(LessonAction::Reveal);
    let shown = text(&screen(&mut player, 160, 48));
    assert!(shown.contains("The answer: 3 A0xB2."), "{shown}");
    assert!(shown.contains("1st sep"), "the verdict is back:\n{shown}");
    insta::assert_snapshot!("choice_revealed_160x48", shown);
}

#[test]
fn an_open_question_shows_question_marks_where_the_screen_states_its_answer() {
    let mut player = tour(2, true);
    let masked = text(&screen(&mut player, 160, 48));
    let row = masked
        .lines()
        .find(|line| line.contains("A0xB2 ") && line.contains("1st sep"))
        .expect("the separating row");
    // R, R0 and R1 would give R-(R0+R1) = R - R0 - R1, so the whole row is hidden.
    assert!(
        row.contains("A0xB2         ?        ?        ?         ?        ?  1st sep"),
        "every cell of the answer's row is hidden:\n{row}"
    );
    let other = masked
        .lines()
        .find(|line| line.contains(" A1xB2 "))
        .expect("another row");
    assert!(
        other.contains("0.000    1.414    0.300"),
        "other rows stay:\n{other}"
    );
    assert!(!masked.contains("0.051"), "{masked}");
    insta::assert_snapshot!("number_masked_160x48", masked);
    let mut player = tour(1, true);
    let verdict = text(&screen(&mut player, 160, 48));
    assert!(
        !verdict.contains("sep│") && verdict.contains("SAT ? separates"),
        "{verdict}"
    );
    assert!(verdict.contains("axis ? separates them"), "{verdict}");
}

#[test]
fn snapshots_of_the_last_step_and_the_help() {
    insta::assert_snapshot!(
        "last_step_116x30",
        text(&screen(&mut tour(4, true), 116, 30))
    );
    let mut player = tour(0, true);
    player.update(LessonAction::ToggleHelp);
    insta::assert_snapshot!("help_80x24", text(&screen(&mut player, 80, 24)));
}

/// The cells showing `word` in row `y` of the buffer.
fn find(buffer: &Buffer, word: &str) -> Option<(u16, u16)> {
    let width = buffer.area.width;
    let rows = text(buffer);
    rows.lines().enumerate().find_map(|(y, line)| {
        let x = line.find(word)?;
        let x = line[..x].chars().count();
        Some((u16::try_from(x).ok()?.min(width), u16::try_from(y).ok()?))
    })
}

#[test]
fn narration_is_bold_and_code_with_colour_and_keeps_backticks_without() {
    // 200 columns: a pane wide enough to hold each phrase looked for on one line.
    let coloured = screen(&mut tour(0, true), 200, 48);
    assert!(
        find(&coloured, "edge** of A").is_none(),
        "the markers are not shown"
    );
    let (x, y) = find(&coloured, "edge of A").expect("narration shown");
    assert!(coloured[(x, y)].modifier.contains(Modifier::BOLD));
    assert!(!coloured[(x + 5, y)].modifier.contains(Modifier::BOLD));
    let (x, y) = find(&coloured, "R, R0 and R1").expect("code without backticks");
    assert_eq!(coloured[(x, y)].fg, Color::Cyan);
    let plain = screen(&mut tour(0, false), 200, 48);
    assert!(
        find(&plain, "`R`, `R0` and `R1`").is_some(),
        "backticks kept"
    );
    let (x, y) = find(&plain, "edge of A").expect("narration shown");
    assert!(
        plain[(x, y)].modifier.contains(Modifier::BOLD),
        "bold needs no colour"
    );
    assert!(plain.content.iter().all(|cell| cell.fg == Color::Reset));
}

#[test]
fn the_pane_shows_the_title_the_step_count_and_the_source() {
    let first = text(&screen(&mut tour(0, true), 160, 48));
    for shown in [
        "A tour of the lesson player",
        "step 1 / 5",
        "Source: docs/methods.md §5.3",
    ] {
        assert!(first.contains(shown), "`{shown}` missing:\n{first}");
    }
    let second = text(&screen(&mut tour(1, true), 160, 48));
    assert!(second.contains("step 2 / 5"));
    assert!(second.contains("1 A0  2 B1  3 A0xB2"), "{second}");
    assert!(
        !second.contains("Source:"),
        "the source opens and closes the lesson"
    );
}

#[test]
fn text_taller_than_the_pane_says_how_to_scroll() {
    let lines: Vec<String> = (1..=40).map(|k| format!("line {k}")).collect();
    let toml = format!(
        "title = \"t\"\nscene = \"edge_edge_miss\"\n[[step]]\ntext = \"\"\"{}\"\"\"\n",
        // Two spaces at the end of a Markdown line break it.
        lines.join("  \n")
    );
    let lesson = sepax::lesson::load_lesson_str(&toml, "long.toml", None).unwrap();
    let mut player = Player::new(lesson, None, 0, theme(true));
    let top = text(&screen(&mut player, 80, 24));
    assert!(top.contains("line 1\n") || top.contains("line 1 "), "{top}");
    assert!(top.contains("-- more below: d (u: up) --"), "{top}");
    assert!(
        top.contains(" d/u scroll "),
        "the key bar says so too:\n{top}"
    );
    for _ in 0..20 {
        player.update(LessonAction::ScrollDown);
    }
    let bottom = text(&screen(&mut player, 80, 24));
    assert!(bottom.contains("line 40"), "{bottom}");
    assert!(bottom.contains("-- end: u scrolls up --"), "{bottom}");
    assert!(!bottom.contains("line 1 "), "{bottom}");
}

#[test]
fn snapshot_of_live_values_lists_and_a_code_block() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/lessons/live_values.toml"
    );
    let lesson = sepax::lesson::load_lesson_path(std::path::Path::new(path)).unwrap();
    let mut player = Player::new(lesson, None, 0, theme(false));
    let shown = text(&screen(&mut player, 100, 40));
    for value in [
        "(-1.500, 0.200, 0.000)",
        "1.200",
        "0.0600 s",
        "200.0 J",
        "B0.",
    ] {
        assert!(shown.contains(value), "`{value}` missing:\n{shown}");
    }
    assert!(!shown.contains("{{") && !shown.contains("[["), "{shown}");
    insta::assert_snapshot!("live_values_100x40_no_color", shown);
}
