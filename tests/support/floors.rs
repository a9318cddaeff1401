//! Flat floors of every surface kind a body can rest on, for tests that drop a body on each.

/// Floors whose top is y = 0: a plane, a two-triangle mesh, one triangle and a fixed box.
pub const FLOORS: [(&str, &str); 4] = [
    ("plane", "shape = \"plane\"\nnormal = [0, 1, 0]"),
    (
        "mesh",
        "shape = \"mesh\"\nvertices = [[-5, 0, -5], [5, 0, -5], [5, 0, 5], [-5, 0, 5]]\n\
         triangles = [[0, 2, 1], [0, 3, 2]]",
    ),
    (
        "triangle",
        "shape = \"triangle\"\nvertices = [[-5, 0, -5], [-5, 0, 10], [10, 0, -5]]",
    ),
    (
        "box",
        "shape = \"box\"\nhalf_extents = [5, 0.5, 5]\ncenter = [0, -0.5, 0]\nfixed = true",
    ),
];
