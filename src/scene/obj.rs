//! The Wavefront OBJ file of a mesh body: found beside the scene (or among the shipped files for
//! a shipped scene), parsed by `tobj`, its faces triangulated and its models joined into one.

use std::path::Path;

use nalgebra::Vector3;

use super::diagnostic::Diagnostic;
use super::limits;
use super::load::{read_file, shipped_files};
use super::obj_check::obj_problems;
use super::value::Report;
use crate::geometry::Triangle;

/// A mesh as read: its vertices and index triples.
type Read = (Vec<Vector3<f64>>, Vec<[u32; 3]>);

/// Why an OBJ file could not be read: a message for the scene's `file =`, and the problems
/// located in the OBJ file itself.
#[derive(Debug)]
pub(crate) struct ObjError {
    /// What the scene's `file =` is told.
    pub message: String,
    /// Problems at their line and column in the OBJ file.
    pub located: Vec<Diagnostic>,
}

impl From<String> for ObjError {
    fn from(message: String) -> Self {
        Self {
            message,
            located: Vec::new(),
        }
    }
}

/// The vertices and index triples of the OBJ file `name` (relative to the scene file), or what is
/// wrong with it: in words, and where it has a place in the OBJ file, at that place.
pub(crate) fn read(r: &Report<'_>, name: &str) -> Result<Read, ObjError> {
    if name.trim().is_empty() {
        return Err("must name an OBJ file, relative to the scene file"
            .to_string()
            .into());
    }
    let (bytes, shown) = if r.is_shipped() {
        let found = shipped_files().iter().find(|(file, _)| *file == name);
        let bytes = found
            .map(|(_, bytes)| bytes.to_vec())
            .ok_or_else(|| format!("no file `{name}` is shipped beside the scene"))?;
        (bytes, format!("scenes/{name}"))
    } else {
        let folder = Path::new(r.path()).parent().unwrap_or(Path::new(""));
        let path = folder.join(name);
        let bytes = read_file(&path).map_err(|d| {
            format!(
                "cannot read the OBJ file `{name}` (looked for at {}): {}",
                path.display(),
                d.message
            )
        })?;
        (bytes, path.display().to_string())
    };
    if let Ok(text) = std::str::from_utf8(&bytes) {
        let located = obj_problems(text, &shown);
        if !located.is_empty() {
            let count = located.len();
            let message = format!(
                "the OBJ file `{name}` has {count} problem{}, reported at {} in {shown}",
                if count == 1 { "" } else { "s" },
                if count == 1 {
                    "its place"
                } else {
                    "their places"
                }
            );
            return Err(ObjError { message, located });
        }
    }
    Ok(parse(&bytes, name)?)
}

/// The OBJ text in `bytes` as one mesh; `name` names the file in messages.
fn parse(bytes: &[u8], name: &str) -> Result<Read, String> {
    let options = tobj::LoadOptions {
        triangulate: true,
        ignore_points: true,
        ignore_lines: true,
        ..tobj::LoadOptions::default()
    };
    let mut reader = bytes;
    // Material libraries are not read: a mesh body is geometry only.
    let loaded = tobj::load_obj_buf(&mut reader, &options, |_| {
        Err(tobj::LoadError::OpenFileFailed)
    });
    let (models, _) =
        loaded.map_err(|e| format!("tobj cannot read `{name}` as an OBJ file: {e}"))?;
    let mut vertices = Vec::new();
    let mut triangles = Vec::new();
    for model in &models {
        let mesh = &model.mesh;
        let first = u32::try_from(vertices.len()).map_err(|_| too_many(name))?;
        for (k, p) in mesh.positions.chunks_exact(3).enumerate() {
            let v = Vector3::new(p[0], p[1], p[2]);
            if let Some(x) = v.iter().find(|x| !limits::SCENE.admit(**x)) {
                let index = vertices.len() + k;
                return Err(format!(
                    "vertex {index} of `{name}` has the coordinate {x}, which must be {} (the \
                     scene limits)",
                    limits::SCENE.describe()
                ));
            }
        }
        vertices.extend(
            mesh.positions
                .chunks_exact(3)
                .map(|p| Vector3::new(p[0], p[1], p[2])),
        );
        for corners in mesh.indices.chunks_exact(3) {
            let triple = [corners[0], corners[1], corners[2]].map(|i| first.saturating_add(i));
            triangles.push(triple);
        }
    }
    if triangles.is_empty() {
        return Err(format!(
            "`{name}` holds no triangle (no face `f` with 3 or more corners)"
        ));
    }
    for (k, triple) in triangles.iter().enumerate() {
        let corners = triple.map(|i| vertices.get(i as usize).copied());
        let [Some(a), Some(b), Some(c)] = corners else {
            return Err(format!(
                "triangle {k} of `{name}` names a vertex it does not have"
            ));
        };
        if let Some(evidence) = Triangle::new(a, b, c).degeneracy() {
            return Err(format!(
                "triangle {k} of `{name}` (counted from 0 in the order of its faces, each \
                 polygon cut into a fan of triangles) is degenerate, its corners (almost) on one \
                 line: area {:e} is below 1e-12 of its longest edge squared ({:e})",
                evidence.area,
                evidence.longest_edge * evidence.longest_edge
            ));
        }
    }
    Ok((vertices, triangles))
}

/// The message for a file with more vertices than an index can name.
fn too_many(name: &str) -> String {
    format!("`{name}` has more vertices than a mesh can index (4,294,967,295)")
}
