#!/bin/sh
# Replays the simulated frames of every single-room plan through `plumb capture` and compares the built
# room with `plumb build` on the simulator's merged room PLY: median |wall length error| against the plan
# (from `plumb eval`), wall counts, and the capture's timing lines.
# Usage: Scripts/capture/replay_vs_ply.sh [OUT_DIR] (run from the package root after
# `swift build -c release --product plumb`; set PLUMB to use another binary).
set -eu
OUT=${1:-/tmp/plumb-capture-replay}
PLUMB=${PLUMB:-.build/release/plumb}
mkdir -p "$OUT"
median() { python3 -c "import json,sys; a=json.load(open(sys.argv[1]))['aggregate']; print('%.4f %d/%d' % (a['wallLengthError']['median'], a['walls']['truePositives'], a['walls']['truePositives'] + a['walls']['falsePositives']))" "$1"; }
printf "%-22s %-22s %-22s %s\n" plan "ply: median_len walls" "capture: median_len walls" "capture timing"
for plan in Data/plans/*.json; do
  rooms=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['rooms']))" "$plan")
  [ "$rooms" = 1 ] || continue
  name=$(basename "$plan" .json)
  d="$OUT/$name"
  $PLUMB simulate "$plan" -o "$d" > /dev/null
  room=$(ls "$d/clouds" | head -1)
  $PLUMB build "$d/clouds/$room" -o "$d/ply_room.json" > /dev/null 2>&1 || echo "$name: ply build failed"
  $PLUMB capture "$d" -o "$d/capture_room.json" --timing --quiet > "$d/capture.log" 2>&1 || echo "$name: capture failed"
  $PLUMB eval --truth "$plan" --model "$d/ply_room.json" --json "$d/ply_eval.json" > /dev/null 2>&1 || true
  $PLUMB eval --truth "$plan" --model "$d/capture_room.json" --json "$d/capture_eval.json" > /dev/null 2>&1 || true
  t=$(grep "timing: .*frames" "$d/capture.log" | sed 's/timing: //')
  l=$(grep "live builds" "$d/capture.log" | sed 's/.*live rooms per replay second: //')
  printf "%-22s %-22s %-22s %s; live/s %s\n" "$name" "$(median "$d/ply_eval.json" 2>/dev/null || echo -)" \
    "$(median "$d/capture_eval.json" 2>/dev/null || echo -)" "$t" "$l"
done
