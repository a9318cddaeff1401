//! A small seeded generator shared by the tests and the benchmark, so a failure names the seed
//! and index that reproduce it.
#![allow(dead_code)]

use sepax::nalgebra::{Quaternion, Unit, UnitQuaternion, Vector3};
use sepax::Obb;

/// A small xorshift64* generator; deterministic across platforms.
pub struct Rng {
    state: u64,
}

impl Rng {
    /// One stream of numbers for a whole test, seeded with `seed`.
    pub fn seeded(seed: u64) -> Self {
        Self::case(seed, 0)
    }

    /// The generator of case `index` of the family seeded with `seed` (splitmix64 of both).
    pub fn case(seed: u64, index: u64) -> Self {
        let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Self {
            state: (z ^ (z >> 31)) | 1,
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.state;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.state = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1_u64 << 53) as f64
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// Log-uniform in `[lo, hi)` (both positive).
    pub fn log_range(&mut self, lo: f64, hi: f64) -> f64 {
        (lo.ln() + (hi.ln() - lo.ln()) * self.unit()).exp()
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// `-1` or `+1`.
    pub fn sign(&mut self) -> f64 {
        if self.next_u64() & 1 == 0 {
            -1.0
        } else {
            1.0
        }
    }

    /// Uniform in the cube `[-w, w]³`.
    pub fn vector(&mut self, w: f64) -> Vector3<f64> {
        Vector3::new(self.range(-w, w), self.range(-w, w), self.range(-w, w))
    }

    /// Half-extents, each uniform in `[lo, hi)`.
    pub fn extents(&mut self, lo: f64, hi: f64) -> Vector3<f64> {
        Vector3::new(self.range(lo, hi), self.range(lo, hi), self.range(lo, hi))
    }

    /// A uniformly distributed unit direction.
    pub fn direction(&mut self) -> Unit<Vector3<f64>> {
        loop {
            let v = self.vector(1.0);
            if (0.01..=1.0).contains(&v.norm_squared()) {
                return Unit::new_normalize(v);
            }
        }
    }

    /// A uniformly distributed rotation (Shoemake's method).
    pub fn rotation(&mut self) -> UnitQuaternion<f64> {
        let (u1, u2, u3) = (self.unit(), self.range(0.0, 1.0), self.range(0.0, 1.0));
        let tau = std::f64::consts::TAU;
        let (s, c) = ((1.0 - u1).sqrt(), u1.sqrt());
        UnitQuaternion::from_quaternion(Quaternion::new(
            c * (tau * u3).cos(),
            s * (tau * u2).sin(),
            s * (tau * u2).cos(),
            c * (tau * u3).sin(),
        ))
    }

    /// A box with a random rotation, centre in `[-w, w]³` and half-extents in `[0.05, 3)`.
    pub fn obb(&mut self, w: f64) -> Obb {
        let center = self.vector(w);
        let rotation = self.rotation();
        Obb::new(center, rotation, self.extents(0.05, 3.0))
    }
}
