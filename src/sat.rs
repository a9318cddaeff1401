//! The separating-axis test for two oriented boxes: the 15 rows of Table 2.1, the fast verdict,
//! the sweep of moving boxes and the contact point (METHODS §2–§4).

mod axis;
mod batch;
mod contact;
mod first_contact;
mod kernel;
mod region;
mod rows;
mod sweep;
mod swept_contact;

pub use axis::AxisId;
pub use batch::{overlaps_many, BoxPairs};
pub use contact::{contact_at, intersection_points, Contact, ContactKind};
pub use first_contact::first_contact;
pub use kernel::DEGENERATE_SINE;
pub use region::{Region, REGION_CAPACITY};
pub use rows::{overlaps, trace, trace_with, AxisRow, Robustness, SatTrace};
pub use sweep::{sweep, SweepRow, SweepTrace};
