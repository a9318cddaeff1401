//! The axis table's title at 80×24 and 120×40: whole, never cut inside a word or a number, and
//! when it names a window of the rows (`rows 1-2 of 13`) the numbers are the table's.
#![cfg(feature = "tui")]

use sepax::lesson;
use sepax::tui::lesson::{LessonAction, Player};
use sepax::tui::Theme;

use crate::screen_support::{draw, text};

/// Lesson 20's steps whose table is titled with a long triangle name (`triangle 1 of floor`).
const STEPS: [(&str, usize); 2] = [
    ("20_triangles_and_meshes", 4),
    ("20_triangles_and_meshes", 7),
];

/// The numbers of `rows F-L of N` in `line` and what follows them.
fn window(line: &str) -> Option<([usize; 3], String)> {
    let at = line.find(" rows ")? + " rows ".len();
    line[at..]
        .starts_with(|c: char| c.is_ascii_digit())
        .then_some(())?;
    let rest = &line[at..];
    let (range, rest) = rest.split_once(" of ")?;
    let (first, last) = range.split_once('-')?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let after: String = rest[digits.len()..].chars().take(2).collect();
    Some((
        [
            first.parse().ok()?,
            last.parse().ok()?,
            digits.parse().ok()?,
        ],
        after,
    ))
}

#[test]
fn the_table_title_is_whole_and_names_its_own_rows() {
    for (name, step) in STEPS {
        let lesson = lesson::load_lesson(name).expect("the lesson loads");
        for (width, height) in [(80, 24), (120, 40)] {
            let mut player = Player::new(lesson.clone(), Some(20), step, Theme::new(true, false));
            player.update(LessonAction::Resize(width, height));
            let shown = text(&draw(&player, width, height));
            let total = player.app().pair().expect("a pair").rows().len();
            let titles: Vec<_> = shown.lines().filter_map(window).collect();
            let windowed = width == 80;
            assert!(
                !windowed || !titles.is_empty(),
                "{name} step {}: no `rows F-L of N` at {width}x{height}:\n{shown}",
                step + 1
            );
            for ([first, last, of], after) in titles {
                let title = format!("rows {first}-{last} of {of}{after}");
                let whole = after == " ─" || after == " ┐";
                assert!(whole, "{name} step {}: cut title {title:?}", step + 1);
                assert_eq!(of, total, "{title}");
                assert!(first >= 1 && first <= last && last <= total, "{title}");
            }
        }
    }
}
