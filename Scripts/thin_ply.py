#!/usr/bin/env python3
"""Keeps every k-th vertex of a binary PLY written by Plumbline (fixed-size vertex records, no other
elements), header comments (sensor positions) and properties unchanged.

    python3 Scripts/thin_ply.py IN.ply OUT.ply K

Data/fixtures/small_bathroom_sparse.ply (the plumb CLI tests' scan) is
`plumb simulate Data/plans/small_bathroom.json -o /tmp/bath --preset clean --seed 1` then
`python3 Scripts/thin_ply.py /tmp/bath/clouds/bath.ply Data/fixtures/small_bathroom_sparse.ply 40`.
"""
import struct
import sys

SIZES = {"char": 1, "uchar": 1, "int8": 1, "uint8": 1, "short": 2, "ushort": 2, "int16": 2, "uint16": 2,
         "int": 4, "uint": 4, "int32": 4, "uint32": 4, "float": 4, "float32": 4, "double": 8, "float64": 8}


def main(src, dst, k):
    data = open(src, "rb").read()
    end = data.index(b"end_header\n") + len(b"end_header\n")
    header = data[:end].decode("ascii").split("\n")
    if "format binary_little_endian 1.0" not in header and "format binary_big_endian 1.0" not in header:
        sys.exit("binary PLY only")
    count, size, elements = None, 0, 0
    for line in header:
        w = line.split()
        if w[:1] == ["element"]:
            elements += 1
            if w[1] != "vertex":
                sys.exit("vertex element only")
            count = int(w[2])
        elif w[:1] == ["property"]:
            if w[1] == "list":
                sys.exit("fixed-size vertex records only")
            size += SIZES[w[1]]
    body = data[end:]
    if elements != 1 or len(body) != count * size:
        sys.exit(f"expected {count} records of {size} bytes, found {len(body)} bytes")
    kept = [body[i * size:(i + 1) * size] for i in range(0, count, k)]
    out = "\n".join(f"element vertex {len(kept)}" if l.startswith("element vertex") else l for l in header)
    open(dst, "wb").write(out.encode("ascii") + b"".join(kept))
    print(f"kept {len(kept)} of {count} vertices")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
