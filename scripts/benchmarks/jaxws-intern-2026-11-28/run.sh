#!/bin/sh
# issues 36 and 38: the replay reader tells JAXB that its names are interned (Stax2's
# internNames and internNsUris), so JAXB no longer wraps it in its interning visitor. Jars before
# and after, alternated (before, after, after, before), one fork each: JaxWsHitBenchmark's
# events hit and its floor (both replay into JAXB), the xml hit (Woodstox: the control), and
# AxisEndToEndBenchmark's events hit (ADB through Axis2: must not get slower).
# usage: run.sh before.jar after.jar
cd "$(dirname "$0")"
. ../../lib/alternate.sh
step() {
    java -jar "$1" JaxWsHitBenchmark -p path=EVENTS_HIT,EVENTS_FLOOR,XML_HIT -f 1 -wi 10 -w 1 \
        -i 10 -r 1 -rf json -rff "$2-jaxws.json" > "$2-jaxws.log" 2>&1
    java -jar "$1" AxisEndToEndBenchmark -p cell=SEARCH_EVENTS -f 1 -wi 10 -w 1 -i 10 -r 1 \
        -rf json -rff "$2-axis.json" > "$2-axis.log" 2>&1
}
alternate ../../../src/site/resources/benchmarks/jaxws-intern-2026-11-28 "$1" "$2" step
# against no cache at all, afterwards in the same session (the after jar): the uncached call
# beside the hits and the floor
java -jar "$2" JaxWsHitBenchmark -p path=UNCACHED,XML_HIT,EVENTS_HIT,EVENTS_FLOOR -f 1 -wi 20 \
    -w 1 -i 10 -r 1 -rf json \
    -rff ../../../src/site/resources/benchmarks/jaxws-intern-2026-11-28/nocache-after.json \
    > ../../../src/site/resources/benchmarks/jaxws-intern-2026-11-28/nocache-after.log 2>&1
