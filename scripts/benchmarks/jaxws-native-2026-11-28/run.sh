#!/bin/sh
# issue 36, second round: cache-jaxws in CXF's own interceptors (no JAX-WS handler, no SAAJ),
# JaxWsHitBenchmark with 2 forks x 10 x 1 s measured after 20 x 1 s warm-up; results beside the
# site's other runs. The first round (the handler path) is in jaxws-2026-11-28.
# usage: run.sh [benchmarks.jar] [extra JMH options]
cd "$(dirname "$0")"
ROOT=../../..
J=${1:-$ROOT/tools/benchmarks/target/benchmarks.jar}
[ $# -gt 0 ] && shift
OUT=$ROOT/src/site/resources/benchmarks/jaxws-native-2026-11-28
mkdir -p "$OUT"
{ java -version 2>&1; echo "start: $(date -u) $(uptime) $*"; } >> "$OUT/env.txt"
java -jar "$J" JaxWsHitBenchmark -f 2 -i 10 "$@" -rf json -rff "$OUT/JaxWsHitBenchmark.json" \
    > "$OUT/JaxWsHitBenchmark.log" 2>&1
echo "end: $(date -u) $(uptime)" >> "$OUT/env.txt"
# the misses call by call against no cache, in rotating order in one JVM (JMH runs each miss cell
# in its own trial, and the uncached cell alone moves by a third between trials here)
java -cp "$J" io.github.wscache.benchmarks.report.JaxWsMissInterleaved 3000 \
    "$OUT/misses-interleaved.md" > "$OUT/misses-interleaved.log" 2>&1
