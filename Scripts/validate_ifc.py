#!/usr/bin/env python3
"""Reads an IFC file with ifcopenshell (PyPI `ifcopenshell`) and prints what a BIM tool would see, as JSON.

For each file: schema validation (ifcopenshell.validate: entity and attribute types, counts, enumerations,
inverse cardinalities; with --rules also the EXPRESS WHERE rules, about 10 s per file; `schemaErrors` lists
the messages), schema, length unit, storeys (name, elevation, containment), and for every IfcWall its Tag,
storey, thickness three ways (the body's IfcExtrudedAreaSolid depth or profile, the material layer set, and
the evaluated geometry's extent along the wall's local z axis), its evaluated volume (with openings cut by
ifcopenshell's geometry kernel) and the doors / windows that fill openings voiding it; every IfcDoor and
IfcWindow with its Tag, OverallWidth / OverallHeight and host wall (found through IfcRelFillsElement ->
IfcOpeningElement -> IfcRelVoidsElement); IfcSpace names, storeys and NetFloorArea; IfcSlab count.

Usage: python3 Scripts/validate_ifc.py [--rules] FILE.ifc [...]   prints {"<file>": {...}, ...}; exit status 1 if a
file cannot be opened, fails schema validation or has neither walls nor spaces. The Swift tests compare the numbers with the model.
"""
import json
import sys

import ifcopenshell
import ifcopenshell.geom
import ifcopenshell.util.element
import ifcopenshell.util.placement
import ifcopenshell.util.shape
import ifcopenshell.validate


def storey_of(element):
    c = ifcopenshell.util.element.get_container(element)
    return c.Name if c is not None else None


def read(path, rules):
    logger = ifcopenshell.validate.json_logger()
    ifcopenshell.validate.validate(path, logger, express_rules=rules)
    f = ifcopenshell.open(path)
    settings = ifcopenshell.geom.settings()  # local coordinates, openings applied
    out = {"schema": f.schema, "units": [], "storeys": [], "walls": [], "doors": [], "windows": [], "spaces": [],
           "slabs": len(f.by_type("IfcSlab")), "openings": len(f.by_type("IfcOpeningElement")),
           "schemaErrors": [s["message"] for s in logger.statements if s.get("level") == "error"]}
    for u in f.by_type("IfcSIUnit"):
        out["units"].append(f"{u.UnitType}:{u.Prefix or ''}{u.Name}")
    for s in f.by_type("IfcBuildingStorey"):
        out["storeys"].append({"name": s.Name, "elevation": s.Elevation,
                               "elements": len(ifcopenshell.util.element.get_decomposition(s))})
    host_of = {}
    for rel in f.by_type("IfcRelFillsElement"):
        opening = rel.RelatingOpeningElement
        for v in opening.VoidsElements:
            host_of[rel.RelatedBuildingElement.id()] = v.RelatingBuildingElement.Tag
    for w in f.by_type("IfcWall"):
        rec = {"tag": w.Tag, "name": w.Name, "storey": storey_of(w)}
        for rep in w.Representation.Representations:
            for item in rep.Items:
                if item.is_a("IfcExtrudedAreaSolid"):
                    rec["extrusionDepth"] = item.Depth
        mat = ifcopenshell.util.element.get_material(w)
        if mat is not None and mat.is_a("IfcMaterialLayerSet"):
            rec["materialThickness"] = sum(l.LayerThickness for l in mat.MaterialLayers)
        shape = ifcopenshell.geom.create_shape(settings, w)
        verts = shape.geometry.verts
        zs = verts[2::3]
        rec["localZExtent"] = max(zs) - min(zs)
        rec["volume"] = ifcopenshell.util.shape.get_volume(shape.geometry)
        rec["fills"] = sorted(e.Tag for e in f.by_type("IfcDoor") + f.by_type("IfcWindow") if host_of.get(e.id()) == w.Tag)
        out["walls"].append(rec)
    for kind, key in (("IfcDoor", "doors"), ("IfcWindow", "windows")):
        for e in f.by_type(kind):
            out[key].append({"tag": e.Tag, "width": e.OverallWidth, "height": e.OverallHeight,
                             "wall": host_of.get(e.id()), "storey": storey_of(e)})
    for s in f.by_type("IfcSpace"):
        q = ifcopenshell.util.element.get_psets(s).get("Qto_SpaceBaseQuantities", {})
        parent = ifcopenshell.util.element.get_aggregate(s)
        out["spaces"].append({"name": s.Name, "storey": parent.Name if parent else None, "area": q.get("NetFloorArea")})
    return out


def main(args):
    rules = "--rules" in args
    paths = [a for a in args if a != "--rules"]
    result, bad = {}, 0
    for p in paths:
        try:
            result[p] = read(p, rules)
            if result[p]["schemaErrors"] or not (result[p]["walls"] or result[p]["spaces"]):
                bad += 1
        except Exception as e:
            result[p] = {"error": str(e)}
            bad += 1
    print(json.dumps(result, indent=1, sort_keys=True))
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
