#!/usr/bin/env python3
"""Derives Data/plans/roomplan_myhome.json from the real RoomPlan export of a house.

Usage: Scripts/roomplan_to_plan.py [MYHOME_DIR] [OUT_JSON]
  MYHOME_DIR defaults to ../shared/data/roomplan-house/MyHome (11 rooms, one shared coordinate frame).

RoomPlan JSON (see /work/shared/reference/roomplan-json-schema.md): every surface/object has a
column-major 4x4 `transform` (local x along the width, y up, z the surface normal; translation = centre)
and `dimensions` [width, height, depth]. World frame: y up, metres, the same as Plumbline's.

Mapping:
* each folder -> one room; its floor polygon (polygonCorners through the floor transform) -> room polygon
  (plan (x, z)); the floor's y -> the room's floorElevation; tallest wall top -> the room's ceilingHeight.
* walls keep their position, length and height. RoomPlan walls have zero thickness and are the visible
  surface; we give them a nominal THICKNESS, or EXTERIOR_THICKNESS and kind exterior when nothing of the
  house (no other wall surface, no room floor) lies within EXTERIOR_CLEARANCE behind them, and put the
  centre line half of it behind the surface (away from the room), so the surface the room sees stays
  where RoomPlan measured it. A window's glass sits in the
  wall's middle plane, so with a nominal 5 cm wall it would be 2.5 cm behind the face, within a scanner's
  noise of the wall surface, and no scan could show it. Adjacent rooms keep their
  own (duplicated) walls, exactly as RoomPlan exported them; corners are not joined.
* doors / windows / openings -> openings of their parent wall (position = projection of the centre on the
  centre line); moved inside the wall if they stick out (doors and windows keep a JAMB of wall beside them,
  as a real one cannot reach into the next wall); later ones that overlap an earlier one are dropped.
  RoomPlan doors with isOpen=true are modelled as leaves swung 90 degrees into the room.
* objects -> furniture boxes (yaw from the transform's first column). Boxes that poke through a wall or out
  of their room (common in real scans) are shrunk about their centre in 1 cm steps until they fit; boxes
  that still do not fit are dropped. Every adjustment is listed in the plan's notes.
"""
import glob
import json
import math
import os
import sys

THICKNESS = 0.05  # nominal wall thickness (walls with another room behind them), metres
JAMB = 0.10  # wall left beside a door or window that RoomPlan placed past its wall's end, metres
EXTERIOR_THICKNESS = 0.25  # thickness of a wall with no room behind it (an outside wall), metres
EXTERIOR_CLEARANCE = 0.45  # a wall is outside when nothing of the house lies this far behind its surface, metres
HERE = os.path.dirname(os.path.abspath(__file__))
SRC = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "shared", "data", "roomplan-house", "MyHome")
OUT = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "..", "Data", "plans", "roomplan_myhome.json")

TYPES = {"Bathroom": "bathroom", "Bedroom": "bedroom", "Diningroom": "diningRoom", "Hallway": "hallway",
         "Kitchen": "kitchen", "Livingroom": "livingRoom"}


def r5(v):
    return round(float(v), 5)


def cols(t):
    return [t[0:3], t[4:7], t[8:11], t[12:15]]


def apply(t, p):
    c = cols(t)
    return [c[0][i] * p[0] + c[1][i] * p[1] + c[2][i] * p[2] + c[3][i] for i in range(3)]


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


def seg_dist(q, a, b):
    dx, dz = b[0] - a[0], b[1] - a[1]
    l2 = dx * dx + dz * dz
    t = 0 if l2 == 0 else max(0, min(1, ((q[0] - a[0]) * dx + (q[1] - a[1]) * dz) / l2))
    return math.hypot(q[0] - a[0] - t * dx, q[1] - a[1] - t * dz)


def boundary_dist(poly, q):
    return min(seg_dist(q, poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly)))


def convex_overlap(a, b, tol=1e-3):
    for poly in (a, b):
        for i in range(len(poly)):
            e = (poly[(i + 1) % len(poly)][0] - poly[i][0], poly[(i + 1) % len(poly)][1] - poly[i][1])
            l = math.hypot(*e)
            if l < 1e-12:
                continue
            ax = (-e[1] / l, e[0] / l)
            pa = [p[0] * ax[0] + p[1] * ax[1] for p in a]
            pb = [p[0] * ax[0] + p[1] * ax[1] for p in b]
            if max(pa) <= min(pb) + tol or max(pb) <= min(pa) + tol:
                return False
    return True


def footprint(cx, cz, w, d, yaw):
    ax = (math.cos(yaw) * w / 2, -math.sin(yaw) * w / 2)
    az = (math.sin(yaw) * d / 2, math.cos(yaw) * d / 2)
    return [(cx - ax[0] - az[0], cz - ax[1] - az[1]), (cx + ax[0] - az[0], cz + ax[1] - az[1]),
            (cx + ax[0] + az[0], cz + ax[1] + az[1]), (cx - ax[0] + az[0], cz - ax[1] + az[1])]


def segments_cross(p, q, a, b):
    def side(o, d, x):
        return (d[0] - o[0]) * (x[1] - o[1]) - (d[1] - o[1]) * (x[0] - o[0])
    return side(p, q, a) * side(p, q, b) < 0 and side(a, b, p) * side(a, b, q) < 0


def surface_frame(w):
    """The wall's measured surface (start point), unit tangent, unit normal towards its room, and length."""
    (ax, az), (bx, bz) = w["start"], w["end"]
    l = math.hypot(bx - ax, bz - az)
    tx, tz = (bx - ax) / l, (bz - az) / l
    nx, nz = (-tz, tx) if "positiveRoom" in w else (tz, -tx)
    h = w["thickness"] / 2
    return (ax + nx * h, az + nz * h), (tx, tz), (nx, nz), l


def ray_hit(p, d, a, b):
    """Distance along the unit ray p + t d (t > 0) to segment a-b, or None."""
    ex, ez = b[0] - a[0], b[1] - a[1]
    den = d[0] * ez - d[1] * ex
    if abs(den) < 1e-12:
        return None
    wx, wz = a[0] - p[0], a[1] - p[1]
    t = (wx * ez - wz * ex) / den
    v = (wx * d[1] - wz * d[0]) / den
    return t if t > 0 and 0 <= v <= 1 else None


def free_depth(w, walls, rooms):
    """Smallest distance, over points every 10 cm along the wall, from its measured surface straight back to
    the nearest other surface of the house (another wall's surface or a room's floor outline), capped at
    EXTERIOR_CLEARANCE. Surfaces closer than 1 cm (the wall's own room outline) are ignored."""
    (sx, sz), (tx, tz), (nx, nz), l = surface_frame(w)
    segs = []
    for o in walls:
        if o is not w:
            (ox, oz), (otx, otz), _, ol = surface_frame(o)
            segs.append(((ox, oz), (ox + otx * ol, oz + otz * ol)))
    for r in rooms:
        pg = r["polygon"]
        segs += [(pg[i], pg[(i + 1) % len(pg)]) for i in range(len(pg))]
    best = EXTERIOR_CLEARANCE
    steps = max(2, int(l / 0.1))
    for k in range(steps + 1):
        u = 0.05 + (l - 0.1) * k / steps
        p = (sx + tx * u, sz + tz * u)
        for a, b in segs:
            t = ray_hit(p, (-nx, -nz), a, b)
            if t is not None and 0.01 < t < best:
                best = t
    return best


def main():
    rooms, walls, openings, furniture, notes = [], [], [], [], []
    wall_geo = {}
    for folder in sorted(glob.glob(os.path.join(SRC, "*", "capturedRoom.json"))):
        name = os.path.basename(os.path.dirname(folder))
        d = json.load(open(folder))
        rid = name.lower()
        fl = d["floors"][0]
        poly = []
        for c in fl["polygonCorners"]:
            w = apply(fl["transform"], c)
            poly.append([r5(w[0]), r5(w[2])])
        floor_y = fl["transform"][13]
        top = max(w["transform"][13] + w["dimensions"][1] / 2 for w in d["walls"])
        kind = next(v for k, v in TYPES.items() if name.startswith(k))
        rooms.append({"id": rid, "name": name, "type": kind, "storey": 0, "polygon": poly,
                      "floorElevation": r5(floor_y), "ceilingHeight": r5(top - floor_y)})
        for wi, w in enumerate(d["walls"]):
            t = w["transform"]
            c0, c2, tr = t[0:3], t[8:11], t[12:15]
            width, height = w["dimensions"][0], w["dimensions"][1]
            dx, dz = c0[0], c0[2]
            nx, nz = c2[0], c2[2]  # surface normal, towards the room
            cx, cz = tr[0] - nx * THICKNESS / 2, tr[2] - nz * THICKNESS / 2
            start = (cx - dx * width / 2, cz - dz * width / 2)
            end = (cx + dx * width / 2, cz + dz * width / 2)
            positive = (-dz * nx + dx * nz) > 0
            wid = "%s-w%d" % (rid, wi + 1)
            base = tr[1] - height / 2
            wall = {"id": wid, "storey": 0, "start": [r5(start[0]), r5(start[1])], "end": [r5(end[0]), r5(end[1])],
                    "thickness": THICKNESS, "height": r5(height), "baseElevation": r5(base), "kind": "interior",
                    ("positiveRoom" if positive else "negativeRoom"): rid}
            walls.append(wall)
            wall_geo[w["identifier"]] = (wall, start, (dx, dz), width, base, height)
        for key in ("doors", "windows", "openings"):
            for o in d[key]:
                cat = list(o["category"].keys())[0]
                if o["parentIdentifier"] not in wall_geo:
                    notes.append("%s %s dropped (no parent wall)" % (name, cat))
                    continue
                wall, start, dirv, length, base, wh = wall_geo[o["parentIdentifier"]]
                tr = o["transform"][12:15]
                width, height = o["dimensions"][0], o["dimensions"][1]
                pos = (tr[0] - start[0]) * dirv[0] + (tr[2] - start[1]) * dirv[1]
                sill = tr[1] - height / 2 - base
                adj = []
                if sill < 0:
                    height += sill
                    sill = 0.0
                    adj.append("sill raised to the wall base")
                if sill + height > wh:
                    height = wh - sill - 0.001
                    adj.append("height cut to the wall top")
                # A door or window cannot reach into the next wall: one RoomPlan places past its wall's end
                # (its edges are where RoomPlan is least sure) is moved inside, leaving a jamb of JAMB.
                margin = JAMB if cat in ("door", "window") else 0.001
                if width > length - 2 * max(margin, 0.01):
                    width = length - 2 * max(margin, 0.01)
                    adj.append("narrowed to the wall")
                lo, hi = width / 2 + margin, length - width / 2 - margin
                if not width / 2 + 0.001 <= pos <= length - width / 2 - 0.001:
                    pos = min(max(pos, lo), hi)
                    adj.append("moved inside the wall")
                clash = [p for p in openings if p["wall"] == wall["id"] and abs(p["position"] - pos) < (p["width"] + width) / 2
                         and not (p["sillHeight"] >= sill + height or sill >= p["sillHeight"] + p["height"])]
                if clash:
                    notes.append("%s %s dropped (overlaps %s)" % (name, cat, clash[0]["id"]))
                    continue
                op = {"id": "%s-%s%d" % (rid, cat, len(openings) + 1), "wall": wall["id"], "type": cat,
                      "position": r5(pos), "width": r5(width), "height": r5(height), "sillHeight": r5(sill)}
                if cat == "door":
                    is_open = o["category"]["door"].get("isOpen", False)
                    op["isOpen"] = is_open
                    if is_open:
                        op["openAngle"] = r5(math.pi / 2)
                        op["hinge"] = "start"
                        op["swing"] = "positive" if "positiveRoom" in wall else "negative"
                if adj:
                    notes.append("%s %s %s: %s" % (name, cat, op["id"], ", ".join(adj)))
                openings.append(op)
        for o in d["objects"]:
            cat = list(o["category"].keys())[0]
            t = o["transform"]
            yaw = math.atan2(-t[2], t[0])
            furniture.append({"id": "%s-%s%d" % (rid, cat, len(furniture) + 1), "category": cat, "room": rid,
                              "center": [t[12], t[13], t[14]], "size": list(o["dimensions"]), "yaw": yaw})
    # Real walls are far thicker than a nominal 5 cm, and a window's glass sits in the wall's middle, well
    # behind the inner face (with 5 cm it would be 2.5 cm behind, within a scanner's noise of the surface).
    # Thicken walls outwards so the surface the room sees stays where RoomPlan measured it.
    # A wall with nothing of the house within EXTERIOR_CLEARANCE behind it is an outside wall, EXTERIOR_THICKNESS
    # thick; the others keep THICKNESS (giving them half the gap to the facing wall was tried and made the
    # built rooms worse: roomplan_myhome floor IoU mean 0.63 against 0.77).
    depths = [free_depth(w, walls, rooms) for w in walls]
    for w, depth in zip(walls, depths):
        t = EXTERIOR_THICKNESS if depth >= EXTERIOR_CLEARANCE else THICKNESS
        (sx, sz), (tx, tz), (nx, nz), l = surface_frame(w)
        cx, cz = sx - nx * t / 2, sz - nz * t / 2
        w["start"], w["end"] = [r5(cx), r5(cz)], [r5(cx + tx * l), r5(cz + tz * l)]
        w["thickness"] = r5(t)
        if depth >= EXTERIOR_CLEARANCE:
            w["kind"] = "exterior"
    # Fit furniture: inside the room, above its floor, below its ceiling, clear of every wall.
    room_by_id = {r["id"]: r for r in rooms}
    wall_quads = []
    for w in walls:
        (ax, az), (bx, bz) = w["start"], w["end"]
        l = math.hypot(bx - ax, bz - az)
        nx, nz = -(bz - az) / l * w["thickness"] / 2, (bx - ax) / l * w["thickness"] / 2
        wall_quads.append(([(ax + nx, az + nz), (bx + nx, bz + nz), (bx - nx, bz - nz), (ax - nx, az - nz)],
                           w["baseElevation"], w["baseElevation"] + w["height"]))
    kept = []
    for f in furniture:
        r = room_by_id[f["room"]]
        floor, ceil = r["floorElevation"], r["floorElevation"] + r["ceilingHeight"]
        cx, cy, cz = f["center"]
        w, h, dd = f["size"]
        bottom, top = max(cy - h / 2, floor), min(cy + h / 2, ceil - 0.001)
        if abs(bottom - (cy - h / 2)) > 0.005 or abs(top - (cy + h / 2)) > 0.005:
            notes.append("%s clipped to floor/ceiling by %.0f cm" % (f["id"], 100 * max(abs(bottom - (cy - h / 2)), abs(top - (cy + h / 2)))))
        cy, h = (bottom + top) / 2, top - bottom
        ok = False
        for step in range(0, 80):
            sw, sd = w - 0.02 * step, dd - 0.02 * step
            if sw < 0.1 or sd < 0.1:
                break
            fp = footprint(cx, cz, sw, sd, f["yaw"])
            inside = all(point_in_poly(r["polygon"], p) or boundary_dist(r["polygon"], p) <= 0.004 for p in fp)
            clear = not any(convex_overlap(q, fp) for q, wb, wt in wall_quads if top > wb + 1e-3 and bottom < wt - 1e-3)
            if inside and clear:
                ok = True
                if step:
                    notes.append("%s shrunk by %d cm to fit" % (f["id"], 2 * step))
                break
        if not ok:
            notes.append("%s dropped (does not fit its room)" % f["id"])
            continue
        f["center"] = [r5(cx), r5(cy), r5(cz)]
        f["size"] = [r5(sw), r5(h), r5(sd)]
        f["yaw"] = r5(f["yaw"])
        kept.append(f)
    floor0 = min(r["floorElevation"] for r in rooms)
    ceil_h = max(r["floorElevation"] + r["ceilingHeight"] for r in rooms) - floor0
    plan = {
        "name": "roomplan_myhome",
        "notes": ("Derived by Scripts/roomplan_to_plan.py from the RoomPlan export MyHome (11 rooms, shared frame). "
                  "RoomPlan walls have zero thickness: each is given a nominal thickness of %.2f m behind its measured "
                  "surface, outside walls (nothing within %.2f m behind them) %.2f m; doors and windows placed past "
                  "their wall's end are moved inside with %.2f m of wall beside them; rooms keep their own walls as exported (duplicates between rooms, corners not joined). "
                  "Adjustments: " % (THICKNESS, EXTERIOR_CLEARANCE, EXTERIOR_THICKNESS, JAMB)) + ("; ".join(notes) if notes else "none"),
        "storeys": [{"index": 0, "floorElevation": r5(floor0), "ceilingHeight": r5(ceil_h)}],
        "rooms": rooms, "walls": walls, "openings": openings, "furniture": kept,
    }
    with open(OUT, "w") as fh:
        json.dump(plan, fh, indent=1)
        fh.write("\n")
    print("wrote %s: %d rooms, %d walls, %d openings, %d furniture, %d notes" %
          (OUT, len(rooms), len(walls), len(openings), len(kept), len(notes)))


if __name__ == "__main__":
    main()
