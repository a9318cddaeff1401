//! Folds over floats that keep a NaN: `f64::max` and `f64::min` drop it and return the other
//! operand, so a blown-up value would fold into a finite, plausible one.

/// The larger of `a` and `b`, or NaN when either is NaN.
#[inline]
pub fn max_nan(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else {
        a.max(b)
    }
}

/// The smaller of `a` and `b`, or NaN when either is NaN.
#[inline]
pub fn min_nan(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else {
        a.min(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nan_survives_the_fold() {
        let values = [1.0, f64::NAN, 3.0];
        assert!(values.iter().copied().fold(0.0, max_nan).is_nan());
        assert!(values.iter().copied().fold(f64::INFINITY, min_nan).is_nan());
        assert_eq!([1.0, 3.0, 2.0].into_iter().fold(0.0, max_nan), 3.0);
        assert_eq!([1.0, 3.0, -2.0].into_iter().fold(0.0, min_nan), -2.0);
        assert_eq!(max_nan(f64::INFINITY, 1.0), f64::INFINITY);
    }
}
