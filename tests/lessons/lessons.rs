//! Lessons: the format, the checker, and `sepax check` as a user runs it.

use std::path::Path;

use sepax::lesson::{self, Answer};
use sepax::scene::shipped_lessons;

use crate::cli_support;
use cli_support::{lesson_fixture as fixture, run as sepax};

#[test]
fn every_shipped_lesson_loads_and_every_fact_holds() {
    assert!(!shipped_lessons().is_empty());
    for (name, text) in shipped_lessons() {
        let lesson = lesson::load_lesson_str(
            text,
            &format!("lessons/{name}.toml"),
            Some(Path::new("lessons")),
        )
        .unwrap_or_else(|e| panic!("{name}:\n{e}"));
        let report = lesson::check_lesson(&lesson);
        assert!(report.failures.is_empty(), "{name}: {:?}", report.failures);
    }
}

#[test]
fn the_prose_of_every_shipped_lesson_passes_the_prose_check() {
    let mut findings = Vec::new();
    for (name, text) in shipped_lessons() {
        let lesson = lesson::load_shipped(name, text).unwrap();
        findings.extend(
            lesson::check_lesson(&lesson)
                .prose
                .iter()
                .map(ToString::to_string),
        );
    }
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}

#[test]
fn check_passes_the_shipped_files() {
    let (code, stdout, stderr) = sepax(&["check"]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("check: ") && stdout.contains(" passed, 0 failed"),
        "{stdout}"
    );
}

#[test]
fn a_lesson_written_from_the_format_passes_check() {
    let (code, stdout, stderr) = sepax(&["check", &fixture("near_miss.toml")]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("check: 5 passed, 0 failed"), "{stdout}");
}

#[test]
fn one_wrong_expectation_fails_with_the_step_and_both_values() {
    let path = fixture("near_miss_wrong.toml");
    let (code, stdout, _) = sepax(&["check", &path]);
    assert_eq!(code, Some(1), "{stdout}");
    let expected =
        format!("{path}:13:50: step 2: expected separating_axis B1, the engine says A0xB2");
    assert!(stdout.lines().any(|line| line == expected), "{stdout}");
    assert!(stdout.contains("check: 4 passed, 1 failed"), "{stdout}");
}

fn problems(text: &str) -> String {
    lesson::load_lesson_str(text, "l.toml", None)
        .unwrap_err()
        .to_string()
}

#[test]
fn invalid_lessons_are_located() {
    let head = "title = \"t\"\nscene = \"edge_edge_miss\"\n[[step]]\n";
    let cases = [
        ("text = \"x\"\nfram = 0\n", "l.toml:5:1: unknown key `fram` in step 1; did you mean `frame`?"),
        ("text = \"x\"\nselect = { pair = [\"A\", \"C\"] }\n", "l.toml:5:19: `pair` in `select` of step 1: unknown body"),
        ("text = \"x\"\nselect = { pair = [\"A\", \"B\"], axis = \"A3\" }\n", "l.toml:5:38: `axis` in `select` of step 1: unknown axis `A3`"),
        ("text = \"x\"\nview = \"side\"\n", "l.toml:5:8: unknown view `side` in step 1; expected one of: xy, xz, yz, along-axis, four"),
        ("text = \"x\"\nquiz = { choices = [\"a\", \"b\"], answer = \"c\" }\n", "l.toml:5:41: `answer` in `quiz` in step 1 must be one of the choices: a, b"),
        ("text = \"x\"\nexpect = [{ pair = [\"A\", \"B\"] }]\n", "l.toml:5:11: expectation 1 of step 1 states no fact"),
        ("text = \"x\"\nexpect = [{ intersecting = true }]\n", "is missing `pair`"),
        ("text = \"x\"\nplay_until = { frame = 1, contact = [\"A\", \"B\"] }\n", "needs exactly one of"),
        ("frame = 1\n", "l.toml:3:1: step 1 is missing `text`"),
        ("text = \"x\"\nframe = 1000\n", "l.toml:5:9: `frame` in step 1 must be between 0 and 100"),
    ];
    for (body, expected) in cases {
        let text = problems(&format!("{head}{body}"));
        assert!(text.contains(expected), "{body}\n---\n{text}");
    }
    assert!(problems("").contains("the file is empty"));
    assert!(
        problems("title = \"t\"\nscene = \"nope\"\n[[step]]\ntext = \"x\"\n")
            .contains("l.toml:2:9: scene `nope` cannot be used")
    );
}

#[test]
fn check_exits_2_on_an_invalid_lesson_file() {
    let dir = std::env::temp_dir().join(format!("sepax-lesson-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.toml");
    std::fs::write(
        &path,
        "title = \"t\"\nscene = \"edge_edge_miss\"\n[[step]]\ntxt = \"x\"\n",
    )
    .unwrap();
    let (code, stdout, stderr) = sepax(&["check", path.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{stdout}{stderr}");
    assert!(
        stderr.contains("broken.toml:4:1: unknown key `txt` in step 1; did you mean `text`?"),
        "{stderr}"
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn answers_are_accepted_by_number_key_or_within_tolerance() {
    let choice = Answer::Choice {
        choices: vec!["A0".into(), "A1xB2".into()],
        correct: 1,
    };
    assert!(choice.accepts("2") && !choice.accepts("1") && !choice.accepts("x"));
    let number = Answer::Number {
        value: 2.387,
        tolerance: 0.01,
    };
    assert!(number.accepts(" 2.39 ") && !number.accepts("2.4") && !number.accepts(""));
}

#[test]
fn lessons_load_by_number_and_by_name() {
    for (k, (name, _)) in shipped_lessons().iter().enumerate() {
        let number = lesson::number(name, k).to_string();
        assert_eq!(lesson::load_lesson(&number).unwrap().name, *name);
    }
    assert_eq!(lesson::number("07_why_no_collision", 0), 7);
    assert_eq!(lesson::number("extra", 3), 4);
    let first = shipped_lessons()[0].0;
    assert_eq!(lesson::load_lesson(first).unwrap().name, first);
    let missing = lesson::load_lesson("no_such_lesson")
        .unwrap_err()
        .to_string();
    assert!(
        missing.contains("no shipped lesson is called `no_such_lesson`"),
        "{missing}"
    );
}
