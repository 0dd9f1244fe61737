#!/bin/sh
# issue 38: the key of a shared-tier lookup written without ByteArrayOutputStream's per-byte
# calls, the policy's part of it made once per policy, its hash taken from a cloned digest:
# TierHitBenchmark's L2 hits (OBJECT_L2, EVENTS_L2, XML_L2) and the two controls with no
# wscache code (RAW_GET, RAW_GET_PTTL: the GET and PTTL a lookup sends, in one round trip),
# with the jar built before the change and the jar after it, alternated (before, after, after,
# before), one fork each, in one session.
# CELLS picks the cells (default: the Redis cells above; the first run, files redis-*). Their
# spread on this machine (+-10-20 us per call) hides a few microseconds of CPU, so the change was
# then measured on EVENTS_MEMORY (the same call with the tier in memory: the engine's own part of
# a second-level hit), six rounds: CELLS=EVENTS_MEMORY ROUNDS="before after after before before
# after" PREFIX=memory- run.sh ...
# usage: [CELLS=..] [ROUNDS=..] [PREFIX=..] [NOCACHE=1] run.sh before.jar after.jar [extra JMH options]
cd "$(dirname "$0")"
ROOT=../../..
BEFORE=$1
AFTER=$2
shift 2
OUT=$ROOT/src/site/resources/benchmarks/tier-key-2026-11-28
mkdir -p "$OUT"
CELLS=${CELLS:-RAW_GET,RAW_GET_PTTL,OBJECT_L2,EVENTS_L2,XML_L2}
ROUNDS=${ROUNDS:-before after after before}
PREFIX=${PREFIX:-redis-}
{ java -version 2>&1; redis-server --version; echo "start: $(date -u) $(uptime) $*"; } \
    >> "$OUT/${PREFIX}env.txt"
n=0
for side in $ROUNDS; do
    n=$((n + 1))
    [ "$side" = before ] && J=$BEFORE || J=$AFTER
    java -jar "$J" TierHitBenchmark -p cell="$CELLS" -f 1 \
        "$@" -rf json -rff "$OUT/$PREFIX$n-$side.json" \
        > "$OUT/$PREFIX$n-$side.log" 2>&1
    echo "$n $side end: $(date -u) $(uptime)" >> "$OUT/${PREFIX}env.txt"
done
# against no cache at all, afterwards in the same session (NOCACHE=1; the after jar): the
# uncached stub call and the second-level hits
if [ -n "$NOCACHE" ]; then
    java -jar "$AFTER" AxisEndToEndBenchmark -p cell=SEARCH_UNCACHED -f 1 -wi 20 -w 1 -i 10 -r 1 \
        -rf json -rff "$OUT/nocache-uncached.json" > "$OUT/nocache-uncached.log" 2>&1
    java -jar "$AFTER" TierHitBenchmark -p cell=RAW_GET,OBJECT_L2,EVENTS_L2,EVENTS_MEMORY -f 1 \
        -wi 15 -w 1 -i 10 -r 1 -rf json -rff "$OUT/nocache-tier.json" \
        > "$OUT/nocache-tier.log" 2>&1
fi
