//! One `[[body]]` table: the keys every body shares, then the keys of its shape.

use std::ops::Range;

use nalgebra::{UnitQuaternion, Vector3};
use toml::de::{DeTable, DeValue};

use super::fields::Fields;
use super::model::{BodySpec, FitReport, ShapeSpec};
use super::value::Report;
use super::{convex, mesh, points, rotation, triangle};

/// The valid values of `shape`.
pub const SHAPES: &[&str] = &[
    "box",
    "sphere",
    "plane",
    "points",
    "triangle",
    "mesh",
    "ellipsoid",
    "cylinder",
];

/// The keys of each shape beyond `name` and `shape`, for messages about misplaced keys.
const SHAPE_KEYS: &[(&str, &[&str])] = &[
    ("box", &["center", "rotation", "half_extents"]),
    ("sphere", &["center", "rotation", "radius"]),
    ("plane", &["normal", "offset"]),
    (
        "points",
        &["points", "fit", "obb_method", "sphere_method", "k"],
    ),
    ("triangle", &["vertices"]),
    (
        "mesh",
        &[
            "vertices",
            "triangles",
            "file",
            "center",
            "rotation",
            "scale",
        ],
    ),
    ("ellipsoid", &["center", "rotation", "radii"]),
    ("cylinder", &["center", "rotation", "radius", "half_height"]),
    ("moving", &["velocity", "angular_velocity", "mass", "fixed"]),
];

/// A validated body, or what could be read of its name for cross-checks.
pub(crate) struct Checked<'t> {
    /// The name and its place, when it could be read.
    pub name: Option<(&'t str, Range<usize>)>,
    /// The body, when it had no problem.
    pub spec: Option<BodySpec>,
}

/// Validates the `index`-th (0-based) body table whose header is at `span`.
pub(crate) fn validate<'t>(
    table: &'t DeTable<'_>,
    span: Range<usize>,
    index: usize,
    r: &mut Report<'_>,
) -> Checked<'t> {
    let mut f = Fields::new(table, span, format!("body #{}", index + 1));
    let name = read_name(&mut f, r);
    let named = name.map(|n| (n, f.span_of("name")));
    let shape = f.choice(r, "shape", SHAPES);
    let shape = shape.or_else(|| {
        f.missing(
            "shape",
            "one of box, sphere, plane, points, triangle, mesh, ellipsoid, cylinder",
        )
    });
    let Some(shape) = shape else {
        // Without a shape the allowed keys are unknown: report only what is missing.
        f.abandon(r);
        return Checked {
            name: named,
            spec: None,
        };
    };
    let placed = read_shape(&mut f, shape, r);
    // A k-DOP keeps its slabs along the world's directions: it never turns or responds.
    let bounding = shape == "points"
        && matches!(f.raw("fit").map(toml::Spanned::get_ref), Some(DeValue::String(s)) if s == "kdop");
    let motion = match shape {
        "plane" => plane_motion(&mut f, r),
        "triangle" | "mesh" => surface_motion(&mut f, r),
        "points" if bounding => surface_motion(&mut f, r),
        _ => read_motion(&mut f, r),
    };
    let finished = f.finish_with(r, |key, label, allowed| {
        misplaced(key, label, shape, bounding, allowed)
    });
    let spec = match (name, placed, finished) {
        (Some(name), Some(placed), true) => Some(BodySpec {
            name: name.to_string(),
            shape: placed.shape,
            center: placed.center,
            rotation: placed.rotation,
            velocity: motion.velocity,
            angular_velocity: motion.angular_velocity,
            mass: motion.mass,
            fixed: motion.fixed,
            fit: placed.fit,
        }),
        _ => None,
    };
    Checked { name: named, spec }
}

/// Reads the body's name, which then labels the body in messages.
fn read_name<'t>(f: &mut Fields<'t, '_>, r: &mut Report<'_>) -> Option<&'t str> {
    let name = f
        .string(r, "name")
        .or_else(|| f.missing("name", "a unique name"))?;
    if name.trim().is_empty() {
        r.error(
            f.span_of("name"),
            format!("the name of {} must not be empty", f.label()),
        );
        f.fail();
        return None;
    }
    f.set_label(format!("body {name:?}"));
    Some(name)
}

/// A shape with its placement in the world.
pub(crate) struct Placed {
    pub shape: ShapeSpec,
    pub center: Vector3<f64>,
    pub rotation: UnitQuaternion<f64>,
    pub fit: Option<FitReport>,
}

/// How a body moves.
struct Motion {
    velocity: Vector3<f64>,
    angular_velocity: Vector3<f64>,
    mass: f64,
    fixed: bool,
}

/// Reads the keys of `shape` (one of [`SHAPES`]).
fn read_shape(f: &mut Fields<'_, '_>, shape: &str, r: &mut Report<'_>) -> Option<Placed> {
    match shape {
        "points" => points::validate(f, r),
        "plane" => read_plane(f, r),
        "triangle" => triangle::validate(f, r),
        "mesh" => mesh::validate(f, r),
        "ellipsoid" | "cylinder" => convex::validate(f, shape, r),
        _ => read_solid(f, shape == "box", r),
    }
}

/// Reads a plane's unit normal and offset.
fn read_plane(f: &mut Fields<'_, '_>, r: &mut Report<'_>) -> Option<Placed> {
    let normal = f
        .vec3(r, "normal")
        .or_else(|| f.missing("normal", "the plane's normal"));
    let offset = f.number(r, "offset").unwrap_or(0.0);
    let unit = normal.and_then(|n| Vector3::from(rotation::scaled(n.into())).try_normalize(0.0));
    if normal.is_some() && unit.is_none() {
        let label = f.label().to_string();
        r.error(
            f.span_of("normal"),
            format!("the normal of {label} must not be zero"),
        );
        f.fail();
    }
    let shape = ShapeSpec::Plane {
        normal: unit?,
        offset,
    };
    let rotation = UnitQuaternion::identity();
    Some(Placed {
        shape,
        center: Vector3::zeros(),
        rotation,
        fit: None,
    })
}

/// Reads the centre and rotation of a solid body (a box, a sphere, an ellipsoid, a cylinder).
pub(crate) fn read_placement(
    f: &mut Fields<'_, '_>,
    r: &mut Report<'_>,
) -> (Option<Vector3<f64>>, Option<UnitQuaternion<f64>>) {
    let center = f.vec3(r, "center");
    let center = center.or_else(|| f.missing("center", "the position of its centre"));
    let label = f.label().to_string();
    let rotation = match f.raw("rotation") {
        None => Some(UnitQuaternion::identity()),
        Some(raw) => rotation::validate(raw, &label, r),
    };
    if rotation.is_none() {
        f.fail();
    }
    (center, rotation)
}

/// Reads the centre, rotation and size of a box or a sphere.
fn read_solid(f: &mut Fields<'_, '_>, is_box: bool, r: &mut Report<'_>) -> Option<Placed> {
    let (center, rotation) = read_placement(f, r);
    let shape = if is_box {
        let half = f.positive_vec3(r, "half_extents");
        let half = half.or_else(|| f.missing("half_extents", "a box needs them"));
        half.map(|h| ShapeSpec::Box { half_extents: h })
    } else {
        let radius = f.positive(r, "radius");
        let radius = radius.or_else(|| f.missing("radius", "a sphere needs it"));
        radius.map(|radius| ShapeSpec::Sphere { radius })
    };
    Some(Placed {
        shape: shape?,
        center: center?,
        rotation: rotation?,
        fit: None,
    })
}

/// Reads velocity, angular velocity, mass and `fixed`; invalid values mark the table failed.
fn read_motion(f: &mut Fields<'_, '_>, r: &mut Report<'_>) -> Motion {
    Motion {
        velocity: f.vec3(r, "velocity").unwrap_or_else(Vector3::zeros),
        angular_velocity: f.vec3(r, "angular_velocity").unwrap_or_else(Vector3::zeros),
        mass: f.positive(r, "mass").unwrap_or(1.0),
        fixed: f.boolean(r, "fixed").unwrap_or(false),
    }
}

/// A plane never moves: `fixed` may only be `true`.
fn plane_motion(f: &mut Fields<'_, '_>, r: &mut Report<'_>) -> Motion {
    if f.boolean(r, "fixed") == Some(false) {
        let label = f.label().to_string();
        r.error(
            f.span_of("fixed"),
            format!("{label} is a plane, which is always fixed"),
        );
        f.fail();
    }
    let zero = Vector3::zeros();
    Motion {
        velocity: zero,
        angular_velocity: zero,
        mass: 1.0,
        fixed: true,
    }
}

/// A triangle or a mesh is never dynamic: it stays put, or moves at its constant `velocity`.
fn surface_motion(f: &mut Fields<'_, '_>, r: &mut Report<'_>) -> Motion {
    let velocity = f.vec3(r, "velocity").unwrap_or_else(Vector3::zeros);
    Motion {
        velocity,
        angular_velocity: Vector3::zeros(),
        mass: 1.0,
        fixed: velocity == Vector3::zeros(),
    }
}

/// The message for a key that belongs to another shape, or `None` for a plain unknown key.
fn misplaced(key: &str, label: &str, shape: &str, bounding: bool, allowed: &str) -> Option<String> {
    if bounding && ["angular_velocity", "mass", "fixed"].contains(&key) {
        return Some(format!(
            "`{key}` does not apply to {label}: a k-DOP (fit = \"kdop\") is a bounding volume \
             whose slabs keep the world's directions, so it is never dynamic; it stays where it \
             is, or moves at its constant `velocity`; allowed keys: {allowed}"
        ));
    }
    if shape == "points" && (key == "center" || key == "rotation") {
        return Some(format!(
            "`{key}` cannot be given for {label}: the fit of its points decides it"
        ));
    }
    if shape == "triangle" && (key == "center" || key == "rotation") {
        return Some(format!(
            "`{key}` cannot be given for {label}: a triangle is placed by its `vertices`, in \
             world coordinates; allowed keys: {allowed}"
        ));
    }
    let surface = shape == "triangle" || shape == "mesh";
    if surface && ["angular_velocity", "mass", "fixed"].contains(&key) {
        return Some(format!(
            "`{key}` does not apply to a {shape} ({label}): triangles and meshes are never \
             dynamic; they stay where they are, or move at their constant `velocity`; allowed \
             keys: {allowed}"
        ));
    }
    let owners: Vec<&str> = SHAPE_KEYS
        .iter()
        .filter(|(_, keys)| keys.contains(&key))
        .map(|(owner, _)| *owner)
        .collect();
    let reason = match owners.as_slice() {
        [] => return None,
        ["moving"] => "a plane never moves".to_string(),
        owners => format!("it is a key of {} bodies", owners.join(" and ")),
    };
    let article = if shape.starts_with('e') { "an" } else { "a" };
    Some(format!(
        "`{key}` does not apply to {article} {shape} ({label}): {reason}; allowed keys: {allowed}"
    ))
}
