#!/usr/bin/env python3
"""Writes LAS files with laspy and E57 files with pye57 (libE57Format), as independent writers for
Plumbline's readers.

  write_las_e57.py fixtures OUTDIR          round-trip fixtures + truth files (used by PlumbIOTests)
  write_las_e57.py convert IN.ply OUT.las|OUT.e57 [--offset X Y Z] [--scans N]
                                            a binary little-endian PLY (x y z float/double) to LAS 1.4
                                            (format 7, 1 mm scale) or E57 (N scans, posed, ScaledInteger)

Fixture truth files (little-endian float64 rows):
  las_<name>.truth  rows of x y z intensity red green blue withheld (world, un-quantised; colours 16-bit)
  e57.truth         rows of scan valid x y z intensity red green blue (world, un-quantised)
"""
import math, os, sys
import numpy as np


def las_fixtures(out):
    import laspy
    rng = np.random.default_rng(2026)
    n = 3000
    base = np.array([512_345.0, 5_234_567.0, 312.0])  # ~500 km from zero
    local = np.column_stack([rng.uniform(-40, 40, n), rng.uniform(-25, 25, n), rng.uniform(0, 6, n)])
    world = base + local
    intensity = rng.integers(0, 65536, n)
    rgb = rng.integers(0, 256, (n, 3)) * 256
    withheld = (rng.random(n) < 0.05).astype(np.float64)
    cases = [("p0_v12", "1.2", 0, False), ("p1_v12", "1.2", 1, False), ("p2_v12", "1.2", 2, False),
             ("p3_v13", "1.3", 3, True), ("p6_v14", "1.4", 6, False), ("p7_v14", "1.4", 7, True),
             ("p8_v14", "1.4", 8, False)]
    for name, version, fmt, extra in cases:
        header = laspy.LasHeader(point_format=fmt, version=version)
        header.scales = np.array([0.001, 0.001, 0.001])
        header.offsets = np.array([512_000.0, 5_234_000.0, 0.0])
        if extra:
            header.add_extra_dim(laspy.ExtraBytesParams(name="reflectance", type=np.float64))
            header.add_extra_dim(laspy.ExtraBytesParams(name="tag", type=np.uint16))
        las = laspy.LasData(header)
        las.x, las.y, las.z = world[:, 0], world[:, 1], world[:, 2]
        las.intensity = intensity
        if fmt in (2, 3, 5, 7, 8, 10):
            las.red, las.green, las.blue = rgb[:, 0], rgb[:, 1], rgb[:, 2]
        las.withheld = withheld.astype(bool)
        las.synthetic = rng.random(n) < 0.05
        if extra:
            las.reflectance = rng.random(n)
            las.tag = rng.integers(0, 65535, n)
        las.write(os.path.join(out, f"las_{name}.las"))
        has_rgb = fmt in (2, 3, 5, 7, 8, 10)
        truth = np.column_stack([world, intensity, rgb if has_rgb else np.zeros((n, 3)), withheld])
        truth.astype("<f8").tofile(os.path.join(out, f"las_{name}.truth"))


def quat_matrix(q):
    w, x, y, z = np.asarray(q, dtype=float) / np.linalg.norm(q)
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                     [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                     [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


def e57_open(path):
    import pye57
    from pye57 import libe57
    e = pye57.E57(path, mode="w")  # writes the standard root header
    return e, libe57, e.image_file


def e57_scan(e, libe57, imf, fields, arrays, n, rotation, translation, name):
    """Appends one data3D scan: `fields` is [(name, node)], `arrays` name -> numpy array."""
    scan = libe57.StructureNode(imf)
    scan.set("guid", libe57.StringNode(imf, "{%s}" % name))
    scan.set("name", libe57.StringNode(imf, name))
    pose = libe57.StructureNode(imf)
    r = libe57.StructureNode(imf)
    for k, v in zip("wxyz", rotation):
        r.set(k, libe57.FloatNode(imf, float(v)))
    t = libe57.StructureNode(imf)
    for k, v in zip("xyz", translation):
        t.set(k, libe57.FloatNode(imf, float(v)))
    pose.set("rotation", r)
    pose.set("translation", t)
    scan.set("pose", pose)
    if "colorRed" in arrays:
        limits = libe57.StructureNode(imf)
        for c in ("Red", "Green", "Blue"):
            limits.set(f"color{c}Minimum", libe57.IntegerNode(imf, 0))
            limits.set(f"color{c}Maximum", libe57.IntegerNode(imf, 255))
        scan.set("colorLimits", limits)
    proto = libe57.StructureNode(imf)
    for fname, node in fields:
        proto.set(fname, node)
    codecs = libe57.VectorNode(imf, True)
    points = libe57.CompressedVectorNode(imf, proto, codecs)
    scan.set("points", points)
    e.data3d.append(scan)
    buffers = libe57.VectorSourceDestBuffer()
    keep = []
    for fname, _ in fields:
        a = np.ascontiguousarray(arrays[fname])
        keep.append(a)
        buffers.append(libe57.SourceDestBuffer(imf, fname, a, n, True, True))
    w = points.writer(buffers)
    w.write(n)
    w.close()


def e57_fixtures(out):
    rng = np.random.default_rng(57)
    e, libe57, imf = e57_open(os.path.join(out, "two_scans.e57"))
    truth = []
    # Scan 0: cartesian ScaledInteger (0.5 mm), invalid states, Float intensity, Integer colours.
    n0 = 2500
    p0 = np.column_stack([rng.uniform(-30, 30, n0), rng.uniform(-20, 20, n0), rng.uniform(-1.5, 3, n0)])
    state0 = (rng.random(n0) < 0.04).astype(np.int64) * 2
    inten0 = rng.random(n0).astype(np.float32)
    rgb0 = rng.integers(0, 256, (n0, 3))
    q0 = np.array([math.cos(0.35), 0.0, 0.0, math.sin(0.35)])  # 40 degrees about z
    t0 = np.array([498_765.25, 5_120_432.5, 211.75])
    s = 0.0005
    fields = [(a, libe57.ScaledIntegerNode(imf, 0, -100_000, 100_000, s, 0.0)) for a in ("cartesianX", "cartesianY", "cartesianZ")]
    fields += [("cartesianInvalidState", libe57.IntegerNode(imf, 0, 0, 2)),
               ("intensity", libe57.FloatNode(imf, 0.0, libe57.E57_SINGLE, 0.0, 1.0)),
               ("colorRed", libe57.IntegerNode(imf, 0, 0, 255)), ("colorGreen", libe57.IntegerNode(imf, 0, 0, 255)),
               ("colorBlue", libe57.IntegerNode(imf, 0, 0, 255))]
    arrays = {"cartesianX": p0[:, 0].copy(), "cartesianY": p0[:, 1].copy(), "cartesianZ": p0[:, 2].copy(),
              "cartesianInvalidState": state0.astype(np.int8), "intensity": inten0,
              "colorRed": rgb0[:, 0].astype(np.uint8), "colorGreen": rgb0[:, 1].astype(np.uint8), "colorBlue": rgb0[:, 2].astype(np.uint8)}
    e57_scan(e, libe57, imf, fields, arrays, n0, q0, t0, "scan0")
    w0 = p0 @ quat_matrix(q0).T + t0
    for i in range(n0):
        truth.append([0, state0[i] == 0, *w0[i], inten0[i], *rgb0[i]])
    # Scan 1: spherical Float double, invalid states, Float intensity, Integer colours; tilted pose.
    n1 = 2000
    rng_ = rng.uniform(0.5, 25, n1)
    az = rng.uniform(-math.pi, math.pi, n1)
    el = rng.uniform(-1.2, 1.2, n1)
    state1 = (rng.random(n1) < 0.05).astype(np.int64)
    inten1 = rng.random(n1).astype(np.float32)
    rgb1 = rng.integers(0, 256, (n1, 3))
    q1 = np.array([0.9, 0.1, -0.2, 0.3])
    q1 = q1 / np.linalg.norm(q1)
    t1 = np.array([498_790.5, 5_120_401.125, 212.0])
    fields = [("sphericalRange", libe57.FloatNode(imf, 0.0, libe57.E57_DOUBLE, 0.0, 30.0)),
              ("sphericalAzimuth", libe57.FloatNode(imf, 0.0, libe57.E57_DOUBLE, -4.0, 4.0)),
              ("sphericalElevation", libe57.FloatNode(imf, 0.0, libe57.E57_DOUBLE, -2.0, 2.0)),
              ("sphericalInvalidState", libe57.IntegerNode(imf, 0, 0, 2)),
              ("intensity", libe57.FloatNode(imf, 0.0, libe57.E57_SINGLE, 0.0, 1.0)),
              ("colorRed", libe57.IntegerNode(imf, 0, 0, 255)), ("colorGreen", libe57.IntegerNode(imf, 0, 0, 255)),
              ("colorBlue", libe57.IntegerNode(imf, 0, 0, 255))]
    arrays = {"sphericalRange": rng_, "sphericalAzimuth": az, "sphericalElevation": el,
              "sphericalInvalidState": state1.astype(np.int8), "intensity": inten1,
              "colorRed": rgb1[:, 0].astype(np.uint8), "colorGreen": rgb1[:, 1].astype(np.uint8), "colorBlue": rgb1[:, 2].astype(np.uint8)}
    e57_scan(e, libe57, imf, fields, arrays, n1, q1, t1, "scan1")
    p1 = np.column_stack([rng_ * np.cos(el) * np.cos(az), rng_ * np.cos(el) * np.sin(az), rng_ * np.sin(el)])
    w1 = p1 @ quat_matrix(q1).T + t1
    for i in range(n1):
        truth.append([1, state1[i] == 0, *w1[i], inten1[i], *rgb1[i]])
    e.close()
    np.array(truth, dtype="<f8").tofile(os.path.join(out, "e57.truth"))
    with open(os.path.join(out, "e57.poses"), "w") as f:
        for t in (t0, t1):
            f.write("%r %r %r\n" % tuple(float(v) for v in t))


def read_ply(path):
    with open(path, "rb") as f:
        data = f.read()
    end = data.index(b"end_header\n") + len(b"end_header\n")
    lines = data[:end].decode().splitlines()
    assert "binary_little_endian" in lines[1], "binary little-endian PLY only"
    types = {"float": "<f4", "float32": "<f4", "double": "<f8", "float64": "<f8", "uchar": "u1", "uint8": "u1",
             "char": "i1", "int8": "i1", "short": "<i2", "ushort": "<u2", "int": "<i4", "uint": "<u4",
             "int32": "<i4", "uint32": "<u4", "int16": "<i2", "uint16": "<u2"}
    props, count, origin, in_vertex = [], 0, np.zeros(3), False
    for ln in lines:
        w = ln.split()
        if w[:2] == ["element", "vertex"]:
            count, in_vertex = int(w[2]), True
        elif w[0] == "element":
            in_vertex = False
        elif w[0] == "property" and in_vertex:
            props.append((w[2], types[w[1]]))
        elif w[:2] == ["comment", "plumbline_origin"]:
            origin = np.array([float(v) for v in w[2:5]])
    rec = np.frombuffer(data, dtype=np.dtype(props), count=count, offset=end)
    return np.column_stack([rec["x"], rec["y"], rec["z"]]).astype(np.float64) + origin


def convert(src, dst, offset, scans):
    pts = read_ply(src) + offset
    if dst.endswith(".las"):
        import laspy
        header = laspy.LasHeader(point_format=7, version="1.4")
        header.scales = np.array([0.001, 0.001, 0.001])
        header.offsets = np.floor(pts.min(axis=0))
        las = laspy.LasData(header)
        las.x, las.y, las.z = pts[:, 0], pts[:, 1], pts[:, 2]
        las.write(dst)
        return
    e, libe57, imf = e57_open(dst)
    parts = np.array_split(np.arange(len(pts)), scans)
    for k, idx in enumerate(parts):
        t = pts[idx].mean(axis=0)
        ang = 0.3 * k
        q = np.array([math.cos(ang / 2), 0, 0, math.sin(ang / 2)])
        local = (pts[idx] - t) @ quat_matrix(q)  # inverse rotation: R^T (p - t)
        fields = [(a, libe57.ScaledIntegerNode(imf, 0, -2_000_000_000, 2_000_000_000, 0.0005, 0.0))
                  for a in ("cartesianX", "cartesianY", "cartesianZ")]
        arrays = {"cartesianX": local[:, 0].copy(), "cartesianY": local[:, 1].copy(), "cartesianZ": local[:, 2].copy()}
        e57_scan(e, libe57, imf, fields, arrays, len(idx), q, t, f"scan{k}")
    e.close()


if __name__ == "__main__":
    if sys.argv[1] == "fixtures":
        os.makedirs(sys.argv[2], exist_ok=True)
        las_fixtures(sys.argv[2])
        e57_fixtures(sys.argv[2])
    elif sys.argv[1] == "convert":
        args = sys.argv[2:]
        off, scans = np.zeros(3), 2
        if "--offset" in args:
            i = args.index("--offset")
            off = np.array([float(v) for v in args[i + 1:i + 4]])
            del args[i:i + 4]
        if "--scans" in args:
            i = args.index("--scans")
            scans = int(args[i + 1])
            del args[i:i + 2]
        convert(args[0], args[1], off, scans)
    else:
        sys.exit(__doc__)
