#!/usr/bin/env python3
"""Open3D baseline for Plumbline's plane segmentation benchmark.

Runs Open3D's iterative segment_plane loop (threshold 0.02 m, ransac_n 3, 1000 iterations per plane,
removing the inliers each time) on the synthetic rooms written by the opt-in Swift test
`SegmentationBenchmark` and scores both Open3D and Plumbline's planes against the ground truth.

A true plane counts as found when a detected plane is within 2 degrees and passes within 2 cm of the true
plane's sample centroid ("geometric"); "strict" also needs at least half of the true plane's points among
the detected plane's inliers (Open3D only; Plumbline's tests check inliers separately).

Usage: python3 open3d_plane_baseline.py /tmp/plumbbench
"""
import json
import math
import sys
import time

import numpy as np
import open3d as o3d


def match(truth, planes, inlier_sets=None, labels=None):
    found_geo, found_strict = 0, 0
    for t, tp in enumerate(truth):
        n_t = np.array(tp["normal"])
        c_t = np.array(tp["centroid"])
        geo = strict = False
        for k, (n, d) in enumerate(planes):
            n = np.asarray(n)
            if abs(float(n @ n_t)) < math.cos(math.radians(2)):
                continue
            if abs(float(n @ c_t + d)) > 0.02:
                continue
            geo = True
            if inlier_sets is not None:
                own = int(np.count_nonzero(labels[inlier_sets[k]] == t))
                if 2 * own >= tp["count"]:
                    strict = True
        found_geo += geo
        found_strict += strict
    return found_geo, found_strict


def main(folder):
    timings = open(f"{folder}/plumb_timings.txt").read().strip().splitlines()
    for line in timings:
        n = int(line.split()[0].split("=")[1])
        xyz = np.fromfile(f"{folder}/room_{n}.xyz", dtype=np.float32).reshape(-1, 3).astype(np.float64)
        labels = np.fromfile(f"{folder}/room_{n}.labels", dtype=np.int32)
        truth = json.load(open(f"{folder}/room_{n}_truth.json"))
        min_points = n // 1000
        pcd = o3d.geometry.PointCloud(o3d.utility.Vector3dVector(xyz))
        remaining = np.arange(len(xyz))
        planes, inlier_sets = [], []
        t0 = time.perf_counter()
        c0 = time.process_time()
        rest = pcd
        while len(remaining) >= min_points and len(planes) < 64:
            model, inl = rest.segment_plane(distance_threshold=0.02, ransac_n=3, num_iterations=1000)
            if len(inl) < min_points:
                break
            a, b, c, d = model
            planes.append(((a, b, c), d))
            inl = np.asarray(inl)
            inlier_sets.append(remaining[inl])
            keep = np.ones(len(remaining), bool)
            keep[inl] = False
            remaining = remaining[keep]
            rest = rest.select_by_index(inl, invert=True)
        o3d_time = time.perf_counter() - t0
        o3d_cpu = time.process_time() - c0
        geo, strict = match(truth, planes, inlier_sets, labels)
        ours = []
        for row in open(f"{folder}/plumb_planes_{n}.txt"):
            v = [float(s) for s in row.split()]
            ours.append(((v[0], v[1], v[2]), v[3]))
        our_geo, _ = match(truth, ours)
        fields = dict(f.split("=", 1) for f in line.split() if "=" in f)
        seg = float(fields["segmentation"])
        seg_cpu = float(fields["segmentation_cpu"].rstrip("s"))
        print(f"n={n} open3d_loop wall={o3d_time:.3f}s cpu={o3d_cpu:.3f}s planes={len(planes)} "
              f"found_geometric={geo}/{len(truth)} found_strict={strict}/{len(truth)} | plumbline "
              f"wall={seg:.3f}s cpu={seg_cpu:.3f}s planes={len(ours)} found_geometric={our_geo}/{len(truth)} | "
              f"speedup wall={o3d_time / seg:.0f}x cpu={o3d_cpu / seg_cpu:.0f}x")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/plumbbench")
