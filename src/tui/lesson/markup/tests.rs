use super::*;
use crate::lesson::{value_char, MARKER};
use ratatui::style::{Color, Modifier};

fn text_of(lines: &[Line]) -> Vec<String> {
    lines.iter().map(ToString::to_string).collect()
}

fn show(markdown: &str, values: &[&str], color: bool, width: u16) -> Vec<String> {
    let theme = Theme::new(!color, false);
    let values: Vec<String> = values.iter().map(ToString::to_string).collect();
    text_of(&lines(&blocks(markdown, &values, theme), theme, width))
}

#[test]
fn paragraphs_flow_and_are_set_apart_by_an_empty_line() {
    let shown = show("one\ntwo three\n\nfour", &[], true, 40);
    assert_eq!(shown, ["one two three", "", "four"]);
    assert_eq!(
        show("a  \nb", &[], true, 40),
        ["a", "b"],
        "a hard break starts a line"
    );
}

#[test]
fn emphasis_is_styled_and_code_is_coloured_or_keeps_its_backticks() {
    let theme = Theme::new(false, false);
    let b = blocks("an **edge** of *A* faces `R0 + R1`.", &[], theme);
    let Block::Text { pieces, .. } = &b[0] else {
        panic!("{b:?}")
    };
    let style_of = |text: &str| pieces.iter().find(|p| p.text == text).unwrap().style;
    assert!(style_of("edge").add_modifier.contains(Modifier::BOLD));
    assert!(style_of("A").add_modifier.contains(Modifier::ITALIC));
    assert_eq!(style_of("R0 + R1").fg, Some(Color::Cyan));
    assert_eq!(show("see `L`", &[], false, 40), ["see `L`"]);
    assert_eq!(show("see `L`", &[], true, 40), ["see L"]);
}

#[test]
fn words_wrap_at_the_width_and_inline_code_that_fits_stays_whole() {
    assert_eq!(
        show("one two three four", &[], true, 9),
        ["one two", "three", "four"]
    );
    assert_eq!(
        show("abcdefghij xy", &[], true, 4),
        ["abcd", "efgh", "ij", "xy"]
    );
    assert_eq!(show("x `a + b` y", &[], true, 6), ["x", "a + b", "y"]);
    assert_eq!(
        show("`a + b + c`", &[], true, 5),
        ["a + b", "+ c"],
        "wider than a line: wraps"
    );
    let joined = show("has `R1`. Then", &[], true, 6);
    assert_eq!(joined, ["has", "R1.", "Then"], "a word keeps its full stop");
}

#[test]
fn lists_get_bullets_or_numbers_and_hanging_indents() {
    let shown = show(
        "Steps:\n\n- first item here\n- second\n\n1. one\n2. two",
        &[],
        true,
        12,
    );
    assert_eq!(
        shown,
        [
            "Steps:",
            "",
            "• first item",
            "  here",
            "• second",
            "",
            "1. one",
            "2. two"
        ]
    );
    let ascii = Theme::new(true, true);
    let b = blocks("- a", &[], ascii);
    assert_eq!(text_of(&lines(&b, ascii, 10)), ["- a"]);
}

#[test]
fn code_blocks_keep_their_lines_and_break_only_between_formulas() {
    let text = "Euler:\n\n    x = x + h v\n    v = v + h a\n\nthen";
    let shown = show(text, &[], true, 40);
    assert_eq!(
        shown,
        ["Euler:", "", "  x = x + h v", "  v = v + h a", "", "then"]
    );
    let two = "    x_mid = x + (h/2) v      v_mid = v + (h/2) a";
    let wide = show(two, &[], true, 60);
    assert_eq!(wide, ["  x_mid = x + (h/2) v      v_mid = v + (h/2) a"]);
    let narrow = show(two, &[], true, 30);
    assert_eq!(narrow, ["  x_mid = x + (h/2) v", "  v_mid = v + (h/2) a"]);
    assert_eq!(show("    abcdefghijkl", &[], true, 10), ["  abcdefg…"]);
    let ascii = Theme::new(false, true);
    let clipped = lines(&blocks("    abcdefghijkl", &[], ascii), ascii, 10);
    assert_eq!(text_of(&clipped), ["  abcdefg>"]);
    let worked = show("```worked\n1 + 2 = 3\n```", &[], true, 20);
    assert_eq!(worked, ["  1 + 2 = 3"], "the info string is not shown");
    let plain = show("    x = 1", &[], false, 20);
    assert_eq!(
        plain,
        ["    x = 1"],
        "without colour the indent of the source marks code"
    );
}

#[test]
fn placeholders_show_their_values_whole_and_worked_markers_vanish() {
    let template = format!(
        "gap {} now, {}at {}{}",
        value_char(0),
        MARKER,
        value_char(1),
        MARKER
    );
    assert_eq!(
        show(&template, &["0.400", "(1.000, 2.000, 3.000)"], true, 80),
        ["gap 0.400 now, at (1.000, 2.000, 3.000)"]
    );
    let narrow = show(&template, &["0.400", "(1.000, 2.000, 3.000)"], true, 22);
    assert_eq!(narrow, ["gap 0.400 now, at", "(1.000, 2.000, 3.000)"]);
    let theme = Theme::new(true, false);
    let b = blocks(&format!("x {}", value_char(0)), &["?".into()], theme);
    let Block::Text { pieces, .. } = &b[0] else {
        panic!()
    };
    assert_eq!((pieces[1].text.as_str(), pieces[1].value), ("?", Some(0)));
}

#[test]
fn quotes_and_headings_render_without_their_markers() {
    assert_eq!(
        show("# Title\n\n> quoted words", &[], true, 40),
        ["Title", "", "│ quoted words"]
    );
}
