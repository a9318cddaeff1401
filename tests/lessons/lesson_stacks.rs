//! What lesson 26 (stacks) claims of the soft step, checked on its scenes: each contact of the
//! tower sinks by its load, `2 j g / ω²` (the floor's `g / ω²` under four boxes), and the top box by
//! their sum; one substep sinks the pyramid about sixteen times deeper than four; the warm start is
//! one substep's share of the frame's impulse at rest; the tower sleeps before the ball lands, and
//! the impact wakes it; and the soft-step placeholders read the numbers the contact panel shows.

use std::f64::consts::TAU;

use sepax::lesson::{self, resolve_step, walk, Value};
use sepax::scene;
use sepax::trace::{held_pair, scene_timeline, FrameRecord};

/// Gravity in the lesson's scenes (m/s²).
const G: f64 = 9.81;

/// The timeline of a shipped scene.
fn timeline(name: &str) -> Vec<FrameRecord> {
    scene_timeline(&scene::load(name).expect("a shipped scene loads"))
}

/// A body's centre at a frame.
fn position(frame: &FrameRecord, body: &str) -> [f64; 3] {
    frame
        .bodies
        .iter()
        .find(|b| b.name == body)
        .expect("the body is in the scene")
        .position
}

/// Whether `x` is within `relative` of `expected`.
fn near(x: f64, expected: f64, relative: f64) -> bool {
    (x - expected).abs() <= relative * expected.abs()
}

#[test]
fn each_contact_of_the_tower_sinks_by_its_load_and_the_top_box_by_their_sum() {
    let frames = timeline("lesson_stack_tower");
    let frame = &frames[30];
    // 90 Hz between two moving boxes (the default, uncapped at 8 substeps of 1/60 s).
    let unit = G / (TAU * 90.0).powi(2);
    for (a, b, units) in [
        ("floor", "box1", 1.0),
        ("box1", "box2", 6.0),
        ("box2", "box3", 4.0),
        ("box3", "box4", 2.0),
    ] {
        let held = held_pair(frame, a, b).expect("the soft step holds the pair at frame 30");
        assert!(
            near(held.predicted_sink, units * unit, 0.01),
            "{a},{b}: predicted {} m, expected {units} g/ω² = {} m",
            held.predicted_sink,
            units * unit
        );
        assert!(
            near(held.overlap_end, held.predicted_sink, 0.01),
            "{a},{b}: overlap {} m beside the predicted {} m",
            held.overlap_end,
            held.predicted_sink
        );
    }
    let drop = 3.5 - position(frame, "box4")[1];
    assert!(
        near(drop, 13.0 * unit, 0.01),
        "box4 came down {drop} m, expected 13 g/ω² = {} m",
        13.0 * unit
    );
}

#[test]
fn one_substep_sinks_the_pyramid_about_sixteen_times_deeper_than_four_and_spreads_it() {
    let one = timeline("lesson_stack_pyramid_1");
    let four = timeline("lesson_stack_pyramid_4");
    let (one, four) = (&one[120], &four[120]);
    let drop = |f: &FrameRecord| 2.5 - position(f, "top")[1];
    let ratio = drop(one) / drop(four);
    assert!(
        (12.0..20.0).contains(&ratio),
        "top came down {} m at one substep and {} m at four: {ratio} times",
        drop(one),
        drop(four)
    );
    let spread = |f: &FrameRecord| (position(f, "middle_left")[0] + 0.525).abs();
    assert!(
        spread(one) > 5.0 * spread(four),
        "middle_left moved {} m sideways at one substep, {} m at four",
        spread(one),
        spread(four)
    );
}

#[test]
fn the_warm_start_is_one_substeps_share_of_the_frame_impulse_at_rest() {
    let scene = scene::load("lesson_stack_tower").expect("loads");
    let frames = scene_timeline(&scene);
    let held = held_pair(&frames[30], "box1", "box2").expect("held at frame 30");
    let substeps = scene.world.solver.substeps as f64;
    // Three boxes of 1 kg above the contact.
    assert!(
        near(held.impulse, 3.0 * G * scene.world.dt, 1e-3),
        "{held:?}"
    );
    assert!(
        near(held.warm_start * substeps, held.impulse, 1e-3),
        "{held:?}"
    );
}

#[test]
fn the_tower_sleeps_before_the_ball_lands_and_the_impact_wakes_it() {
    let frames = timeline("lesson_stack_tower");
    for frame in &frames[36..=43] {
        assert_eq!(frame.sleeping, 4, "frame {}", frame.frame);
        assert!(
            held_pair(frame, "box3", "box4").is_none(),
            "asleep, not held"
        );
    }
    let struck = &frames[44];
    assert!(
        struck
            .events
            .iter()
            .any(|e| e.kind == "contact" && e.a == "box4" && e.b == "ball"),
        "the ball's impact is an event of frame 44"
    );
    assert_eq!(struck.sleeping, 3, "the struck box woke at once");
    assert_eq!(frames[45].sleeping, 0, "its neighbours in the next frame");
    assert_eq!(frames[80].sleeping, 5, "all five asleep again");
}

#[test]
fn the_soft_step_placeholders_read_the_numbers_of_the_contact_panel() {
    let lesson = lesson::load_lesson("stacks").expect("lesson 26 loads");
    let walked = walk(&lesson);
    let k = 1;
    let state = walked.states[k].clone().expect("step 2 is placed");
    let frame = &walked.timelines[state.scene][state.frame];
    let held = held_pair(frame, "floor", "crate").expect("held");
    let resolved = resolve_step(&lesson, &walked.timelines, k, state);
    let numbers: Vec<f64> = resolved
        .text
        .values
        .iter()
        .filter_map(|v| match v.value {
            Value::Number(x) => Some(x),
            _ => None,
        })
        .collect();
    // frame, overlap and sink in mm, impulse, substeps twice.
    assert_eq!(numbers.len(), 6, "{numbers:?}");
    assert!((numbers[1] - held.overlap_end * 1e3).abs() < 1e-12);
    assert!((numbers[2] - held.predicted_sink * 1e3).abs() < 1e-12);
    assert!((numbers[3] - held.impulse).abs() < 1e-12);
    assert_eq!(numbers[4], 8.0);
    let texts: Vec<&str> = resolved
        .text
        .values
        .iter()
        .map(|v| v.text.as_str())
        .collect();
    assert_eq!(texts, ["30", "0.0077", "0.0077", "0.3270", "8", "8"]);
    // A pair whose island sleeps has no soft-step value, and the placeholder says why.
    let text = "title = \"t\"\nscene = \"lesson_stack_tower\"\n[[step]]\nframe = 36\n\
                text = \"{{soft_overlap_mm box3,box4}} and {{asleep}}\"\n";
    let asleep = lesson::load_lesson_str(text, "asleep.toml", None).expect("loads");
    let walked = walk(&asleep);
    let state = walked.states[0].clone().expect("placed");
    let values = resolve_step(&asleep, &walked.timelines, 0, state)
        .text
        .values;
    assert!(
        matches!(&values[0].value, Value::Missing(why) if why.contains("did not hold")),
        "{:?}",
        values[0]
    );
    assert_eq!(
        (values[0].text.as_str(), values[1].text.as_str()),
        ("none", "4")
    );
}
