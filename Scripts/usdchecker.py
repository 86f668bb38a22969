#!/usr/bin/env python3
"""usdchecker for PyPI usd-core: validates USD / USDZ files with every validator USD registers.

usd-core (PyPI) ships no `usdchecker` binary; since USD 25.x the checker is the UsdValidation framework,
which this runs exactly as the C++ `usdchecker` does by default: open the stage (composition errors and
unreadable packages fail here), then run all registered validators (USDZ packaging and 64-byte alignment,
file extensions, missing references, stage metadata, material binding API, shader compliance, ...).
On older usd-core releases that still have UsdUtils.ComplianceChecker, that is run as well.

Usage: python3 Scripts/usdchecker.py FILE.usdz [...]
Prints one line per problem and "OK <file>" for clean files; exit status 1 if any file has an error.
"""
import sys

from pxr import Usd, UsdUtils, UsdValidation


def check(path):
    problems = []
    try:
        stage = Usd.Stage.Open(path)
    except Exception as e:  # Tf.ErrorException
        return [f"cannot open: {e}".replace("\n", " ")]
    if stage is None:
        return ["cannot open stage"]
    registry = UsdValidation.ValidationRegistry()
    context = UsdValidation.ValidationContext(registry.GetOrLoadAllValidators())
    for e in context.Validate(stage):
        if e.GetErrorType() in (UsdValidation.ValidationErrorType.Error, UsdValidation.ValidationErrorType.Warn):
            problems.append(f"{e.GetErrorType()} {e.GetName()}: {e.GetMessage()}")
    if hasattr(UsdUtils, "ComplianceChecker"):
        c = UsdUtils.ComplianceChecker(arkit=False, skipARKitRootLayerCheck=False, rootPackageOnly=False,
                                       skipVariants=False, verbose=False)
        c.CheckCompliance(path)
        problems += [f"compliance: {m}" for m in c.GetErrors() + c.GetFailedChecks()]
    return problems


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    bad = 0
    for path in argv[1:]:
        problems = check(path)
        if problems:
            bad += 1
            for p in problems:
                print(f"{path}: {p}")
        else:
            print(f"OK {path}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
