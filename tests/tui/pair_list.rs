//! The debugger's pair list against `explain`: for every shipped scene, the pairs it lists, which
//! touch and which stage decides each are what the full explanation says, though it makes full
//! records only for pairs that may touch; and `explain --touching --limit N` keeps exactly the
//! first N touching pairs in scene order.
#![cfg(feature = "tui")]

use sepax::sat::Robustness;
use sepax::scene::{self, Scene};
use sepax::trace::{self, PairFilter, SimOptions, Stage};
use sepax::tui::pairs::{joined_pairs, PairList};

/// The bodies of `scene` at `frame` as the world simulates them.
fn bodies_at(scene: &Scene, frame: usize) -> Vec<sepax::scene::BodySpec> {
    let frames = trace::simulate_timeline(scene, frame, &SimOptions::default())
        .unwrap_or_else(|_| trace::kinematic_timeline(scene, frame));
    frames.last().expect("frame 0 at least").specs.clone()
}

#[test]
fn the_pair_list_agrees_with_explain_on_every_shipped_scene() {
    let mut checked = 0;
    for (name, _) in scene::shipped_scenes() {
        let scene = scene::load(name).expect("shipped scene loads");
        // The field at frame 30: bodies landing, spinning, touching each other.
        let frames = if scene.bodies.len() > 50 {
            vec![0, 30]
        } else {
            vec![0, scene.world.frames.min(3)]
        };
        for frame in frames {
            let bodies = bodies_at(&scene, frame);
            let dt = scene.world.dt;
            let full = trace::explain(&scene, &bodies, frame, dt, None, Robustness::default());
            let time = frame as f64 * dt;
            let list = PairList::new(&bodies, &joined_pairs(&scene), time, dt);
            assert_eq!(list.len(), full.pairs.len(), "{name} frame {frame}");
            for (entry, record) in list.entries().iter().zip(&full.pairs) {
                let names = (bodies[entry.a].name.as_str(), bodies[entry.b].name.as_str());
                assert_eq!(names, (record.a.as_str(), record.b.as_str()), "{name}");
                assert_eq!(entry.touching, record.touches(), "{name} {names:?}");
                assert_eq!(entry.stage, record.stage, "{name} {names:?}");
                checked += 1;
            }
        }
    }
    println!("{checked} pairs agree with explain");
    assert!(checked > 2 * 45_150);
}

#[test]
fn touching_and_limit_keep_the_first_touching_pairs_in_scene_order() {
    for name in [
        "field_300",
        "newtons_cradle",
        "box_stack",
        "spheres",
        "edge_edge",
    ] {
        let scene = scene::load(name).expect("shipped scene loads");
        let bodies = bodies_at(&scene, 0);
        let dt = scene.world.dt;
        let list = PairList::new(&bodies, &joined_pairs(&scene), 0.0, dt);
        let touching: Vec<(String, String)> = list
            .entries()
            .iter()
            .filter(|e| e.touching)
            .map(|e| (bodies[e.a].name.clone(), bodies[e.b].name.clone()))
            .collect();
        for limit in [None, Some(0), Some(1), Some(5)] {
            let filter = PairFilter {
                touching: true,
                limit,
                ..PairFilter::default()
            };
            let kept =
                trace::explain_filtered(&scene, &bodies, 0, dt, &filter, Robustness::default());
            let names: Vec<(String, String)> = kept
                .pairs
                .iter()
                .map(|p| (p.a.clone(), p.b.clone()))
                .collect();
            let expected = &touching[..touching.len().min(limit.unwrap_or(usize::MAX))];
            assert_eq!(names, expected, "{name} limit {limit:?}");
            assert!(kept.pairs.iter().all(trace::PairRecord::touches));
        }
        let first_two = PairFilter {
            limit: Some(2),
            ..PairFilter::default()
        };
        let kept =
            trace::explain_filtered(&scene, &bodies, 0, dt, &first_two, Robustness::default());
        assert_eq!(kept.pairs.len(), list.len().min(2), "{name}");
    }
}

#[test]
fn explain_touching_limit_5_prints_at_most_five_pairs_all_touching() {
    for name in ["field_300", "box_stack", "edge_edge_miss"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sepax"))
            .args(["explain", name, "--touching", "--limit", "5", "--json"])
            .output()
            .expect("sepax runs");
        assert!(out.status.success(), "{name}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
        let pairs = json["pairs"].as_array().expect("pairs");
        assert!(pairs.len() <= 5, "{name}: {}", pairs.len());
        for pair in pairs {
            let touches = pair["intersecting"] == true
                || pair.get("resting_gap").is_some()
                || !pair["contact"].is_null();
            assert!(touches, "{name}: {pair}");
        }
        println!("{name}: {} pairs", pairs.len());
        if name == "field_300" {
            assert_eq!(pairs.len(), 5);
        }
    }
    let text = std::process::Command::new(env!("CARGO_BIN_EXE_sepax"))
        .args(["explain", "edge_edge_miss", "--touching"])
        .output()
        .expect("sepax runs");
    assert!(text.status.success());
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        !text.contains("A and B"),
        "no pair touches in edge_edge_miss:\n{text}"
    );
}

#[test]
fn a_large_scene_lists_its_near_pairs_and_counts_the_rest_as_explain_decides_them() {
    let scene = scene::load("field_300").expect("shipped scene loads");
    let joined = joined_pairs(&scene);
    for frame in [0, 30] {
        let bodies = bodies_at(&scene, frame);
        let dt = scene.world.dt;
        let time = frame as f64 * dt;
        let full = trace::explain(&scene, &bodies, frame, dt, None, Robustness::default());
        // Listing only the near pairs, as a scene with more than `LIST_ALL` pairs does.
        let near = PairList::listing(&bodies, &joined, (time, dt), 0);
        assert_eq!(near.total(), full.pairs.len(), "frame {frame}");
        assert!(near.len() < full.pairs.len() / 10, "{} listed", near.len());
        for stage in [Stage::Spheres, Stage::Aabbs, Stage::Sat, Stage::Exact] {
            let expected = full.pairs.iter().filter(|r| r.stage == stage).count();
            assert_eq!(near.stage_count(stage), expected, "frame {frame} {stage:?}");
        }
        let touching = full.pairs.iter().filter(|r| r.touches()).count();
        assert_eq!(near.touching_count(), touching, "frame {frame}");
        assert!(touching > 0);
        for entry in near.entries() {
            let names = (bodies[entry.a].name.as_str(), bodies[entry.b].name.as_str());
            let record = full
                .pairs
                .iter()
                .find(|r| (r.a.as_str(), r.b.as_str()) == names)
                .expect("a listed pair is a pair");
            assert_eq!(entry.touching, record.touches(), "{names:?}");
            assert_eq!(entry.stage, record.stage, "{names:?}");
        }
        // A far pair can still be selected by its bodies, and then counts as listed.
        let mut list = near.clone();
        let far = list.far();
        let (i, j) = (1, bodies.len() - 1);
        assert!(list.entries().iter().all(|e| (e.a, e.b) != (i, j)));
        let k = list.find_or_add(j, i, &bodies, &joined).expect("a pair");
        assert_eq!((list.entries()[k].a, list.entries()[k].b), (i, j));
        assert_eq!(list.far().total, far.total - 1);
        assert_eq!(list.total(), near.total());
    }
}
