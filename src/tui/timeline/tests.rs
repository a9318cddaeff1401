//! Tests of the history budget: dropped frames come back identical.

use std::time::{Duration, Instant};

use super::{size, Timeline};
use crate::scene;
use crate::trace::{self, FrameRecord};

/// The frame as compared: the JSON record and the bodies as scene bodies.
fn fingerprint(record: &FrameRecord) -> (String, String) {
    let json = serde_json::to_string(record).expect("serialises");
    (json, format!("{:?}", record.specs))
}

/// Receives until the background simulation is done.
fn finish(timeline: &mut Timeline) {
    let start = Instant::now();
    while timeline.is_loading() {
        timeline.receive(0);
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "simulation hangs"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn frames_dropped_past_the_budget_are_recomputed_bit_for_bit() {
    // A free tumble, a stack resting on a floor, bounces with impacts inside frames.
    for name in [
        "tumbling_box",
        "box_stack",
        "bouncing_ball",
        "newtons_cradle",
    ] {
        replays_exactly(name);
    }
}

fn replays_exactly(name: &str) {
    let scene = scene::load(name).expect("shipped");
    let whole = trace::scene_timeline(&scene);
    let one = size::record_bytes(&whole[1]);
    // Room for about ten records: most of the run is dropped and recomputed.
    let mut timeline = Timeline::streaming_within(&scene, 14 * one);
    finish(&mut timeline);
    assert_eq!(timeline.computed(), whole.len());
    let (resident, _) = timeline.held();
    assert!(
        resident < whole.len() / 4,
        "{name}: {resident} of {} resident",
        whole.len()
    );
    let last = whole.len() - 1;
    let order = (0..=last).rev().chain([0, last / 2, 3, last, 1, last / 3]);
    for frame in order {
        timeline.ensure(frame);
        assert_eq!(
            fingerprint(timeline.record(frame)),
            fingerprint(&whole[frame]),
            "{name} frame {frame}"
        );
        let (_, bytes) = timeline.held();
        assert!(
            bytes <= 20 * one,
            "{name} frame {frame}: {bytes} bytes held"
        );
    }
}

#[test]
fn a_timeline_within_its_budget_keeps_every_frame() {
    let scene = scene::load("two_boxes").expect("shipped");
    let mut timeline = Timeline::streaming(&scene);
    finish(&mut timeline);
    let (resident, bytes) = timeline.held();
    assert_eq!(resident, timeline.computed());
    assert!(bytes < super::HISTORY_BUDGET);
}

#[test]
fn keyframes_are_spaced_to_fit_their_share_of_the_budget() {
    assert_eq!(super::keyframe_interval(1_000, 100, 1 << 20), 1);
    assert_eq!(super::keyframe_interval(5 << 20, 600, 64 << 20), 47);
    assert_eq!(super::keyframe_interval(10, 10, 0), 100);
}
