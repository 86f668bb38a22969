#!/bin/sh
# Regenerates the README pictures of the exporters from the committed Data/:
#   Docs/images/export-floorplan.png  floor plan SVG of Data/plans/apartment_3room.json (truth model), via cairosvg
#   Docs/images/export-usdz.png       the same model's .mesh USDZ, read back with usd-core and rasterised
# Needs: swift, python3 with usd-core, numpy, matplotlib, cairosvg (pip install usd-core matplotlib cairosvg).
set -e
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
swift build -c release --product plumb
plumb=.build/release/plumb
$plumb eval --truth Data/plans/apartment_3room.json --export-truth "$tmp" > /dev/null
$plumb export "$tmp/apartment_3room.json" --svg "$tmp/plan.svg" --usdz "$tmp/apartment.usdz"
mkdir -p Docs/images
python3 -c "import cairosvg, sys; cairosvg.svg2png(url=sys.argv[1], write_to=sys.argv[2], output_width=800)" \
    "$tmp/plan.svg" Docs/images/export-floorplan.png
python3 Scripts/render_usdz.py "$tmp/apartment.usdz" Docs/images/export-usdz.png --elev 50 --azim -65
ls -l Docs/images/export-floorplan.png Docs/images/export-usdz.png
