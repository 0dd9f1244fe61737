#!/bin/sh
# issue 38: the two rows whose earlier runs straddled their targets, measured in alternated
# rounds in one session (each round: the cell and its floor, 2 forks, 10 x 1 s warm-up,
# 10 x 1 s measured), so that each round gives a ratio of cells run minutes apart at most:
#   replay into a hand binder vs a plain recording: ReplayFloorBenchmark EVENTS / PLAIN (<= 1.1x)
#   Axis2 events hit over its floor: AxisEndToEndBenchmark SEARCH_EVENTS - SEARCH_EVENTS_FLOOR
#   (<= 0.3 us)
# usage: sh run.sh [benchmarks.jar]; then python3 summary.py OUT > OUT/summary.md
J=${1:-tools/benchmarks/target/benchmarks.jar}
OUT=${OUT:-src/site/resources/benchmarks/unresolved-rows-2026-11-29}
mkdir -p "$OUT"
{ java -version 2>&1; echo "start: $(date -u +%FT%TZ) $(uptime)"; } > "$OUT/machine.txt"
for round in 1 2 3; do
    java -jar "$J" ReplayFloorBenchmark -p source=EVENTS,PLAIN -f 2 -wi 10 -w 1 -i 10 -r 1 \
        -rf json -rff "$OUT/replay-$round.json" > /dev/null 2>&1
    java -jar "$J" AxisEndToEndBenchmark -p cell=SEARCH_EVENTS,SEARCH_EVENTS_FLOOR -f 2 \
        -wi 10 -w 1 -i 10 -r 1 -rf json -rff "$OUT/axis-$round.json" > /dev/null 2>&1
done
echo "end: $(date -u +%FT%TZ) $(uptime)" >> "$OUT/machine.txt"
