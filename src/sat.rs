//! The separating-axis test for two oriented boxes: the 15 rows of Table 2.1, the fast verdict,
//! the sweep of moving boxes and the contact (METHODS §2–§4): one rule decides the axis of a
//! contact (`contact`), whoever asks.

mod axis;
mod contact;
mod features;
mod first_contact;
mod kernel;
mod least_overlap;
mod manifold;
mod overlap;
mod region;
mod rows;
mod sweep;
mod swept_contact;

use crate::geometry::Obb;

pub use axis::AxisId;
pub(crate) use contact::contact_from_trace;
pub use contact::{contact, contact_at, Contact, ContactKind};
pub use first_contact::first_contact;
pub use kernel::DEGENERATE_SINE;
pub use manifold::manifold;
pub use overlap::intersection_points;
pub use region::{Region, REGION_CAPACITY};
pub use rows::{overlaps, trace, trace_with, AxisRow, Robustness, SatTrace};
pub use sweep::{sweep, SweepRow, SweepTrace};

/// [`contact`] of boxes that overlap deeper than the tie tolerance (`None` otherwise).
pub(crate) fn overlap_at_rest(a: &Obb, b: &Obb) -> Option<Contact> {
    overlap::overlap_at_rest(a, b, 0.0)
}
