#!/bin/sh
# issue 36: the object hit (JaxWsHitBenchmark OBJECT_HIT) before and after the object level
# learned to read a Metro port's outbound SOAP headers (ObjectCalls asks a RuntimePort of the
# port's runtime), jars alternated: 1 fork x 8 x 1 s after 5 x 1 s (rounds 1-4), then 2 forks x
# 8 x 1 s after 8 x 1 s (rounds 5-8).
# usage: BEFORE=benchmarks-before.jar AFTER=benchmarks-after.jar sh run.sh
OUT=${OUT:-src/site/resources/benchmarks/jaxws-metro-identity-2026-11-29}
mkdir -p "$OUT"
for r in 1-before 2-after 3-after 4-before 5-after 6-before 7-before 8-after; do
    case $r in *before) J=$BEFORE ;; *) J=$AFTER ;; esac
    case $r in [1-4]-*) F="-f 1 -wi 5" ;; *) F="-f 2 -wi 8" ;; esac
    java -jar "$J" JaxWsHitBenchmark -p path=OBJECT_HIT $F -w 1 -i 8 -r 1 \
        -rf json -rff "$OUT/$r.json" > /dev/null
done
