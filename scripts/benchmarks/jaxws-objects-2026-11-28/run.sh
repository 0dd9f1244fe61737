#!/bin/sh
# issue 36: the object level in CXF's own interceptors (WsCacheFeature alone, value: auto)
# beside the proxy's object level (WsCacheJaxWs.objects), the events hit and its floor, and the
# uncached calls, in one session (JaxWsHitBenchmark: 1 fork, 20 x 1 s warm-up, 5 x 1 s).
# usage: run.sh [benchmarks.jar] [extra JMH options]
cd "$(dirname "$0")"
ROOT=../../..
J=${1:-$ROOT/tools/benchmarks/target/benchmarks.jar}
[ $# -gt 0 ] && shift
OUT=$ROOT/src/site/resources/benchmarks/jaxws-objects-2026-11-28
mkdir -p "$OUT"
{ java -version 2>&1; echo "start: $(date -u) $(uptime) $*"; } >> "$OUT/env.txt"
java -jar "$J" JaxWsHitBenchmark \
    -p path=UNCACHED,OBJECT_HIT,FEATURE_OBJECT_HIT,EVENTS_HIT,EVENTS_FLOOR,UNIQUE_UNCACHED,OBJECT_MISS,FEATURE_OBJECT_MISS \
    "$@" -rf json -rff "$OUT/JaxWsHitBenchmark.json" > "$OUT/JaxWsHitBenchmark.log" 2>&1
echo "end: $(date -u) $(uptime)" >> "$OUT/env.txt"
