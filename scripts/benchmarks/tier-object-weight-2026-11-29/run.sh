#!/bin/sh
# issue 38: an object hit from the shared tier (TierHitBenchmark OBJECT_L2: decoded, then
# captured and weighed for the local store) against a raw Jedis GET of the same bytes (RAW_GET),
# before and after RetainedSize stopped marking strings and primitive arrays; jars alternated
# (before, after, before, after), 2 forks, 10 x 1 s after 10 x 1 s, -prof gc.
# usage: sh run.sh before.jar after.jar (needs /usr/bin/redis-server); then
#        python3 summary.py OUT > OUT/summary.md
OUT=${OUT:-src/site/resources/benchmarks/tier-object-weight-2026-11-29}
sh "$(dirname "$0")/../alternate-jars.sh" "$OUT" "$1" "$2" TierHitBenchmark \
    -p cell=RAW_GET,OBJECT_L2 -f 2 -wi 10 -w 1 -i 10 -r 1 -prof gc
