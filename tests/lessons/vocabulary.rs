//! One vocabulary of contact kinds: the engine's list is the lessons' list and the documented
//! one, and every contact the engine reports on the shipped scenes (explained or simulated)
//! names a kind from it.

use std::collections::BTreeSet;

use sepax::sat::Robustness;
use sepax::scene;
use sepax::trace::{explain, simulate_timeline, SimOptions, CONTACT_KINDS};

/// The backquoted words of `text` that look like contact kinds (`word-word`).
fn kinds_in(text: &str) -> Vec<&str> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|word| {
            let parts: Vec<&str> = word.split('-').collect();
            parts.len() == 2
                && parts
                    .iter()
                    .all(|p| p.chars().all(|c| c.is_ascii_lowercase()))
        })
        .chain(text.contains("`overlap`").then_some("overlap"))
        .collect()
}

fn set<'a>(kinds: impl IntoIterator<Item = &'a str>) -> BTreeSet<&'a str> {
    kinds.into_iter().collect()
}

#[test]
fn the_lessons_and_the_engine_share_one_list() {
    assert_eq!(sepax::lesson::CONTACT_KINDS, CONTACT_KINDS);
    assert_eq!(
        set(CONTACT_KINDS.iter().copied()).len(),
        CONTACT_KINDS.len()
    );
}

#[test]
fn the_readme_and_the_lesson_guide_document_exactly_the_list() {
    let readme = include_str!("../../README.md");
    let start = readme
        .find("contact\n`kind` is")
        .expect("the README describes the kinds");
    let end = start + readme[start..].find("have no `axes`").unwrap();
    assert_eq!(
        set(kinds_in(&readme[start..end])),
        set(CONTACT_KINDS.iter().copied())
    );
    let guide = include_str!("../../docs/lessons.md");
    let row = guide
        .lines()
        .find(|line| line.starts_with("| `contact_kind` |"))
        .expect("the lesson guide lists the kinds");
    let listed: Vec<&str> = kinds_in(row)
        .into_iter()
        .filter(|k| *k != "contact_kind")
        .collect();
    assert_eq!(set(listed), set(CONTACT_KINDS.iter().copied()));
}

#[test]
fn every_contact_on_the_shipped_scenes_names_a_kind_from_the_list() {
    let mut seen = BTreeSet::new();
    for (name, _) in scene::shipped_scenes() {
        let scene = scene::load(name).unwrap();
        let frames = scene.world.frames.min(90);
        let timeline = simulate_timeline(&scene, frames, &SimOptions::default()).unwrap();
        for record in &timeline {
            for event in &record.events {
                let kind = event.contact_kind.as_deref();
                assert!(
                    kind.is_none_or(|k| CONTACT_KINDS.contains(&k)),
                    "{name} frame {}: {kind:?}",
                    record.frame
                );
                seen.extend(kind.map(str::to_string));
            }
            if record.frame % 15 == 0 {
                let explained = explain(
                    &scene,
                    &record.specs,
                    record.frame,
                    1.0,
                    None,
                    Robustness::default(),
                );
                for pair in explained.pairs {
                    if let Some(contact) = pair.contact {
                        assert!(
                            CONTACT_KINDS.contains(&contact.kind.as_str()),
                            "{name} frame {} {},{}: {}",
                            record.frame,
                            pair.a,
                            pair.b,
                            contact.kind
                        );
                        seen.insert(contact.kind);
                    }
                }
            }
        }
    }
    println!("kinds seen on the shipped scenes: {seen:?}");
}

#[test]
fn a_resting_box_reads_the_same_kind_at_every_frame() {
    // It read `face-plane` at frame 0 and `box-plane` (not a kind) later on. (In `box_stack` the
    // base rocks on a corner once the top box has landed, so only its first frames are flat.)
    for (name, frames) in [
        ("resting_box", &[0, 30, 60][..]),
        ("box_stack", &[0, 30][..]),
    ] {
        let scene = scene::load(name).unwrap();
        let timeline = simulate_timeline(&scene, 60, &SimOptions::default()).unwrap();
        for &frame in frames {
            let record = &timeline[frame];
            let explained = explain(
                &scene,
                &record.specs,
                frame,
                1.0,
                None,
                Robustness::default(),
            );
            let floor = explained
                .pairs
                .iter()
                .find(|p| p.a == "floor" && p.contact.is_some())
                .unwrap_or_else(|| panic!("{name} frame {frame}: the floor pair touches"));
            assert_eq!(
                floor.contact.as_ref().unwrap().kind,
                "face-plane",
                "{name} frame {frame}"
            );
        }
    }
}
