//! While a question is open nothing on the lesson screen states its answer: for every question of
//! every shipped lesson, the screens before answering (80×24, 100×40, 120×40, 160×48) are read as
//! a learner would read them.
//! A number answer must not appear (at the precision shown) in the debugger or in the live
//! values of the narration; an axis, a contact kind or a world axis must not be named by a
//! verdict; and answering lifts the masks.
#![cfg(feature = "tui")]

use crate::screen_support;

use ratatui::layout::Rect;
use screen_support::{draw, text};
use sepax::lesson::{load_shipped, Answer, Lesson, CONTACT_KINDS};
use sepax::sat::AxisId;
use sepax::tui::lesson::{decimals, screen_leaks, LessonAction, Player};
use sepax::tui::Theme;

/// The screen's rows, as text (the key bar spans the terminal's last row).
fn rows(player: &Player) -> Vec<Vec<char>> {
    let bar = player.areas().bar;
    text(&draw(player, bar.width, bar.bottom()))
        .lines()
        .map(|line| line.chars().collect())
        .collect()
}

/// The text of `area` in `rows`, one line per row.
fn cut(rows: &[Vec<char>], area: Rect) -> Vec<String> {
    rows[usize::from(area.y)..usize::from(area.bottom())]
        .iter()
        .map(|row| {
            row[usize::from(area.x)..usize::from(area.right())]
                .iter()
                .collect()
        })
        .collect()
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `line` names `word` as a whole word (letter case aside).
fn names(line: &str, word: &str) -> bool {
    let lower = line.to_lowercase();
    let word = word.to_lowercase();
    lower.match_indices(&word).any(|(at, _)| {
        let before = lower[..at].chars().next_back();
        let after = lower[at + word.len()..].chars().next();
        !before.is_some_and(|c| is_word(c) || c == '-')
            && !after.is_some_and(|c| is_word(c) || c == '-')
    })
}

/// The lines of the debugger and of the lesson pane above the question (the narration).
fn screen_parts(player: &Player) -> (Vec<String>, Vec<String>) {
    let rows = rows(player);
    let areas = player.areas();
    // A pane below or over the debugger takes its lower rows; one beside it, its own columns.
    let bottom = if areas.pane.x == areas.debugger.x && areas.pane.height > 0 {
        areas.pane.y
    } else {
        areas.bar.y
    };
    let debugger = Rect {
        height: bottom - areas.debugger.y,
        ..areas.debugger
    };
    let mut pane = cut(&rows, areas.pane);
    if let Some(question) = pane
        .iter()
        .position(|l| l.contains("Answer with a number key") || l.contains("Type the number"))
    {
        pane.truncate(question);
    }
    (cut(&rows, debugger), pane)
}

/// Every question of every shipped lesson: the lesson and the question's step index.
fn questions() -> Vec<(Lesson, usize)> {
    let mut out = Vec::new();
    for (name, text) in sepax::scene::shipped_lessons() {
        let lesson = load_shipped(name, text).expect("shipped lesson loads");
        for (k, step) in lesson.steps.iter().enumerate() {
            if step.quiz.is_some() {
                out.push((lesson.clone(), k));
            }
        }
    }
    out
}

fn open(lesson: &Lesson, k: usize, (width, height): (u16, u16)) -> Player {
    let mut player = Player::new(lesson.clone(), None, k, Theme::new(true, false));
    player.update(LessonAction::Resize(width, height));
    player
}

/// The sizes the screens are read at: the pane over, below and beside the debugger.
const SIZES: [(u16, u16); 4] = [(80, 24), (100, 40), (120, 40), (160, 48)];

/// The problems of a number question's screen: values within the tolerance in the debugger, and
/// in the narration more of them than its own words write.
/// `line` without the numbers that are given, never an answer (docs/lessons.md): the scene's
/// `dt` (`dt = 0.01 s`, `dt 0.01 s`) anywhere, and the frame's time `t = … s` in the header.
fn without_givens(line: &str, header: bool) -> String {
    let mut out = line.to_string();
    let mut prefixes = vec!["dt = ", "dt "];
    if header {
        prefixes.push("t = ");
    }
    for prefix in prefixes {
        let mut from = 0;
        while let Some(at) = out[from..].find(prefix).map(|k| k + from) {
            let start = at + prefix.len();
            let end = out[start..]
                .find(" s")
                .map_or(start, |k| start + k)
                .min(out.len());
            let number = &out[start..end];
            if !number.is_empty() && number.parse::<f64>().is_ok() {
                out.replace_range(start..end, "");
            }
            from = start.min(out.len());
        }
    }
    out
}

fn number_leaks(player: &Player, value: f64, tolerance: f64) -> Vec<String> {
    let near = |x: &f64| (x - value).abs() <= tolerance;
    let (debugger, pane) = screen_parts(player);
    let app = player.app();
    let frame = (app.record().time, app.scene().world.dt);
    let derived = screen_leaks(&debugger, (value, tolerance), frame)
        .into_iter()
        .map(|leak| format!("debugger: {leak}"));
    let mut leaks: Vec<String> = debugger
        .iter()
        .enumerate()
        .filter(|(k, line)| decimals(&without_givens(line, *k == 0)).iter().any(near))
        .map(|(_, line)| line)
        .map(|line| format!("debugger: {}", line.trim_end()))
        .chain(derived)
        .collect();
    let written: String = [
        player.resolved().text.template.as_str(),
        player.lesson().title.as_str(),
        player.lesson().cites.as_deref().unwrap_or(""),
    ]
    .join("\n");
    let in_words = written.lines().flat_map(decimals).filter(near).count();
    let shown = pane.iter().flat_map(|l| decimals(l)).filter(near).count();
    if shown > in_words {
        leaks.push(format!(
            "narration shows {shown}, its words write {in_words}: {pane:?}"
        ));
    }
    leaks
}

/// `line` without the table's row labels `word` (the axis name followed by its numbers).
fn without_row_labels(line: &str, word: &str) -> String {
    let mut out = line.to_string();
    while let Some(at) = out.match_indices(word).map(|(at, _)| at).find(|&at| {
        let rest = &out[at + word.len()..];
        let numbers = rest.trim_start();
        rest.starts_with("  ") && numbers.starts_with(|c: char| c.is_ascii_digit() || c == '-')
    }) {
        out.replace_range(at..at + word.len(), "");
    }
    out
}

/// The problems of a choice question's screen whose answer is a word the engine prints.
fn word_leaks(player: &Player, word: &str) -> Vec<String> {
    let (debugger, _) = screen_parts(player);
    let axis = AxisId::parse(word);
    let mut leaks = Vec::new();
    for line in &debugger {
        // The table lists every axis by name; only a verdict may not name the answer.
        let statement = if ["x", "y", "z"].contains(&word) {
            line.contains("apart on") && names(line.split("apart on").nth(1).unwrap_or(""), word)
        } else {
            names(&without_row_labels(line, word), word)
        };
        let mark = axis.is_some() && (line.contains("  1st sep") || line.contains("  sep "));
        if statement || mark {
            leaks.push(format!("debugger: {}", line.trim_end()));
        }
    }
    if let (Some(axis), Some(pair)) = (axis, player.app().pair()) {
        let selected = &pair.axes[player.app().row()].axis;
        if axis != AxisId::FaceA(0) && *selected == axis {
            leaks.push(format!("the selected row is the answer {selected}"));
        }
    }
    leaks
}

/// Whether the engine prints `word` itself.
fn engine_word(word: &str) -> bool {
    AxisId::parse(word).is_some()
        || CONTACT_KINDS.contains(&word)
        || ["x", "y", "z", "spheres", "aabbs", "sat", "exact"]
            .contains(&word.to_lowercase().as_str())
}

#[test]
fn no_open_question_of_a_shipped_lesson_shows_its_answer() {
    let mut problems = Vec::new();
    let mut checked = (0, 0);
    for ((lesson, k), size) in questions()
        .into_iter()
        .flat_map(|q| SIZES.map(|size| (q.clone(), size)))
    {
        let player = open(&lesson, k, size);
        let quiz = player.quiz().expect("a question step");
        let leaks = match &quiz.answer {
            Answer::Number { value, tolerance } => {
                checked.0 += 1;
                number_leaks(&player, *value, *tolerance)
            }
            Answer::Choice { choices, correct } if engine_word(&choices[*correct]) => {
                checked.1 += 1;
                word_leaks(&player, &choices[*correct])
            }
            Answer::Choice { .. } => Vec::new(),
        };
        problems.extend(
            leaks
                .into_iter()
                .map(|leak| format!("{} step {} at {size:?}: {leak}", lesson.name, k + 1)),
        );
    }
    assert!(
        checked.0 > 20 && checked.1 > 3,
        "questions checked: {checked:?}"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_leak_checks_find_a_shown_answer() {
    // The same checks on the settled question: the values come back, so the checks can fail.
    let (lesson, k) = questions()
        .into_iter()
        .find(|(l, k)| {
            l.name.starts_with("07")
                && l.steps[*k]
                    .quiz
                    .as_ref()
                    .is_some_and(|q| matches!(q.answer, Answer::Number { .. }))
        })
        .expect("lesson 7 asks for the gap");
    let mut player = open(&lesson, k, SIZES[2]);
    let Some(Answer::Number { value, tolerance }) = player.quiz().map(|q| q.answer.clone()) else {
        unreachable!()
    };
    assert!(number_leaks(&player, value, tolerance).is_empty());
    player.update(LessonAction::Reveal);
    assert!(
        !number_leaks(&player, value, tolerance).is_empty(),
        "revealed: shown"
    );
    let (lesson, k) = questions()
        .into_iter()
        .find(|(l, k)| {
            l.steps[*k].quiz.as_ref().is_some_and(|q| {
                matches!(&q.answer, Answer::Choice { choices, correct } if choices[*correct] == "A0xB2")
            })
        })
        .expect("a lesson asks which axis separates");
    let mut player = open(&lesson, k, SIZES[2]);
    assert!(word_leaks(&player, "A0xB2").is_empty());
    player.update(LessonAction::Reveal);
    assert!(!word_leaks(&player, "A0xB2").is_empty(), "revealed: named");
}

#[test]
fn no_row_panel_or_bracket_of_an_open_question_gives_its_answer() {
    // L19 step 3 asks for R of row A1 (1.202): its other cells give it, R0 + R1 + R-(R0+R1),
    // so the whole row is hidden while the question is open, and comes back after.
    let lesson = load_shipped(
        "19_box_triangle_test",
        sepax::scene::shipped_lessons()
            .iter()
            .find(|(name, _)| name.starts_with("19"))
            .map(|(_, text)| *text)
            .expect("lesson 19"),
    )
    .unwrap();
    for size in [(120, 40), (80, 24)] {
        let mut player = open(&lesson, 2, size);
        let (debugger, _) = screen_parts(&player);
        let app = player.app();
        let frame = (app.record().time, app.scene().world.dt);
        assert!(
            screen_leaks(&debugger, (1.202, 0.01), frame).is_empty(),
            "{size:?}: {debugger:#?}"
        );
        player.update(LessonAction::Reveal);
        let (debugger, _) = screen_parts(&player);
        assert!(
            !screen_leaks(&debugger, (1.202, 0.01), frame).is_empty(),
            "{size:?} revealed: {debugger:#?}"
        );
    }
}

#[test]
fn the_number_line_hides_the_overlap_of_a_row_whose_numbers_give_the_answer() {
    // L19 step 3 asks the centre of the triangle's shadow on A1, R = 1.202: the table hides the
    // row, and the number line under it must not print its overlap 1.066 = R0 + R1 - R either.
    let lesson = sepax::lesson::load_lesson("19").expect("lesson 19 loads");
    let k = lesson
        .steps
        .iter()
        .position(|s| s.text.source.contains("Now a row by hand"))
        .expect("the step");
    for (width, height) in [(120, 40), (160, 48)] {
        let mut player = Player::new(lesson.clone(), None, k, Theme::new(true, false));
        player.update(LessonAction::Resize(width, height));
        let shown = text(&draw(&player, width, height));
        assert!(!shown.contains("1.066"), "{width}x{height}:\n{shown}");
        assert!(shown.contains("overlap ?"), "{width}x{height}:\n{shown}");
    }
}

/// A question asking R of row A1 of `edge_edge_miss`, the view along A1, with `text` as its
/// words.
fn along_a1(text: &str) -> Lesson {
    let toml = format!(
        "title = \"t\"\nscene = \"edge_edge_miss\"\n[[step]]\ntext = \"\"\"{text}\"\"\"\nview = \"along-axis\"\nselect = {{ pair = [\"A\", \"B\"], axis = \"A1\" }}\nquiz = {{ answer = 0.636, tolerance = 0.005 }}\n"
    );
    sepax::lesson::load_lesson_str(&toml, "l.toml", Some(std::path::Path::new("scenes")))
        .expect("the lesson loads")
}

#[test]
fn the_ruler_under_the_view_hides_the_cells_of_a_row_the_table_hides() {
    // R of A1 is 0.636; the ruler under the view along A1 printed R1 1.714 and the overlap
    // 1.378, cells of the row the table hides, from which R follows with R0.
    let lesson = along_a1("What is `R` on `A1`?");
    for size in [(120, 40), (80, 24)] {
        let mut player = open(&lesson, 0, size);
        let (debugger, _) = screen_parts(&player);
        let screen = debugger.join("\n");
        for cell in ["R1 1.714", "1.378", "0.636"] {
            assert!(!screen.contains(cell), "{size:?}: {cell}\n{screen}");
        }
        player.update(LessonAction::Reveal);
        let (debugger, _) = screen_parts(&player);
        assert!(debugger.join("\n").contains("1.378"), "{size:?} revealed");
    }
    assert!(sepax::tui::lesson::leaks(&lesson).is_empty());
}

#[test]
fn check_reports_a_question_whose_words_write_the_cells_its_answer_follows_from() {
    let path = crate::cli_support::lesson_fixture("row_difference_leak.toml");
    let (code, stdout, _) = crate::cli_support::run(&["check", &path]);
    assert_eq!(code, Some(1), "{stdout}");
    let leak = format!("{path}:8:1: step 1: at 120×40 the open question's answer follows from the screen: the question's own words write the cells it follows from, row A1: R = R0 + R1 + R-(R0+R1) = 0.3 + 1.714 + -1.378");
    assert!(stdout.lines().any(|l| l == leak), "{stdout}");
    // Without the written cells the same question passes: the screen masks the whole row.
    let quiet = along_a1("Row `A1` is selected. What is `R` on `A1`?");
    assert!(sepax::tui::lesson::leaks(&quiet).is_empty());
}
