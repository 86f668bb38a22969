#!/usr/bin/env python3
"""Writes the seed corpus Fuzz/Corpus/<target>/ (deterministic; run from anywhere).

Seeds: the repository's fixtures (Data/fixtures, Data/roomplan) plus small generated files covering every
encoding each reader handles: PLY ascii / binary_little_endian / binary_big_endian (with normals, colours,
faces, sensor comments), PCD ascii / binary / binary_compressed (LZF literal runs), XYZ variants, and small
box-room clouds (2,000 points, PLY binary and XYZ) for the builder; LAS 1.2/1.4 (point formats 0, 3, 7, 10,
extra bytes, withheld points) and E57 (cartesian Float and ScaledInteger, spherical, invalid states, two posed
scans) written by hand from the specifications (FuzzE57 reads them with and without page checksums).
"""
import json, math, os, random, shutil, struct

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Fuzz", "Corpus")


def out(target, name, data):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def pts(n, seed):
    r = random.Random(seed)
    return [(r.uniform(-2, 2), r.uniform(0, 2.5), r.uniform(-2, 2)) for _ in range(n)]


def box_room(n, seed, w=4.0, d=3.0, h=2.5):
    """Points on the floor, ceiling and four walls of a w x d x h room (y up), 1 cm noise."""
    r = random.Random(seed)
    faces = [(w * d, "floor"), (w * d, "ceil"), (w * h, "zlo"), (w * h, "zhi"), (d * h, "xlo"), (d * h, "xhi")]
    total = sum(a for a, _ in faces)
    p = []
    for _ in range(n):
        t = r.uniform(0, total)
        for a, f in faces:
            if t <= a:
                break
            t -= a
        x, y, z = r.uniform(0, w), r.uniform(0, h), r.uniform(0, d)
        if f == "floor": y = 0
        elif f == "ceil": y = h
        elif f == "zlo": z = 0
        elif f == "zhi": z = d
        elif f == "xlo": x = 0
        else: x = w
        p.append((x + r.gauss(0, 0.01), y + r.gauss(0, 0.01), z + r.gauss(0, 0.01)))
    return p


def ply(points, enc, normals=False, colors=False, faces=False, comments=()):
    props = ["float x", "float y", "float z"]
    if normals: props += ["float nx", "float ny", "float nz"]
    if colors: props += ["uchar red", "uchar green", "uchar blue"]
    h = ["ply", f"format {enc} 1.0"] + [f"comment {c}" for c in comments]
    h += [f"element vertex {len(points)}"] + [f"property {p}" for p in props]
    if faces:
        h += ["element face 1", "property list uchar int vertex_indices"]
    h += ["end_header"]
    head = ("\n".join(h) + "\n").encode()
    if enc == "ascii":
        lines = []
        for i, (x, y, z) in enumerate(points):
            v = [f"{x:.4f}", f"{y:.4f}", f"{z:.4f}"]
            if normals: v += ["0", "1", "0"]
            if colors: v += [str(i % 256), "128", "7"]
            lines.append(" ".join(v))
        if faces: lines.append("3 0 1 2")
        return head + ("\n".join(lines) + "\n").encode()
    e = "<" if enc == "binary_little_endian" else ">"
    body = b""
    for i, (x, y, z) in enumerate(points):
        body += struct.pack(e + "fff", x, y, z)
        if normals: body += struct.pack(e + "fff", 0, 1, 0)
        if colors: body += struct.pack("BBB", i % 256, 128, 7)
    if faces: body += struct.pack(e + "Biii", 3, 0, 1, 2)
    return head + body


def lzf_literal(data):
    """LZF stream made of literal runs only (control byte n-1 then n bytes, n <= 32): valid LZF."""
    o = b""
    for i in range(0, len(data), 32):
        c = data[i:i + 32]
        o += bytes([len(c) - 1]) + c
    return o


def pcd(points, enc, rgb=False, viewpoint="0 0 0 1 0 0 0"):
    fields = ["x", "y", "z"] + (["rgb"] if rgb else [])
    n = len(points)
    head = (f"# .PCD v0.7 - Point Cloud Data file format\nVERSION 0.7\nFIELDS {' '.join(fields)}\n"
            f"SIZE {' '.join('4' for _ in fields)}\nTYPE {' '.join(('U' if f == 'rgb' else 'F') for f in fields)}\n"
            f"COUNT {' '.join('1' for _ in fields)}\nWIDTH {n}\nHEIGHT 1\nVIEWPOINT {viewpoint}\nPOINTS {n}\n"
            f"DATA {enc}\n").encode()
    cols = [[p[0] for p in points], [p[1] for p in points], [p[2] for p in points]]
    if enc == "ascii":
        return head + "".join(" ".join([f"{x:.4f}", f"{y:.4f}", f"{z:.4f}"] + (["4286611584"] if rgb else [])) + "\n"
                              for x, y, z in points).encode()
    if enc == "binary":
        return head + b"".join(struct.pack("<fff", *p) + (struct.pack("<I", 0xFF808080) if rgb else b"") for p in points)
    soa = b"".join(struct.pack(f"<{n}f", *c) for c in cols) + (struct.pack(f"<{n}I", *([0xFF808080] * n)) if rgb else b"")
    comp = lzf_literal(soa)
    return head + struct.pack("<II", len(comp), len(soa)) + comp


LAS_MIN_RECORD = [20, 28, 26, 34, 57, 63, 30, 36, 38, 59, 67]


def las(points, fmt, minor, extra=0, withheld=()):
    """LAS 1.<minor> with point format fmt: 1 mm scale, offset (500000, 4000000, 0), intensity, RGB when the
    format has it, `extra` bytes after each record; records in `withheld` carry the withheld flag."""
    size = 375 if minor >= 4 else 227
    rec = LAS_MIN_RECORD[fmt] + extra
    h = bytearray(size)
    h[0:4] = b"LASF"
    h[24], h[25] = 1, minor
    struct.pack_into("<HII", h, 94, size, size, 0)
    struct.pack_into("<BHI", h, 104, fmt, rec, 0 if fmt >= 6 else len(points))
    struct.pack_into("<6d", h, 131, 0.001, 0.001, 0.001, 500000.0, 4000000.0, 0.0)
    if minor >= 4:
        struct.pack_into("<Q", h, 247, len(points))
    rgb = {2: 20, 3: 28, 5: 28, 7: 30, 8: 30, 10: 30}.get(fmt)
    body = bytearray()
    for i, (x, y, z) in enumerate(points):
        r = bytearray(rec)
        struct.pack_into("<iiiH", r, 0, round(x * 1000), round(y * 1000), round(z * 1000), i * 100)
        if i in withheld:
            r[15] = 0x04 if fmt >= 6 else 0x80
        if rgb is not None:
            struct.pack_into("<HHH", r, rgb, i * 256, 128 * 256, 7 * 256)
        body += r
    return bytes(h) + bytes(body)


def crc32c(data):
    c = 0xFFFFFFFF
    for b in data:
        c ^= b
        for _ in range(8):
            c = (c >> 1) ^ (0x82F63B78 if c & 1 else 0)
    return c ^ 0xFFFFFFFF


def e57_int_column(name, values, lo, hi, scale=None):
    bits = (hi - lo).bit_length()
    acc, n = 0, 0
    for v in values:
        acc |= (v - lo) << n
        n += bits
    data = acc.to_bytes((n + 7) // 8, "little") if n else b""
    kind = "ScaledInteger" if scale else "Integer"
    extra = f' scale="{scale}"' if scale else ""
    return f'<{name} type="{kind}" minimum="{lo}" maximum="{hi}"{extra}/>', data


def e57_float_column(name, values, single=False):
    fmt = "<f" if single else "<d"
    prec = "single" if single else "double"
    return f'<{name} type="Float" precision="{prec}"/>', b"".join(struct.pack(fmt, v) for v in values)


def e57(scans):
    """E57 file: header, one compressed vector section (one data packet) per scan, the XML; 1024-byte pages
    with big-endian CRC-32C. `scans` is [(columns, record_count, quaternion wxyz, translation)]."""
    phys = lambda l: l // 1020 * 1024 + l % 1020
    logical = bytearray(48)
    xml_scans = ""
    for cols, count, q, t in scans:
        start = len(logical)
        packet = bytearray([1, 0, 0, 0]) + struct.pack("<H", len(cols))
        packet += b"".join(struct.pack("<H", len(d)) for _, d in cols) + b"".join(d for _, d in cols)
        while len(packet) % 4:
            packet.append(0)
        struct.pack_into("<H", packet, 2, len(packet) - 1)
        logical += bytes([1]) + bytes(7) + struct.pack("<QQQ", 32 + len(packet), phys(start + 32), 0) + packet
        xml_scans += ('<vectorChild type="Structure"><pose type="Structure"><rotation type="Structure">'
                      + "".join(f'<{k} type="Float">{v}</{k}>' for k, v in zip("wxyz", q)) + '</rotation><translation type="Structure">'
                      + "".join(f'<{k} type="Float">{v}</{k}>' for k, v in zip("xyz", t)) + "</translation></pose>"
                      + f'<points type="CompressedVector" fileOffset="{phys(start)}" recordCount="{count}"><prototype type="Structure">'
                      + "".join(x for x, _ in cols) + '</prototype><codecs type="Vector" allowHeterogeneousChildren="1"/></points></vectorChild>\n')
    xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<e57Root type="Structure" xmlns="http://www.astm.org/COMMIT/E57/2010-e57-v1.0">\n'
           '<data3D type="Vector" allowHeterogeneousChildren="1">\n' + xml_scans + "</data3D>\n</e57Root>\n").encode()
    xml_start = len(logical)
    logical += xml
    while len(logical) % 1020:
        logical.append(0)
    pages = len(logical) // 1020
    logical[0:48] = b"ASTM-E57" + struct.pack("<IIQQQQ", 1, 0, pages * 1024, phys(xml_start), len(xml), 1024)
    out_bytes = bytearray()
    for p in range(pages):
        page = bytes(logical[p * 1020:(p + 1) * 1020])
        out_bytes += page + struct.pack(">I", crc32c(page))
    return bytes(out_bytes)


def main():
    # Regenerate everything but the kept crash reproducers (regression-*), which no generator writes.
    if os.path.isdir(CORPUS):
        for target in os.listdir(CORPUS):
            for name in os.listdir(os.path.join(CORPUS, target)):
                if not name.startswith("regression-"):
                    os.remove(os.path.join(CORPUS, target, name))
    small = pts(8, 1)
    # PLY
    with open(os.path.join(ROOT, "Data", "fixtures", "cube_faces_crlf.ply"), "rb") as f:
        out("FuzzPLY", "cube_faces_crlf.ply", f.read())
    out("FuzzPLY", "ascii.ply", ply(small, "ascii"))
    out("FuzzPLY", "ascii_normals_colors_faces.ply", ply(small, "ascii", True, True, True))
    out("FuzzPLY", "binary_le.ply", ply(small, "binary_little_endian"))
    out("FuzzPLY", "binary_le_normals_colors.ply", ply(small, "binary_little_endian", True, True, True,
                                                       comments=["plumbline_sensor 0 0 1.5 0"]))
    out("FuzzPLY", "binary_be.ply", ply(small, "binary_big_endian", colors=True))
    # PCD
    with open(os.path.join(ROOT, "Data", "fixtures", "organised_v06.pcd"), "rb") as f:
        out("FuzzPCD", "organised_v06.pcd", f.read())
    out("FuzzPCD", "ascii.pcd", pcd(small, "ascii"))
    out("FuzzPCD", "ascii_rgb.pcd", pcd(small, "ascii", rgb=True))
    out("FuzzPCD", "binary.pcd", pcd(small, "binary", rgb=True, viewpoint="1 0 2 1 0 0 0"))
    out("FuzzPCD", "binary_compressed.pcd", pcd(small, "binary_compressed"))
    out("FuzzPCD", "binary_compressed_rgb.pcd", pcd(small, "binary_compressed", rgb=True))
    # XYZ
    out("FuzzXYZ", "plain.xyz", "".join(f"{x:.4f} {y:.4f} {z:.4f}\n" for x, y, z in small))
    out("FuzzXYZ", "comma_crlf.csv", "# x,y,z\r\n" + "".join(f"{x:.3f},{y:.3f},{z:.3f}\r\n" for x, y, z in small))
    out("FuzzXYZ", "normals_rgb.xyz", "".join(f"{x:.4f} {y:.4f} {z:.4f} 0 1 0 255 128 7\n" for x, y, z in small))
    out("FuzzXYZ", "exponents.xyz", "1e0 -2.5E-1 +3.\n.5 1e+2 -0\n")
    # JSON -> export
    for name in ["Livingroom.capturedRoom.json", "Hallway2.capturedRoom.json"]:
        with open(os.path.join(ROOT, "Data", "roomplan", name), "rb") as f:
            out("FuzzJSONExport", name, f.read())
    with open(os.path.join(ROOT, "Data", "roomplan", "Livingroom.capturedRoom.json")) as f:
        room = json.load(f)
    out("FuzzJSONExport", "structure_of_livingroom.json",
        json.dumps({"rooms": [room], "walls": room.get("walls", []), "doors": room.get("doors", []),
                    "windows": room.get("windows", []), "openings": room.get("openings", []),
                    "floors": room.get("floors", []), "objects": room.get("objects", []),
                    "sections": room.get("sections", []), "version": room.get("version", 2),
                    "identifier": "7D3B6A2E-0000-4000-8000-000000000001"}, separators=(",", ":")))
    curved = json.loads(json.dumps(room))
    curved["walls"] = curved["walls"][:2]
    curved["walls"][0]["curve"] = {"center": [0, -2], "radius": 2.5, "startAngle": 0.4, "endAngle": 2.2}
    curved["walls"][1]["curve"] = {"center": [0, 1], "radius": 1.5,
                                   "startAngle": {"value": 10, "unit": {"symbol": "°"}}, "endAngle": {"value": 0.3, "unit": {"symbol": "rev"}}}
    curved["doors"], curved["windows"], curved["openings"], curved["objects"] = [], [], [], []
    out("FuzzJSONExport", "curved_walls.json", json.dumps(curved, separators=(",", ":")))
    # LAS
    small_world = [(x, y, z) for x, y, z in small]
    out("FuzzLAS", "v12_format0.las", las(small_world, 0, 2))
    out("FuzzLAS", "v12_format3_withheld.las", las(small_world, 3, 2, withheld=(2,)))
    out("FuzzLAS", "v14_format7_extra.las", las(small_world, 7, 4, extra=6))
    out("FuzzLAS", "v14_format10.las", las(small_world, 10, 4, withheld=(0, 5)))
    # E57
    n = len(small)
    cart = [e57_float_column("cartesianX", [p[0] for p in small]), e57_float_column("cartesianY", [p[1] for p in small]),
            e57_float_column("cartesianZ", [p[2] for p in small]),
            e57_int_column("cartesianInvalidState", [2 if i == 3 else 0 for i in range(n)], 0, 2)]
    out("FuzzE57", "cartesian_double.e57", e57([(cart, n, (1, 0, 0, 0), (0, 0, 0))]))
    scaled = [e57_int_column(a, [round(p[k] * 1000) for p in small], -5000, 5000, 0.001) for k, a in enumerate(["cartesianX", "cartesianY", "cartesianZ"])]
    scaled += [e57_float_column("intensity", [i / n for i in range(n)], single=True)]
    scaled += [e57_int_column(c, [i * 30 for i in range(n)], 0, 255) for c in ["colorRed", "colorGreen", "colorBlue"]]
    sph = [e57_float_column("sphericalRange", [1 + i / 4 for i in range(n)]), e57_float_column("sphericalAzimuth", [i / 3 for i in range(n)], True),
           e57_float_column("sphericalElevation", [i / 20 - 0.2 for i in range(n)], True),
           e57_int_column("sphericalInvalidState", [1 if i == 5 else 0 for i in range(n)], 0, 2)]
    out("FuzzE57", "two_scans_scaled_spherical.e57",
        e57([(scaled, n, (0.7071068, 0, 0, 0.7071068), (500000.5, 4000000.25, 12)), (sph, n, (0.9, 0.1, -0.2, 0.3), (500003, 4000001, 12.5))]))
    # Build: small box rooms.
    out("FuzzBuild", "box_room_2000.ply", ply(box_room(2000, 3), "binary_little_endian"))
    out("FuzzBuild", "box_room_1500.xyz", "".join(f"{x:.3f} {y:.3f} {z:.3f}\n" for x, y, z in box_room(1500, 4, 5, 3.5, 2.7)))
    out("FuzzBuild", "box_room_zup_1200.ply", ply([(x, z, y) for x, y, z in box_room(1200, 5, 3, 3, 2.4)], "binary_little_endian"))


if __name__ == "__main__":
    main()
