#!/bin/sh
# issue 38: the tier's lookup as a GET and a PTTL sent together instead of one Lua script.
# First the two forms with redis-benchmark (one client, a 12 KB value), then TierHitBenchmark
# with the jar before the change and the jar after it, alternately, twice.
# usage: pipeline.sh before.jar after.jar
cd "$(dirname "$0")"
ROOT=../../..
BEFORE=$1
AFTER=$2
OUT=$ROOT/src/site/resources/benchmarks/tier-2026-11-28
PORT=6399
redis-server --port $PORT --save '' --daemonize yes > /dev/null
sleep 1
head -c 9000 /dev/urandom | base64 -w0 | redis-cli -p $PORT -x SET k > /dev/null
SCRIPT="return {redis.call('get', KEYS[1]), redis.call('pttl', KEYS[1])}"
{
    for round in 1 2; do
        redis-benchmark -p $PORT -c 1 -n 20000 -q GET k | tr '\r' '\n' | tail -1
        redis-benchmark -p $PORT -c 1 -n 20000 -q PTTL k | tr '\r' '\n' | tail -1
        redis-benchmark -p $PORT -c 1 -n 20000 -q EVAL "$SCRIPT" 1 k | tr '\r' '\n' | tail -1
    done
} > "$OUT/redis-benchmark.txt"
redis-cli -p $PORT shutdown nosave > /dev/null 2>&1
for round in 1 2; do
    for side in before after; do
        if [ $side = before ]; then J=$BEFORE; else J=$AFTER; fi
        java -jar "$J" TierHitBenchmark -p cell=RAW_GET,XML_L2,EVENTS_L2,OBJECT_L2 -f 1 \
            -rf json -rff "$OUT/pipeline-$side-$round.json" > "$OUT/pipeline-$side-$round.log" 2>&1
        echo "pipeline $side $round end: $(date -u) $(uptime)" >> "$OUT/env.txt"
    done
done
