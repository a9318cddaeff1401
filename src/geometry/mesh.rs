//! The triangle mesh: vertices, index triples and the bounding-volume tree of its triangles.

use nalgebra::Vector3;

use super::bvh::Bvh;
use super::triangle::{DegenerateTriangle, Triangle};
use super::Aabb;

/// Why a mesh cannot be built; every variant names the triangle or vertex at fault.
#[derive(Clone, Debug, PartialEq)]
pub enum MeshError {
    /// No triangles.
    Empty,
    /// A vertex with a coordinate that is not finite.
    NonFiniteVertex {
        /// Its index.
        vertex: usize,
    },
    /// A triangle names a vertex that does not exist.
    IndexOutOfRange {
        /// The triangle's index.
        triangle: usize,
        /// The index it names.
        index: u32,
        /// How many vertices there are.
        vertices: usize,
    },
    /// A triangle with (almost) no area.
    Degenerate {
        /// The triangle's index.
        triangle: usize,
        /// Its area and size.
        evidence: DegenerateTriangle,
    },
}

impl std::fmt::Display for MeshError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MeshError::Empty => write!(f, "a mesh needs at least one triangle"),
            MeshError::NonFiniteVertex { vertex } => {
                write!(f, "vertex {vertex} has a coordinate that is not a finite number")
            }
            MeshError::IndexOutOfRange { triangle, index, vertices } => write!(
                f,
                "triangle {triangle} names vertex {index}, but there are only {vertices} vertices (0..{})",
                vertices.saturating_sub(1)
            ),
            MeshError::Degenerate { triangle, evidence } => write!(f, "triangle {triangle}: {evidence}"),
        }
    }
}

impl std::error::Error for MeshError {}

/// A triangle mesh in world coordinates with its AABB tree.
#[derive(Clone, Debug, PartialEq)]
pub struct TriMesh {
    vertices: Vec<Vector3<f64>>,
    triangles: Vec<[u32; 3]>,
    bvh: Bvh,
}

impl TriMesh {
    /// The mesh of these vertices and index triples, checked, with its tree built.
    pub fn new(vertices: Vec<Vector3<f64>>, triangles: Vec<[u32; 3]>) -> Result<Self, MeshError> {
        if triangles.is_empty() {
            return Err(MeshError::Empty);
        }
        if let Some(vertex) = vertices
            .iter()
            .position(|v| v.iter().any(|x| !x.is_finite()))
        {
            return Err(MeshError::NonFiniteVertex { vertex });
        }
        for (triangle, corners) in triangles.iter().enumerate() {
            if let Some(&index) = corners.iter().find(|&&i| i as usize >= vertices.len()) {
                return Err(MeshError::IndexOutOfRange {
                    triangle,
                    index,
                    vertices: vertices.len(),
                });
            }
            let t = Triangle {
                vertices: corners.map(|i| vertices[i as usize]),
            };
            if let Some(evidence) = t.degeneracy() {
                return Err(MeshError::Degenerate { triangle, evidence });
            }
        }
        let boxes: Vec<Aabb> = triangles
            .iter()
            .map(|c| {
                Triangle {
                    vertices: c.map(|i| vertices[i as usize]),
                }
                .aabb()
            })
            .collect();
        let bvh = Bvh::build(&boxes);
        Ok(Self {
            vertices,
            triangles,
            bvh,
        })
    }

    /// The vertices.
    pub fn vertices(&self) -> &[Vector3<f64>] {
        &self.vertices
    }

    /// The index triples.
    pub fn triangles(&self) -> &[[u32; 3]] {
        &self.triangles
    }

    /// How many triangles.
    pub fn len(&self) -> usize {
        self.triangles.len()
    }

    /// Whether there are no triangles (never, for a mesh built by [`TriMesh::new`]).
    pub fn is_empty(&self) -> bool {
        self.triangles.is_empty()
    }

    /// Triangle `i`.
    #[inline]
    pub fn triangle(&self, i: usize) -> Triangle {
        Triangle {
            vertices: self.triangles[i].map(|k| self.vertices[k as usize]),
        }
    }

    /// The tree of the triangles' AABBs.
    pub fn bvh(&self) -> &Bvh {
        &self.bvh
    }

    /// The AABB of the whole mesh.
    pub fn aabb(&self) -> Aabb {
        self.bvh.nodes[0].aabb
    }

    /// The same mesh moved by `offset` (the tree moves with it).
    #[must_use]
    pub fn translated(&self, offset: &Vector3<f64>) -> Self {
        Self {
            vertices: self.vertices.iter().map(|v| v + offset).collect(),
            triangles: self.triangles.clone(),
            bvh: self.bvh.translated(offset),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> (Vec<Vector3<f64>>, Vec<[u32; 3]>) {
        let v = vec![
            Vector3::zeros(),
            Vector3::x(),
            Vector3::new(1.0, 1.0, 0.0),
            Vector3::y(),
        ];
        (v, vec![[0, 1, 2], [0, 2, 3]])
    }

    #[test]
    fn bad_meshes_name_the_culprit() {
        let (v, t) = square();
        let mesh = TriMesh::new(v.clone(), t).unwrap();
        assert_eq!(mesh.len(), 2);
        assert_eq!(mesh.aabb().max, Vector3::new(1.0, 1.0, 0.0));
        let out = TriMesh::new(v.clone(), vec![[0, 1, 2], [0, 2, 7]]).unwrap_err();
        assert_eq!(
            out.to_string(),
            "triangle 1 names vertex 7, but there are only 4 vertices (0..3)"
        );
        let flat = TriMesh::new(v.clone(), vec![[0, 1, 1]]).unwrap_err();
        assert!(flat
            .to_string()
            .starts_with("triangle 0: degenerate triangle"));
        assert_eq!(TriMesh::new(v, vec![]).unwrap_err(), MeshError::Empty);
        let nan =
            TriMesh::new(vec![Vector3::new(f64::NAN, 0.0, 0.0)], vec![[0, 0, 0]]).unwrap_err();
        assert_eq!(nan, MeshError::NonFiniteVertex { vertex: 0 });
    }
}
