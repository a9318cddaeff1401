//! Lessons on pairs with a triangle or a mesh: `select` names the rows of their tables and the
//! debugger selects them, `expect` facts about them hold or fail with both values, and an axis no
//! table has is a located error that lists the names.
#![cfg(feature = "tui")]

use sepax::lesson::{self, check_lesson, load_lesson_str, Lesson};

use crate::screen_support;

use screen_support::lesson_screen as screen;

/// A lesson on a shipped scene whose one step selects `axis` of `pair` and states `expect`.
fn lesson(scene: &str, pair: &str, axis: &str, expect: &str) -> Result<Lesson, String> {
    let text = format!(
        "title = \"t\"\nscene = \"{scene}\"\n\n[[step]]\ntext = \"x\"\nselect = {{ pair = [{pair}], axis = \"{axis}\" }}\nexpect = [{expect}]\n"
    );
    load_lesson_str(&text, "l.toml", None).map_err(|d| d.to_string())
}

#[test]
fn select_names_rows_of_surface_tables_and_the_debugger_selects_them() {
    for (scene, pair, axis) in [
        ("box_through_triangle_edge", "\"T\", \"cube\"", "A0xE1"),
        ("box_through_triangle_edge", "\"cube\", \"T\"", "A2xE2"),
        ("triangles_crossing", "\"A\", \"B\"", "EA2xEB1"),
        ("lesson_coplanar_triangles", "\"P\", \"Q\"", "NBxEB2"),
        ("lesson_box_on_grid", "\"floor\", \"box\"", "A1xE0"),
    ] {
        let lesson = lesson(scene, pair, axis, "").expect("loads");
        let (player, shown) = screen(&lesson, 0);
        let rows = player.app().pair().expect("the pair").rows();
        assert_eq!(rows[player.app().row()].name, axis, "{scene}");
        assert!(
            shown.contains(&format!(">{axis:<7} ")),
            "{scene}: >{axis}\n{shown}"
        );
    }
}

#[test]
fn expect_facts_about_surface_pairs_hold_or_say_both_values() {
    let right = lesson(
        "box_through_triangle_edge",
        "\"T\", \"cube\"",
        "A0xE0",
        "{ pair = [\"T\", \"cube\"], intersecting = false, separating_axis = \"A0xE0\", stage = \"exact\", contact_axis = \"A0xE0\", contact_kind = \"edge-edge\" }",
    )
    .unwrap();
    let report = check_lesson(&right);
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(report.facts, 5);
    let wrong = lesson(
        "lesson_coplanar_triangles",
        "\"P\", \"Q\"",
        "NAxEA1",
        "{ pair = [\"P\", \"Q\"], separating_axis = \"NBxEB1\" }",
    )
    .unwrap();
    let report = check_lesson(&wrong);
    let message = report.failures[0].to_string();
    assert!(
        message.contains("expected separating_axis NBxEB1, the engine says NAxEA1"),
        "{message}"
    );
}

#[test]
fn an_axis_no_table_has_is_a_located_error_listing_the_names() {
    let error = lesson("box_through_triangle_edge", "\"T\", \"cube\"", "A0xE3", "").unwrap_err();
    assert!(error.contains("l.toml:6:41: "), "{error}");
    assert!(error.contains("unknown axis `A0xE3`"), "{error}");
    assert!(error.contains("A0xE0 … A2xE2"), "{error}");
    assert!(error.contains("NAxEA0 … NBxEB2"), "{error}");
}

#[test]
fn the_shipped_surface_lessons_select_their_rows_once_the_question_allows() {
    for number in [19, 20] {
        let lesson = lesson::load_lesson(&number.to_string()).expect("shipped lesson");
        for (k, step) in lesson.steps.iter().enumerate() {
            let Some(axis) = step.select.as_ref().and_then(|s| s.axis) else {
                continue;
            };
            let (player, _) = screen(&lesson, k);
            let name = &player.app().pair().unwrap().rows()[player.app().row()].name;
            // While a question asks for an axis the first row stands in for the step's.
            if player.app().mask().hides_verdict() {
                assert_eq!(player.app().row(), 0, "lesson {number} step {}", k + 1);
            } else {
                assert_eq!(name, &axis.name(), "lesson {number} step {}", k + 1);
            }
        }
    }
}

#[test]
fn check_reports_a_selected_axis_the_pairs_table_does_not_have() {
    let boxes_name = lesson("box_through_triangle_edge", "\"T\", \"cube\"", "A0xB2", "").unwrap();
    let report = check_lesson(&boxes_name);
    assert_eq!(report.failures.len(), 1, "{:?}", report.failures);
    let message = report.failures[0].to_string();
    assert!(
        message.contains("`select` names axis A0xB2, which the table of T and cube does not have; its rows: T A0 A1 A2 A0xE0"),
        "{message}"
    );
    // In-plane rows exist only for coplanar triangles.
    let crossing = lesson("triangles_crossing", "\"A\", \"B\"", "NAxEA0", "").unwrap();
    assert_eq!(check_lesson(&crossing).failures.len(), 1);
    let coplanar = lesson("lesson_coplanar_triangles", "\"Q\", \"P\"", "NAxEA0", "").unwrap();
    assert!(check_lesson(&coplanar).failures.is_empty());
}
