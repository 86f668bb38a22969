/// Sign fixing for estimated normals: towards a viewpoint, or consistent propagation over a k-NN graph.
enum NormalOrientationSolver {
    /// Flips each normal so that `dot(n, viewpoint - p) >= 0` (evaluated in `Double`, world frame).
    static func orient(_ normals: inout NormalField, cloud: PointCloud, towards viewpoint: SIMD3<Double>) {
        let v = viewpoint - cloud.origin
        for i in 0..<cloud.count {
            let p = SIMD3<Double>(Double(cloud.x[i]), Double(cloud.y[i]), Double(cloud.z[i]))
            let nrm = SIMD3<Double>(Double(normals.x[i]), Double(normals.y[i]), Double(normals.z[i]))
            if dot(nrm, v - p) < 0 {
                normals.x[i] = -normals.x[i]
                normals.y[i] = -normals.y[i]
                normals.z[i] = -normals.z[i]
            }
        }
    }

    /// Minimum-spanning propagation (Prim) over the symmetrised graph whose directed rows are `graph`
    /// (`perRow` neighbour indices per point, self entries ignored). See ``NormalOrientation/consistent(neighbors:)``.
    static func propagate(_ normals: inout NormalField, cloud: PointCloud, graph: [Int32], perRow: Int) {
        let n = cloud.count
        guard n > 0, perRow > 0 else { return }
        // Symmetric CSR adjacency.
        var degree = [Int32](repeating: 0, count: n + 1)
        for i in 0..<n {
            for j in 0..<perRow {
                let t = Int(graph[i * perRow + j])
                if t == i { continue }
                degree[i + 1] += 1
                degree[t + 1] += 1
            }
        }
        for i in 0..<n { degree[i + 1] += degree[i] }
        var fill = Array(degree[0..<n])
        var adj = [Int32](repeating: 0, count: Int(degree[n]))
        for i in 0..<n {
            for j in 0..<perRow {
                let t = Int(graph[i * perRow + j])
                if t == i { continue }
                adj[Int(fill[i])] = Int32(t); fill[i] += 1
                adj[Int(fill[t])] = Int32(i); fill[t] += 1
            }
        }
        // Root order: points whose normals best agree with the direction to the centroid come first.
        var c = SIMD3<Double>.zero
        for i in 0..<n { c += SIMD3(Double(cloud.x[i]), Double(cloud.y[i]), Double(cloud.z[i])) }
        c /= Double(n)
        var score = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let d = c - SIMD3(Double(cloud.x[i]), Double(cloud.y[i]), Double(cloud.z[i]))
            let l = length(d)
            score[i] = l > 0 ? abs(dot(d, SIMD3(Double(normals.x[i]), Double(normals.y[i]), Double(normals.z[i])))) / l : 0
        }
        let rootOrder = (0..<n).sorted { score[$0] > score[$1] || (score[$0] == score[$1] && $0 < $1) }
        var visited = [Bool](repeating: false, count: n)
        var heap = EdgeHeap()
        func normal(_ i: Int) -> SIMD3<Float> { SIMD3(normals.x[i], normals.y[i], normals.z[i]) }
        for root in rootOrder where !visited[root] {
            let d = c - SIMD3(Double(cloud.x[root]), Double(cloud.y[root]), Double(cloud.z[root]))
            if dot(SIMD3<Double>(normal(root)), d) < 0 { flip(&normals, root) }
            visited[root] = true
            for e in Int(degree[root])..<Int(degree[root + 1]) {
                let t = Int(adj[e])
                if !visited[t] { heap.push(cost: 1 - abs(dot(normal(root), normal(t))), node: Int32(t), parent: Int32(root)) }
            }
            while let (node, parent) = heap.pop() {
                let i = Int(node)
                if visited[i] { continue }
                visited[i] = true
                if dot(normal(Int(parent)), normal(i)) < 0 { flip(&normals, i) }
                let ni = normal(i)
                for e in Int(degree[i])..<Int(degree[i + 1]) {
                    let t = Int(adj[e])
                    if !visited[t] { heap.push(cost: 1 - abs(dot(ni, normal(t))), node: Int32(t), parent: node) }
                }
            }
        }
    }

    private static func flip(_ normals: inout NormalField, _ i: Int) {
        normals.x[i] = -normals.x[i]
        normals.y[i] = -normals.y[i]
        normals.z[i] = -normals.z[i]
    }
}

/// Binary min-heap of graph edges keyed by (cost, node, parent) for deterministic Prim traversal.
struct EdgeHeap {
    private var cost: [Float] = []
    private var node: [Int32] = []
    private var parent: [Int32] = []

    private func less(_ a: Int, _ b: Int) -> Bool {
        cost[a] < cost[b] || (cost[a] == cost[b] && (node[a] < node[b] || (node[a] == node[b] && parent[a] < parent[b])))
    }

    private mutating func swapAt(_ a: Int, _ b: Int) {
        cost.swapAt(a, b)
        node.swapAt(a, b)
        parent.swapAt(a, b)
    }

    mutating func push(cost c: Float, node v: Int32, parent p: Int32) {
        cost.append(c)
        node.append(v)
        parent.append(p)
        var i = cost.count - 1
        while i > 0 {
            let up = (i - 1) / 2
            guard less(i, up) else { break }
            swapAt(i, up)
            i = up
        }
    }

    mutating func pop() -> (Int32, Int32)? {
        guard !cost.isEmpty else { return nil }
        let out = (node[0], parent[0])
        let last = cost.count - 1
        swapAt(0, last)
        cost.removeLast()
        node.removeLast()
        parent.removeLast()
        var i = 0
        let n = cost.count
        while true {
            let l = 2 * i + 1
            if l >= n { break }
            var m = l
            if l + 1 < n && less(l + 1, l) { m = l + 1 }
            guard less(m, i) else { break }
            swapAt(m, i)
            i = m
        }
        return out
    }
}
