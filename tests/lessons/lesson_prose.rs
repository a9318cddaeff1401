//! Lesson prose against the engine: placeholders resolved at the step's frame, the prose check of
//! quoted numbers, the `events`, body and `energy` facts, and their located errors.

use std::path::Path;

use sepax::lesson::{self, resolve_step, walk, Kind, Value};

use crate::cli_support;
use cli_support::{lesson_fixture as fixture, run as sepax};

#[test]
fn placeholders_show_the_values_of_the_step_frame() {
    let lesson = lesson::load_lesson_path(Path::new(&fixture("live_values.toml"))).unwrap();
    let walked = walk(&lesson);
    let at = |k: usize| walked.states[k].clone().unwrap();
    let first = resolve_step(&lesson, &walked.timelines, 0, at(0));
    let shown: Vec<&str> = first.text.values.iter().map(|v| v.text.as_str()).collect();
    assert_eq!(
        shown,
        [
            "0",
            "0.00",
            "(-1.500, 0.200, 0.000)",
            "20.0",
            "1.200",
            "1.500",
            "0.100",
            "0.200",
            "B0",
            "0.0600",
            "face-face",
            "(-0.100, 0.200, 0.000)",
            "200.0",
        ]
    );
    let gap = &first.text.values[4];
    assert_eq!(gap.placeholder.kind, Kind::Gap);
    assert_eq!(
        gap.placeholder.pair,
        Some(("wall".to_string(), "bullet".to_string()))
    );
    assert_eq!(
        gap.placeholder.axis.map(|a| a.to_string()).as_deref(),
        Some("A0")
    );
    assert!(matches!(gap.value, Value::Number(x) if (x - 1.2).abs() < 1e-9));
    assert!(
        !first.text.template.contains("{{") && !first.text.template.contains("[["),
        "the template keeps no braces or markers"
    );
    let second = resolve_step(&lesson, &walked.timelines, 1, at(1));
    let shown: Vec<&str> = second.text.values.iter().map(|v| v.text.as_str()).collect();
    assert_eq!(
        shown,
        ["-0.70", "-10.000"],
        "the values of frame 1, after the bounce"
    );
    let explain = second.explain.unwrap();
    assert_eq!(
        explain.values[0].text, "0.00e0",
        "error estimates are scientific"
    );
}

#[test]
fn check_passes_prose_that_quotes_the_engine_or_marks_worked_numbers() {
    let (code, stdout, stderr) = sepax(&["check", &fixture("live_values.toml")]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("(10 expected facts, 27 numbers and placeholders in prose)"),
        "{stdout}"
    );
    assert!(stdout.contains("check: 37 passed, 0 failed"), "{stdout}");
}

#[test]
fn check_flags_a_wrong_engine_number_and_an_unmarked_worked_one_at_the_number() {
    let path = fixture("prose_wrong.toml");
    let (code, stdout, _) = sepax(&["check", &path]);
    assert_eq!(code, Some(1), "{stdout}");
    let wrong = format!("{path}:7:28: step 1: 1.250 in the text is not a value of the engine at frame 0 (nearest: 1.2000 = pairs.wall,bullet.axes.A0.r-(r0+r1)); write a placeholder, or mark worked arithmetic as [[…]]");
    assert!(stdout.lines().any(|l| l == wrong), "{stdout}");
    assert!(
        stdout.contains(&format!("{path}:7:44: step 1: 1.4142 in the text")),
        "{stdout}"
    );
    assert!(stdout.contains("check: 3 passed, 2 failed"), "{stdout}");
}

#[test]
fn a_placeholder_naming_an_unknown_body_does_not_load() {
    let path = fixture("placeholder_unknown_body.toml");
    let (code, stdout, stderr) = sepax(&["check", &path]);
    assert_eq!(code, Some(2), "{stdout}{stderr}");
    let expected =
        format!("{path}:6:39: `text` of step 1: unknown body \"bulet\"; did you mean `bullet`?");
    assert!(stderr.contains(&expected), "{stderr}");
}

#[test]
fn the_new_facts_fail_with_both_values() {
    let path = fixture("facts_wrong.toml");
    let (code, stdout, _) = sepax(&["check", &path]);
    assert_eq!(code, Some(1), "{stdout}");
    for line in [
        ":9:43: step 1: expected events 1, the engine says 0",
        ":10:35: step 1: expected position bullet [-0.6, _, _] (± 0.001), the engine says [-0.7, 0.2, 0]",
        ":11:35: step 1: expected velocity bullet [10, _, _] (± 0.001), the engine says [-10, 0, 0]",
        ":12:16: step 1: expected energy 200 (± 0.2), the engine says 50",
    ] {
        assert!(stdout.lines().any(|l| l == format!("{path}{line}")), "{line}\n{stdout}");
    }
    assert!(stdout.contains("check: 0 passed, 4 failed"), "{stdout}");
}

fn problems(step: &str) -> String {
    let text = format!("title = \"t\"\nscene = \"edge_edge_miss\"\n[[step]]\n{step}");
    lesson::load_lesson_str(&text, "l.toml", None)
        .unwrap_err()
        .to_string()
}

#[test]
fn bad_placeholders_are_located_inside_the_string() {
    let cases = [
        (
            "text = \"a {{gapp A,B A0}}\"",
            "l.toml:4:13: `text` of step 1: unknown placeholder `gapp`; did you mean `gap`?",
        ),
        (
            "text = \"a {{gap A,B A01}}\"",
            "l.toml:4:21: `text` of step 1: unknown axis `A01`; did you mean `A0`?",
        ),
        (
            "text = \"a {{gap A,C A0}}\"",
            "l.toml:4:19: `text` of step 1: unknown body \"C\"",
        ),
        ("text = \"a {{gap A,A A0}}\"", "names `A` twice"),
        (
            "text = \"a {{gap A,B}}\"",
            "l.toml:4:13: `text` of step 1: `gap` is written {{gap A,B A1xB2}}",
        ),
        (
            "text = \"\"\"one\ntwo {{r0 A,B A0 :12}}\"\"\"",
            "l.toml:5:17: `text` of step 1: precision `:12`: write `:N` with N from 0 to 9",
        ),
        (
            "text = \"{{contact_kind A,B :2}}\"",
            "`contact_kind` is not a number",
        ),
        (
            "text = \"{{position A w}}\"",
            "component `w`: write x, y or z",
        ),
        (
            "text = \"{{energy A}}\"",
            "unexpected `A` in the placeholder",
        ),
        (
            "text = \"a {{time\"",
            "l.toml:4:11: `text` of step 1: `{{` opens a placeholder that no `}}` closes",
        ),
        (
            "text = \"a [[1.5 / 4\"",
            "l.toml:4:11: `text` of step 1: `[[` opens a worked-number span that no `]]` closes",
        ),
        (
            "text = \"x\"\nquiz = { answer = 1, hint = \"see {{frame A}}\" }",
            "l.toml:5:42: `hint` of the quiz in step 1: unexpected `A`",
        ),
        (
            "text = \"x\"\nquiz = { answer = 1, explain = \"\\t{{gap A,B B9}}\" }",
            "l.toml:5:45: `explain` of the quiz in step 1: unknown axis `B9`",
        ),
    ];
    for (step, expected) in cases {
        let found = problems(step);
        assert!(found.contains(expected), "{step}\n---\n{found}");
    }
    let spheres = "title = \"t\"\nscene = \"lesson_drop_midpoint\"\n[[step]]\ntext = \"{{gap floor,ball A0}}\"\n";
    let found = lesson::load_lesson_str(spheres, "l.toml", None)
        .unwrap_err()
        .to_string();
    assert!(found.contains("l.toml:4:15: `text` of step 1: `gap` is a value of a pair with an axis table (boxes, triangles, meshes, two k-DOPs), and `floor` is not a box, a triangle, a mesh or a k-DOP"), "{found}");
}

#[test]
fn bad_body_events_and_energy_facts_are_located() {
    let expect = |entry: &str| problems(&format!("text = \"x\"\nexpect = [{entry}]\n"));
    let cases = [
        ("{ body = \"Aa\", position = [1] }", "l.toml:5:20: `body` in expectation 1 of step 1: unknown body \"Aa\"; did you mean `A`?"),
        ("{ body = \"A\", position = [1, \"x\"] }", "l.toml:5:40: `position` in expectation 1 of step 1: `x` is neither a number nor \"_\""),
        ("{ body = \"A\", velocity = [1, 2, 3, 4] }", "must be an array of up to 3 numbers"),
        ("{ body = \"A\", velocity = [\"_\"] }", "leaves every component free"),
        ("{ body = \"A\" }", "`body` in expectation 1 of step 1 goes with `position` or `velocity`"),
        ("{ position = [1] }", "is missing `body`"),
        ("{ events = -1 }", "l.toml:5:22: `events` in expectation 1 of step 1 must be between 0 and 1000000, found -1"),
        ("{ energy = \"lots\" }", "`energy` in expectation 1 of step 1 must be a number"),
        ("{ events = 1, tolerance = 0.1 }", "`tolerance` in expectation 1 of step 1 goes with `contact_time`, `energy`, `position` or `velocity`"),
    ];
    for (entry, expected) in cases {
        let found = expect(entry);
        assert!(found.contains(expected), "{entry}\n---\n{found}");
    }
}

#[test]
fn a_step_placed_by_play_until_contact_has_the_pair_s_event_inside_its_frame() {
    let cases = [
        ("lesson_tunnel", "wall", "bullet"),
        ("lesson_drop_explicit_euler", "floor", "ball"),
        ("lesson_spring_stop_euler", "mass", "stop"),
    ];
    for (scene, a, b) in cases {
        let text = format!(
            "title = \"t\"\nscene = \"{scene}\"\n[[step]]\ntext = \"x\"\n\
             play_until = {{ contact = [\"{a}\", \"{b}\"] }}\n\
             expect = [{{ pair = [\"{a}\", \"{b}\"], events = 1 }}]\n"
        );
        let lesson = lesson::load_lesson_str(&text, "l.toml", None).unwrap();
        let walked = walk(&lesson);
        let at = walked.states[0].clone().unwrap();
        assert!(
            at.frame > 0 || scene == "lesson_tunnel",
            "{scene}: frame {}",
            at.frame
        );
        let records = lesson::FrameRecords::new(&lesson.scenes[0], &walked.timelines[0], at.frame);
        let events = records.events_inside(Some((a, b)));
        assert_eq!(events.len(), 1, "{scene} at frame {}", at.frame);
        let report = lesson::check_lesson(&lesson);
        assert!(report.failures.is_empty(), "{scene}: {:?}", report.failures);
        let before = lesson::FrameRecords::new(
            &lesson.scenes[0],
            &walked.timelines[0],
            at.frame.saturating_sub(1),
        );
        if at.frame > 0 {
            assert!(
                before.events_inside(Some((a, b))).is_empty(),
                "{scene}: no event a frame earlier"
            );
        }
    }
}

#[test]
fn shape_placeholders_show_half_extents_axes_rotations_radii_and_eigenvalues() {
    let toml = r#"
title = "Shapes"
scene = "two_boxes"

[[step]]
text = "{{half_extents A}} {{half_extents B y}} {{axis B 0}} {{axis B 1 x :4}} {{rotation B}} {{rotation B w}}"

[[step]]
scene = "spheres"
text = "{{radius right}}"

[[step]]
scene = "fitted_cloud"
text = "{{eigenvalues cloud}} {{eigenvalues cloud 0}}"
"#;
    let lesson = lesson::load_lesson_str(toml, "shapes.toml", None).unwrap();
    let walked = walk(&lesson);
    let shown = |k: usize| -> Vec<String> {
        let state = walked.states[k].clone().unwrap();
        let step = resolve_step(&lesson, &walked.timelines, k, state);
        step.text.values.iter().map(|v| v.text.clone()).collect()
    };
    // B is turned 30° about z: its axis 0 is (cos 30°, sin 30°, 0), its axis 1 (-sin 30°, …).
    assert_eq!(
        shown(0),
        [
            "(1.000, 0.500, 0.500)",
            "0.500",
            "(0.866, 0.500, 0.000)",
            "-0.5000",
            "(0.966, 0.000, 0.000, 0.259)",
            "0.966"
        ]
    );
    assert_eq!(shown(1), ["0.750"]);
    // The four points of the worked example: the course's eigenvalues 2.097, 0.3055, 0.09756.
    let eigen = shown(2);
    assert_eq!(eigen[1], "2.097", "{eigen:?}");
}

#[test]
fn a_shape_placeholder_of_the_wrong_shape_or_component_is_a_located_error() {
    let bad = |text: &str| {
        let toml = format!("title = \"x\"\nscene = \"two_boxes\"\n\n[[step]]\ntext = \"{text}\"\n");
        let lesson = lesson::load_lesson_str(&toml, "bad.toml", None);
        match lesson {
            Err(problems) => problems.to_string(),
            Ok(lesson) => {
                let report = lesson::check_lesson(&lesson);
                let failures = report.failures.iter().map(ToString::to_string);
                let prose = report.prose.iter().map(ToString::to_string);
                failures.chain(prose).collect::<Vec<_>>().join("\n")
            }
        }
    };
    let rotation = bad("{{rotation A q}}");
    assert!(
        rotation.contains("component `q`: write w, x, y or z"),
        "{rotation}"
    );
    assert!(bad("{{axis A 3}}").contains("axis `3`: write 0, 1 or 2"));
    assert!(
        bad("{{radius A}}").contains("not a sphere"),
        "{}",
        bad("{{radius A}}")
    );
}
