import CLAPACK
import Foundation
import Testing
@testable import PlumbKernel

@Suite("LAPACK wrapper")
struct LinearAlgebraTests {
    @Test("symmetric eigen recovers known spectra, ascending, orthonormal vectors")
    func symmetricEigenKnown() throws {
        var rng = SeededGenerator(seed: 11)
        for n in [1, 2, 4, 7, 12] {
            let q = FitFixtures.randomOrthogonal(n, &rng)
            let lambda: [Double] = (0..<n).map { (k: Int) -> Double in
                let t = Double(k)
                return t * 1.5 - 3 + 0.01 * t * t
            }
            let a = q * FitFixtures.diagonal(lambda, rows: n, columns: n) * q.transposed
            var sym = a
            for i in 0..<n { for j in 0..<i { sym[i, j] = sym[j, i] } }
            let e = try LinearAlgebra.symmetricEigen(sym)
            for k in 0..<n { #expect(abs(e.values[k] - lambda[k]) < 1e-12 * 20) }
            let vtv = e.vectors.transposed * e.vectors
            #expect(FitFixtures.maxAbsDifference(vtv, Matrix<Double>.identity(n)) < 1e-12)
            let av = sym * e.vectors
            let vl = e.vectors * FitFixtures.diagonal(e.values, rows: n, columns: n)
            #expect(FitFixtures.maxAbsDifference(av, vl) < 1e-12)
        }
    }

    @Test("single precision eigen and SVD agree with the double results")
    func floatVariants() throws {
        let a = Matrix<Float>([[4, 1, 0], [1, 3, 1], [0, 1, 2]])
        let e = try LinearAlgebra.symmetricEigen(a)
        // Eigenvalues of this tridiagonal matrix: 3 and 3 ± √3.
        let expected: [Float] = [3 - Float(3.0.squareRoot()), 3, 3 + Float(3.0.squareRoot())]
        for k in 0..<3 { #expect(abs(e.values[k] - expected[k]) < 1e-5) }
        let s = try LinearAlgebra.svd(a)
        for k in 0..<3 { #expect(abs(s.singularValues[k] - expected[2 - k]) < 1e-5) }
        let x = try LinearAlgebra.leastSquares(a, Matrix<Float>(rows: 3, columns: 1, columnMajor: [5, 5, 3]))
        for k in 0..<3 { #expect(abs(x[k, 0] - 1) < 1e-5) }
    }

    @Test("SVD recovers known singular values and reconstructs the matrix", arguments: [(6, 3), (3, 6), (5, 5)])
    func svdKnown(m: Int, n: Int) throws {
        var rng = SeededGenerator(seed: UInt64(m * 10 + n))
        let k = min(m, n)
        let sigma = (0..<k).map { 10.0 / Double($0 + 1) }
        let a = FitFixtures.randomOrthogonal(m, &rng) * FitFixtures.diagonal(sigma, rows: m, columns: n) * FitFixtures.randomOrthogonal(n, &rng)
        let d = try LinearAlgebra.svd(a)
        for i in 0..<k { #expect(abs(d.singularValues[i] - sigma[i]) < 1e-12 * 10) }
        let r = d.u * FitFixtures.diagonal(d.singularValues, rows: k, columns: k) * d.vt
        #expect(FitFixtures.maxAbsDifference(r, a) < 1e-12 * 10)
        #expect(FitFixtures.maxAbsDifference(d.u.transposed * d.u, Matrix<Double>.identity(k)) < 1e-12)
        #expect(abs(d.conditionNumber - sigma[0] / sigma[k - 1]) < 1e-9)
    }

    @Test("least squares: exact overdetermined system and the normal-equation solution under noise")
    func leastSquares() throws {
        var rng = SeededGenerator(seed: 5)
        let m = 50, n = 4
        var a = Matrix<Double>(rows: m, columns: n)
        for i in 0..<m { for j in 0..<n { a[i, j] = rng.nextGaussian() } }
        let xTrue = Matrix<Double>(rows: n, columns: 1, columnMajor: [1, -2, 0.5, 3])
        let bExact = a * xTrue
        let x = try LinearAlgebra.leastSquares(a, bExact)
        #expect(FitFixtures.maxAbsDifference(x, xTrue) < 1e-12)
        var b = bExact
        for i in 0..<m { b[i, 0] += 0.1 * rng.nextGaussian() }
        let xn = try LinearAlgebra.leastSquares(a, b)
        // Residual must be orthogonal to the column space: Aᵀ(Ax − b) = 0.
        let r = a * xn
        var grad = a.transposed * Matrix(rows: m, columns: 1, columnMajor: zip(r.elements, b.elements).map { $0 - $1 })
        grad.elements = grad.elements.map { abs($0) }
        #expect(grad.maxAbsEntry < 1e-10)
        #expect(FitFixtures.maxAbsDifference(xn, xTrue) < 0.1)
    }

    @Test("typed errors: empty, non-square, non-symmetric, NaN, rank deficient, mismatch")
    func errors() {
        #expect(throws: LinearAlgebraError.emptyMatrix(rows: 0, columns: 3)) {
            try LinearAlgebra.svd(Matrix<Double>(rows: 0, columns: 3))
        }
        #expect(throws: LinearAlgebraError.notSquare(rows: 2, columns: 3)) {
            try LinearAlgebra.symmetricEigen(Matrix<Double>(rows: 2, columns: 3))
        }
        #expect(throws: LinearAlgebraError.notSymmetric(row: 0, column: 1)) {
            try LinearAlgebra.symmetricEigen(Matrix<Double>([[1, 2], [3, 4]]))
        }
        #expect(throws: LinearAlgebraError.nonFiniteEntry(row: 1, column: 0)) {
            try LinearAlgebra.svd(Matrix<Double>([[1, 2], [.nan, 4]]))
        }
        // Second column is twice the first: exactly rank deficient.
        let deficient = Matrix<Double>([[1, 2], [2, 4], [3, 6]])
        #expect(throws: LinearAlgebraError.rankDeficient(column: 1)) {
            try LinearAlgebra.leastSquares(deficient, Matrix(rows: 3, columns: 1, repeating: 1))
        }
        #expect(throws: LinearAlgebraError.dimensionMismatch("right-hand side has 2 rows, matrix has 3")) {
            try LinearAlgebra.leastSquares(deficient, Matrix(rows: 2, columns: 1, repeating: 1))
        }
        let tooTall = LinearAlgebra.maximumDimension + 1
        #expect(throws: LinearAlgebraError.dimensionTooLarge(rows: tooTall, columns: 1)) {
            try LinearAlgebra.svd(Matrix<Float>(rows: tooTall, columns: 1))
        }
    }

    @Test("a LAPACK call leaves OpenBLAS on one thread unless OPENBLAS_NUM_THREADS is set")
    func blasThreadCount() throws {
        _ = try LinearAlgebra.svd(Matrix<Double>([[1, 2], [3, 4], [5, 7]]))
        if let chosen = ProcessInfo.processInfo.environment["OPENBLAS_NUM_THREADS"] {
            #expect(!BLASThreads.configured, "OPENBLAS_NUM_THREADS=\(chosen) is the process's choice")
        } else {
            #expect(BLASThreads.configured)
            #expect(openblas_get_num_threads() == 1)
        }
    }
}

