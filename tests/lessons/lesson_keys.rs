//! The lesson player, input → action → state: every lesson key, and where each step puts the
//! debugger.
#![cfg(feature = "tui")]

use crate::lesson_support as support;

use crossterm::event::KeyCode;
use sepax::draw::View;
use sepax::lesson::{self, load_lesson_str, walk};
use sepax::tui::lesson::{self as player, LessonAction, Player};
use sepax::tui::{Action, Theme};
use support::keys::ctrl;
use support::{char_key, open_at, press, selected_axis, send, tour};

#[test]
fn opens_on_the_first_step_with_its_scene_pair_and_view() {
    let p = open_at(0);
    assert_eq!(p.step_index(), 0);
    assert_eq!(p.steps(), 5);
    assert_eq!(p.app().scene().name, "edge_edge_miss");
    assert_eq!(p.app().frame(), 0);
    assert_eq!(p.app().view(), View::Xy);
    assert_eq!(
        selected_axis(&p),
        "A0xB2",
        "no axis given: the first separating one"
    );
    assert_eq!(p.reached(), 1);
    assert!(p.exit().is_none());
}

#[test]
fn n_and_p_move_one_step_and_stop_at_the_ends() {
    let mut p = open_at(0);
    assert_eq!(char_key(&mut p, 'p'), Some(LessonAction::Previous));
    assert_eq!(p.step_index(), 0);
    assert_eq!(char_key(&mut p, 'n'), Some(LessonAction::Next));
    assert_eq!(p.step_index(), 1);
    assert_eq!(p.app().view(), View::Along);
    assert_eq!(
        selected_axis(&p),
        "A0",
        "the question asks for the axis: the selection does not point at it"
    );
    char_key(&mut p, '3');
    assert_eq!(
        selected_axis(&p),
        "A0xB2",
        "answered: select B,A axis A2xB0 names A0xB2 of the scene's A,B"
    );
    char_key(&mut p, 'p');
    assert_eq!(p.step_index(), 0);
    assert_eq!(p.app().view(), View::Xy);
    assert_eq!(p.reached(), 2, "going back keeps the furthest step");
    for _ in 0..10 {
        char_key(&mut p, 'n');
    }
    assert_eq!(p.step_index(), 4);
    assert_eq!(p.reached(), 5);
}

#[test]
fn steps_switch_scene_play_until_and_set_frames_where_walk_puts_them() {
    let mut p = open_at(0);
    for _ in 0..3 {
        char_key(&mut p, 'n');
    }
    assert_eq!(p.app().scene().name, "edge_edge");
    assert_eq!(p.app().frame(), 1, "play_until frame 1");
    assert!(p.app().four_views(), "view four");
    char_key(&mut p, 'n');
    assert_eq!(p.app().frame(), 2, "frame 2");
    assert!(p.app().four_views(), "the view holds until a step sets one");
    char_key(&mut p, 'p');
    char_key(&mut p, 'p');
    assert_eq!(p.app().scene().name, "edge_edge_miss");
}

#[test]
fn the_player_places_every_step_of_every_shipped_lesson_where_check_does() {
    let mut lessons = vec![tour()];
    for (name, _) in sepax::scene::shipped_lessons() {
        lessons.push(lesson::load_lesson(name).expect("shipped lesson loads"));
    }
    for lesson in lessons {
        let states = walk(&lesson).states;
        let mut p = Player::new(lesson.clone(), None, 0, Theme::default());
        for (k, state) in states.iter().enumerate() {
            let state = state.as_ref().expect("every shipped step is reachable");
            assert_eq!(p.step_index(), k);
            assert_eq!(p.app().scene().name, lesson.scenes[state.scene].name);
            assert_eq!(
                p.app().frame(),
                state.frame,
                "{} step {}",
                lesson.name,
                k + 1
            );
            p.update(LessonAction::Next);
        }
    }
}

#[test]
fn number_keys_answer_a_choice_question_right_or_wrong_and_may_answer_again() {
    let mut p = open_at(1);
    assert_eq!(p.choices(), 3);
    assert_eq!(char_key(&mut p, '4'), None, "only 1 to 3 answer");
    assert_eq!(char_key(&mut p, '0'), None);
    assert!(p.answer().is_none());
    assert_eq!(char_key(&mut p, '1'), Some(LessonAction::Choose(1)));
    assert!(!p.answer().unwrap().correct);
    assert!(p.question_open(), "one wrong answer: try again");
    assert_eq!(char_key(&mut p, '3'), Some(LessonAction::Choose(3)));
    assert!(p.answer().unwrap().correct);
    assert!(!p.app().four_views(), "4 did not reach the debugger");
    char_key(&mut p, 'n');
    char_key(&mut p, 'p');
    assert!(
        p.answer().unwrap().correct,
        "answers are remembered in the lesson"
    );
}

#[test]
fn a_number_is_typed_edited_cleared_and_checked_with_enter() {
    let mut p = open_at(2);
    assert!(p.is_number_quiz());
    assert_eq!(press(&mut p, KeyCode::Enter), Some(LessonAction::Submit));
    assert!(p.answer().is_none(), "nothing typed: nothing checked");
    for c in "0.9".chars() {
        assert_eq!(char_key(&mut p, c), Some(LessonAction::Type(c)));
    }
    assert_eq!(press(&mut p, KeyCode::Backspace), Some(LessonAction::Erase));
    assert_eq!(p.typed(), "0.");
    assert_eq!(press(&mut p, KeyCode::Esc), Some(LessonAction::ClearTyped));
    assert_eq!(p.typed(), "");
    assert!(
        p.exit().is_none(),
        "Esc cleared the number, it did not leave"
    );
    for c in "-1".chars() {
        char_key(&mut p, c);
    }
    press(&mut p, KeyCode::Enter);
    assert!(!p.answer().unwrap().correct);
    assert_eq!(p.typed(), "", "the typed number is checked and cleared");
    for c in "0.051".chars() {
        char_key(&mut p, c);
    }
    press(&mut p, KeyCode::Enter);
    assert_eq!(p.answer().unwrap().typed, "0.051");
    assert!(p.answer().unwrap().correct, "the second try is right");
    char_key(&mut p, 'n');
    assert_eq!(p.typed(), "", "a new step starts with nothing typed");
}

#[test]
fn debugger_keys_still_explore_the_step() {
    let mut p = open_at(0);
    assert_eq!(
        press(&mut p, KeyCode::Right),
        Some(LessonAction::Debugger(Action::Step(1)))
    );
    assert_eq!(p.app().frame(), 1);
    press(&mut p, KeyCode::Left);
    assert_eq!(p.app().frame(), 0);
    char_key(&mut p, 'N');
    char_key(&mut p, 'b');
    assert_eq!(p.app().frame(), 9);
    char_key(&mut p, 'j');
    assert_eq!(selected_axis(&p), "A1xB0");
    char_key(&mut p, 'k');
    char_key(&mut p, 'k');
    assert_eq!(selected_axis(&p), "A0xB1");
    char_key(&mut p, 'v');
    assert_eq!(p.app().view(), View::Xz);
    char_key(&mut p, '4');
    assert!(p.app().four_views(), "no question: 4 is four views");
    assert_eq!(
        press(&mut p, KeyCode::Tab),
        Some(LessonAction::Debugger(Action::NextPair))
    );
    char_key(&mut p, ' ');
    assert!(p.app().is_playing());
    char_key(&mut p, 'n');
    assert!(!p.app().is_playing(), "a new step pauses");
    char_key(&mut p, 'p');
    assert_eq!(p.app().frame(), 0, "going back puts the step's frame back");
    assert_eq!(p.app().view(), View::Xy);
}

#[test]
fn the_go_to_prompt_takes_digits_even_on_a_question_step() {
    let mut p = open_at(1);
    char_key(&mut p, 'g');
    assert_eq!(p.app().prompt(), Some(""));
    assert_eq!(
        char_key(&mut p, '3'),
        Some(LessonAction::Debugger(Action::PromptDigit('3')))
    );
    press(&mut p, KeyCode::Enter);
    assert_eq!(p.app().frame(), 3);
    assert!(p.answer().is_none());
}

#[test]
fn help_opens_with_question_mark_and_any_key_closes_it() {
    let mut p = open_at(0);
    assert_eq!(char_key(&mut p, '?'), Some(LessonAction::ToggleHelp));
    assert!(p.help_open());
    assert_eq!(char_key(&mut p, 'n'), Some(LessonAction::ToggleHelp));
    assert!(!p.help_open());
    assert_eq!(p.step_index(), 0, "the key only closed the help");
    char_key(&mut p, '?');
    assert_eq!(char_key(&mut p, 'q'), Some(LessonAction::Menu));
}

#[test]
fn q_and_esc_go_back_to_the_menu_and_ctrl_c_leaves() {
    for code in [KeyCode::Char('q'), KeyCode::Esc] {
        let mut p = open_at(0);
        assert_eq!(press(&mut p, code), Some(LessonAction::Menu));
        assert_eq!(p.exit(), Some(player::Exit::Menu));
    }
    let mut p = open_at(0);
    assert_eq!(send(&mut p, &ctrl('c')), Some(LessonAction::Quit));
    assert_eq!(p.exit(), Some(player::Exit::Quit));
}

#[test]
fn opening_at_a_saved_step_resumes_there() {
    let p = open_at(3);
    assert_eq!(p.step_index(), 3);
    assert_eq!(p.reached(), 4);
    assert_eq!(p.app().scene().name, "edge_edge");
    assert_eq!(open_at(99).step_index(), 4, "clamped to the last step");
}

#[test]
fn a_step_whose_play_until_is_never_reached_says_so_and_stays_put() {
    let text = "title = \"t\"\nscene = \"edge_edge_miss\"\n[[step]]\ntext = \"a\"\nframe = 5\n\
                [[step]]\ntext = \"b\"\nplay_until = { contact = [\"A\", \"B\"] }\n";
    let lesson = load_lesson_str(text, "t.toml", None).unwrap();
    let mut p = Player::new(lesson, None, 0, Theme::default());
    p.update(LessonAction::Next);
    assert!(p
        .step_problem()
        .is_some_and(|why| why.contains("never touches")));
    assert_eq!(p.app().frame(), 5, "the previous step's frame");
}
