//! A blown-up simulation is an event, never a quiet run: each integrator that can be driven
//! unstable on the stiff spring ends its run with a `diverged` record whose error estimate is NaN
//! (`null` in JSON), and `simulate` and `explain` say so.

use crate::cli_support;
use cli_support::{sepax, stderr, stdout};

use sepax::dynamics::world::{Quantity, DIVERGENCE_BOUND};
use sepax::sat::Robustness;
use sepax::scene;
use sepax::trace::{explain, simulate_timeline, FrameRecord, SimOptions};

/// ω h = 4 on the stiff spring (ω = 10 rad/s): past the stability limit of every explicit
/// method on a linear spring (semi-implicit Euler at ω h = 2, RK4 at 2.83; explicit Euler,
/// midpoint and RK2 grow at any step). The spring's kink where the mass passes the anchor keeps
/// RK4 bounded at ω h = 3, so the margin is wide.
const UNSTABLE_DT: f64 = 0.4;

/// More frames than any of them needs to pass the bound.
const FRAMES: usize = 3000;

fn stiff_spring(integrator: &str) -> Vec<FrameRecord> {
    let scene = scene::load("stiff_spring").expect("shipped scene");
    let options = SimOptions {
        dt: Some(UNSTABLE_DT),
        integrator: Some(integrator.to_string()),
        tolerance: None,
    };
    simulate_timeline(&scene, FRAMES, &options).expect("simulates")
}

#[test]
fn every_explicit_integrator_blows_up_on_the_stiff_spring_and_the_run_ends_with_the_event() {
    for integrator in [
        "explicit-euler",
        "semi-implicit-euler",
        "midpoint",
        "rk2",
        "rk4",
    ] {
        let frames = stiff_spring(integrator);
        let (scene, rule) = (scene::load("stiff_spring").unwrap(), Robustness::default());
        let last = frames.last().unwrap();
        let event = last
            .diverged
            .as_ref()
            .unwrap_or_else(|| panic!("{integrator}: no divergence in {FRAMES} frames"));
        assert!(
            last.frame < FRAMES,
            "{integrator}: the run ends at the event"
        );
        assert_eq!(frames.len(), last.frame + 1);
        assert_eq!((event.kind, event.frame), ("diverged", last.frame));
        assert_eq!(event.time, last.time);
        assert_eq!(event.body, "mass", "{integrator}");
        assert!(
            matches!(event.quantity, Quantity::Position | Quantity::Velocity),
            "{integrator}: {:?}",
            event.quantity
        );
        assert!(!event.value.is_finite() || event.value.abs() > DIVERGENCE_BOUND);
        let mass = &last.bodies[1];
        assert!(mass.diverged, "{integrator}");
        assert!(mass.error_estimate.is_nan(), "{integrator}: never a 0");
        assert!(!last.bodies[0].diverged, "the fixed anchor is sound");
        // Before the event every frame is finite, and so is its explanation (the engine's debug
        // assertions check every number): no frame reads as a perfect one.
        for record in &frames[..frames.len() - 1] {
            assert!(record.diverged.is_none());
            assert!(record.energy.total.is_finite(), "{integrator}");
            assert!(record.bodies.iter().all(|b| b.error_estimate.is_finite()));
            let explained = explain(&scene, &record.specs, record.frame, 1.0, None, rule);
            assert_eq!(explained.pairs.len(), 1);
        }
        let json = serde_json::to_string(last).unwrap();
        assert!(
            json.contains(r#""error_estimate":null,"suggested_dt""#),
            "{json}"
        );
        assert!(json.contains(r#""diverged":true"#), "{json}");
        assert!(json.contains(r#""diverged":{"kind":"diverged""#), "{json}");
        println!(
            "{integrator:<20} diverged at frame {:>4}: {} = {:e}",
            event.frame,
            event.quantity.name(),
            event.value
        );
    }
}

#[test]
fn implicit_euler_stays_bounded_on_the_stiff_spring_at_any_step() {
    // Backward Euler is A-stable: on a spring it loses energy at every step length, so the
    // detector must not fire (the check for a false alarm).
    for dt in [UNSTABLE_DT, 3.0, 100.0] {
        let scene = scene::load("stiff_spring").unwrap();
        let options = SimOptions {
            dt: Some(dt),
            integrator: Some("implicit-euler".into()),
            tolerance: None,
        };
        let frames = simulate_timeline(&scene, FRAMES, &options).unwrap();
        assert_eq!(frames.len(), FRAMES + 1, "dt {dt}");
        assert!(frames.iter().all(|r| r.diverged.is_none()));
        assert!(frames[FRAMES].energy.total < frames[0].energy.total);
    }
}

#[test]
fn a_sound_run_serialises_no_divergence_fields() {
    let scene = scene::load("stiff_spring").unwrap();
    let frames = simulate_timeline(&scene, 60, &SimOptions::default()).unwrap();
    for record in &frames {
        let json = serde_json::to_string(record).unwrap();
        assert!(!json.contains("diverged"), "{json}");
    }
}

#[test]
fn simulate_reports_the_divergence_in_json_lines_and_in_text() {
    let args = [
        "simulate",
        "stiff_spring",
        "--integrator",
        "explicit-euler",
        "--frames",
        "1200",
    ];
    let out = sepax(&[&args[..], &["--json"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let last = lines.last().unwrap();
    let frame = last["frame"].as_u64().unwrap();
    assert!(frame < 1200);
    assert_eq!(lines.len() as u64, frame + 1, "the run stops at the event");
    assert_eq!(last["diverged"]["kind"], "diverged");
    assert_eq!(last["diverged"]["frame"], frame);
    assert_eq!(last["diverged"]["body"], "mass");
    assert_eq!(last["bodies"][1]["error_estimate"], serde_json::Value::Null);
    assert_eq!(last["bodies"][1]["diverged"], true);
    for line in &lines[..lines.len() - 1] {
        assert!(line["energy"]["total"].is_f64(), "{line}");
        assert!(line.get("diverged").is_none());
    }

    let out = sepax(&args);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{frame} ")))
        .unwrap_or_else(|| panic!("the diverged frame has its row:\n{text}"));
    assert!(row.contains("NaN"), "the error column says NaN: {row}");
    assert!(!row.contains("0.000e0"), "{row}");
    assert!(
        text.contains(&format!(
            "diverged at frame {frame} (t = {:.4} s)",
            last["time"].as_f64().unwrap()
        )),
        "{text}"
    );
    assert!(text.contains(r#"the velocity of body "mass""#), "{text}");
}

#[test]
fn explain_refuses_a_frame_past_the_divergence_with_a_located_reason() {
    let path = std::env::temp_dir().join(format!("sepax-diverge-{}.toml", std::process::id()));
    std::fs::write(&path, exploding_scene_text()).unwrap();
    let out = sepax(&["explain", path.to_str().unwrap(), "--frame", "1100"]);
    std::fs::remove_file(&path).ok();
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    let message = stderr(&out);
    assert!(
        message.contains("the simulation diverged at frame"),
        "{message}"
    );
    assert!(
        message.contains("frame 1100 cannot be explained"),
        "{message}"
    );
    assert!(message.ends_with('\n'));
}

/// The stiff spring with explicit Euler over 1200 frames: it diverges at frame 332.
fn exploding_scene_text() -> String {
    scene::shipped_scenes()
        .iter()
        .find(|(name, _)| *name == "stiff_spring")
        .unwrap()
        .1
        .replace("frames = 60", "frames = 1200")
        .replace("\"implicit-euler\"", "\"explicit-euler\"")
}

#[cfg(feature = "tui")]
#[test]
fn the_debugger_header_says_diverged_in_red_and_in_words() {
    use ratatui::style::Color;
    use sepax::tui::{Action, App, Options, Theme};

    use crate::screen_support;

    let scene = scene::load_str(&exploding_scene_text(), "scenes/exploding.toml").unwrap();
    for color in [true, false] {
        let options = Options {
            frame: 5000,
            theme: Theme::new(!color, false),
            ..Options::default()
        };
        let mut app = App::new(scene.clone(), &options);
        app.update(Action::Resize(160, 48));
        let diverged = app.diverged().expect("the timeline diverged").frame;
        assert_eq!(app.last_frame(), diverged, "the timeline ends at the event");
        let buffer = screen_support::draw(&app, 160, 48);
        let header = screen_support::text(&buffer)
            .lines()
            .next()
            .unwrap()
            .to_string();
        let words = format!("diverged at frame {diverged}");
        let at = header.find(&words).expect("the header names the frame");
        let cell = &buffer.content[header[..at].chars().count()];
        if color {
            assert_eq!(cell.fg, Color::Red, "{header}");
        } else {
            assert_eq!(cell.fg, Color::Reset, "NO_COLOR: words only");
        }
        assert!(header.contains(&format!("frame {diverged} / {diverged}")));
    }
}
