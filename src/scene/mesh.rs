//! A `mesh` body: vertices and index triples written in the scene, or a Wavefront OBJ file read
//! with `tobj`, then scaled, turned and placed; every bad value is reported at its place.

use std::sync::Arc;

use nalgebra::{UnitQuaternion, Vector3};
use toml::de::DeValue;

use super::body::Placed;
use super::fields::Fields;
use super::model::{MeshSpec, ShapeSpec};
use super::triangle::points_of;
use super::value::{self, Raw, Report};
use super::{obj, rotation};
use crate::geometry::{TriMesh, Triangle};

/// Validates the keys of a mesh body and builds its tree.
pub(crate) fn validate(f: &mut Fields<'_, '_>, r: &mut Report<'_>) -> Option<Placed> {
    let center = match f.raw("center") {
        None => Some(Vector3::zeros()),
        Some(_) => f.vec3(r, "center"),
    };
    let label = f.label().to_string();
    let rotation = match f.raw("rotation") {
        None => Some(UnitQuaternion::identity()),
        Some(raw) => rotation::validate(raw, &label, r),
    };
    if rotation.is_none() {
        f.fail();
    }
    let scale = read_scale(f, r);
    let source = read_source(f, r);
    let (source, scale, rotation, center) = (source?, scale?, rotation?, center?);
    let (vertices, triangles, file) = source;
    let local: Vec<Vector3<f64>> = vertices
        .iter()
        .map(|v| rotation * v.component_mul(&scale))
        .collect();
    let mesh = match TriMesh::new(local, triangles) {
        Ok(mesh) => mesh,
        Err(problem) => {
            // The scaled triangles are checked again: a very uneven scale can flatten one.
            let key = if file.is_some() { "file" } else { "scale" };
            r.error(
                f.span_of(key),
                format!("{label} cannot be built once scaled: {problem}"),
            );
            f.fail();
            return None;
        }
    };
    Some(Placed {
        shape: ShapeSpec::Mesh(MeshSpec {
            mesh: Arc::new(mesh),
            file,
        }),
        center,
        rotation,
        fit: None,
    })
}

/// The vertices, the index triples and the file they came from (`None` when inline).
type Source = (Vec<Vector3<f64>>, Vec<[u32; 3]>, Option<String>);

/// `scale`: one number greater than 0, or three of them (default 1).
fn read_scale(f: &mut Fields<'_, '_>, r: &mut Report<'_>) -> Option<Vector3<f64>> {
    let Some(raw) = f.raw("scale") else {
        return Some(Vector3::repeat(1.0));
    };
    let scale = match raw.get_ref() {
        DeValue::Array(_) => f.positive_vec3(r, "scale"),
        _ => f.positive(r, "scale").map(Vector3::repeat),
    };
    if scale.is_none() {
        f.fail();
    }
    scale
}

/// Either `file`, or `vertices` and `triangles`.
fn read_source(f: &mut Fields<'_, '_>, r: &mut Report<'_>) -> Option<Source> {
    let label = f.label().to_string();
    let file = f.raw("file");
    let vertices = f.raw("vertices");
    let triangles = f.raw("triangles");
    match (file, vertices.or(triangles)) {
        (Some(_), Some(inline)) => {
            let key = if vertices.is_some() {
                "vertices"
            } else {
                "triangles"
            };
            r.error(
                inline.span(),
                format!(
                    "{label} has both `file` and `{key}`: a mesh is read from an OBJ file or \
                     written as `vertices` and `triangles`, not both"
                ),
            );
            f.fail();
            None
        }
        (Some(_), None) => {
            let name = f.string(r, "file")?;
            let span = f.span_of("file");
            match obj::read(r, name) {
                Ok((vertices, triangles)) => Some((vertices, triangles, Some(name.to_string()))),
                Err(problem) => {
                    r.error(span, format!("`file` in {label}: {}", problem.message));
                    r.diagnostics.extend(problem.located);
                    f.fail();
                    None
                }
            }
        }
        (None, _) => {
            if vertices.is_none() && triangles.is_none() {
                let message = format!(
                    "{label} is missing `file` (an OBJ file) or `vertices` and `triangles`"
                );
                return f.missing_any(&["file", "vertices", "triangles"], message);
            }
            let points = match vertices {
                Some(raw) => points_of(r, &format!("`vertices` in {label}"), raw),
                None => f.missing("vertices", "the points the triangles index"),
            };
            let triangles = match triangles {
                Some(raw) => read_triangles(r, &label, raw, points.as_deref()),
                None => f.missing("triangles", "index triples [i, j, k] into `vertices`"),
            };
            if points.is_none() || triangles.is_none() {
                f.fail();
            }
            Some((points?, triangles?, None))
        }
    }
}

/// The index triples of `triangles`, each index checked against the vertices (when they could be
/// read) and each triangle checked for area.
fn read_triangles(
    r: &mut Report<'_>,
    label: &str,
    raw: &Raw<'_>,
    vertices: Option<&[Vector3<f64>]>,
) -> Option<Vec<[u32; 3]>> {
    let what = format!("`triangles` in {label}");
    let DeValue::Array(items) = raw.get_ref() else {
        let found = value::kind(raw.get_ref());
        r.error(
            raw.span(),
            format!("{what} must be an array of index triples [i, j, k], found {found}"),
        );
        return None;
    };
    if items.is_empty() {
        r.error(
            raw.span(),
            format!("{what} must hold at least one triangle"),
        );
        return None;
    }
    let parsed: Vec<Option<[u32; 3]>> = items
        .iter()
        .enumerate()
        .map(|(k, item)| read_triple(r, (&what, k), item, vertices))
        .collect();
    parsed.into_iter().collect()
}

/// Triangle `k` of `triangles`: three vertex indices in range, making a triangle with area.
fn read_triple(
    r: &mut Report<'_>,
    (what, k): (&str, usize),
    item: &Raw<'_>,
    vertices: Option<&[Vector3<f64>]>,
) -> Option<[u32; 3]> {
    let this = format!("triangle {k} of {what}");
    let DeValue::Array(indices) = item.get_ref() else {
        let found = value::kind(item.get_ref());
        r.error(
            item.span(),
            format!("{this} must be an array of 3 vertex indices, found {found}"),
        );
        return None;
    };
    if indices.len() != 3 {
        let n = indices.len();
        r.error(
            item.span(),
            format!("{this} must be an array of 3 vertex indices, found {n}"),
        );
        return None;
    }
    let count = vertices.map_or(u64::from(u32::MAX), |v| v.len() as u64);
    let read: Vec<Option<u32>> = indices
        .iter()
        .map(|index| read_index(r, &this, index, count))
        .collect();
    let triple: [u32; 3] = read
        .into_iter()
        .collect::<Option<Vec<u32>>>()?
        .try_into()
        .ok()?;
    if let Some(vertices) = vertices {
        let triangle = Triangle {
            vertices: triple.map(|i| vertices[i as usize]),
        };
        if let Some(evidence) = triangle.degeneracy() {
            r.error(
                item.span(),
                format!(
                    "{this} is degenerate, its corners (almost) on one line: area {:e} is below \
                     1e-12 of its longest edge squared ({:e})",
                    evidence.area,
                    evidence.longest_edge * evidence.longest_edge
                ),
            );
            return None;
        }
    }
    Some(triple)
}

/// One vertex index, a whole number below `count` (the number of vertices).
fn read_index(r: &mut Report<'_>, this: &str, raw: &Raw<'_>, count: u64) -> Option<u32> {
    if let DeValue::Integer(i) = raw.get_ref() {
        if i.as_str().starts_with('-') {
            r.error(
                raw.span(),
                format!("{this} names vertex {i}: vertex indices count from 0"),
            );
            return None;
        }
    }
    let index = value::count(r, &format!("each index of {this}"), raw, (0, u64::MAX))?;
    if (index as u64) < count {
        return u32::try_from(index).ok();
    }
    let last = count.saturating_sub(1);
    r.error(
        raw.span(),
        format!("{this} names vertex {index}, but `vertices` has {count} (indices 0 to {last})"),
    );
    None
}
