//! The magnitudes a scene's numbers may have, so that nothing the engine computes from them (a
//! product of a few of them, a square, an inverse) overflows or underflows to an infinity, a
//! NaN or a zero where a size was meant.

/// The smallest non-zero magnitude of a scene number (lengths, speeds, masses, stiffnesses, …).
pub const SMALLEST: f64 = 1e-9;

/// The most substeps a frame of the resting solver may take.
pub const MAX_SUBSTEPS: u64 = 64;

/// The most biased sweeps a substep may take.
pub const MAX_ITERATIONS: u64 = 64;

/// The largest magnitude of a scene number.
pub const LARGEST: f64 = 1e9;

/// The magnitudes a number may have: exactly 0, or between `smallest` and `largest`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// The smallest non-zero magnitude.
    pub smallest: f64,
    /// The largest magnitude.
    pub largest: f64,
}

/// Every number of a scene unless its key says otherwise: lengths, speeds, accelerations,
/// angles, masses, stiffnesses, damping, `dt`, friction.
pub const SCENE: Limits = Limits {
    smallest: SMALLEST,
    largest: LARGEST,
};

/// A central force's `strength` (`G·M`, or `G` between two bodies: 6.674e-11 in SI units).
pub const STRENGTH: Limits = Limits {
    smallest: 1e-15,
    largest: 1e15,
};

/// An error `tolerance` of adaptive sub-steps.
pub const TOLERANCE: Limits = Limits {
    smallest: 1e-15,
    largest: LARGEST,
};

impl Limits {
    /// Whether `x` is 0 or has a magnitude within the limits.
    pub fn admit(self, x: f64) -> bool {
        x == 0.0 || (self.smallest..=self.largest).contains(&x.abs())
    }

    /// The limits in words, e.g. `0 or between 1e-9 and 1e9 in magnitude`.
    pub fn describe(self) -> String {
        format!(
            "0 or between {:e} and {:e} in magnitude",
            self.smallest, self.largest
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_and_the_range_are_admitted_subnormals_and_huge_values_are_not() {
        for x in [0.0, -0.0, 1e-9, -1e9, 3.5, 6.674e-11 * 1e9] {
            assert!(SCENE.admit(x), "{x}");
        }
        for x in [
            1e308,
            -1e-308,
            5e-324,
            f64::MIN_POSITIVE,
            1.000_001e9,
            9.9e-10,
        ] {
            assert!(!SCENE.admit(x), "{x}");
        }
        assert!(STRENGTH.admit(6.674e-11));
        assert_eq!(SCENE.describe(), "0 or between 1e-9 and 1e9 in magnitude");
    }
}
