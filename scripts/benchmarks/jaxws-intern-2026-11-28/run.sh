#!/bin/sh
# issues 36 and 38: the replay reader tells JAXB that its names are interned (Stax2's
# internNames and internNsUris), so JAXB no longer wraps it in its interning visitor. Jars before
# and after, alternated (before, after, after, before), one fork each: JaxWsHitBenchmark's
# events hit and its floor (both replay into JAXB), the xml hit (Woodstox: the control), and
# AxisEndToEndBenchmark's events hit (ADB through Axis2: must not get slower).
# usage: run.sh before.jar after.jar
cd "$(dirname "$0")"
BEFORE=$1
AFTER=$2
OUT=../../../src/site/resources/benchmarks/jaxws-intern-2026-11-28
mkdir -p "$OUT"
{ java -version 2>&1; echo "start: $(date -u) $(uptime)"; } >> "$OUT/env.txt"
n=0
for side in before after after before; do
    n=$((n + 1))
    [ "$side" = before ] && J=$BEFORE || J=$AFTER
    java -jar "$J" JaxWsHitBenchmark -p path=EVENTS_HIT,EVENTS_FLOOR,XML_HIT -f 1 -wi 10 -w 1 \
        -i 10 -r 1 -rf json -rff "$OUT/$n-$side-jaxws.json" > "$OUT/$n-$side-jaxws.log" 2>&1
    java -jar "$J" AxisEndToEndBenchmark -p cell=SEARCH_EVENTS -f 1 -wi 10 -w 1 -i 10 -r 1 \
        -rf json -rff "$OUT/$n-$side-axis.json" > "$OUT/$n-$side-axis.log" 2>&1
    echo "$n $side end: $(date -u) $(uptime)" >> "$OUT/env.txt"
done
