"""Tiny helpers to author Plumbline floor plans (see Docs/floor-plan-format.md).

Plan coordinates are world (x, z) metres, y up. Rooms are given by the polygon of the wall centre
lines around them; the floor polygon (inner wall faces) is computed by offsetting each edge inwards by
half the thickness of the wall along it. Walls are split where other walls end on them (T joints) so
each side of each wall piece faces at most one room; sides are found by probing just off each face.
"""
import json
import math


def _orient_ccw(poly):
    a = sum(poly[i][0] * poly[(i + 1) % len(poly)][1] - poly[(i + 1) % len(poly)][0] * poly[i][1] for i in range(len(poly)))
    return poly if a > 0 else poly[::-1]


def point_in_poly(poly, q):
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        a, b = poly[i], poly[j]
        if (a[1] > q[1]) != (b[1] > q[1]):
            x = a[0] + (q[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0])
            if q[0] < x:
                inside = not inside
        j = i
    return inside


def _seg_param(a, b, p):
    dx, dz = b[0] - a[0], b[1] - a[1]
    l2 = dx * dx + dz * dz
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dz) / l2
    px, pz = a[0] + t * dx, a[1] + t * dz
    return t, math.hypot(p[0] - px, p[1] - pz), math.sqrt(l2)


def _line_intersect(p, d, q, e):
    det = d[0] * (-e[1]) - d[1] * (-e[0])
    if abs(det) < 1e-12:
        return None
    r = (q[0] - p[0], q[1] - p[1])
    lam = (r[0] * (-e[1]) - r[1] * (-e[0])) / det
    return (p[0] + lam * d[0], p[1] + lam * d[1])


def r4(v):
    return round(v, 4)


class Plan:
    def __init__(self, name, notes, storeys):
        self.name, self.notes, self.storeys = name, notes, storeys
        self.rooms, self.walls, self.openings, self.furniture = [], [], [], []
        self._cl = {}
        self._arc_rooms = {}

    def room(self, rid, name, rtype, storey, centerline_poly, floor=None, ceiling=None):
        self._cl[rid] = _orient_ccw([tuple(p) for p in centerline_poly])
        r = {"id": rid, "name": name, "type": rtype, "storey": storey}
        if floor is not None:
            r["floorElevation"] = floor
        if ceiling is not None:
            r["ceilingHeight"] = ceiling
        self.rooms.append(r)
        return r

    def room_polygon(self, rid, name, rtype, storey, inner_poly, floor=None):
        """A room whose floor polygon is given directly (e.g. with an arc side)."""
        r = {"id": rid, "name": name, "type": rtype, "storey": storey, "polygon": [[r4(x), r4(z)] for x, z in inner_poly]}
        if floor is not None:
            r["floorElevation"] = floor
        self.rooms.append(r)
        return r

    def wall(self, a, b, t, storey=0, height=None, base=None, wid=None):
        self.walls.append({"id": wid, "storey": storey, "start": list(a), "end": list(b), "thickness": t,
                           "height": height, "baseElevation": base})

    def arc_wall(self, through, t, storey=0, height=None, wid=None):
        (ax, az), (bx, bz), (cx, cz) = through
        d = 2 * (ax * (bz - cz) + bx * (cz - az) + cx * (az - bz))
        ux = ((ax * ax + az * az) * (bz - cz) + (bx * bx + bz * bz) * (cz - az) + (cx * cx + cz * cz) * (az - bz)) / d
        uz = ((ax * ax + az * az) * (cx - bx) + (bx * bx + bz * bz) * (ax - cx) + (cx * cx + cz * cz) * (bx - ax)) / d
        r = math.hypot(ax - ux, az - uz)
        t0 = math.atan2(az - uz, ax - ux)
        tb = math.atan2(bz - uz, bx - ux)
        t1 = math.atan2(cz - uz, cx - ux)
        while tb < t0:
            tb += 2 * math.pi
        while t1 < t0:
            t1 += 2 * math.pi
        if tb > t1:
            t1 -= 2 * math.pi
        self.walls.append({"id": wid, "storey": storey, "arc": {"center": [ux, uz], "radius": r, "startAngle": t0, "endAngle": t1},
                           "thickness": t, "height": height, "baseElevation": None})
        return (ux, uz), r, t0, t1

    # -- finishing --------------------------------------------------------------------------------
    def _split_walls(self):
        out = []
        for w in self.walls:
            if "arc" in w:
                out.append(w)
                continue
            a, b = tuple(w["start"]), tuple(w["end"])
            cuts = set()
            for o in self.walls:
                if o is w or o["storey"] != w["storey"] or "arc" in o:
                    continue
                for p in (tuple(o["start"]), tuple(o["end"])):
                    t, dist, _ = _seg_param(a, b, p)
                    if dist < 1e-6 and 1e-6 < t < 1 - 1e-6:
                        cuts.add(round(t, 9))
            ts = [0.0] + sorted(cuts) + [1.0]
            for i in range(len(ts) - 1):
                p0 = (a[0] + (b[0] - a[0]) * ts[i], a[1] + (b[1] - a[1]) * ts[i])
                p1 = (a[0] + (b[0] - a[0]) * ts[i + 1], a[1] + (b[1] - a[1]) * ts[i + 1])
                n = dict(w)
                n["start"], n["end"] = [r4(p0[0]), r4(p0[1])], [r4(p1[0]), r4(p1[1])]
                out.append(n)
        self.walls = out

    def _thickness_along(self, storey, a, b):
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        for w in self.walls:
            if "arc" in w or w["storey"] != storey:
                continue
            t, dist, _ = _seg_param(tuple(w["start"]), tuple(w["end"]), mid)
            _, da, _ = _seg_param(tuple(w["start"]), tuple(w["end"]), a)
            if dist < 1e-6 and da < 1e-6 and -1e-9 <= t <= 1 + 1e-9:
                return w["thickness"]
        return 0.0

    def _inner_polygons(self):
        for r in self.rooms:
            if "polygon" in r:
                continue
            cl = self._cl[r["id"]]
            n = len(cl)
            lines = []
            for i in range(n):
                a, b = cl[i], cl[(i + 1) % n]
                t = self._thickness_along(r["storey"], a, b)
                dx, dz = b[0] - a[0], b[1] - a[1]
                l = math.hypot(dx, dz)
                nx, nz = -dz / l, dx / l  # inward for CCW
                lines.append(((a[0] + nx * t / 2, a[1] + nz * t / 2), (dx / l, dz / l)))
            poly = []
            for i in range(n):
                p = _line_intersect(lines[i - 1][0], lines[i - 1][1], lines[i][0], lines[i][1])
                if p is None:  # collinear edges: keep the offset vertex
                    p = lines[i][0]
                poly.append([r4(p[0]), r4(p[1])])
            r["polygon"] = poly

    def _room_at(self, storey, p, elev_hint=None):
        for r in self.rooms:
            if r["storey"] == storey and point_in_poly(r["polygon"], p):
                return r["id"]
        return None

    def _assign_sides(self):
        for k, w in enumerate(self.walls):
            if w["id"] is None:
                w["id"] = "w%d" % (k + 1)
            t = w["thickness"]
            sides = {}
            for sgn, key in ((1, "positiveRoom"), (-1, "negativeRoom")):
                if "arc" in w:
                    a = w["arc"]
                    mid = (a["startAngle"] + a["endAngle"]) / 2
                    px, pz = a["center"][0] + a["radius"] * math.cos(mid), a["center"][1] + a["radius"] * math.sin(mid)
                    sg = 1 if a["endAngle"] >= a["startAngle"] else -1
                    nx, nz = -sg * math.cos(mid), -sg * math.sin(mid)
                else:
                    (ax, az), (bx, bz) = w["start"], w["end"]
                    l = math.hypot(bx - ax, bz - az)
                    px, pz = (ax + bx) / 2, (az + bz) / 2
                    nx, nz = -(bz - az) / l, (bx - ax) / l
                q = (px + sgn * nx * (t / 2 + 0.03), pz + sgn * nz * (t / 2 + 0.03))
                sides[key] = self._room_at(w["storey"], q)
            for key, v in sides.items():
                if v is not None:
                    w[key] = v
            w["kind"] = "interior" if sides["positiveRoom"] and sides["negativeRoom"] else "exterior"

    def finish(self):
        self._split_walls()
        self._inner_polygons()
        self._assign_sides()

    # -- openings and furniture (call after finish) -------------------------------------------------
    def _host(self, p, storey):
        best = None
        for w in self.walls:
            if "arc" in w or w["storey"] != storey:
                continue
            t, dist, l = _seg_param(tuple(w["start"]), tuple(w["end"]), p)
            if dist < 1e-4 and 0 <= t <= 1:
                if best is None or dist < best[1]:
                    best = (w, dist, t * l)
        if best is None:
            raise ValueError("no wall at %s" % (p,))
        return best[0], best[2]

    def _add_opening(self, kind, p, width, height, sill, storey, **extra):
        w, pos = self._host(p, storey)
        o = {"id": "%s%d" % ({"door": "door", "window": "win", "opening": "pass"}[kind], len(self.openings) + 1), "wall": w["id"], "type": kind, "position": r4(pos),
             "width": width, "height": height, "sillHeight": sill}
        o.update({k: v for k, v in extra.items() if v is not None})
        self.openings.append(o)
        return o

    def door(self, p, width=0.85, height=2.05, storey=0, open_angle=None, hinge="start", swing="positive"):
        extra = {"hinge": hinge, "swing": swing, "isOpen": open_angle is not None}
        if open_angle is not None:
            extra["openAngle"] = r4(math.radians(open_angle))
        return self._add_opening("door", p, width, height, 0.0, storey, **extra)

    def window(self, p, width=1.2, height=1.3, sill=0.9, storey=0):
        return self._add_opening("window", p, width, height, sill, storey)

    def passage(self, p, width=1.2, height=2.1, sill=0.0, storey=0):
        return self._add_opening("opening", p, width, height, sill, storey)

    def opening_on_arc(self, wid, kind, position, width, height, sill):
        o = {"id": "%s%d" % ({"door": "door", "window": "win", "opening": "pass"}[kind], len(self.openings) + 1), "wall": wid, "type": kind, "position": r4(position),
             "width": width, "height": height, "sillHeight": sill}
        self.openings.append(o)

    def furn(self, cat, room, cx, cz, w, h, d, yaw_deg=0.0, floor=0.0, y0=None):
        base = floor if y0 is None else y0
        self.furniture.append({"id": "f%d" % (len(self.furniture) + 1), "category": cat, "room": room,
                               "center": [r4(cx), r4(base + h / 2), r4(cz)], "size": [w, h, d],
                               "yaw": r4(math.radians(yaw_deg))})

    def to_json(self):
        walls = []
        for w in self.walls:
            walls.append({k: v for k, v in w.items() if v is not None})
        d = {"name": self.name, "notes": self.notes, "storeys": self.storeys,
             "rooms": [{k: v for k, v in r.items()} for r in self.rooms],
             "walls": walls, "openings": self.openings, "furniture": self.furniture}
        return json.dumps(d, indent=1)


def rect(x0, z0, x1, z1):
    return [(x0, z0), (x1, z0), (x1, z1), (x0, z1)]


def box_walls(plan, poly, t, storey=0, height=None):
    """Walls along a closed centre-line polygon."""
    for i in range(len(poly)):
        plan.wall(poly[i], poly[(i + 1) % len(poly)], t, storey=storey, height=height)
