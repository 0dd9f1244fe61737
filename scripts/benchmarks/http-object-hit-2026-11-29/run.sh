#!/bin/sh
# issue 38: cache-http's object hit (JsonHitBenchmark CLIENT_OBJECTS_POJO) against the bare
# token replay (EVENTS_POJO), before and after the client stopped building its two vary values
# per call and cache-core stopped making a Cache-Control builder for a request without the
# header; jars alternated (before, after, before, after), 2 forks, 10 x 1 s after 10 x 1 s,
# -prof gc.
# usage: sh run.sh before.jar after.jar; then python3 summary.py OUT > OUT/summary.md
OUT=${OUT:-src/site/resources/benchmarks/http-object-hit-2026-11-29}
sh "$(dirname "$0")/../alternate-jars.sh" "$OUT" "$1" "$2" JsonHitBenchmark \
    -p source=CLIENT_OBJECTS_POJO,EVENTS_POJO -f 2 -wi 10 -w 1 -i 10 -r 1 -prof gc
