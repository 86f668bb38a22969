#!/usr/bin/env python3
"""Writes apartment_10room.json: Data/plans/apartment_6room.json (6 rooms, storey 0) plus an upper storey
(floor at 2.9 m: 2.6 m ceiling + 30 cm slab) holding copies of its bedrooms, hallway and living room
(4 rooms, ids suffixed "_up"). The input of the 10-room structure benchmark (issue 5); kept out of
Data/plans so that `plumb eval --all` does not change.

Upper storey walls: every ground-floor wall that bounds one of the four rooms. Walls whose positive side was
the kitchen or bathroom (not copied) are reversed so the copied room is on their positive side; walls
between two rooms that are not both copied lose the other room (they become exterior). Openings are copied
only on walls that keep both of their rooms (or stay exterior with the same direction), furniture of the
four rooms is copied. Usage: python3 make_apartment_10room.py [OUT.json] (default: next to this script).
"""
import copy
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
src = os.path.join(here, "..", "..", "Data", "plans", "apartment_6room.json")
out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "apartment_10room.json")
plan = json.load(open(src))
up_rooms = ["bed1", "bed2", "hall", "liv"]
floor_up = 2.9

def up(i):
    return i + "_up"

plan["name"] = "apartment_10room"
plan["notes"] = ("Benchmark plan (Benchmarks/Plans/make_apartment_10room.py): apartment_6room on storey 0 and "
                 "copies of its bedrooms, hallway and living room on storey 1 (floor 2.9 m).")
plan["storeys"].append({"index": 1, "floorElevation": floor_up, "ceilingHeight": plan["storeys"][0]["ceilingHeight"]})
for r in list(plan["rooms"]):
    if r["id"] in up_rooms:
        c = copy.deepcopy(r)
        c["id"] = up(r["id"])
        c["name"] = r["name"] + " (upstairs)"
        c["storey"] = 1
        plan["rooms"].append(c)
kept_walls = {}
for w in list(plan["walls"]):
    pos, neg = w["positiveRoom"], w.get("negativeRoom")
    if pos not in up_rooms and neg not in up_rooms:
        continue
    c = copy.deepcopy(w)
    c["id"] = up(w["id"])
    c["storey"] = 1
    reversed_ = False
    if pos not in up_rooms:  # the copied room is on the negative side: turn the wall round
        c["start"], c["end"] = w["end"], w["start"]
        pos, neg = neg, pos
        reversed_ = True
    c["positiveRoom"] = up(pos)
    if neg in up_rooms:
        c["negativeRoom"] = up(neg)
    else:
        c.pop("negativeRoom", None)
        c["kind"] = "exterior"
    plan["walls"].append(c)
    kept_walls[w["id"]] = (c["id"], reversed_, neg is None or neg in up_rooms)
for o in list(plan["openings"]):
    k = kept_walls.get(o["wall"])
    if k is None or k[1] or not k[2]:
        continue
    c = copy.deepcopy(o)
    c["id"] = up(o["id"])
    c["wall"] = k[0]
    plan["openings"].append(c)
for f in list(plan["furniture"]):
    if f["room"] in up_rooms:
        c = copy.deepcopy(f)
        c["id"] = up(f["id"])
        c["room"] = up(f["room"])
        c["center"][1] += floor_up
        plan["furniture"].append(c)
json.dump(plan, open(out, "w"), indent=1)
print(f"wrote {out}: {len(plan['rooms'])} rooms, {len(plan['walls'])} walls, {len(plan['openings'])} openings, "
      f"{len(plan['furniture'])} furniture")
