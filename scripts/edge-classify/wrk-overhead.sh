#!/bin/sh
# The throughput cost of client classification (paper 004, Figure 2: about 11 %), short:
# cache-edge in front of a Python origin serving one 716-byte page (always a hit at the edge),
# wrk with every request from a random client address (SCRIPT=random-client.lua, the paper's
# load) or from a pool of 1,000 (SCRIPT=pooled-client.lua), classification off and on, alternated.
# Each run is warmed with WARMUP seconds of the same load first (default 20: the edge's hit path
# needs about 15 s of load before the JIT reaches its rate; with 5 s, the first runs of this
# script compared an edge still compiling its classification path against a warmer one).
# Run from the repository root after: ./mvnw -o -q -pl samples/petshop -am package -DskipTests
set -e
SCRIPT=${SCRIPT:-random-client.lua}
OUT=src/site/resources/edge-classify/wrk-overhead-${SCRIPT%.lua}.txt
CP="samples/petshop/target/lib/*"
DIR=$(mktemp -d)
. "$(dirname "$0")/../lib/page-origin.sh"
start_page_origin "$DIR" 18180
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "jdk: $(java -version 2>&1 | head -1)"
  echo "cpu: $(nproc) cores; loadavg before: $(cat /proc/loadavg)"
  echo "wrk -t2 -c32 -d${SECONDS_PER_RUN:-10}s -s $SCRIPT after ${WARMUP:-20}s of warm-up, one 716-byte page, hits"
} > "$OUT"
run() {
  java -Xmx512m -cp "$CP" io.github.wscache.edge.EdgeServer --origin http://127.0.0.1:18180 \
      --address 127.0.0.1 --port 18190 --admin-port off "$@" > /dev/null 2>&1 &
  EDGE=$!
  sleep 4
  curl -s -o /dev/null http://127.0.0.1:18190/page.html
  wrk -t2 -c32 -d"${WARMUP:-20}"s -s scripts/edge-classify/$SCRIPT \
      http://127.0.0.1:18190/page.html > /dev/null
  wrk -t2 -c32 -d"${SECONDS_PER_RUN:-10}"s -s scripts/edge-classify/$SCRIPT \
      http://127.0.0.1:18190/page.html | grep -E "Requests/sec|Latency" | sed "s/^/  /"
  kill $EDGE; wait $EDGE 2>/dev/null || true
}
for round in $(seq 1 "${ROUNDS:-3}"); do
  echo "round $round, classification off:" >> "$OUT"; run >> "$OUT"
  echo "round $round, classification on (page classified and acted on):" >> "$OUT"
  run --classify-pages /page.html --action-pages /page.html \
      --client-address-header X-Forwarded-For >> "$OUT"
done
echo "loadavg after: $(cat /proc/loadavg)" >> "$OUT"
kill $ORIGIN
rm -rf "$DIR"
cat "$OUT"
