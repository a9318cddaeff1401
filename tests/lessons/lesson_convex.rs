//! Lessons on ellipsoids, cylinders and k-DOPs: `select` names the slab rows of two k-DOPs
//! (`S0 … S12`) and the debugger selects them, `expect` and the placeholders read them, a slab a
//! pair's table lacks is reported, a question whose answer is a slab hides which slab separates;
//! `radius` reads a cylinder and `radii` an ellipsoid.
#![cfg(feature = "tui")]

use sepax::lesson::{self, check_lesson, load_lesson_str, Lesson};

use crate::screen_support;

use screen_support::lesson_screen as screen;

/// A lesson on a shipped scene whose one step says `text`, selects `axis` of `pair`, states
/// `expect` and, when given, asks `quiz`.
fn lesson(scene: &str, pair: &str, axis: &str, expect: &str, quiz: &str) -> Result<Lesson, String> {
    let text = format!(
        "title = \"t\"\nscene = \"{scene}\"\n\n[[step]]\ntext = \"gap {{{{gap rod,bar S2}}}} r0 {{{{r0 bar,rod S2}}}}\"\nselect = {{ pair = [{pair}], axis = \"{axis}\" }}\nexpect = [{expect}]\n{quiz}"
    );
    load_lesson_str(&text, "l.toml", None).map_err(|d| d.to_string())
}

#[test]
fn select_names_slab_rows_and_the_debugger_selects_them() {
    for (pair, axis) in [("\"rod\", \"bar\"", "S2"), ("\"bar\", \"rod\"", "S9")] {
        let lesson = lesson("lesson_kdop_slab", pair, axis, "", "").expect("loads");
        let (player, shown) = screen(&lesson, 0);
        let rows = player.app().pair().expect("the pair").rows();
        assert_eq!(rows.len(), 13);
        assert_eq!(rows[player.app().row()].name, axis);
        assert!(shown.contains(&format!(">{axis:<6}")), ">{axis}\n{shown}");
        // The placeholders read the slab rows: the gap and the rod's half width on S2.
        assert!(shown.contains("gap 0.300 r0 0.100"), "{shown}");
    }
}

#[test]
fn expect_facts_about_two_kdops_hold_or_say_both_values() {
    let right = lesson(
        "lesson_kdop_slab",
        "\"rod\", \"bar\"",
        "S2",
        "{ pair = [\"rod\", \"bar\"], intersecting = false, separating_axis = \"S2\", stage = \"exact\" }",
        "",
    )
    .unwrap();
    let report = check_lesson(&right);
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(report.facts, 3);
    let wrong = lesson(
        "lesson_kdop_slab",
        "\"rod\", \"bar\"",
        "S2",
        "{ pair = [\"rod\", \"bar\"], separating_axis = \"S3\" }",
        "",
    )
    .unwrap();
    let report = check_lesson(&wrong);
    let message = report.failures[0].to_string();
    assert!(
        message.contains("expected separating_axis S3, the engine says S2"),
        "{message}"
    );
}

#[test]
fn a_slab_beyond_s12_is_a_located_error_and_a_pair_without_slabs_is_reported() {
    let error = lesson("lesson_kdop_slab", "\"rod\", \"bar\"", "S13", "", "").unwrap_err();
    assert!(error.contains("l.toml:6:42: "), "{error}");
    assert!(error.contains("unknown axis `S13`"), "{error}");
    assert!(error.contains("S0 … S12 for two k-DOPs"), "{error}");
    // A k-DOP against a box is decided by GJK: it has no slab table.
    let text = "title = \"t\"\nscene = \"kdop_fit\"\n\n[[step]]\ntext = \"x\"\nselect = { pair = [\"dop\", \"obb\"], axis = \"S1\" }\n";
    let no_slabs = load_lesson_str(text, "l.toml", None).unwrap();
    let report = check_lesson(&no_slabs);
    assert_eq!(report.failures.len(), 1, "{:?}", report.failures);
    let message = report.failures[0].to_string();
    assert!(
        message.contains("`select` names axis S1, but dop and obb have no axis table"),
        "{message}"
    );
}

#[test]
fn a_question_answered_by_a_slab_hides_which_slab_separates() {
    let quiz = "quiz = { choices = [\"S0\", \"S2\"], answer = \"S2\" }\n";
    let asked = lesson("lesson_kdop_slab", "\"rod\", \"bar\"", "S2", "", quiz).unwrap();
    let (player, shown) = screen(&asked, 0);
    assert!(player.app().mask().hides_verdict());
    assert_eq!(
        player.app().row(),
        0,
        "the first row stands in for the step's"
    );
    assert!(!shown.contains("1st sep"), "{shown}");
    assert!(shown.contains("exact test ? separates"), "{shown}");
}

#[test]
fn the_kdop_lesson_selects_its_slabs_once_the_question_allows() {
    let lesson = lesson::load_lesson("21").expect("shipped lesson");
    let mut selected = 0;
    for (k, step) in lesson.steps.iter().enumerate() {
        let Some(axis) = step.select.as_ref().and_then(|s| s.axis) else {
            continue;
        };
        let (player, _) = screen(&lesson, k);
        let name = &player.app().pair().unwrap().rows()[player.app().row()].name;
        if player.app().mask().hides_verdict() {
            assert_eq!(player.app().row(), 0, "step {}", k + 1);
        } else {
            assert_eq!(name, &axis.name(), "step {}", k + 1);
            selected += 1;
        }
    }
    assert!(selected >= 2, "{selected}");
}

#[test]
fn radius_reads_a_cylinder_and_radii_an_ellipsoid() {
    let shown = |text: &str| -> String {
        let toml = format!(
            "title = \"t\"\nscene = \"lesson_gjk_overlap\"\n\n[[step]]\ntext = \"{text}\"\n"
        );
        let lesson = load_lesson_str(&toml, "l.toml", None).unwrap();
        let report = check_lesson(&lesson);
        let failures: Vec<String> = (report.failures.iter().map(ToString::to_string))
            .chain(report.prose.iter().map(ToString::to_string))
            .collect();
        let (_, screen) = screen(&lesson, 0);
        format!("{}\n{screen}", failures.join("\n"))
    };
    assert!(shown("r {{radius post}}").contains("r 0.500"));
    assert!(shown("{{radii egg}}").contains("(0.600, 0.300, 0.300)"));
    assert!(shown("x {{radii egg x :1}}").contains("x 0.6 "));
    assert!(shown("{{radii post}}").contains("post is not an ellipsoid"));
    assert!(shown("{{radius egg}}").contains("egg is not a sphere or a cylinder"));
}
