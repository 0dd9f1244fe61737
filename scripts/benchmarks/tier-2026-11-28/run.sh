#!/bin/sh
# issue 38: a second-level (Redis) hit through Axis2's stub against a raw GET of the same bytes
# (TierHitBenchmark: 2 forks x 10 x 1 s after 20 x 1 s of warm-up, a throw-away Debian
# redis-server per trial), and the replay floor cells (ReplayFloorBenchmark PLAIN and EVENTS) in
# the same session.
# usage: run.sh [benchmarks.jar] [extra JMH options]
cd "$(dirname "$0")"
ROOT=../../..
J=${1:-$ROOT/tools/benchmarks/target/benchmarks.jar}
[ $# -gt 0 ] && shift
OUT=$ROOT/src/site/resources/benchmarks/tier-2026-11-28
mkdir -p "$OUT"
{ java -version 2>&1; redis-server --version; echo "start: $(date -u) $(uptime) $*"; } \
    >> "$OUT/env.txt"
java -jar "$J" TierHitBenchmark "$@" -rf json -rff "$OUT/TierHitBenchmark.json" \
    > "$OUT/TierHitBenchmark.log" 2>&1
echo "tier end: $(date -u) $(uptime)" >> "$OUT/env.txt"
java -jar "$J" ReplayFloorBenchmark -p source=PLAIN,EVENTS -f 2 -wi 5 -w 2 -i 5 -r 2 "$@" \
    -rf json -rff "$OUT/ReplayFloorBenchmark.json" > "$OUT/ReplayFloorBenchmark.log" 2>&1
echo "end: $(date -u) $(uptime)" >> "$OUT/env.txt"
