//! Binary and hostile files: one located message that quotes no raw byte, files over 16 MB
//! refused unread, and every diagnostic (scene or lesson) ending with a newline.

use crate::cli_support;
use crate::rng;

use std::path::PathBuf;

use cli_support::{sepax, stderr, stdout};
use sepax::scene::{self, MAX_FILE_BYTES};

/// A file of its own in the temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, bytes: &[u8]) -> TempFile {
        let path =
            std::env::temp_dir().join(format!("sepax-hostile-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        TempFile(path)
    }

    fn arg(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        std::fs::remove_file(&self.0).ok();
    }
}

/// Asserts that `text` (what went to stderr) is one diagnostic of `path` at a place, ending with
/// a newline, with no control character but the line ends; returns its first line.
#[track_caller]
fn one_clean_diagnostic(text: &str, path: &str) -> String {
    assert!(text.ends_with('\n'), "{text:?}");
    assert!(
        text.chars().all(|c| c == '\n' || !c.is_control()),
        "a raw control character reached the terminal: {text:?}"
    );
    let first = text.lines().next().unwrap().to_string();
    assert!(first.starts_with(&format!("{path}:")), "{first}");
    assert_eq!(
        text.lines().filter(|l| l.starts_with(path)).count(),
        1,
        "one message: {text}"
    );
    first
}

/// Ten megabytes of seeded random bytes, with ESC and other control bytes among them.
fn random_binary() -> Vec<u8> {
    let mut rng = rng::Rng::seeded(16);
    let mut bytes: Vec<u8> = (0..10_000_000).map(|_| rng.next_u64() as u8).collect();
    bytes[..6].copy_from_slice(b"title ");
    bytes
}

#[test]
fn a_random_binary_file_gets_one_located_message_that_echoes_no_byte() {
    let bin = TempFile::new("random.toml", &random_binary());
    for command in [&["explain"][..], &["simulate"], &["run"], &["check"]] {
        let out = sepax(&[command, &[bin.arg()]].concat());
        assert_eq!(out.status.code(), Some(2), "{command:?}");
        assert!(stdout(&out).lines().all(|l| !l.contains(bin.arg())));
        let first = one_clean_diagnostic(&stderr(&out), bin.arg());
        assert!(
            first.contains("not UTF-8 text") || first.contains("control character U+"),
            "{first}"
        );
    }
    #[cfg(feature = "tui")]
    {
        let out = sepax(&["lesson", bin.arg()]);
        assert_eq!(out.status.code(), Some(2));
        one_clean_diagnostic(&stderr(&out), bin.arg());
    }
}

#[test]
fn control_characters_in_valid_utf8_get_one_message_naming_the_code() {
    let cases: [(&str, &[u8], &str); 4] = [
        (
            "comment",
            b"[world]\ndt = 0.1\n# red \x1b[31m text\n",
            ":3:7:",
        ),
        (
            "string",
            b"title = \"a\x1b]0;title\x07\"\n[world]\ndt = 0.1\n",
            ":1:11:",
        ),
        ("nul", b"[world]\ndt = 0.1\x00\n", ":2:9:"),
        ("del", b"[world]\n\x7fdt = 0.1\n", ":2:1:"),
    ];
    for (name, bytes, place) in cases {
        let file = TempFile::new(&format!("{name}.toml"), bytes);
        let out = sepax(&["explain", file.arg()]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let first = one_clean_diagnostic(&stderr(&out), file.arg());
        assert!(first.contains(place), "{name}: {first}");
        assert!(first.contains("control character U+00"), "{first}");
    }
    // Written as an escape inside a string, a control character still never reaches the screen.
    let escaped = "[world]\ndt = 0.1\n[[body]]\nname = \"x\\u001b[2J\"\nshape = \"sphere\"\n\
                   center = [0, 0, 0]\nradius = 1\n";
    let problems = scene::load_str(escaped, "e.toml").unwrap_err();
    assert_eq!(problems.0.len(), 1);
    assert!(problems.0[0]
        .message
        .contains("must not contain a control character, found U+001B"));
    one_clean_diagnostic(&problems.to_string(), "e.toml");
}

#[test]
fn a_file_over_16_mb_is_refused_before_it_is_parsed() {
    let mut text = b"[world]\ndt = 0.1\n".to_vec();
    text.resize(MAX_FILE_BYTES + 1, b'#');
    let big = TempFile::new("big.toml", &text);
    for command in ["explain", "check"] {
        let out = sepax(&[command, big.arg()]);
        assert_eq!(out.status.code(), Some(2));
        let message = stderr(&out);
        assert!(
            message.starts_with(&format!(
                "{}: the file is 16777217 bytes, over the limit of 16777216 bytes (16 MB)",
                big.arg()
            )),
            "{message}"
        );
        assert!(message.ends_with('\n'));
    }
    let lesson = scene::read_file(&big.0).unwrap_err();
    assert!(lesson.message.contains("it is not read"));
    // Exactly at the limit the file is read (and parsed).
    text.truncate(MAX_FILE_BYTES);
    assert_eq!(
        scene::read_file(&TempFile::new("edge.toml", &text).0)
            .unwrap()
            .len(),
        MAX_FILE_BYTES
    );
}

#[cfg(unix)]
#[test]
fn an_endless_file_is_refused_after_the_limit_not_read_forever() {
    let out = sepax(&["check", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("over the limit of 16777216 bytes"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn lesson_file_errors_end_with_a_newline() {
    let bad = TempFile::new(
        "lesson.toml",
        b"title = \"t\"\nscene = \"two_boxes\"\n[[step]]\ntext = \"x\"\nframe = \"z\"\n",
    );
    let out = sepax(&["check", bad.arg()]);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(
        message.starts_with(&format!("{}:5:", bad.arg())),
        "{message}"
    );
    assert!(message.ends_with('\n'), "{message:?}");
    let loaded = sepax::lesson::load_lesson_path(&bad.0).unwrap_err();
    assert!(loaded.to_string().ends_with('\n'));
    assert!(loaded.0.iter().all(|d| d.to_string().ends_with('\n')));
}
