//! The 300-body scene in a real terminal: the first frame shows while the rest is simulated, keys
//! typed meanwhile are neither echoed nor lost, `c` jumps to the next touching pair, `/` finds a
//! pair by name, and once loaded and paused the debugger uses no CPU. Skipped, with the reason
//! printed, only when tmux is not installed.
#![cfg(feature = "tui")]

use crate::tmux_support as support;

use std::thread::sleep;
use std::time::{Duration, Instant};

use support::{Tmux, SEPAX};

/// The pair named in the header (`pair a,b`).
fn header_pair(screen: &str) -> String {
    let header = screen.lines().next().unwrap_or_default();
    header
        .split("pair ")
        .nth(1)
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// User plus system CPU time of a process, in clock ticks.
fn cpu_ticks(pid: &str) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// Polls the screen until `done` holds, for up to `limit`.
fn wait_long(tmux: &Tmux, what: &str, limit: Duration, done: impl Fn(&str) -> bool) -> String {
    let start = Instant::now();
    loop {
        let screen = tmux.screen();
        if done(&screen) {
            return screen;
        }
        assert!(
            start.elapsed() < limit,
            "timed out waiting for {what}; the screen:\n{screen}"
        );
        sleep(Duration::from_millis(50));
    }
}

#[test]
fn keys_typed_while_the_300_body_scene_loads_are_kept_and_not_echoed() {
    let Some(tmux) = Tmux::shell("loading") else {
        return;
    };
    tmux.type_line(&format!("'{SEPAX}' run field_300; echo exit=$?"));
    let start = Instant::now();
    while tmux.show("#{alternate_on}") != "1" {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the debugger starts"
        );
        sleep(Duration::from_millis(5));
    }
    tmux.keys(&["N", "N", "n"]);
    let early = tmux.screen();
    println!(
        "keys sent {:.2} s after the start; header then: {}",
        start.elapsed().as_secs_f64(),
        early.lines().next().unwrap_or_default().trim()
    );
    let screen = wait_long(&tmux, "frame 21", Duration::from_secs(120), |s| {
        s.contains("frame 21 / 200")
    });
    assert!(screen.contains("frame 21 / 200"), "{screen}");
    let loaded = wait_long(
        &tmux,
        "the simulation to end",
        Duration::from_secs(300),
        |s| !s.lines().next().unwrap_or_default().contains("simulating"),
    );
    println!("loaded after {:.1} s", start.elapsed().as_secs_f64());
    assert!(loaded.contains("frame 21 / 200 |"), "{loaded}");

    // Loaded and paused: the debugger waits for keys without using the CPU.
    let pid = tmux.show("#{pane_pid}");
    let child = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"))
        .ok()
        .and_then(|c| c.split_whitespace().next().map(str::to_string));
    if let Some(before) = child.as_deref().and_then(cpu_ticks) {
        sleep(Duration::from_secs(3));
        let used = cpu_ticks(child.as_deref().unwrap_or_default()).unwrap_or(before) - before;
        println!("paused after loading: {used} ticks in 3 s");
        assert!(used <= 3, "paused, the debugger used {used} ticks");
    } else {
        println!("skipping the CPU check: no /proc entry for the debugger");
    }

    tmux.keys(&["q"]);
    let screen = tmux.assert_exits(0);
    let echoed = screen
        .lines()
        .any(|l| l.contains("NNn") || l.trim() == "N" || l.contains("^["));
    assert!(!echoed, "keys typed while loading were echoed:\n{screen}");
}

#[test]
fn c_jumps_to_the_next_touching_pair_and_slash_picks_a_pair_by_name() {
    let Some(tmux) = Tmux::start("pairs", &format!("'{SEPAX}' run field_300")) else {
        return;
    };
    let screen = wait_long(&tmux, "the first frame", Duration::from_secs(30), |s| {
        s.contains("frame 0 / 200")
    });
    let first = header_pair(&screen);
    assert_eq!(first, "floor,box_00_00", "it opens on a touching pair");
    assert!(screen.contains(" touch: "), "{screen}");

    tmux.keys(&["c"]);
    let screen = wait_long(&tmux, "another pair", Duration::from_secs(10), |s| {
        header_pair(s) != first
    });
    let second = header_pair(&screen);
    println!("c: {first} -> {second}");
    assert!(
        screen.contains(" touch"),
        "the next pair touches too:\n{screen}"
    );

    tmux.keys(&["/"]);
    tmux.wait_for_text("pick a pair");
    tmux.run(&["send-keys", "-l", "box_12_04 ball_12_03"]);
    let screen = tmux.wait_for_text("ball_12_03,box_12_04");
    assert!(screen.contains("1 matching"), "{screen}");
    tmux.keys(&["Enter"]);
    // A capture can land in the middle of a redraw: wait for the header and the closed picker.
    let screen = tmux.wait_for("the picked pair, picker closed", |s| {
        header_pair(s) == "ball_12_03,box_12_04" && !s.contains("pick a pair")
    });
    assert!(!screen.contains("pick a pair"), "the picker closes");
    println!("/: picked {}", header_pair(&screen));
    tmux.keys(&["q"]);
}
