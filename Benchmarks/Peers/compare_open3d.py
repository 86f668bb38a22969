#!/usr/bin/env python3
"""Side-by-side comparison of Plumbline's kernel with Open3D on the same point cloud, on the same machine.

Usage (after `pip install open3d numpy`, on Debian also `apt-get install -y libusb-1.0-0 libgl1`):

    cd Benchmarks
    swift build -c release --product plumb-peer-room && swift build -c release --product plumb-peer-run
    .build/release/plumb-peer-room ../Data/plans/plain_bedroom.json --points 1000000 -o /tmp/bedroom_1m.ply
    python3 Peers/compare_open3d.py /tmp/bedroom_1m.ply --truth /tmp/bedroom_1m.planes.json [--repeat 3]

`plumb-peer-room` simulates a room scan (ScanSimulator, preset phone) and writes SCAN.ply plus SCAN.planes.json,
whose "planes" are the scene's true planes with at least max(100, n/1000) points and 0.25 m² observed area:
{"planes": [{"name", "normal": [x,y,z], "d", "centroid": [x,y,z], "count", "area"}]}. The script

  1. runs Plumbline's peer runner (`Benchmarks/.build/release/plumb-peer-run`, or `swift run` when it is not
     built) twice: `--threads 1` (everything on one core) and `--threads all` (segmentation and normals on every
     core); it reads the PLY and prints JSON with its timings (wall and process CPU), planes and boxes;
  2. runs Open3D on the same PLY: the iterative `segment_plane` loop (distance 0.02 m, ransac_n 3, 1000
     iterations, removing each plane's inliers and repeating while a plane has at least Plumbline's minimum
     number of inliers, at most 64 planes as Plumbline), `estimate_normals` with k=30 (KDTreeSearchParamKNN),
     `get_oriented_bounding_box` and `get_minimal_oriented_bounding_box`;
  3. prints a table: median wall time of each side, Open3D's CPU time over all its threads, the speed-up
     (Open3D wall / Plumbline wall), plane recovery (share of true planes matched by a found plane within
     2 degrees and 2 cm, the distance measured at the true plane's centroid) and box volumes.

Timings are medians over --repeat runs. Open3D uses all cores it finds (OpenMP); its thread count is printed.
Nothing is adjusted.
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time

import numpy as np


def plane_recovery(truth, found, max_angle_deg=2.0, max_dist=0.02):
    """Share of true planes that some found plane matches (normal within max_angle_deg up to sign,
    true centroid within max_dist of the found plane)."""
    if not truth:
        return float("nan")
    hit = 0
    cos_tol = math.cos(math.radians(max_angle_deg))
    for t in truth:
        tn = np.asarray(t["normal"], float)
        tn /= np.linalg.norm(tn)
        tc = np.asarray(t["centroid"], float)
        for f in found:
            fn = np.asarray(f["normal"], float)
            norm = np.linalg.norm(fn)
            fn /= norm
            if abs(float(tn @ fn)) < cos_tol:
                continue
            # found plane: fn . p + d = 0  (Open3D convention a x + b y + c z + d = 0)
            if abs(float(fn @ tc) + f["d"] / norm) <= max_dist:
                hit += 1
                break
    return hit / len(truth)


def timed(times, key, fn):
    t0, c0 = time.perf_counter(), time.process_time()
    r = fn()
    times.setdefault(key, []).append(1000 * (time.perf_counter() - t0))
    times.setdefault(key + "_cpu", []).append(1000 * (time.process_time() - c0))
    return r


def run_open3d(path, min_inliers, repeat, max_planes=64):
    import open3d as o3d

    times = {}
    planes = []
    for _ in range(repeat):
        pcd = timed(times, "read", lambda: o3d.io.read_point_cloud(path))
        n = len(pcd.points)

        def segment():
            rest = pcd
            found = []
            while len(rest.points) >= max(3, min_inliers) and len(found) < max_planes:
                model, inliers = rest.segment_plane(distance_threshold=0.02, ransac_n=3, num_iterations=1000)
                if len(inliers) < min_inliers:
                    break
                a, b, c, d = model
                found.append({"normal": [a, b, c], "d": d, "inliers": len(inliers)})
                rest = rest.select_by_index(inliers, invert=True)
            return found

        planes = timed(times, "segment", segment)
        q = o3d.geometry.PointCloud(pcd)
        timed(times, "normals", lambda: q.estimate_normals(o3d.geometry.KDTreeSearchParamKNN(knn=30)))
        obb = timed(times, "obb", pcd.get_oriented_bounding_box)
        mobb = timed(times, "min_obb", pcd.get_minimal_oriented_bounding_box)
    return {
        "version": o3d.__version__,
        "points": n,
        "planes": planes,
        "ms": {k: statistics.median(v) for k, v in times.items() if not k.endswith("_cpu")},
        "cpu_ms": {k[:-4]: statistics.median(v) for k, v in times.items() if k.endswith("_cpu")},
        "obb_volume": float(obb.volume()),
        "min_obb_volume": float(mobb.volume()),
    }


def run_plumbline(path, repeat, root, threads):
    built = os.path.join(root, "Benchmarks", ".build", "release", "plumb-peer-run")
    if os.access(built, os.X_OK):
        cmd = [built]
    else:
        cmd = ["swift", "run", "-c", "release", "--package-path", os.path.join(root, "Benchmarks"), "plumb-peer-run"]
    cmd += [path, "--repeat", str(repeat), "--threads", threads]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out[out.index("{"):])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ply")
    ap.add_argument("--truth", required=True)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", help="also write the results here")
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    truth = json.load(open(args.truth))["planes"]
    path = os.path.abspath(args.ply)

    pl1 = run_plumbline(path, args.repeat, root, "1")
    pla = run_plumbline(path, args.repeat, root, "all")
    o3 = run_open3d(path, pl1["min_plane_inliers"], args.repeat)
    assert o3["points"] == pl1["points"], "the two sides read a different number of points"
    rec_pl = plane_recovery(truth, pl1["planes"])
    rec_o3 = plane_recovery(truth, o3["planes"])
    omp = os.environ.get("OMP_NUM_THREADS", str(os.cpu_count()))

    print(f"cloud: {args.ply}  points: {o3['points']}  true planes: {len(truth)}  cores: {os.cpu_count()}")
    print(f"Plumbline: 1 thread, and all cores ({pla['threads']} threads) for segmentation and normals; "
          f"Open3D {o3['version']}: OpenMP, {omp} threads. Medians of {args.repeat} runs; wall ms (CPU ms).")
    print(f"{'operation':<30}{'Plumbline 1 thr':>18}{'Plumbline all':>18}{'Open3D':>20}{'speed-up 1 thr':>16}{'speed-up all':>14}")
    names = [("read", "read PLY"), ("segment", "whole-room plane extraction"), ("normals", "normals, k=30"),
             ("obb", "oriented box (PCA)"), ("min_obb", "minimal oriented box")]
    for key, label in names:
        a, b, c = pl1["ms"][key], pla["ms"][key], o3["ms"][key]
        ca, cb, cc = pl1["cpu_ms"][key], pla["cpu_ms"][key], o3["cpu_ms"][key]
        print(f"{label:<30}{a:>10.1f} ({ca:>5.0f}){b:>10.1f} ({cb:>5.0f}){c:>11.1f} ({cc:>6.0f}){c / a:>15.1f}x{c / b:>13.1f}x")
    print(f"{'planes found':<30}{len(pl1['planes']):>18}{len(pla['planes']):>18}{len(o3['planes']):>20}")
    print(f"{'plane recovery (2 deg, 2 cm)':<30}{rec_pl:>18.2f}{plane_recovery(truth, pla['planes']):>18.2f}{rec_o3:>20.2f}")
    best = min(pl1["min_obb_volume"], pl1["upright_obb_volume"], o3["min_obb_volume"])
    print(f"{'minimal box volume m^3':<30}{pl1['min_obb_volume']:>18.4f}{'':>18}{o3['min_obb_volume']:>20.4f}")
    print(f"{'  / smallest box found':<30}{pl1['min_obb_volume'] / best:>18.4f}{'':>18}{o3['min_obb_volume'] / best:>20.4f}")
    print(f"{'upright box (y up) m^3':<30}{pl1['upright_obb_volume']:>18.4f}  ({pl1['ms']['upright_obb']:.1f} ms)")
    print(f"{'PCA box volume m^3':<30}{pl1['obb_volume']:>18.4f}{'':>18}{o3['obb_volume']:>20.4f}")
    if args.json:
        json.dump({"plumbline_1_thread": pl1, "plumbline_all": pla, "open3d": o3,
                   "recovery": {"plumbline": rec_pl, "open3d": rec_o3}}, open(args.json, "w"), indent=1)


if __name__ == "__main__":
    sys.exit(main())
