//! One vocabulary of flags: every subcommand's `--help` is read, and a flag that appears in more
//! than one gives the same short form, the same value name and the same help everywhere.

use std::collections::BTreeMap;

use crate::cli_support::{run, stdout};

/// Flags whose help may add what the output holds in each command, after the same opening up to
/// its first `:`.
const SAME_OPENING: &[&str] = &["--json"];

/// The subcommands `sepax --help` lists (without `help`).
fn subcommands() -> Vec<String> {
    let (code, text, err) = run(&["--help"]);
    assert_eq!(code, Some(0), "{err}");
    text.lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter(|line| !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// Each flag of `sepax COMMAND --help`: its long name, its signature line (`-f, --frame <N>`)
/// and its help with the whitespace of the wrapping folded.
fn flags_of(command: &str) -> Vec<(String, String, String)> {
    let (code, text, err) = run(&[command, "--help"]);
    assert_eq!(code, Some(0), "{command}: {err}");
    let mut flags: Vec<(String, String, String)> = Vec::new();
    let mut in_options = false;
    for line in text.lines() {
        if line.starts_with("Options:") {
            in_options = true;
            continue;
        }
        if !line.starts_with(' ') && !line.is_empty() {
            in_options = false;
        }
        if !in_options {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim();
        if indent <= 6 && trimmed.starts_with('-') {
            let long = trimmed
                .split([' ', ','])
                .find(|word| word.starts_with("--"))
                .unwrap_or(trimmed)
                .to_string();
            flags.push((long, trimmed.to_string(), String::new()));
        } else if let Some((_, _, help)) = flags.last_mut() {
            if !trimmed.is_empty() {
                help.push(' ');
                help.push_str(trimmed);
            }
        }
    }
    flags
        .into_iter()
        .map(|(long, signature, help)| (long, signature, help.trim().to_string()))
        .collect()
}

#[test]
fn a_shared_flag_means_the_same_in_every_subcommand() {
    let commands = subcommands();
    for expected in ["explain", "simulate", "scenes", "check"] {
        assert!(commands.iter().any(|c| c == expected), "{commands:?}");
    }
    // flag -> (command, signature, help) of its first appearance
    let mut seen: BTreeMap<String, (String, String, String)> = BTreeMap::new();
    let mut shared = 0;
    for command in &commands {
        for (long, signature, help) in flags_of(command) {
            let Some((first, first_signature, first_help)) = seen.get(&long) else {
                seen.insert(long, (command.clone(), signature, help));
                continue;
            };
            shared += 1;
            assert_eq!(
                &signature, first_signature,
                "{long}: `{command}` and `{first}` spell it differently"
            );
            let opening = |text: &str| text.split(':').next().unwrap_or("").to_string();
            if SAME_OPENING.contains(&long.as_str()) {
                assert_eq!(
                    opening(&help),
                    opening(first_help),
                    "{long}: `{command}` and `{first}` open its help differently"
                );
            } else {
                assert_eq!(
                    &help, first_help,
                    "{long}: `{command}` and `{first}` describe it differently"
                );
            }
        }
    }
    assert!(shared >= 10, "only {shared} shared flags were compared");
}

#[test]
fn the_scene_overrides_are_on_every_command_that_steps_a_scene() {
    let mut commands = vec!["explain", "simulate"];
    if cfg!(feature = "tui") {
        commands.push("run");
    }
    for command in commands {
        let longs: Vec<String> = flags_of(command).into_iter().map(|f| f.0).collect();
        for flag in [
            "--frames",
            "--dt",
            "--integrator",
            "--tolerance",
            "--pair",
            "--color",
        ] {
            assert!(longs.iter().any(|l| l == flag), "{command} lacks {flag}");
        }
    }
}

#[test]
fn frame_picks_a_frame_and_frames_counts_them_in_explain_too() {
    let (code, text, err) = run(&["explain", "two_boxes", "-f", "2", "--frames", "5", "-j"]);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["frame"], 2);
    let (code, _, err) = run(&["explain", "two_boxes", "--frame", "6", "--frames", "5"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("past the last frame"), "{err}");
}

#[test]
fn the_rule_is_a_value_enum_and_parry_is_another_name_for_per_axis() {
    let per_axis = run(&["explain", "edge_edge", "--rule", "per-axis", "--json"]);
    let parry = run(&["explain", "edge_edge", "--rule", "parry", "--json"]);
    assert_eq!(per_axis.0, Some(0), "{}", per_axis.2);
    assert_eq!(per_axis.1, parry.1);
    let (code, _, err) = run(&["explain", "edge_edge", "--rule", "ericsson"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("a similar value exists: 'ericson'"), "{err}");
}

#[test]
fn colour_always_styles_a_located_error_and_never_leaves_it_plain() {
    let bad = std::env::temp_dir().join(format!("sepax-colour-{}.toml", std::process::id()));
    std::fs::write(&bad, "[world]\ndt = -1\n").unwrap();
    let path = bad.to_str().unwrap();
    let (code, _, always) = run(&["--color", "always", "explain", path]);
    assert_eq!(code, Some(2));
    assert!(always.contains("\x1b["), "{always}");
    let (code, _, never) = run(&["explain", path, "--color", "never"]);
    assert_eq!(code, Some(2));
    assert!(!never.contains('\x1b'), "{never}");
    assert!(never.contains(&format!("{path}:2:")), "{never}");
    let _ = std::fs::remove_file(&bad);
}

#[test]
fn simulate_pair_keeps_only_that_pairs_contacts() {
    let all = stdout(&crate::cli_support::sepax(&[
        "simulate",
        "box_stack",
        "--json",
        "-n",
        "60",
    ]));
    let pairs = |text: &str| -> Vec<(String, String)> {
        text.lines()
            .flat_map(|line| {
                let json: serde_json::Value = serde_json::from_str(line).unwrap();
                json["events"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|e| {
                        (
                            e["a"].as_str().unwrap().into(),
                            e["b"].as_str().unwrap().into(),
                        )
                    })
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let every = pairs(&all);
    let Some((a, b)) = every.first().cloned() else {
        panic!("box_stack has contacts in 60 frames");
    };
    let pair = format!("{a},{b}");
    let only = pairs(&stdout(&crate::cli_support::sepax(&[
        "simulate",
        "box_stack",
        "--json",
        "-n",
        "60",
        "-p",
        &pair,
    ])));
    assert!(!only.is_empty());
    assert!(
        only.iter().all(|p| *p == (a.clone(), b.clone())),
        "{only:?}"
    );
}

#[test]
fn simulate_draws_no_progress_bar_into_a_pipe() {
    let (code, _, err) = run(&["simulate", "bouncing_ball", "-n", "50"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
}
