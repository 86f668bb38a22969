#!/usr/bin/env python3
"""Writes the hand-designed ground-truth plans in Data/plans/ (run from the package root).

Every plan is checked by the Swift validator in the PlumbSim tests (FloorPlanTests).
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from planlib import Plan, rect, box_walls  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "..", "Data", "plans")
S0 = [{"index": 0, "floorElevation": 0.0, "ceilingHeight": 2.6}]


def plain_bedroom():
    p = Plan("plain_bedroom", "A 4.0 x 3.5 m bedroom with 20 cm exterior walls.", S0)
    cl = rect(0, 0, 4.2, 3.7)
    box_walls(p, cl, 0.2)
    p.room("bed", "Bedroom", "bedroom", 0, cl)
    p.finish()
    p.door((3.4, 3.7))
    p.window((2.1, 0), width=1.4, height=1.3, sill=0.9)
    p.furn("bed", "bed", 2.1, 1.145, 1.6, 0.55, 2.05)
    p.furn("storage", "bed", 1.0, 0.345, 0.45, 0.5, 0.4)
    p.furn("storage", "bed", 3.2, 0.345, 0.45, 0.5, 0.4)
    p.furn("storage", "bed", 0.42, 2.6, 1.2, 2.1, 0.6, yaw_deg=90)
    p.furn("table", "bed", 3.83, 2.0, 1.0, 0.75, 0.5, yaw_deg=90)
    p.furn("chair", "bed", 3.3, 2.0, 0.5, 0.9, 0.5)
    return p


def l_shaped_room():
    p = Plan("l_shaped_room", "L-shaped living room, 25 cm exterior walls.", S0)
    cl = [(0, 0), (6, 0), (6, 3), (3.5, 3), (3.5, 5.5), (0, 5.5)]
    box_walls(p, cl, 0.25)
    p.room("liv", "Living room", "livingRoom", 0, cl)
    p.finish()
    p.window((1.5, 0), width=1.4)
    p.window((4.5, 0), width=1.4)
    p.window((0, 3.5), width=1.2)
    p.door((4.8, 3), width=0.9)
    p.furn("sofa", "liv", 0.62, 2.2, 2.2, 0.85, 0.95, yaw_deg=90)
    p.furn("table", "liv", 1.8, 2.2, 1.1, 0.45, 0.6, yaw_deg=90)
    p.furn("storage", "liv", 3.13, 4.2, 1.8, 0.5, 0.45, yaw_deg=90)
    p.furn("television", "liv", 3.2, 4.2, 1.3, 0.75, 0.08, yaw_deg=90, y0=0.5)
    p.furn("table", "liv", 4.6, 1.3, 1.6, 0.75, 0.9)
    for x, z in ((4.1, 0.55), (5.1, 0.55), (4.1, 2.05), (5.1, 2.05)):
        p.furn("chair", "liv", x, z, 0.45, 0.9, 0.45)
    p.furn("storage", "liv", 1.5, 5.18, 1.0, 1.9, 0.35)
    return p


def curved_wall_room():
    p = Plan("curved_wall_room", "Room whose north side is a circular bay (arc wall, 20 cm), window in the arc.", S0)
    t = 0.2
    p.wall((0, 4), (0, 0), t)
    p.wall((0, 0), (5, 0), t)
    p.wall((5, 0), (5, 4), t)
    (cx, cz), r, a0, a1 = p.arc_wall(((5, 4), (2.5, 5), (0, 4)), t, wid="arc")
    rin = r - t / 2
    za = cz + math.sqrt(rin ** 2 - (5 - t / 2 - cx) ** 2)
    ta = math.atan2(za - cz, 5 - t / 2 - cx)
    tb = math.pi - ta
    poly = [(t / 2, t / 2), (5 - t / 2, t / 2), (5 - t / 2, za)]
    n = 64
    for k in range(1, n):
        th = ta + (tb - ta) * k / n
        poly.append((cx + rin * math.cos(th), cz + rin * math.sin(th)))
    poly.append((t / 2, za))
    p.room_polygon("bay", "Bay room", "diningRoom", 0, poly)
    p.finish()
    p.opening_on_arc("arc", "window", r * abs(a1 - a0) / 2, 1.5, 1.4, 0.8)
    p.door((0, 1.0))
    p.window((2.5, 0), width=1.2)
    p.furn("table", "bay", 2.5, 3.0, 1.0, 0.75, 1.0)
    p.furn("chair", "bay", 1.8, 3.0, 0.45, 0.9, 0.45)
    p.furn("chair", "bay", 3.2, 3.0, 0.45, 0.9, 0.45)
    p.furn("sofa", "bay", 2.5, 0.57, 2.0, 0.85, 0.9)
    p.furn("storage", "bay", 4.45, 0.5, 0.8, 1.2, 0.4)
    return p


def non_orthogonal_room():
    p = Plan("non_orthogonal_room", "Office with a slanted east wall (corners of 102 and 78 degrees).", S0)
    cl = [(0, 0), (5, 0), (5.9, 4.2), (0, 4.2)]
    box_walls(p, cl, 0.2)
    p.room("off", "Office", "office", 0, cl)
    p.finish()
    p.door((0, 3.2))
    p.window((2.5, 0), width=1.4)
    p.window((5.45, 2.1), width=1.0)
    p.furn("table", "off", 1.3, 0.47, 1.4, 0.75, 0.7)
    p.furn("chair", "off", 1.3, 1.1, 0.5, 0.9, 0.5)
    p.furn("storage", "off", 0.32, 1.5, 1.0, 1.8, 0.4, yaw_deg=90)
    p.furn("sofa", "off", 2.5, 3.68, 1.8, 0.85, 0.8)
    p.furn("table", "off", 2.5, 2.6, 0.6, 0.45, 0.6)
    return p


def sloped_ceiling_room():
    st = [{"index": 0, "floorElevation": 0.0, "ceilingHeight": 2.6,
           "slopedCeilings": [{"lineStart": [0, 0], "lineEnd": [5, 0], "heightAtLine": 1.1, "risePerMetre": 0.6}]}]
    p = Plan("sloped_ceiling_room", "Attic bedroom: ceiling rises from 1.1 m at the north wall line at 0.6 m/m up to 2.6 m.", st)
    cl = rect(0, 0, 5, 4.4)
    box_walls(p, cl, 0.25)
    p.room("att", "Attic bedroom", "bedroom", 0, cl)
    p.finish()
    p.window((0, 3.0), width=1.0)
    p.window((5, 3.0), width=1.0)
    p.door((1.2, 4.4))
    p.furn("bed", "att", 2.0, 1.145, 1.4, 0.5, 2.0)
    p.furn("storage", "att", 3.8, 0.37, 1.2, 0.6, 0.45)
    p.furn("table", "att", 4.555, 3.2, 1.2, 0.75, 0.6, yaw_deg=90)
    p.furn("chair", "att", 3.9, 3.2, 0.5, 0.9, 0.5)
    return p


def small_bathroom():
    p = Plan("small_bathroom", "Crowded 1.85 x 2.25 m bathroom, 15 cm walls.", S0)
    cl = rect(0, 0, 2.0, 2.4)
    box_walls(p, cl, 0.15)
    p.room("bath", "Bathroom", "bathroom", 0, cl)
    p.finish()
    p.door((1.4, 2.4), width=0.75)
    p.window((0, 1.2), width=0.6, height=0.6, sill=1.4)
    p.furn("bathtub", "bath", 0.945, 0.455, 1.7, 0.55, 0.72)
    p.furn("toilet", "bath", 0.42, 1.4, 0.38, 0.78, 0.65, yaw_deg=90)
    p.furn("sink", "bath", 1.68, 1.3, 0.6, 0.85, 0.45, yaw_deg=90)
    p.furn("washerDryer", "bath", 0.42, 2.0, 0.6, 0.85, 0.6)
    p.furn("storage", "bath", 1.755, 1.3, 0.4, 0.7, 0.3, yaw_deg=90, y0=1.4)
    return p


def open_plan():
    st = [{"index": 0, "floorElevation": 0.0, "ceilingHeight": 2.8}]
    p = Plan("open_plan", "Large 9.7 x 7.2 m open-plan living, dining and kitchen room, 30 cm walls.", st)
    cl = rect(0, 0, 10, 7.5)
    box_walls(p, cl, 0.3)
    p.room("open", "Open plan", "livingRoom", 0, cl)
    p.finish()
    for x in (2, 5, 8):
        p.window((x, 0), width=1.6, height=1.5, sill=0.8)
    p.window((10, 3.5), width=2.0)
    p.door((0, 6.2), width=0.9)
    p.door((8.5, 7.5), width=0.9, open_angle=80, swing="positive")
    x = 0.47
    p.furn("storage", "open", x, 0.9, 1.2, 0.9, 0.6, yaw_deg=90)
    p.furn("sink", "open", x, 1.91, 0.8, 0.9, 0.6, yaw_deg=90)
    p.furn("dishwasher", "open", x, 2.62, 0.6, 0.9, 0.6, yaw_deg=90)
    p.furn("stove", "open", x, 3.23, 0.6, 0.9, 0.6, yaw_deg=90)
    p.furn("oven", "open", x, 3.84, 0.6, 0.9, 0.6, yaw_deg=90)
    p.furn("refrigerator", "open", 0.52, 4.5, 0.7, 1.85, 0.7, yaw_deg=90)
    p.furn("table", "open", 3.5, 3.5, 2.0, 0.75, 1.0)
    for cx in (2.9, 3.5, 4.1):
        p.furn("chair", "open", cx, 2.7, 0.45, 0.9, 0.45)
        p.furn("chair", "open", cx, 4.3, 0.45, 0.9, 0.45)
    p.furn("sofa", "open", 7.5, 4.8, 2.6, 0.85, 1.0)
    p.furn("table", "open", 7.5, 3.6, 1.2, 0.45, 0.6)
    p.furn("storage", "open", 7.5, 0.395, 2.0, 0.5, 0.45)
    p.furn("television", "open", 7.5, 0.35, 1.5, 0.85, 0.08, y0=0.52)
    p.furn("fireplace", "open", 9.58, 5.8, 1.5, 1.1, 0.5, yaw_deg=90)
    p.furn("chair", "open", 5.6, 3.6, 0.8, 0.9, 0.8)
    p.furn("storage", "open", 2.9, 7.13, 1.8, 2.0, 0.4)
    return p


def apartment_3room():
    p = Plan("apartment_3room", "Living room, bedroom and bathroom; 30 cm exterior and 12 cm interior walls. "
             "The bedroom door is open.", S0)
    box_walls(p, rect(0, 0, 8, 6), 0.3)
    p.wall((5, 0), (5, 6), 0.12)
    p.wall((5, 3.5), (8, 3.5), 0.12)
    p.room("liv", "Living room", "livingRoom", 0, rect(0, 0, 5, 6))
    p.room("bed", "Bedroom", "bedroom", 0, rect(5, 0, 8, 3.5))
    p.room("bath", "Bathroom", "bathroom", 0, rect(5, 3.5, 8, 6))
    p.finish()
    p.door((5, 2.5), open_angle=90, swing="positive")
    p.door((5, 5.0), width=0.8)
    p.door((1.0, 6), width=0.9)
    p.window((2.5, 0), width=2.0)
    p.window((0, 3.0), width=1.2)
    p.window((6.5, 0), width=1.2)
    p.window((8, 4.75), width=0.6, height=0.8, sill=1.3)
    p.furn("sofa", "liv", 0.62, 4.4, 2.2, 0.85, 0.9, yaw_deg=90)
    p.furn("table", "liv", 1.8, 4.4, 1.0, 0.45, 0.6, yaw_deg=90)
    p.furn("storage", "liv", 4.72, 3.6, 1.2, 0.5, 0.4, yaw_deg=90)
    p.furn("table", "liv", 2.0, 1.4, 1.2, 0.75, 0.8)
    for x, z in ((1.6, 0.7), (2.4, 0.7), (1.6, 2.1), (2.4, 2.1)):
        p.furn("chair", "liv", x, z, 0.45, 0.9, 0.45)
    p.furn("bed", "bed", 6.805, 1.8, 1.6, 0.55, 2.05, yaw_deg=90)
    p.furn("storage", "bed", 7.1, 3.12, 1.2, 2.1, 0.6)
    p.furn("chair", "bed", 5.5, 0.6, 0.5, 0.9, 0.5)
    p.furn("bathtub", "bath", 6.9, 5.455, 1.7, 0.55, 0.75)
    p.furn("toilet", "bath", 7.505, 4.2, 0.38, 0.78, 0.65, yaw_deg=90)
    p.furn("sink", "bath", 6.0, 3.805, 0.6, 0.85, 0.45)
    return p


def apartment_6room():
    p = Plan("apartment_6room", "Two bedrooms, hallway, living room, kitchen and bathroom; 30 cm exterior walls, "
             "interior walls 10-20 cm. One bedroom door and the kitchen door are open, living room has a passage.", S0)
    box_walls(p, rect(0, 0, 11, 8), 0.3)
    p.wall((4, 0), (4, 8), 0.15)
    p.wall((5.5, 0), (5.5, 8), 0.15)
    p.wall((0, 4), (4, 4), 0.12)
    p.wall((5.5, 4.5), (11, 4.5), 0.2)
    p.wall((8.5, 4.5), (8.5, 8), 0.10)
    p.room("bed1", "Bedroom 1", "bedroom", 0, rect(0, 0, 4, 4))
    p.room("bed2", "Bedroom 2", "bedroom", 0, rect(0, 4, 4, 8))
    p.room("hall", "Hallway", "hallway", 0, rect(4, 0, 5.5, 8))
    p.room("liv", "Living room", "livingRoom", 0, rect(5.5, 0, 11, 4.5))
    p.room("kit", "Kitchen", "kitchen", 0, rect(5.5, 4.5, 8.5, 8))
    p.room("bath", "Bathroom", "bathroom", 0, rect(8.5, 4.5, 11, 8))
    p.finish()
    p.door((4, 2), open_angle=70, swing="positive")
    p.door((4, 6))
    p.passage((5.5, 2.5), width=1.2, height=2.1)
    p.door((5.5, 6), open_angle=90, swing="negative")
    p.door((9.75, 4.5), width=0.8)
    p.door((4.75, 8), width=0.95)
    p.window((2, 0), width=1.2)
    p.window((0, 2), width=1.0)
    p.window((2, 8), width=1.2)
    p.window((7, 0), width=1.2)
    p.window((9.5, 0), width=1.2)
    p.window((11, 2.2), width=1.2)
    p.window((7, 8), width=1.0)
    p.window((11, 6.5), width=0.6, height=0.8, sill=1.3)
    p.furn("bed", "bed1", 1.17, 2.0, 1.4, 0.5, 2.0, yaw_deg=90)
    p.furn("storage", "bed1", 1.0, 3.645, 1.0, 2.0, 0.55)
    p.furn("table", "bed1", 3.0, 0.42, 1.0, 0.75, 0.5)
    p.furn("chair", "bed1", 3.0, 0.95, 0.5, 0.9, 0.5)
    p.furn("bed", "bed2", 1.6, 5.08, 1.6, 0.55, 2.0)
    p.furn("storage", "bed2", 3.3, 7.6, 0.8, 1.2, 0.45)
    p.furn("storage", "hall", 4.27, 3.2, 1.0, 1.0, 0.35, yaw_deg=90)
    p.furn("sofa", "liv", 7.6, 3.905, 2.4, 0.85, 0.95)
    p.furn("storage", "liv", 7.6, 0.395, 1.8, 0.5, 0.45)
    p.furn("television", "liv", 7.6, 0.3, 1.4, 0.8, 0.08, y0=0.52)
    p.furn("table", "liv", 7.6, 2.5, 1.1, 0.45, 0.6)
    p.furn("chair", "liv", 10.2, 2.2, 0.8, 0.9, 0.8)
    p.furn("storage", "liv", 10.655, 3.8, 0.9, 1.9, 0.35, yaw_deg=90)
    p.furn("storage", "kit", 6.3, 7.53, 1.2, 0.9, 0.6)
    p.furn("sink", "kit", 7.31, 7.53, 0.8, 0.9, 0.6)
    p.furn("stove", "kit", 8.02, 7.53, 0.6, 0.9, 0.6)
    p.furn("refrigerator", "kit", 8.08, 5.1, 0.7, 1.85, 0.7, yaw_deg=90)
    p.furn("dishwasher", "kit", 8.13, 6.2, 0.6, 0.85, 0.6, yaw_deg=90)
    p.furn("table", "kit", 7.0, 6.2, 0.8, 0.75, 0.8)
    p.furn("chair", "kit", 6.4, 6.2, 0.45, 0.9, 0.45)
    p.furn("chair", "kit", 7.0, 6.85, 0.45, 0.9, 0.45)
    p.furn("bathtub", "bath", 9.8, 7.455, 1.7, 0.55, 0.75)
    p.furn("toilet", "bath", 10.505, 5.8, 0.38, 0.78, 0.65, yaw_deg=90)
    p.furn("sink", "bath", 8.795, 5.8, 0.6, 0.85, 0.45, yaw_deg=90)
    p.furn("washerDryer", "bath", 8.87, 6.6, 0.6, 0.85, 0.6)
    return p


def two_storey_house():
    st = [{"index": 0, "floorElevation": 0.0, "ceilingHeight": 2.7},
          {"index": 1, "floorElevation": 3.0, "ceilingHeight": 2.5}]
    p = Plan("two_storey_house", "Ground floor: living room and kitchen (with stairs); upper floor (3.0 m, 30 cm slab): "
             "two bedrooms. The stair opening in the upper floor is not modelled.", st)
    for s in (0, 1):
        box_walls(p, rect(0, 0, 8, 6), 0.3, storey=s)
    p.wall((5, 0), (5, 6), 0.15, storey=0)
    p.wall((4, 0), (4, 6), 0.12, storey=1)
    p.room("liv", "Living room", "livingRoom", 0, rect(0, 0, 5, 6))
    p.room("kit", "Kitchen", "kitchen", 0, rect(5, 0, 8, 6))
    p.room("bed1", "Bedroom 1", "bedroom", 1, rect(0, 0, 4, 6))
    p.room("bed2", "Bedroom 2", "bedroom", 1, rect(4, 0, 8, 6))
    p.finish()
    p.passage((5, 4), width=1.2, height=2.1)
    p.door((3, 6), width=0.95)
    p.window((2.5, 0), width=1.6)
    p.window((6.5, 0), width=1.2)
    p.window((8, 3), width=1.2)
    p.door((4, 5), storey=1, open_angle=90, swing="positive")
    p.window((2, 0), storey=1, width=1.2)
    p.window((6, 0), storey=1, width=1.2)
    p.window((0, 3), storey=1, width=1.0)
    p.window((8, 3), storey=1, width=1.0)
    p.furn("stairs", "liv", 0.67, 4.0, 1.0, 2.6, 3.0)
    p.furn("sofa", "liv", 2.8, 0.62, 2.2, 0.85, 0.9)
    p.furn("storage", "liv", 4.68, 2.0, 1.6, 0.5, 0.45, yaw_deg=90)
    p.furn("table", "liv", 2.8, 1.8, 1.0, 0.45, 0.6)
    p.furn("storage", "kit", 7.53, 1.5, 2.0, 0.9, 0.6, yaw_deg=90)
    p.furn("stove", "kit", 7.53, 2.81, 0.6, 0.9, 0.6, yaw_deg=90)
    p.furn("sink", "kit", 7.53, 3.52, 0.8, 0.9, 0.6, yaw_deg=90)
    p.furn("refrigerator", "kit", 7.48, 4.3, 0.7, 1.85, 0.7, yaw_deg=90)
    p.furn("table", "kit", 6.0, 1.5, 1.2, 0.75, 0.8)
    p.furn("chair", "kit", 6.0, 0.8, 0.45, 0.9, 0.45)
    p.furn("chair", "kit", 6.0, 2.2, 0.45, 0.9, 0.45)
    p.furn("bed", "bed1", 2.0, 1.17, 1.6, 0.55, 2.0, floor=3.0)
    p.furn("storage", "bed1", 0.47, 4.2, 1.2, 2.0, 0.6, yaw_deg=90, floor=3.0)
    p.furn("bed", "bed2", 6.0, 1.17, 1.4, 0.55, 2.0, floor=3.0)
    p.furn("table", "bed2", 7.58, 4.0, 1.0, 0.75, 0.5, yaw_deg=90, floor=3.0)
    p.furn("chair", "bed2", 7.0, 4.0, 0.5, 0.9, 0.5, floor=3.0)
    return p


def split_level():
    st = [{"index": 0, "floorElevation": 0.0, "ceilingHeight": 3.2}]
    p = Plan("split_level", "Living room at 0.0 m and a study 0.6 m higher, joined by a 2.5 m wide opening whose sill "
             "is the 0.6 m riser; a step box in front of it.", st)
    box_walls(p, rect(0, 0, 9, 5), 0.25)
    p.wall((5, 0), (5, 5), 0.15)
    p.room("low", "Living room", "livingRoom", 0, rect(0, 0, 5, 5))
    p.room("high", "Study", "office", 0, rect(5, 0, 9, 5), floor=0.6)
    p.finish()
    p.passage((5, 2.5), width=2.5, height=2.2, sill=0.6)
    p.door((0, 4.0))
    p.window((2.5, 0), width=1.6, sill=0.9)
    p.window((7, 0), width=1.4, sill=1.5)
    p.window((9, 2.5), width=1.2, sill=1.5)
    p.furn("stairs", "low", 4.605, 2.5, 2.0, 0.3, 0.6, yaw_deg=90)
    p.furn("sofa", "low", 1.5, 4.33, 2.2, 0.85, 0.8)
    p.furn("table", "low", 1.5, 3.2, 1.0, 0.45, 0.6)
    p.furn("storage", "low", 0.345, 1.5, 1.4, 1.8, 0.4, yaw_deg=90)
    p.furn("table", "high", 7.0, 0.495, 1.4, 0.75, 0.7, floor=0.6)
    p.furn("chair", "high", 7.0, 1.2, 0.5, 0.9, 0.5, floor=0.6)
    p.furn("storage", "high", 8.655, 4.0, 1.0, 2.0, 0.4, yaw_deg=90, floor=0.6)
    return p


def cluttered_office():
    p = Plan("cluttered_office", "Office with six desks, shelves, a meeting table and boxes.", S0)
    cl = rect(0, 0, 7, 5.5)
    box_walls(p, cl, 0.25)
    p.room("off", "Office", "office", 0, cl)
    p.finish()
    for x in (1.5, 3.5, 5.5):
        p.window((x, 0), width=1.2)
    p.door((7, 4.5), width=0.9)
    for x in (1.5, 3.0, 4.5):
        p.furn("table", "off", x, 1.6, 1.4, 0.75, 0.7)
        p.furn("chair", "off", x, 2.25, 0.5, 0.9, 0.5)
        p.furn("table", "off", x, 3.3, 1.4, 0.75, 0.7)
        p.furn("chair", "off", x, 4.0, 0.5, 0.9, 0.45)
    for z in (1.0, 2.0, 3.0):
        p.furn("storage", "off", 0.345, z, 0.9, 1.9, 0.4, yaw_deg=90)
    p.furn("sofa", "off", 2.0, 4.93, 2.0, 0.85, 0.85)
    p.furn("storage", "off", 4.5, 5.105, 1.2, 1.0, 0.5)
    p.furn("refrigerator", "off", 5.6, 5.055, 0.6, 0.85, 0.6)
    p.furn("television", "off", 6.815, 2.0, 1.2, 0.7, 0.08, yaw_deg=90, y0=1.2)
    p.furn("storage", "off", 6.3, 0.5, 0.5, 0.4, 0.4)
    p.furn("storage", "off", 6.3, 0.5, 0.5, 0.4, 0.4, y0=0.4)
    p.furn("table", "off", 5.8, 3.3, 1.0, 0.75, 1.0)
    p.furn("chair", "off", 6.5, 3.3, 0.45, 0.9, 0.45)
    return p


PLANS = [plain_bedroom, l_shaped_room, curved_wall_room, non_orthogonal_room, sloped_ceiling_room, small_bathroom,
         open_plan, apartment_3room, apartment_6room, two_storey_house, split_level, cluttered_office]

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for make in PLANS:
        plan = make()
        with open(os.path.join(OUT, plan.name + ".json"), "w") as f:
            f.write(plan.to_json() + "\n")
        print("wrote", plan.name, len(plan.rooms), "rooms", len(plan.walls), "walls")
