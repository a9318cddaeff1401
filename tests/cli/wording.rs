//! What sepax prints reads cleanly: no `-0.000`, no gap and overlap of opposite signs on one
//! line, no doubled word, in `explain`, `simulate` and the debugger's screens of every shipped
//! scene.

use crate::cli_support;

use sepax::sat::Robustness;
use sepax::scene;
use sepax::trace::{explain, render_text, simulate_timeline, SimOptions};

/// The frames each scene is read at.
const FRAMES: [usize; 4] = [0, 10, 30, 45];

/// Every problem of wording in `text`, as `(line, what)`.
fn problems(text: &str) -> Vec<(String, &'static str)> {
    let mut found = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let negative_zero = words.iter().any(|w| {
            let number = w.trim_matches(|c: char| "(),;:[]".contains(c));
            number.starts_with("-0") && number.parse::<f64>() == Ok(0.0)
        });
        if negative_zero {
            found.push((line.to_string(), "a negative zero"));
        }
        let overlap_then_negative = line.match_indices("overlap ").any(|(at, _)| {
            let mut rest = line[at..].split_whitespace().skip(1);
            let amount = rest.next().is_some_and(|w| w.parse::<f64>().is_ok());
            amount && rest.next().is_some_and(|w| w.starts_with("(-"))
        });
        if line.contains("gap -") || overlap_then_negative {
            found.push((line.to_string(), "a gap and an overlap of opposite signs"));
        }
        // A canvas row holds separate labels (`base` and its ghost `base t1`), not a sentence.
        let canvas = line.chars().any(|c| ('\u{2800}'..='\u{28ff}').contains(&c));
        let doubled = !canvas
            && words.windows(2).any(|pair| {
                let [a, b] = pair else { return false };
                a == b && a.chars().all(char::is_alphabetic)
            });
        if doubled {
            found.push((line.to_string(), "a doubled word"));
        }
    }
    found
}

#[test]
fn the_checker_finds_what_the_old_output_had() {
    assert_eq!(problems("at (1.25, 0.50, -0.00)").len(), 1);
    assert_eq!(problems("R = -0.000 and -0.0001 and -0.5").len(), 1);
    assert_eq!(problems("overlap 0.453 (-0.478 in length units)").len(), 1);
    assert_eq!(
        problems("A,B overlap overlap at (0.000, 1.000, 2.000)").len(),
        1
    );
    assert!(problems("gap 0.000, overlap 0.453 (0.478 in length units), to 0.01").is_empty());
}

#[test]
fn explain_and_simulate_print_clean_text_on_every_shipped_scene() {
    for (name, _) in scene::shipped_scenes() {
        let scene = scene::load(name).unwrap();
        let last = scene.world.frames.min(45);
        let timeline = simulate_timeline(&scene, last, &SimOptions::default()).unwrap();
        for frame in FRAMES.into_iter().filter(|&f| f <= last) {
            let bodies = &timeline[frame].specs;
            let explained = explain(&scene, bodies, frame, 1.0, None, Robustness::default());
            let text = render_text(&explained, scene.title.as_deref());
            assert_eq!(problems(&text), vec![], "{name} frame {frame}");
        }
        let out = cli_support::sepax(&["simulate", name, "--frames", "120"]);
        let text = cli_support::stdout(&out);
        assert_eq!(problems(&text), vec![], "simulate {name}");
    }
}

#[cfg(feature = "tui")]
#[test]
fn the_debugger_screens_read_cleanly_on_every_shipped_scene() {
    use sepax::tui::{Action, App, Options, Theme};

    use crate::screen_support;

    for (name, _) in scene::shipped_scenes() {
        let scene = scene::load(name).unwrap();
        for frame in FRAMES.into_iter().filter(|&f| f <= scene.world.frames) {
            let options = Options {
                frame,
                theme: Theme::new(true, false),
                ..Options::default()
            };
            let mut app = App::new(scene.clone(), &options);
            // The first 60 pairs in the order offered (the 300-body field has 45,150).
            let pairs = app.pairs().len().min(60);
            for _ in 0..pairs.max(1) {
                for (width, height) in [(160, 48), (80, 24)] {
                    app.update(Action::Resize(width, height));
                    let screen = screen_support::text(&screen_support::draw(&app, width, height));
                    let found = problems(&screen);
                    assert!(
                        found.is_empty(),
                        "{name} frame {frame}: {found:?}\n{screen}"
                    );
                }
                app.update(Action::NextPair);
            }
        }
    }
}
