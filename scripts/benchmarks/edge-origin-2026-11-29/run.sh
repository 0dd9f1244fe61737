#!/bin/sh
# EdgeHitBenchmark with the jar before the edge's origin-connection check changed and the jar
# after, alternated (before, after, after, before), one fork each, 5 x 1 s warm-up, 5 x 1 s.
# usage: BEFORE=/path/before-benchmarks.jar AFTER=/path/after-benchmarks.jar \
#        sh scripts/benchmarks/edge-origin-2026-11-29/run.sh
# (each jar: ./mvnw -q -pl tools/benchmarks -am package -DskipTests at its commit,
#  tools/benchmarks/target/benchmarks.jar); needs varnishd (apt-get install varnish).
set -e
OUT=${OUT:-src/site/resources/benchmarks/edge-origin-2026-11-29}
mkdir -p "$OUT"
for r in 1-before 2-after 3-after 4-before; do
    case $r in *before) jar=$BEFORE ;; *) jar=$AFTER ;; esac
    uptime > "$OUT/load-$r.txt"
    java -jar "$jar" EdgeHitBenchmark -wi 5 -w 1 -i 5 -r 1 -f 1 \
        -rf json -rff "$OUT/edge-hit-$r.json" > /dev/null
    uptime >> "$OUT/load-$r.txt"
done
