//! The geometry tests: box, sphere, triangle, mesh and curved-shape verdicts, first contacts,
//! contact points, measured distances and ray casts, against parry3d-f64, closed forms and the
//! course's hand-worked examples. One test binary for all of them, so the crate is linked once.

#[path = "../support/cli.rs"]
mod cli_support;
#[path = "../distances_convex_support/mod.rs"]
mod distances_convex_support;
#[path = "../distances_support/mod.rs"]
mod distances_support;
#[path = "../oracle_support/mod.rs"]
mod oracle_support;
#[path = "../support/pairs.rs"]
mod pairs;
#[path = "../rays_convex_support/mod.rs"]
mod rays_convex_support;
#[path = "../shapes_support/mod.rs"]
mod shapes_support;

// `support/rng.rs` is loaded once, inside the oracle helpers: a second `mod` of the same file
// would be another module with another `Rng` (clippy::duplicate_mod).
use oracle_support::rng;

mod batch_overlaps_many;
mod contact_points;
mod contact_table;
mod distance_terms;
mod distances_convex;
mod distances_kdop;
mod distances_oracle;
mod epa_depth;
mod grazing_contacts;
mod oracle_boxes;
mod overlap_contacts;
mod ray_paths;
mod ray_triangle_course;
mod rays_convex_oracle;
mod rays_kdop_oracle;
mod rays_oracle;
mod sat_examples;
mod shapes_box_triangle;
mod shapes_box_triangle_moving;
mod shapes_convex_contact;
mod shapes_convex_mesh;
mod shapes_convex_sweep;
mod shapes_ellipsoid;
mod shapes_gjk;
mod shapes_mesh;
mod shapes_triangle_triangle;
mod spheres_oracle;
mod table_closed_forms;
mod triangle_sweep;
mod volumes;
