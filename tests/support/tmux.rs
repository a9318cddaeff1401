//! A tmux server of its own per test: start a session, type keys, read the screen. Shared by the
//! terminal tests.

// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// The binary under test.
pub const SEPAX: &str = env!("CARGO_BIN_EXE_sepax");

/// Servers started so far in this process: the tests of one binary share its process id, so each
/// socket also takes a number of its own.
static SERVERS: AtomicUsize = AtomicUsize::new(0);

/// A tmux server of its own (one socket per test), killed when dropped.
pub struct Tmux {
    socket: String,
}

impl Tmux {
    /// A 160×48 session running `command`, or `None` without tmux: the skip is printed where
    /// `cargo test` shows it, and in CI (`CI` set) a missing tmux fails the test instead.
    pub fn start(test: &str, command: &str) -> Option<Tmux> {
        let available = Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|out| out.status.success());
        if !available {
            skip(test);
            return None;
        }
        let tmux = Tmux {
            socket: format!(
                "sepax-{test}-{}-{}",
                std::process::id(),
                SERVERS.fetch_add(1, Ordering::Relaxed)
            ),
        };
        tmux.run(&["new-session", "-d", "-x", "160", "-y", "48", command]);
        Some(tmux)
    }

    /// A session running [`SHELL`], once its prompt shows, or `None` as for [`Tmux::start`].
    pub fn shell(test: &str) -> Option<Tmux> {
        let tmux = Tmux::start(test, SHELL)?;
        tmux.wait_for_text("prompt$");
        Some(tmux)
    }

    /// Waits for `exit=status` (echoed by the command line), checks that the alternate screen is
    /// off again, and returns the screen.
    pub fn assert_exits(&self, status: i32) -> String {
        let screen = self.wait_for_text(&format!("exit={status}"));
        assert_eq!(
            self.show("#{alternate_on}"),
            "0",
            "the terminal is restored"
        );
        screen
    }

    /// Runs a tmux command on this server and returns what it printed.
    pub fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.run(&["send-keys", key]);
        }
    }

    pub fn type_line(&self, text: &str) {
        self.run(&["send-keys", "-l", text]);
        self.run(&["send-keys", "Enter"]);
    }

    pub fn screen(&self) -> String {
        self.run(&["capture-pane", "-p"])
    }

    pub fn show(&self, format: &str) -> String {
        self.run(&["display-message", "-p", format])
            .trim()
            .to_string()
    }

    /// Polls the screen until `done` holds (10 s at most), and returns it.
    pub fn wait_for(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if done(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "timed out waiting for {what}; the screen:\n{screen}"
            );
            sleep(Duration::from_millis(50));
        }
    }

    pub fn wait_for_text(&self, text: &str) -> String {
        self.wait_for(text, |screen| screen.contains(text))
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

/// Without tmux: fails the test in CI (`CI` set and not `false` or `0`), else writes a skip
/// notice straight to stderr, which the test harness does not capture, so it shows in the run.
fn skip(test: &str) {
    assert!(
        !in_ci(std::env::var("CI").ok().as_deref()),
        "{test}: tmux is not installed, and CI is set: the terminal tests must run in CI \
         (install tmux)"
    );
    let notice = format!("SKIPPED {test}: tmux is not installed (the test did not run)\n");
    let _ = std::io::Write::write_all(&mut std::io::stderr(), notice.as_bytes());
}

/// Whether the value of `CI` says the tests run in continuous integration.
pub fn in_ci(value: Option<&str>) -> bool {
    value.is_some_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// A shell with a prompt the tests can find.
pub const SHELL: &str = "env 'PS1=prompt$ ' sh";
