#!/bin/sh
# issue 36: the object hit (JaxWsHitBenchmark OBJECT_HIT) before and after the objects proxy
# stopped reading each method's annotations and each CXF interceptor's class name on every call
# (ObjectCalls.Declared per method, CxfPorts.FOREIGN per interceptor class); jars alternated,
# 2 forks x 8 x 1 s after 8 x 1 s each. The profile that found both: JFR at 1 ms on the same
# cell (CxfPorts.hidden 17 % and ObjectCalls.isOperation 16 % of the calling thread's samples).
# usage: BEFORE=benchmarks-before.jar AFTER=benchmarks-after.jar sh run.sh
OUT=${OUT:-src/site/resources/benchmarks/jaxws-object-hit-declared-2026-11-29}
mkdir -p "$OUT"
for r in 1-before 2-after 3-after 4-before 5-before 6-after; do
    case $r in *before) J=$BEFORE ;; *) J=$AFTER ;; esac
    java -jar "$J" JaxWsHitBenchmark -p path=OBJECT_HIT -f 2 -wi 8 -w 1 -i 8 -r 1 \
        -rf json -rff "$OUT/$r.json" > /dev/null
done
