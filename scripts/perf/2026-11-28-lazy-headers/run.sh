#!/bin/sh
# issue 32/38: cache-http's hits before and after making the response headers lazily (a caller
# that takes only a bound object never pays for the two case-insensitive maps). One session,
# order before, after, after, before; JMH -f 1 -wi 10 -w 1s -i 5 -r 1s.
# usage: run.sh before.jar after.jar
cd "$(dirname "$0")"
OUT=../../../src/site/resources/perf-2026-11-28-lazy-headers
mkdir -p "$OUT"
OPTS="-f 1 -wi 10 -w 1 -i 5 -r 1"
CELLS="source=CLIENT_OBJECTS_POJO,CLIENT_EVENTS_POJO,EVENTS_POJO"
{ java -version 2>&1; echo "start: $(date -u) $(uptime)"; } > "$OUT/env.txt"
n=0
for jar in "$1" "$2" "$2" "$1"; do
  name=$([ "$jar" = "$1" ] && echo before || echo after)
  java -jar "$jar" JsonHitBenchmark -p $CELLS $OPTS -rf json -rff "$OUT/json-$name-$n.json" \
      > "$OUT/json-$name-$n.log" 2>&1
  n=$((n + 1))
done
echo "end: $(date -u) $(uptime)" >> "$OUT/env.txt"
