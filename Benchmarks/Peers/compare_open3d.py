#!/usr/bin/env python3
"""Side-by-side comparison of Plumbline's kernel with Open3D on the same point cloud.

Usage (from the package root, after `pip install open3d` and, on Debian, `apt-get install libusb-1.0-0 libgl1`):

    python3 Benchmarks/Peers/compare_open3d.py SCAN.ply --truth SCAN.planes.json [--repeat 3]

SCAN.planes.json lists the true planes of the scan: {"planes": [{"name", "normal": [x,y,z], "centroid": [x,y,z]}]}
(`plumb simulate` writes one beside each room PLY). The script

  1. runs Plumbline's peer runner (`swift run -c release --package-path Benchmarks plumb-peer-run SCAN.ply`), which
     reads the same PLY and prints JSON with its timings, planes and boxes;
  2. runs Open3D on the same PLY: the iterative `segment_plane` loop (distance 0.02 m, ransac_n 3, 1000 iterations,
     removing each plane's inliers and repeating while a plane has at least as many inliers as Plumbline's minimum),
     `estimate_normals` with k=30 (KDTreeSearchParamKNN), `get_oriented_bounding_box` and
     `get_minimal_oriented_bounding_box`;
  3. prints a table: each side's median wall time, the ratio Plumbline/Open3D, and plane recovery (share of true planes
     matched by a found plane within 2 degrees and 2 cm, the distance measured at the true plane's centroid).

Timings are medians over --repeat runs. Open3D uses all cores it finds (OpenMP); the Plumbline runner uses one core
unless it says otherwise. Both numbers are printed as they are; nothing is adjusted.
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
            fn /= np.linalg.norm(fn)
            if abs(float(tn @ fn)) < cos_tol:
                continue
            # found plane: fn . p + d = 0  (Open3D convention a x + b y + c z + d = 0)
            if abs(float(fn @ tc) + f["d"]) <= max_dist:
                hit += 1
                break
    return hit / len(truth)


def run_open3d(path, min_inliers, repeat):
    import open3d as o3d

    pcd = o3d.io.read_point_cloud(path)
    n = len(pcd.points)
    times = {"segment": [], "normals": [], "obb": [], "min_obb": []}
    planes = []
    for _ in range(repeat):
        rest = pcd
        found = []
        t0 = time.perf_counter()
        while len(rest.points) >= max(3, min_inliers):
            model, inliers = rest.segment_plane(distance_threshold=0.02, ransac_n=3, num_iterations=1000)
            if len(inliers) < min_inliers:
                break
            a, b, c, d = model
            found.append({"normal": [a, b, c], "d": d, "inliers": len(inliers)})
            rest = rest.select_by_index(inliers, invert=True)
        times["segment"].append(time.perf_counter() - t0)
        planes = found

        q = o3d.geometry.PointCloud(pcd)
        t0 = time.perf_counter()
        q.estimate_normals(o3d.geometry.KDTreeSearchParamKNN(knn=30))
        times["normals"].append(time.perf_counter() - t0)

        t0 = time.perf_counter()
        obb = pcd.get_oriented_bounding_box()
        times["obb"].append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        mobb = pcd.get_minimal_oriented_bounding_box()
        times["min_obb"].append(time.perf_counter() - t0)
    return {
        "points": n,
        "planes": planes,
        "ms": {k: 1000 * statistics.median(v) for k, v in times.items()},
        "obb_volume": float(obb.volume()),
        "min_obb_volume": float(mobb.volume()),
    }


def run_plumbline(path, repeat, root):
    cmd = ["swift", "run", "-c", "release", "--package-path", os.path.join(root, "Benchmarks"),
           "plumb-peer-run", path, "--repeat", str(repeat)]
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

    pl = run_plumbline(os.path.abspath(args.ply), args.repeat, root)
    o3 = run_open3d(args.ply, pl["min_plane_inliers"], args.repeat)
    rec_pl = plane_recovery(truth, pl["planes"])
    rec_o3 = plane_recovery(truth, o3["planes"])

    print(f"cloud: {args.ply}  points: {o3['points']}  true planes: {len(truth)}")
    print(f"{'operation':<34}{'Plumbline ms':>14}{'Open3D ms':>12}{'speed-up':>10}")
    names = [("segment", "whole-room plane extraction"), ("normals", "normals, k=30"),
             ("obb", "oriented box (PCA)"), ("min_obb", "minimal oriented box")]
    for key, label in names:
        a, b = pl["ms"][key], o3["ms"][key]
        print(f"{label:<34}{a:>14.1f}{b:>12.1f}{b / a:>9.1f}x")
    print(f"{'planes found':<34}{len(pl['planes']):>14}{len(o3['planes']):>12}")
    print(f"{'plane recovery (2 deg, 2 cm)':<34}{rec_pl:>14.2f}{rec_o3:>12.2f}")
    print(f"{'minimal box volume m^3':<34}{pl['min_obb_volume']:>14.4f}{o3['min_obb_volume']:>12.4f}")
    print(f"{'PCA box volume m^3':<34}{pl['obb_volume']:>14.4f}{o3['obb_volume']:>12.4f}")
    if args.json:
        json.dump({"plumbline": pl, "open3d": o3, "recovery": {"plumbline": rec_pl, "open3d": rec_o3}},
                  open(args.json, "w"), indent=1)


if __name__ == "__main__":
    sys.exit(main())
