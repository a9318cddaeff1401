//! Any bytes given to the lesson reader either load or fail with diagnostics that end with a
//! newline and hold no raw control character.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sepax::{lesson, scene};

fuzz_target!(|data: &[u8]| {
    let loaded = scene::text_of(data, "fuzz.toml")
        .map_err(scene::Diagnostics::from)
        .and_then(|text| lesson::load_lesson_str(text, "fuzz.toml", None));
    if let Err(diagnostics) = loaded {
        assert!(!diagnostics.0.is_empty());
        let shown = diagnostics.to_string();
        assert!(shown.ends_with('\n'));
        assert!(shown.chars().all(|c| c == '\n' || !c.is_control()));
    }
});
