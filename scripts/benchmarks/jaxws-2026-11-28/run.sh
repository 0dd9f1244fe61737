#!/bin/sh
# issue 36: cache-jaxws through a CXF client, JaxWsHitBenchmark with its annotation defaults
# (1 fork, 20 x 1 s warm-up, 5 x 1 s measurement); results beside the site's other runs.
# usage: run.sh [benchmarks.jar] [extra JMH options]
#   (default jar: tools/benchmarks/target/benchmarks.jar; the second run of 2026-11-28 used
#   "-f 2 -i 10", written as JaxWsHitBenchmark-f2.json)
cd "$(dirname "$0")"
ROOT=../../..
J=${1:-$ROOT/tools/benchmarks/target/benchmarks.jar}
shift 2>/dev/null
EXTRA="$*"
NAME=JaxWsHitBenchmark${EXTRA:+-f2}
OUT=$ROOT/src/site/resources/benchmarks/jaxws-2026-11-28
mkdir -p "$OUT"
{ java -version 2>&1; echo "start: $(date -u) $(uptime) $EXTRA"; } >> "$OUT/env.txt"
java -jar "$J" JaxWsHitBenchmark $EXTRA -rf json -rff "$OUT/$NAME.json" \
    > "$OUT/$NAME.log" 2>&1
echo "end: $(date -u) $(uptime)" >> "$OUT/env.txt"
