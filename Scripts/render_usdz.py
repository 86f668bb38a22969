#!/usr/bin/env python3
"""Software rendering of an exported USDZ for documentation: reads the package with Pixar's USD (PyPI
`usd-core`), takes every Mesh and Cube with its world transform (UsdGeom.XformCache) and its bound
UsdPreviewSurface diffuse colour / opacity, and rasterises the triangles with a numpy z-buffer
(orthographic camera, flat shading by a fixed light, 2x supersampling; translucent faces blended after the
opaque ones). No GL needed; numpy + matplotlib (for PNG writing) only.

Usage: python3 Scripts/render_usdz.py IN.usdz OUT.png [--elev 35] [--azim -60] [--size 7]
"""
import argparse

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
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


def render(tris, colors, alphas, elev, azim, width, height):
    e, a = np.radians(elev), np.radians(azim)
    forward = -np.array([np.cos(e) * np.cos(a), np.cos(e) * np.sin(a), np.sin(e)])
    right = np.cross(forward, [0, 0, 1.0])
    right /= np.linalg.norm(right)
    up = np.cross(right, forward)
    pts = tris.reshape(-1, 3)
    sx, sy, depth = pts @ right, pts @ up, pts @ forward
    lo, hi = np.array([sx.min(), sy.min()]), np.array([sx.max(), sy.max()])
    scale = 0.92 * min(width / (hi[0] - lo[0]), height / (hi[1] - lo[1]))
    off = np.array([width, height]) / 2 - scale * (lo + hi) / 2
    X = (sx * scale + off[0]).reshape(-1, 3)
    Y = (height - (sy * scale + off[1])).reshape(-1, 3)
    Z = depth.reshape(-1, 3)
    img = np.ones((height, width, 3))
    zbuf = np.full((height, width), np.inf)
    order = [i for i in range(len(tris)) if alphas[i] >= 1] + [i for i in range(len(tris)) if alphas[i] < 1]
    for i in order:
        x, y, z = X[i], Y[i], Z[i]
        x0, x1 = max(int(np.floor(x.min())), 0), min(int(np.ceil(x.max())), width - 1)
        y0, y1 = max(int(np.floor(y.min())), 0), min(int(np.ceil(y.max())), height - 1)
        if x1 < x0 or y1 < y0:
            continue
        gx, gy = np.meshgrid(np.arange(x0, x1 + 1) + 0.5, np.arange(y0, y1 + 1) + 0.5)
        d = (y[1] - y[2]) * (x[0] - x[2]) + (x[2] - x[1]) * (y[0] - y[2])
        if abs(d) < 1e-12:
            continue
        w0 = ((y[1] - y[2]) * (gx - x[2]) + (x[2] - x[1]) * (gy - y[2])) / d
        w1 = ((y[2] - y[0]) * (gx - x[2]) + (x[0] - x[2]) * (gy - y[2])) / d
        w2 = 1 - w0 - w1
        inside = (w0 >= -1e-6) & (w1 >= -1e-6) & (w2 >= -1e-6)
        zz = w0 * z[0] + w1 * z[1] + w2 * z[2] - 1e-4  # slight bias: coplanar panes win
        sub = zbuf[y0:y1 + 1, x0:x1 + 1]
        m = inside & (zz < sub)
        block = img[y0:y1 + 1, x0:x1 + 1]
        if alphas[i] >= 1:
            sub[m] = zz[m]
            block[m] = colors[i]
        else:
            block[m] = (1 - alphas[i]) * block[m] + alphas[i] * np.array(colors[i])
    return img


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("usdz")
    ap.add_argument("png")
    ap.add_argument("--elev", type=float, default=40)
    ap.add_argument("--azim", type=float, default=-60)
    ap.add_argument("--width", type=int, default=800)
    ap.add_argument("--height", type=int, default=560)
    a = ap.parse_args()
    stage = Usd.Stage.Open(a.usdz)
    cache = UsdGeom.XformCache()
    light = np.array([0.35, -0.5, 0.8])
    light /= np.linalg.norm(light)
    tris, colors, alphas = [], [], []
    for prim in stage.Traverse():
        if not (prim.IsA(UsdGeom.Mesh) or prim.IsA(UsdGeom.Cube)):
            continue
        color, opacity = material(prim)
        for f in faces_of(prim, cache):
            f = np.c_[f[:, 0], -f[:, 2], f[:, 1]]  # USD y-up -> z-up: (x, y, z) -> (x, -z, y)
            n = np.cross(f[1] - f[0], f[2] - f[0])
            ln = np.linalg.norm(n)
            shade = 0.6 + 0.4 * abs(np.dot(n / ln, light)) if ln > 1e-12 else 0.6
            for k in range(1, len(f) - 1):
                tris.append([f[0], f[k], f[k + 1]])
                colors.append(tuple(min(1.0, c * shade) for c in color))
                alphas.append(opacity)
    img = render(np.array(tris, dtype=float), colors, alphas, a.elev, a.azim, 2 * a.width, 2 * a.height)
    img = img.reshape(a.height, 2, a.width, 2, 3).mean(axis=(1, 3))
    plt.imsave(a.png, np.clip(img, 0, 1))


if __name__ == "__main__":
    main()
