import PlumbKernel
import PlumbSim

/// The distinct planes of each labelled surface of a ``SceneMesh`` (a furniture box has six, a wall face
/// one, a curved wall one per facet), found by merging triangles with the same supporting plane.
struct SurfacePlanes {
    /// One supporting plane: `dot(normal, p) + d = 0`, normal sign-canonical.
    struct Plane {
        var normal: SIMD3<Double>
        var d: Double
        var surface: Int
    }

    /// All planes; `ofSurface[s]` lists the indices of surface `s`'s planes.
    private(set) var planes: [Plane] = []
    private(set) var ofSurface: [[Int]]

    /// Groups the mesh triangles. Triangles of one surface share a plane when their normals agree within
    /// about 0.1 degree and their offsets within 0.1 mm. O(triangles x planes per surface).
    init(mesh: SceneMesh) {
        ofSurface = Array(repeating: [], count: mesh.surfaces.count)
        for t in 0..<mesh.triangleCount {
            let a = mesh.vertices[3 * t], b = mesh.vertices[3 * t + 1], c = mesh.vertices[3 * t + 2]
            let cr = cross(b - a, c - a)
            let len = length(cr)
            guard len > 1e-12 else { continue }
            var n = cr / len
            let k = abs(n.x) >= abs(n.y) && abs(n.x) >= abs(n.z) ? 0 : (abs(n.y) >= abs(n.z) ? 1 : 2)
            if n[k] < 0 { n = -n }
            let d = -dot(n, a)
            let s = Int(mesh.surfaceOfTriangle[t])
            let same = ofSurface[s].contains { j in
                dot(planes[j].normal, n) > 0.999_998 && abs(planes[j].d - d) < 1e-4
            }
            if !same {
                ofSurface[s].append(planes.count)
                planes.append(Plane(normal: n, d: d, surface: s))
            }
        }
    }

    /// The plane of surface `s` that the noise-free point `p` lies on (within `tolerance` metres), if any.
    func plane(ofSurface s: Int, containing p: SIMD3<Double>, tolerance: Double = 2e-3) -> Int? {
        guard s >= 0, s < ofSurface.count else { return nil }
        var best: Int?
        var bestDistance = tolerance
        for j in ofSurface[s] {
            let dist = abs(dot(planes[j].normal, p) + planes[j].d)
            if dist <= bestDistance {
                best = j
                bestDistance = dist
            }
        }
        return best
    }
}
