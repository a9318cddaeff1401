//! The separating-axis test (in progress).
