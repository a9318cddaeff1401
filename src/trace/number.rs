//! Numbers as text output prints them: fixed decimals without a `-0.000`, and coordinates.

/// From this magnitude on, [`fixed`] writes scientific notation rather than every digit.
pub const SCIENTIFIC_FROM: f64 = 1e12;

/// `x` with `decimals` digits after the point; a value that rounds to zero prints without a sign
/// (`0.000`, never `-0.000`), and one of magnitude [`SCIENTIFIC_FROM`] or more in scientific
/// notation (`1.500e15`, not sixteen digits).
pub fn fixed(x: f64, decimals: usize) -> String {
    if x.abs() >= SCIENTIFIC_FROM && x.is_finite() {
        return format!("{x:.decimals$e}");
    }
    let text = format!("{x:.decimals$}");
    match text.strip_prefix('-') {
        Some(unsigned) if unsigned.bytes().all(|b| b == b'0' || b == b'.') => unsigned.to_string(),
        _ => text,
    }
}

/// `n` and the noun for it, singular for 1 (`1 node visited`, `3 nodes visited`).
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A point or vector as `(x, y, z)`, each coordinate by [`fixed`].
pub fn coordinates(v: &[f64; 3], decimals: usize) -> String {
    let [x, y, z] = v.map(|c| fixed(c, decimals));
    format!("({x}, {y}, {z})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_zero_and_tiny_negatives_print_unsigned() {
        assert_eq!(fixed(-0.0, 3), "0.000");
        assert_eq!(fixed(-0.0004, 3), "0.000");
        assert_eq!(fixed(-0.000_500_1, 3), "-0.001");
        assert_eq!(fixed(-1.5, 1), "-1.5");
        assert_eq!(fixed(-0.2, 0), "0");
        assert_eq!(fixed(f64::NAN, 3), "NaN");
        assert_eq!(fixed(f64::NEG_INFINITY, 3), "-inf");
        assert_eq!(fixed(-1.5e15, 3), "-1.500e15");
        assert_eq!(fixed(999_999_999_999.0, 1), "999999999999.0");
        assert_eq!(coordinates(&[-0.0, 1.0, -2e-9], 2), "(0.00, 1.00, 0.00)");
    }
}
