#!/bin/sh
# issue 36: cache-jaxws through a CXF client, JaxWsHitBenchmark with its annotation defaults
# (1 fork, 20 x 1 s warm-up, 5 x 1 s measurement); results beside the site's other runs.
# usage: run.sh [benchmarks.jar]   (default: tools/benchmarks/target/benchmarks.jar)
cd "$(dirname "$0")"
ROOT=../../..
J=${1:-$ROOT/tools/benchmarks/target/benchmarks.jar}
OUT=$ROOT/src/site/resources/benchmarks/jaxws-2026-11-28
mkdir -p "$OUT"
{ java -version 2>&1; echo "start: $(date -u) $(uptime)"; } > "$OUT/env.txt"
java -jar "$J" JaxWsHitBenchmark -rf json -rff "$OUT/JaxWsHitBenchmark.json" \
    > "$OUT/JaxWsHitBenchmark.log" 2>&1
echo "end: $(date -u) $(uptime)" >> "$OUT/env.txt"
