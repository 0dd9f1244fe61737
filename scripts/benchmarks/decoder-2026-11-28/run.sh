#!/bin/sh
# issue 38: the byte form of an events recording decoded straight into its arrays
# (RecordingDecoder) against the reader-into-Recorder path it replaced: TierHitBenchmark's
# EVENTS_DECODE (the decode alone), EVENTS_L2 (a Redis hit through Axis2's stub) and RAW_GET
# (the control: a Jedis GET, no wscache code), with the jar built before the change and the jar
# after it, alternated (before, after, after, before), one fork each, in one session.
# usage: [NOCACHE=1] run.sh before.jar after.jar [extra JMH options]
cd "$(dirname "$0")"
ROOT=../../..
BEFORE=$1
AFTER=$2
shift 2
OUT=$ROOT/src/site/resources/benchmarks/decoder-2026-11-28
mkdir -p "$OUT"
{ java -version 2>&1; redis-server --version; echo "start: $(date -u) $(uptime) $*"; } \
    >> "$OUT/env.txt"
n=0
for side in before after after before; do
    n=$((n + 1))
    [ "$side" = before ] && J=$BEFORE || J=$AFTER
    java -jar "$J" TierHitBenchmark -p cell=EVENTS_DECODE,EVENTS_L2,RAW_GET -f 1 "$@" \
        -rf json -rff "$OUT/$n-$side.json" > "$OUT/$n-$side.log" 2>&1
    echo "$n $side end: $(date -u) $(uptime)" >> "$OUT/env.txt"
done
# against no cache at all, afterwards in the same session (the after jar): the uncached stub call
# (AxisEndToEndBenchmark SEARCH_UNCACHED) and the Redis hits
if [ -n "$NOCACHE" ]; then
    java -jar "$AFTER" AxisEndToEndBenchmark -p cell=SEARCH_UNCACHED -f 1 -wi 20 -w 1 -i 10 -r 1 \
        -rf json -rff "$OUT/nocache-uncached.json" > "$OUT/nocache-uncached.log" 2>&1
    java -jar "$AFTER" TierHitBenchmark -p cell=EVENTS_L2,RAW_GET -f 1 \
        -rf json -rff "$OUT/nocache-tier.json" > "$OUT/nocache-tier.log" 2>&1
    echo "nocache end: $(date -u) $(uptime)" >> "$OUT/env.txt"
fi
