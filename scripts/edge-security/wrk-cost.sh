#!/bin/sh
# The throughput cost of the edge's request checks (issue 34: at most 3 % of the cached-page
# throughput): the same cached 716-byte page through two builds of cache-edge, alternated in
# one run: BASE_CLASSES (the edge before the checks) and HEAD_CLASSES (this tree's), both on
# the class path in DEPS. wrk sends plain GETs from 32 connections (always hits at the edge).
# Each run is warmed with WARMUP seconds of the same load (default 20; the edge needs about 15 s
# of load before the JIT reaches its rate, and the first runs of this script, warmed 5 s,
# compared JIT states as much as builds). A=1 runs HEAD_CLASSES on both sides (an A/A run: the
# noise of this machine for this measurement).
# Usage, from the repository root:
#   git worktree add /tmp/edgebase <commit before>; (cd /tmp/edgebase && ./mvnw -o -q -pl edge/cache-edge compile)
#   ./mvnw -o -q -pl edge/cache-edge compile dependency:build-classpath -Dmdep.outputFile=/tmp/edge-deps.txt
#   BASE_CLASSES=/tmp/edgebase/edge/cache-edge/target/classes DEPS=$(cat /tmp/edge-deps.txt) \
#       sh scripts/edge-security/wrk-cost.sh
set -e
HEAD_CLASSES=${HEAD_CLASSES:-edge/cache-edge/target/classes}
OUT=${OUT:-src/site/resources/edge-security/wrk-cost.txt}
mkdir -p "$(dirname "$OUT")"
DIR=$(mktemp -d)
. "$(dirname "$0")/../lib/page-origin.sh"
start_page_origin "$DIR" 18180
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "jdk: $(java -version 2>&1 | head -1)"
  echo "cpu: $(nproc) cores; loadavg before: $(cat /proc/loadavg)"
  echo "wrk -t2 -c32 -d${SECONDS_PER_RUN:-10}s after ${WARMUP:-20}s of warm-up, one 716-byte page, hits; base = $BASE_CLASSES; pinned: ${PIN:-0}; A/A: ${A:-0}"
} > "$OUT"
EDGE_CPU=""
WRK_CPU=""
if [ "${PIN:-0}" = 1 ]; then
  EDGE_CPU="taskset -c 0"
  WRK_CPU="taskset -c 1"
fi
run() {
  # PIN=1: the edge on CPU 0, wrk on CPU 1 (less noise between the two on a 2-core machine)
  $EDGE_CPU java -Xmx512m -cp "$1:$DEPS" io.github.wscache.edge.EdgeServer \
      --origin http://127.0.0.1:18180 --address 127.0.0.1 --port 18190 --admin-port off \
      > /dev/null 2>&1 &
  EDGE=$!
  for i in $(seq 1 50); do
    curl -s -o /dev/null http://127.0.0.1:18190/page.html && break
    sleep 0.2
  done
  $WRK_CPU wrk -t2 -c32 -d"${WARMUP:-20}"s http://127.0.0.1:18190/page.html > /dev/null
  $WRK_CPU wrk -t2 -c32 -d"${SECONDS_PER_RUN:-10}"s http://127.0.0.1:18190/page.html \
      | grep -E "Requests/sec" | sed "s/^/  /"
  kill $EDGE; wait $EDGE 2>/dev/null || true
}
[ "${A:-0}" = 1 ] && BASE_CLASSES=$HEAD_CLASSES
for round in $(seq 1 "${ROUNDS:-5}"); do
  echo "round $round, base:" >> "$OUT"; run "$BASE_CLASSES" >> "$OUT"
  echo "round $round, head:" >> "$OUT"; run "$HEAD_CLASSES" >> "$OUT"
done
echo "loadavg after: $(cat /proc/loadavg)" >> "$OUT"
awk '/base:/ {w="b"} /head:/ {w="h"} /Requests\/sec/ {s[w]+=$2; n[w]++}
     END {printf "mean base %.0f, head %.0f requests/s: head/base %.3f\n", s["b"]/n["b"],
          s["h"]/n["h"], (s["h"]/n["h"])/(s["b"]/n["b"])}' "$OUT" >> "$OUT"
kill $ORIGIN
rm -rf "$DIR"
cat "$OUT"
