//! The real binary in a real terminal: tmux runs `sepax run` (two boxes, a box and a triangle,
//! and the scene picker of the lesson menu), `send-keys` types, `capture-pane` reads the screen.
//! Without tmux each test prints a visible `SKIPPED` line, and fails instead when `CI` is set.
#![cfg(feature = "tui")]

use crate::data_dir;
use crate::tmux_support as support;

use std::process::Command;
use std::thread::sleep;
use std::time::Duration;

use data_dir::DataDir;
use support::{in_ci, Tmux, SEPAX};

/// `sepax explain --json` of a scene at frame 0.
fn explain_json(scene: &str) -> serde_json::Value {
    let out = Command::new(SEPAX)
        .args(["explain", scene, "--json"])
        .output()
        .expect("sepax explain runs");
    serde_json::from_slice(&out.stdout).expect("explain prints JSON")
}

#[test]
fn debugger_shows_the_axes_steps_opens_help_and_quits_restoring_the_terminal() {
    let Some(tmux) = Tmux::shell("steps") else {
        return;
    };
    tmux.type_line(&format!("'{SEPAX}' run edge_edge_miss"));
    tmux.wait_for_text("frame 0 / 100");
    assert_eq!(
        tmux.show("#{alternate_on}"),
        "1",
        "the debugger uses the alternate screen"
    );

    // The 15 rows with the same R, R0, R1 as `sepax explain --json` of the same scene and frame.
    let json = explain_json("edge_edge_miss");
    let rows = json["pairs"][0]["axes"].as_array().expect("axes");
    assert_eq!(rows.len(), 15);
    let expected: Vec<String> = rows
        .iter()
        .map(|row| {
            let number = |key: &str| row[key].as_f64().expect("a number");
            format!(
                "{:<6}{:>9.3}{:>9.3}{:>9.3}",
                row["axis"].as_str().expect("axis name"),
                number("r"),
                number("r0"),
                number("r1")
            )
        })
        .collect();
    // The header can reach the terminal before the table: wait for the whole table (10 s).
    let screen = tmux.wait_for("the 15 rows of explain --json", |screen| {
        expected.iter().all(|shown| screen.contains(shown))
    });
    assert!(screen.contains("frame 0 / 100"), "{screen}");

    tmux.keys(&["n", "n", "n"]);
    tmux.wait_for_text("frame 3 / 100");
    tmux.keys(&["b"]);
    let screen = tmux.wait_for_text("frame 2 / 100");
    assert!(screen.contains("t = 0.020 s"), "{screen}");

    tmux.keys(&["?"]);
    let screen = tmux.wait_for_text("help: keys");
    for line in [
        "one frame forward",
        "one frame back",
        "four views at once",
        "quit",
    ] {
        assert!(screen.contains(line), "help lacks `{line}`:\n{screen}");
    }
    tmux.keys(&["?"]);
    tmux.wait_for("the help to close", |screen| !screen.contains("help: keys"));

    tmux.keys(&["q"]);
    let screen = tmux.wait_for("the shell prompt", |screen| {
        screen.lines().filter(|l| l.starts_with("prompt$")).count() >= 2
    });
    assert_eq!(
        tmux.show("#{alternate_on}"),
        "0",
        "the alternate screen is left"
    );
    assert!(
        !screen.contains("frame 2 / 100"),
        "the debugger's screen is gone:\n{screen}"
    );
    tmux.type_line("echo still-cooked");
    tmux.wait_for_text("\nstill-cooked");
}

#[test]
fn ctrl_c_quits_and_restores_the_terminal() {
    let Some(tmux) = Tmux::shell("ctrl-c") else {
        return;
    };
    tmux.type_line(&format!("'{SEPAX}' run face_face; echo exit=$?"));
    tmux.wait_for_text("frame 0 / 4");
    tmux.keys(&["C-c"]);
    tmux.assert_exits(0);
}

#[test]
fn a_bad_scene_prints_its_located_error_and_exits_2_without_taking_the_terminal() {
    let Some(tmux) = Tmux::shell("bad-scene") else {
        return;
    };
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/many_problems.toml"
    );
    tmux.type_line(&format!("'{SEPAX}' run '{fixture}'; echo exit=$?"));
    let screen = tmux.assert_exits(2);
    assert!(screen.contains("many_problems.toml:4:6:"), "{screen}");
}

/// User plus system CPU time of a process, in clock ticks.
fn cpu_ticks(pid: &str) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

#[test]
fn paused_it_waits_for_input_without_using_the_cpu() {
    let Some(tmux) = Tmux::start("idle", &format!("'{SEPAX}' run spheres")) else {
        return;
    };
    tmux.wait_for_text("frame 0 / 4");
    let pid = tmux.show("#{pane_pid}");
    let Some(before) = cpu_ticks(&pid) else {
        println!("skipping the CPU check: no /proc/{pid}/stat");
        return;
    };
    let window = Duration::from_secs(3);
    sleep(window);
    let used = cpu_ticks(&pid).expect("still running") - before;
    // Clock ticks are 1/100 s on Linux: 3 s of waiting may cost a tick or two, not more.
    let percent = used as f64 / 100.0 / window.as_secs_f64() * 100.0;
    println!("paused debugger: {used} ticks in 3 s ({percent:.1}% CPU)");
    assert!(
        used <= 3,
        "paused, the debugger used {used} ticks ({percent:.1}% CPU)"
    );
}

#[test]
fn s_in_the_lesson_menu_opens_the_scene_picker_and_enter_opens_the_debugger() {
    let Some(tmux) = Tmux::shell("picker") else {
        return;
    };
    let data = DataDir::new("tmux-picker");
    tmux.type_line(&data.command(""));
    tmux.wait_for_text("sepax lessons");
    tmux.keys(&["s"]);
    let screen = tmux.wait_for_text("pick a scene");
    let names: Vec<&str> = sepax::scene::shipped_scenes()
        .iter()
        .map(|(n, _)| *n)
        .collect();
    assert!(screen.contains(&format!("> {} ", names[0])), "{screen}");
    let target = names
        .iter()
        .position(|n| *n == "edge_edge_miss")
        .expect("shipped");
    let downs = vec!["j"; target];
    tmux.keys(&downs);
    tmux.keys(&["Enter"]);
    tmux.wait_for_text("edge_edge_miss: Edge-edge near miss");
    tmux.wait_for_text("frame 0 / 100");
    tmux.keys(&["q"]);
    tmux.wait_for_text("pick a scene");
    tmux.keys(&["q"]);
    tmux.wait_for_text("sepax lessons");
    tmux.keys(&["q"]);
    tmux.assert_exits(0);
    assert!(!data.path().exists(), "the menu alone saves nothing");
}

#[test]
fn a_missing_tmux_fails_in_ci_and_is_skipped_visibly_elsewhere() {
    for set in ["true", "1", "yes"] {
        assert!(in_ci(Some(set)), "{set}");
    }
    for unset in [None, Some(""), Some("false"), Some("0")] {
        assert!(!in_ci(unset), "{unset:?}");
    }
}

#[test]
fn the_debugger_shows_a_box_triangle_table_and_steps_its_rows() {
    let Some(tmux) = Tmux::start(
        "surfaces",
        &format!("'{SEPAX}' run box_through_triangle_edge"),
    ) else {
        return;
    };
    // The 13 rows with the same R, R0, R1 as `sepax explain --json`, A0xE0 selected and marked.
    let json = explain_json("box_through_triangle_edge");
    let rows = json["pairs"][0]["table"]["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 13);
    let shown: Vec<String> = rows
        .iter()
        .map(|row| {
            let number = |key: &str| row[key].as_f64().expect("a number");
            format!(
                "{:<7}{:>8.3}{:>9.3}{:>9.3}",
                row["axis"].as_str().expect("axis name"),
                number("r"),
                number("r0"),
                number("r1")
            )
        })
        .collect();
    let screen = tmux.wait_for("the 13 rows of explain --json", |screen| {
        shown.iter().all(|row| screen.contains(row))
    });
    assert!(screen.contains("box-triangle: A = cube, B = T"), "{screen}");
    assert!(screen.contains(&format!(">{}", shown[4])), "{screen}");
    assert!(screen.contains("1st sep"), "{screen}");
    // `j` moves to the next row, and the number line follows it.
    tmux.keys(&["j"]);
    let screen = tmux.wait_for_text("number line on A0xE1");
    assert!(screen.contains(&format!(">{}", shown[5])), "{screen}");
    tmux.keys(&["q"]);
}
