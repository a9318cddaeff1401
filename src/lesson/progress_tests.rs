use super::*;

#[test]
fn reaching_steps_keeps_the_furthest_and_finishes_at_the_last() {
    let mut progress = Progress::default();
    assert_eq!(progress.status("06_x"), Status::NotStarted);
    assert!(progress.reach("06_x", 3, 6));
    assert!(!progress.reach("06_x", 2, 6), "going back changes nothing");
    assert_eq!(progress.status("06_x"), Status::InProgress(3));
    assert!(progress.reach("06_x", 6, 6));
    assert_eq!(progress.status("06_x"), Status::Done);
    progress.reach("06_x", 1, 6);
    assert_eq!(
        progress.status("06_x"),
        Status::Done,
        "finished stays finished"
    );
}

#[test]
fn the_file_round_trips_and_corrupt_text_is_an_error() {
    let mut progress = Progress::default();
    progress.reach("06_why_no_collision", 4, 6);
    progress.reach("01_vectors", 5, 5);
    let text = progress.to_toml();
    assert!(text.contains("[lessons.06_why_no_collision]"), "{text}");
    assert!(text.contains("reached = 4"), "{text}");
    assert_eq!(Progress::from_toml(&text), Ok(progress));
    assert!(Progress::from_toml("lessons = 3").is_err());
    assert!(Progress::from_toml("[lessons.x]\nreached = \"far\"").is_err());
    assert_eq!(Progress::from_toml(""), Ok(Progress::default()));
}

#[test]
fn questions_keep_a_right_first_try_and_stop_being_skipped_once_settled() {
    let mut progress = Progress::default();
    assert!(progress.record("07_x", 5, Outcome::Skipped));
    assert!(progress.record("07_x", 3, Outcome::RightFirstTry));
    assert!(!progress.record("07_x", 3, Outcome::RightFirstTry));
    assert!(
        !progress.record("07_x", 3, Outcome::Answered),
        "never taken back"
    );
    assert!(
        !progress.record("07_x", 3, Outcome::Skipped),
        "settled: not skipped"
    );
    let lesson = progress.lesson("07_x").unwrap();
    assert_eq!(lesson.right_first_try, [3]);
    assert_eq!(lesson.skipped, [5]);
    assert_eq!(lesson.score(&[3, 4, 5]), (1, 1));
    assert_eq!(
        lesson.score(&[4]),
        (0, 0),
        "only the lesson's questions count"
    );
    assert!(progress.record("07_x", 5, Outcome::Answered));
    let lesson = progress.lesson("07_x").unwrap();
    assert_eq!(
        (lesson.answered.clone(), lesson.skipped.clone()),
        (vec![3, 5], vec![])
    );
    let text = progress.to_toml();
    assert!(text.contains("right_first_try = [3]"), "{text}");
    assert_eq!(Progress::from_toml(&text), Ok(progress));
}

#[test]
fn a_file_written_before_questions_were_recorded_still_reads() {
    let old = "[lessons.06_x]\nreached = 4\nsteps = 6\nfinished = false\n";
    let progress = Progress::from_toml(old).unwrap();
    let lesson = progress.lesson("06_x").unwrap();
    assert_eq!((lesson.reached, lesson.steps), (4, 6));
    assert!(lesson.right_first_try.is_empty() && lesson.skipped.is_empty());
    assert_eq!(progress.status("06_x"), Status::InProgress(4));
}

#[test]
fn a_store_saves_loads_ignores_corruption_and_resets() {
    let dir = std::env::temp_dir().join(format!("sepax-progress-unit-{}", std::process::id()));
    let store = Store {
        path: Some(dir.join("sub").join(FILE_NAME)),
    };
    assert_eq!(store.load(), (Progress::default(), None));
    let mut progress = Progress::default();
    progress.reach("a", 1, 2);
    store.save(&progress).unwrap();
    assert_eq!(store.load(), (progress, None));
    std::fs::write(store.path.as_ref().unwrap(), "not [ toml").unwrap();
    let (loaded, warning) = store.load();
    assert_eq!(loaded, Progress::default());
    assert!(warning.unwrap().starts_with("saved progress ignored"));
    assert_eq!(store.reset(), Ok(true));
    assert_eq!(store.reset(), Ok(false));
    assert_eq!(Store::off().load(), (Progress::default(), None));
    assert_eq!(Store::off().save(&Progress::default()), Ok(()));
    std::fs::remove_dir_all(dir).ok();
}
