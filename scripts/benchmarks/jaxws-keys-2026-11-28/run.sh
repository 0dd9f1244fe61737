#!/bin/sh
# issues 36 and 38: cache-jaxws's message level keys a call whose parts are values or flat beans
# by those values instead of writing them as XML first (CXF writes them again to send). Jars
# before and after, alternated (before, after, after, before), one fork each: the hit cells of
# JaxWsHitBenchmark (and the floor, whose code did not change: the control), then the misses
# call by call with the calling thread's CPU time (JaxWsMissInterleaved).
# usage: run.sh before.jar after.jar
cd "$(dirname "$0")"
BEFORE=$1
AFTER=$2
OUT=../../../src/site/resources/benchmarks/jaxws-keys-2026-11-28
mkdir -p "$OUT"
{ java -version 2>&1; echo "start: $(date -u) $(uptime)"; } >> "$OUT/env.txt"
n=0
for side in before after after before; do
    n=$((n + 1))
    [ "$side" = before ] && J=$BEFORE || J=$AFTER
    java -jar "$J" JaxWsHitBenchmark -p path=XML_HIT,EVENTS_HIT,EVENTS_FLOOR -f 1 -wi 10 -w 1 \
        -i 10 -r 1 -rf json -rff "$OUT/$n-$side-hits.json" > "$OUT/$n-$side-hits.log" 2>&1
    java -cp "$J" io.github.wscache.benchmarks.report.JaxWsMissInterleaved 3000 \
        "$OUT/$n-$side-misses.md" > "$OUT/$n-$side-misses.log" 2>&1
    echo "$n $side end: $(date -u) $(uptime)" >> "$OUT/env.txt"
done
