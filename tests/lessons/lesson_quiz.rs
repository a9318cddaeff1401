//! A step's question as the learner meets it: a wrong answer leaves it open (masks on) for another
//! try, a second miss or `e` shows the answer and lifts the masks, and each question's outcome is
//! reported for the saved progress.
#![cfg(feature = "tui")]

use crate::lesson_support as support;

use crossterm::event::KeyCode;
use sepax::lesson::progress::Outcome;
use sepax::tui::lesson::LessonAction;
use support::{char_key, open_at, press, selected_axis};

#[test]
fn a_wrong_answer_leaves_the_question_open_for_another_try_with_its_mask() {
    let mut p = open_at(2);
    assert!(p.question_open());
    assert!(
        p.mask().hides(0.051),
        "the gap is hidden while the question is open"
    );
    for c in "0.9".chars() {
        char_key(&mut p, c);
    }
    press(&mut p, KeyCode::Enter);
    assert!(!p.answer().unwrap().correct);
    assert!(p.question_open(), "one wrong answer: try again");
    assert!(p.mask().hides(0.051), "still hidden");
    for c in "0.051".chars() {
        assert_eq!(char_key(&mut p, c), Some(LessonAction::Type(c)));
    }
    press(&mut p, KeyCode::Enter);
    assert!(p.answer().unwrap().correct);
    assert!(!p.question_open());
    assert!(!p.attempts().right_first_try());
    assert!(!p.mask().is_on(), "answered: the mask is lifted");
    assert_eq!(
        char_key(&mut p, '5'),
        None,
        "a settled question takes no digits"
    );
    assert_eq!(press(&mut p, KeyCode::Enter), None);
}

#[test]
fn a_second_wrong_answer_or_e_shows_the_answer_and_lifts_the_mask() {
    let mut p = open_at(1);
    assert!(p.mask().hides_verdict(), "which axis separates is hidden");
    assert_eq!(selected_axis(&p), "A0");
    char_key(&mut p, '1');
    assert!(p.question_open());
    char_key(&mut p, '2');
    assert!(!p.question_open(), "two misses settle it");
    assert_eq!(p.attempts().wrong(), 2);
    assert!(!p.mask().is_on());
    assert_eq!(selected_axis(&p), "A0xB2", "the step's axis comes back");
    assert_eq!(char_key(&mut p, '3'), None, "no more answers");
    assert!(!p.attempts().is_right());

    let mut p = open_at(2);
    assert_eq!(char_key(&mut p, 'e'), Some(LessonAction::Reveal));
    assert!(p.attempts().revealed && !p.question_open());
    assert!(!p.mask().is_on());
    assert_eq!(char_key(&mut p, 'e'), None, "nothing left to show");
    let mut p = open_at(2);
    char_key(&mut p, '1');
    assert_eq!(
        char_key(&mut p, 'e'),
        None,
        "e is not taken while a number is typed"
    );
    assert!(p.question_open());
    let mut p = open_at(0);
    assert_eq!(char_key(&mut p, 'e'), None, "no question: e does nothing");
}

#[test]
fn each_question_s_outcome_is_reported_for_the_progress() {
    let mut p = open_at(0);
    assert!(p.outcomes().is_empty());
    char_key(&mut p, 'n');
    char_key(&mut p, '3');
    char_key(&mut p, 'n');
    assert_eq!(p.outcomes(), [(2, Outcome::RightFirstTry)]);
    char_key(&mut p, 'n');
    assert_eq!(
        p.outcomes(),
        [(2, Outcome::RightFirstTry), (3, Outcome::Skipped)],
        "moved on with the question open"
    );
    char_key(&mut p, 'p');
    assert!(
        p.question_open(),
        "a skipped question can still be answered"
    );
    char_key(&mut p, 'e');
    assert_eq!(p.outcomes()[1], (3, Outcome::Answered));
    let mut p = open_at(1);
    char_key(&mut p, '1');
    char_key(&mut p, '3');
    assert_eq!(
        p.outcomes(),
        [(2, Outcome::Answered)],
        "right at the second try"
    );
    char_key(&mut p, 'p');
    assert_eq!(
        p.outcomes(),
        [(2, Outcome::Answered)],
        "going back skips nothing"
    );
}
