#!/bin/sh
# issues 36 and 38: cache-jaxws's message level keys a call whose parts are values or flat beans
# by those values instead of writing them as XML first (CXF writes them again to send). Jars
# before and after, alternated (before, after, after, before), one fork each: the hit cells of
# JaxWsHitBenchmark (and the floor, whose code did not change: the control), then the misses
# call by call with the calling thread's CPU time (JaxWsMissInterleaved).
# usage: run.sh before.jar after.jar
cd "$(dirname "$0")"
. ../../lib/alternate.sh
step() {
    java -jar "$1" JaxWsHitBenchmark -p path=XML_HIT,EVENTS_HIT,EVENTS_FLOOR -f 1 -wi 10 -w 1 \
        -i 10 -r 1 -rf json -rff "$2-hits.json" > "$2-hits.log" 2>&1
    java -cp "$1" io.github.wscache.benchmarks.report.JaxWsMissInterleaved 3000 \
        "$2-misses.md" > "$2-misses.log" 2>&1
}
alternate ../../../src/site/resources/benchmarks/jaxws-keys-2026-11-28 "$1" "$2" step
