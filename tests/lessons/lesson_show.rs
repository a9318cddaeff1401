//! A step's `show` and the check that what a step's prose points at is on its screen: the
//! contact panel its text names, the table rows its question asks about.

use crate::cli_support;
use cli_support::{lesson_fixture as fixture, run as sepax};

#[test]
fn prose_about_the_contact_panel_fails_where_only_its_summary_is_shown() {
    let path = fixture("contact_unshown.toml");
    let (code, stdout, _) = sepax(&["check", &path]);
    assert_eq!(code, Some(1), "{stdout}");
    // At 120×40 the debugger beside the pane puts the table in a band under the picture, where
    // the contact panel is a one-line summary too.
    for size in ["120×40", "80×24"] {
        let line = format!("{path}:7:1: step 1: at {size} the step points at what is not shown: the prose is about the contact panel, which is not on screen, only its one-line summary (show = [\"contact\"] brings it up)");
        assert!(stdout.lines().any(|l| l == line), "{stdout}");
    }
}

#[test]
fn show_contact_brings_the_panel_up_at_80_by_24_and_120_by_40() {
    let (code, stdout, stderr) = sepax(&["check", &fixture("contact_shown.toml")]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
}

#[test]
fn a_show_entry_that_names_nothing_is_a_located_error() {
    let text = "title = \"t\"\nscene = \"edge_edge_miss\"\n[[step]]\ntext = \"x\"\nshow = [\"contact\", \"table:Q9\"]\n";
    let problems = sepax::lesson::load_lesson_str(text, "l.toml", None)
        .unwrap_err()
        .to_string();
    assert!(
        problems.contains("l.toml:5:20: `show` in step 1: `table:Q9` is not something a step can show; write one of: contact, checks, method, pipeline, table:ROW"),
        "{problems}"
    );
}

#[test]
fn show_checks_fails_where_no_lines_are_under_the_table_and_passes_for_triangles() {
    let path = fixture("checks_unshown.toml");
    let (code, stdout, _) = sepax(&["check", &path]);
    assert_eq!(code, Some(1), "{stdout}");
    for size in ["120×40", "80×24"] {
        let line = format!("{path}:4:1: step 1: at {size} the step points at what is not shown: the prose is about the lines under the table (Möller's test, a tree walk), which are not on screen");
        assert!(stdout.lines().any(|l| l == line), "{stdout}");
    }
    assert!(!stdout.contains("step 2:"), "{stdout}");
}

#[cfg(feature = "tui")]
#[test]
fn at_120_by_40_the_pane_holds_the_contact_panel_the_band_has_no_room_for() {
    let path = fixture("contact_shown.toml");
    let lesson = sepax::lesson::load_lesson_path(std::path::Path::new(&path)).unwrap();
    let (_, shown) = crate::screen_support::lesson_screen(&lesson, 0);
    assert!(shown.contains("first contact   t = "), "{shown}");
}

/// A one-step lesson on `lesson_kdop_near` whose prose is about the pipeline line, with `show`.
#[cfg(feature = "tui")]
fn about_the_pipeline(show: &str) -> sepax::lesson::Lesson {
    let text = format!("title = \"t\"\nscene = \"lesson_kdop_near\"\n[[step]]\ntext = \"The pipeline line says the two are apart.\"\n{show}select = {{ pair = [\"P\", \"Q\"] }}\n");
    sepax::lesson::load_lesson_str(&text, "l.toml", Some(std::path::Path::new("scenes")))
        .expect("the lesson loads")
}

#[cfg(feature = "tui")]
#[test]
fn prose_about_the_pipeline_line_fails_where_the_pane_covers_it_and_show_brings_it_up() {
    let missing = sepax::tui::lesson::missing(&about_the_pipeline(""));
    let sizes: Vec<_> = missing.iter().map(|leak| leak.size).collect();
    assert_eq!(sizes, [(80, 24)], "{missing:?}");
    assert!(missing[0]
        .what
        .contains("the pipeline line, which is not on screen"));
    let shown = about_the_pipeline("show = [\"pipeline\"]\n");
    assert!(sepax::tui::lesson::missing(&shown).is_empty());
    let mut player =
        sepax::tui::lesson::Player::new(shown, None, 0, sepax::tui::Theme::new(true, false));
    player.update(sepax::tui::lesson::LessonAction::Resize(80, 24));
    let screen = crate::screen_support::text(&crate::screen_support::draw(&player, 80, 24));
    assert!(
        screen.contains("pipeline P,Q: exact test apart"),
        "{screen}"
    );
}
