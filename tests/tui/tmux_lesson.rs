//! Lessons in a real terminal: tmux runs `sepax lesson N` and `sepax`, `send-keys` types,
//! `capture-pane` reads the screen. What to expect is read from the lesson itself, so the test
//! follows the shipped lessons as they change. Progress goes to a folder of the test's own.
//! Skipped, with the reason printed, only when tmux is not installed.
#![cfg(feature = "tui")]

use crate::data_dir;
use crate::lesson_support;
use crate::tmux_support as support;

use std::path::Path;

use data_dir::DataDir;
use lesson_support::TOUR_PATH;
use sepax::lesson::{self, Answer, Lesson};
use sepax::scene::shipped_lessons;
use support::Tmux;

/// The first shipped lesson with a choice question (else the tour fixture): how to name it on
/// the command line, the lesson, the question's step index and its right key.
fn lesson_with_a_choice() -> (String, Lesson, usize, usize) {
    let choice = |lesson: &Lesson| {
        lesson.steps.iter().enumerate().find_map(|(k, step)| {
            match step.quiz.as_ref().map(|q| &q.answer) {
                Some(Answer::Choice { correct, .. }) => Some((k, correct + 1)),
                _ => None,
            }
        })
    };
    for (k, (name, _)) in shipped_lessons().iter().enumerate() {
        let arg = lesson::number(name, k).to_string();
        let loaded = lesson::load_lesson(&arg).expect("a shipped lesson loads");
        if let Some((step, key)) = choice(&loaded) {
            return (arg, loaded, step, key);
        }
    }
    println!("no shipped lesson has a choice question; using {TOUR_PATH}");
    let loaded = lesson::load_lesson_path(Path::new(TOUR_PATH)).expect("the tour loads");
    let (step, key) = choice(&loaded).expect("the tour has a choice question");
    (format!("'{TOUR_PATH}'"), loaded, step, key)
}

/// The first words of a step's narration as the pane shows them (markers gone, one line).
fn opening_words(lesson: &Lesson, step: usize) -> String {
    let first = lesson.steps[step].text.lines().next().unwrap_or_default();
    let plain = first.replace("**", "").replace('`', "");
    let mut words = String::new();
    for word in plain.split_whitespace() {
        if words.len() + word.len() + 1 > 25 {
            break;
        }
        if !words.is_empty() {
            words.push(' ');
        }
        words.push_str(word);
    }
    words
}

#[test]
fn a_lesson_shows_its_narration_steps_on_with_n_answers_and_goes_back_to_the_menu() {
    let Some(tmux) = Tmux::shell("lesson") else {
        return;
    };
    let data = DataDir::new("tmux-lesson");
    let (arg, lesson, quiz, key) = lesson_with_a_choice();
    let steps = lesson.steps.len();
    tmux.type_line(&data.command(&format!("lesson {arg}")));
    let screen = tmux.wait_for_text(&format!("step 1 / {steps}"));
    assert_eq!(tmux.show("#{alternate_on}"), "1");
    let words = opening_words(&lesson, 0);
    assert!(
        screen.contains(&words),
        "`{words}` not on screen:\n{screen}"
    );
    println!("step 1 shows `{words}`");

    tmux.keys(&["n"]);
    let screen = tmux.wait_for_text(&format!("step 2 / {steps}"));
    let words = opening_words(&lesson, 1);
    assert!(
        screen.contains(&words),
        "`{words}` not on screen:\n{screen}"
    );
    println!("n: step 2 shows `{words}`");

    for _ in 1..quiz {
        tmux.keys(&["n"]);
    }
    tmux.wait_for_text(&format!("step {} / {steps}", quiz + 1));
    tmux.wait_for_text("Answer with a number key");
    tmux.keys(&[&key.to_string()]);
    let screen = tmux.wait_for_text("Correct.");
    let verdict = screen
        .lines()
        .find_map(|line| line.find("Correct.").map(|at| &line[at..]))
        .unwrap_or_default();
    println!(
        "step {}: key {key} shows `{}`",
        quiz + 1,
        verdict.trim_end_matches(['│', ' '])
    );

    tmux.keys(&["q"]);
    let screen = tmux.wait_for_text("sepax lessons");
    let reached = quiz + 1;
    let mark = if reached == steps {
        "[x]".to_string()
    } else {
        format!("[{reached}/{steps}]")
    };
    // The question answered is right at the first try; those moved past on the way are skipped.
    let asked: Vec<usize> = (0..steps)
        .filter(|k| lesson.steps[*k].quiz.is_some())
        .collect();
    let skipped = asked.iter().filter(|k| **k < quiz).count();
    let score = format!("1/{}{}", asked.len(), if skipped > 0 { " ~" } else { "" });
    if arg.parse::<usize>().is_ok() {
        let row = screen
            .lines()
            .find(|line| line.contains(&lesson.title))
            .unwrap_or_default();
        assert!(row.contains(&mark), "no `{mark}` in the menu:\n{screen}");
        assert!(row.contains(&score), "no `{score}` in the row:\n{row}");
        println!("q: the menu marks the lesson {mark} {score}");
    }
    tmux.keys(&["q"]);
    tmux.assert_exits(0);
    tmux.type_line("echo still-cooked");
    tmux.wait_for_text("\nstill-cooked");

    let saved = std::fs::read_to_string(data.path().join("progress.toml")).expect("progress saved");
    assert!(
        saved.contains(&format!("[lessons.{}]", lesson.name)),
        "{saved}"
    );
    assert!(saved.contains(&format!("reached = {reached}")), "{saved}");
    let right = format!("right_first_try = [{}]", quiz + 1);
    assert!(saved.contains(&right), "{saved}");
}

#[test]
fn a_number_question_shows_question_marks_until_answered_and_takes_a_second_try() {
    let Some(tmux) = Tmux::shell("number-question") else {
        return;
    };
    let data = DataDir::new("tmux-number-question");
    let tour = lesson::load_lesson_path(Path::new(TOUR_PATH)).expect("the tour loads");
    let (step, value) = tour
        .steps
        .iter()
        .enumerate()
        .find_map(|(k, s)| match s.quiz.as_ref().map(|q| &q.answer) {
            Some(Answer::Number { value, .. }) => Some((k, *value)),
            _ => None,
        })
        .expect("the tour asks for a number");
    tmux.type_line(&data.command(&format!("lesson '{TOUR_PATH}' --no-progress")));
    tmux.wait_for_text("step 1 / ");
    for _ in 0..step {
        tmux.keys(&["n"]);
    }
    // A capture can land in the middle of a redraw: wait for the question and its masked row.
    let screen = tmux.wait_for("the question with its masked row", |s| {
        s.contains("Type the number") && s.contains("?        ?  1st sep")
    });
    let row = screen
        .lines()
        .find(|line| line.contains("1st sep"))
        .expect("the separating row");
    assert!(row.contains("?        ?  1st sep"), "{row}");
    println!("open: {}", row.rsplit("││").next().unwrap_or(row));
    tmux.type_line("9");
    let screen = tmux.wait_for("the retry with the row still masked", |s| {
        s.contains("Try again") && s.contains("?        ?  1st sep")
    });
    assert!(screen.contains("?        ?  1st sep"), "{screen}");
    tmux.type_line(&value.to_string());
    let screen = tmux.wait_for_text("Correct.");
    let row = screen
        .lines()
        .find(|line| line.contains("1st sep"))
        .expect("the separating row");
    assert!(!row.contains('?'), "{row}");
    println!("answered: {}", row.rsplit("││").next().unwrap_or(row));
    tmux.keys(&["q"]);
    tmux.wait_for_text("sepax lessons");
    tmux.keys(&["q"]);
    tmux.wait_for_text("exit=0");
    assert!(!data.path().exists(), "--no-progress wrote nothing");
}

#[test]
fn sepax_alone_opens_the_menu_with_the_next_lesson_highlighted() {
    let Some(tmux) = Tmux::shell("menu") else {
        return;
    };
    let data = DataDir::new("tmux-menu");
    tmux.type_line(&data.command(""));
    let screen = tmux.wait_for_text("sepax lessons");
    assert_eq!(tmux.show("#{alternate_on}"), "1");
    if let Some((name, _)) = shipped_lessons().first() {
        let loaded = lesson::load_lesson(name).expect("loads");
        let row = screen
            .lines()
            .find(|line| line.contains(&loaded.title))
            .expect("the first lesson is listed");
        assert!(row.contains('>') && row.contains("[ ]") && row.contains("<- next"));
        println!("menu row: {}", row.trim_matches(['│', ' ']));
        tmux.keys(&["Enter"]);
        tmux.wait_for_text(&format!("step 1 / {}", loaded.steps.len()));
        tmux.keys(&["q"]);
        tmux.wait_for_text("sepax lessons");
    }
    tmux.keys(&["q"]);
    tmux.assert_exits(0);
}

#[test]
fn a_bad_lesson_prints_its_located_error_and_exits_2_without_taking_the_terminal() {
    let Some(tmux) = Tmux::shell("bad-lesson") else {
        return;
    };
    let data = DataDir::created("tmux-bad-lesson");
    let path = data.path().join("broken.toml");
    std::fs::write(
        &path,
        "title = \"t\"\nscene = \"nope\"\n[[step]]\ntext = \"x\"\n",
    )
    .unwrap();
    tmux.type_line(&data.command(&format!("lesson '{}'", path.display())));
    let screen = tmux.assert_exits(2);
    assert!(screen.contains("broken.toml:2:9: scene `nope`"), "{screen}");
}

#[test]
fn no_progress_saves_nothing_and_a_damaged_file_is_ignored_with_a_warning() {
    let Some(tmux) = Tmux::shell("no-progress") else {
        return;
    };
    let data = DataDir::new("tmux-no-progress");
    let (arg, lesson, _, _) = lesson_with_a_choice();
    tmux.type_line(&data.command(&format!("lesson {arg} --no-progress")));
    tmux.wait_for_text(&format!("step 1 / {}", lesson.steps.len()));
    tmux.keys(&["n"]);
    tmux.wait_for_text("step 2 / ");
    tmux.keys(&["q"]);
    tmux.wait_for_text("progress is not saved");
    tmux.keys(&["q"]);
    tmux.wait_for_text("exit=0");
    assert!(!data.path().exists(), "--no-progress wrote nothing");

    std::fs::create_dir_all(data.path()).unwrap();
    std::fs::write(data.path().join("progress.toml"), "lessons = [oops").unwrap();
    tmux.type_line("clear");
    tmux.type_line(&data.command(""));
    let screen = tmux.wait_for_text("saved progress ignored");
    assert!(screen.contains("sepax lessons"), "{screen}");
    tmux.keys(&["q"]);
    tmux.wait_for_text("exit=0");
}
