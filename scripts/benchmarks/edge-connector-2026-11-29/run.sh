#!/bin/bash
# issue 38: does Tomcat's connector setting move the edge's cached-page throughput against
# Varnish 7.1? EdgeComparison (Pet Shop, 200 ms WAN, wrk 8 connections, 20 s warm-up, median of
# 3 x 10 s per edge, Varnish measured in the same run) with the edge's connector as it is (V0),
# with maxKeepAliveRequests=-1 (K: Tomcat closes a kept-alive connection after 100 requests by
# default, Varnish never), with the NIO2 protocol (N), and both (NK); alternated V0 K N NK,
# NK N K V0.
# The variants are read from system properties by a temporary patch of EdgeTomcat
# (connector-variants.patch, not part of the library):
#   git apply scripts/benchmarks/edge-connector-2026-11-29/connector-variants.patch
#   ./mvnw -q -pl samples/petshop -am package -DskipTests
#   bash scripts/benchmarks/edge-connector-2026-11-29/run.sh
#   git checkout edge/cache-edge
cd "$(dirname "$0")/../../.."
OUT=${OUT:-src/site/resources/benchmarks/edge-connector-2026-11-29}
mkdir -p "$OUT"
run() { # name, java options
  local name=$1; shift
  local s=$(date +%s)
  java "$@" -cp samples/petshop/target/petshop-sample.jar \
    io.github.wscache.petshop.edge.EdgeComparison --wan-ms 200 --out "$OUT/$name-$round" \
    > "$OUT/$name-$round.log" 2>&1
  echo "$name round $round $(( $(date +%s) - s ))s load $(cut -d' ' -f1-3 /proc/loadavg)" \
    "$(tail -1 "$OUT/$name-$round/edge-vs-varnish.csv")" >> "$OUT/summary.txt"
}
NIO2=-Dexp.protocol=org.apache.coyote.http11.Http11Nio2Protocol
for round in 1 2; do
  if [ $round = 1 ]; then order="V0 K N NK"; else order="NK N K V0"; fi
  for v in $order; do
    case $v in
      V0) run V0 ;;
      K) run K -Dexp.keepalive=-1 ;;
      N) run N $NIO2 ;;
      NK) run NK $NIO2 -Dexp.keepalive=-1 ;;
    esac
  done
done
