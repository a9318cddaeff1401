//! Any bytes given to the scene reader either load (and the scene is explained at frame 0) or
//! fail with diagnostics that end with a newline and hold no raw control character.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sepax::sat::Robustness;
use sepax::scene;

fuzz_target!(|data: &[u8]| {
    match scene::load_bytes(data, "fuzz.toml") {
        Ok(scene) => {
            let dt = scene.world.dt;
            let explained =
                sepax::trace::explain(&scene, &scene.bodies, 0, dt, None, Robustness::default());
            let n = scene.bodies.len();
            assert_eq!(explained.pairs.len(), n * n.saturating_sub(1) / 2);
        }
        Err(diagnostics) => {
            assert!(!diagnostics.0.is_empty());
            let shown = diagnostics.to_string();
            assert!(shown.ends_with('\n'));
            assert!(shown.chars().all(|c| c == '\n' || !c.is_control()));
        }
    }
});
