#!/bin/sh
# issues 36 and 38: EngineMissBenchmark with the jar before and the jar after a change to the
# miss path, alternated twice (before, after, before, after) in one session.
# usage: compare.sh before.jar after.jar
cd "$(dirname "$0")"
OUT=../../../src/site/resources/benchmarks/engine-miss-2026-11-28
mkdir -p "$OUT"
echo "compare start: $(date -u) $(uptime)" >> "$OUT/env.txt"
for round in 1 2; do
    for side in before after; do
        if [ $side = before ]; then J=$1; else J=$2; fi
        java -jar "$J" EngineMissBenchmark -prof gc -rf json -rff "$OUT/$side-$round.json" \
            > "$OUT/$side-$round.log" 2>&1
    done
done
echo "compare end: $(date -u) $(uptime)" >> "$OUT/env.txt"
