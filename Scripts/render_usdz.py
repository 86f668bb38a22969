#!/usr/bin/env python3
"""Software rendering of an exported USDZ for documentation: reads the package with Pixar's USD (PyPI
`usd-core`), takes every Mesh and Cube under the default prim with its world transform (UsdGeom.XformCache)
and its bound UsdPreviewSurface diffuse colour / opacity, and draws the faces with matplotlib's 3D
polygons, flat-shaded by a fixed light. No GL needed.

Usage: python3 Scripts/render_usdz.py IN.usdz OUT.png [--elev 35] [--azim -60] [--size 7]
"""
import argparse

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from mpl_toolkits.mplot3d.art3d import Poly3DCollection  # noqa: E402
from pxr import Usd, UsdGeom, UsdShade  # noqa: E402

CUBE = np.array([[-.5, -.5, -.5], [.5, -.5, -.5], [.5, .5, -.5], [-.5, .5, -.5],
                 [-.5, -.5, .5], [.5, -.5, .5], [.5, .5, .5], [-.5, .5, .5]])
CUBE_FACES = [[0, 3, 2, 1], [4, 5, 6, 7], [0, 1, 5, 4], [2, 3, 7, 6], [1, 2, 6, 5], [0, 4, 7, 3]]


def material(prim):
    mat, _ = UsdShade.MaterialBindingAPI(prim).ComputeBoundMaterial()
    color, opacity = (0.7, 0.7, 0.7), 1.0
    if mat:
        for child in mat.GetPrim().GetChildren():
            sh = UsdShade.Shader(child)
            if sh:
                c = sh.GetInput("diffuseColor")
                o = sh.GetInput("opacity")
                if c and c.Get() is not None:
                    color = tuple(c.Get())
                if o and o.Get() is not None:
                    opacity = float(o.Get())
    return color, opacity


def faces_of(prim, cache):
    m = np.array(cache.GetLocalToWorldTransform(prim))  # row-vector convention
    if prim.IsA(UsdGeom.Mesh):
        mesh = UsdGeom.Mesh(prim)
        pts = np.array(mesh.GetPointsAttr().Get(), dtype=float)
        counts = mesh.GetFaceVertexCountsAttr().Get()
        idx = mesh.GetFaceVertexIndicesAttr().Get()
        faces, k = [], 0
        for n in counts:
            faces.append([idx[k + j] for j in range(n)])
            k += n
    else:
        size = UsdGeom.Cube(prim).GetSizeAttr().Get() or 1.0
        pts, faces = CUBE * size, CUBE_FACES
    world = np.c_[pts, np.ones(len(pts))] @ m
    return [world[f, :3] for f in faces]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("usdz")
    ap.add_argument("png")
    ap.add_argument("--elev", type=float, default=35)
    ap.add_argument("--azim", type=float, default=-60)
    ap.add_argument("--size", type=float, default=7)
    a = ap.parse_args()
    stage = Usd.Stage.Open(a.usdz)
    cache = UsdGeom.XformCache()
    light = np.array([0.4, 0.8, 0.45])
    light /= np.linalg.norm(light)
    polys, colors = [], []
    for prim in stage.Traverse():
        if not (prim.IsA(UsdGeom.Mesh) or prim.IsA(UsdGeom.Cube)):
            continue
        color, opacity = material(prim)
        for f in faces_of(prim, cache):
            n = np.cross(f[1] - f[0], f[2] - f[0])
            ln = np.linalg.norm(n)
            shade = 0.55 + 0.45 * abs(np.dot(n / ln, light)) if ln > 1e-12 else 0.55
            # USD y-up -> matplotlib z-up: (x, y, z) -> (x, -z, y)
            polys.append(np.c_[f[:, 0], -f[:, 2], f[:, 1]])
            colors.append((*[c * shade for c in color], opacity))
    fig = plt.figure(figsize=(a.size, a.size * 0.75), dpi=100)
    ax = fig.add_subplot(projection="3d")
    ax.add_collection3d(Poly3DCollection(polys, facecolors=colors, edgecolors=(0, 0, 0, 0.15), linewidths=0.2))
    allp = np.vstack(polys)
    lo, hi = allp.min(0), allp.max(0)
    c, r = (lo + hi) / 2, (hi - lo).max() / 2
    ax.set_xlim(c[0] - r, c[0] + r)
    ax.set_ylim(c[1] - r, c[1] + r)
    ax.set_zlim(c[2] - r, c[2] + r)
    ax.set_box_aspect((1, 1, 1))
    ax.view_init(elev=a.elev, azim=a.azim)
    ax.set_axis_off()
    fig.subplots_adjust(0, 0, 1, 1)
    fig.savefig(a.png, dpi=100)


if __name__ == "__main__":
    main()
