#!/bin/sh
# The review fixes of 2026-11-29 (twentieth session) that sit on a hit path, before (78a0470)
# and after, jars alternated (before, after, before, after), 1 fork, 8 x 1 s after 8 x 1 s,
# -prof gc:
#  - an object hit from the shared tier (TierHitBenchmark OBJECT_L2, Kryo bytes), now read
#    through KryoBounds (every length checked against the entry's bytes) and checked against
#    the declared result type, beside a raw Jedis GET of the same bytes (RAW_GET);
#  - cache-http's object hit (JsonHitBenchmark CLIENT_OBJECTS_POJO), whose response fields now
#    leave out the personal ones, beside the bare token replay (EVENTS_POJO).
# usage: sh run.sh before.jar after.jar (needs /usr/bin/redis-server); then
#        python3 summary.py OUT > OUT/summary.md
OUT=${OUT:-src/site/resources/benchmarks/fixes-cost-2026-11-29}
sh "$(dirname "$0")/../alternate-jars.sh" "$OUT/tier" "$1" "$2" TierHitBenchmark \
    -p cell=RAW_GET,OBJECT_L2 -f 1 -wi 8 -w 1 -i 8 -r 1 -prof gc
sh "$(dirname "$0")/../alternate-jars.sh" "$OUT/http" "$1" "$2" JsonHitBenchmark \
    -p source=CLIENT_OBJECTS_POJO,EVENTS_POJO -f 1 -wi 8 -w 1 -i 8 -r 1 -prof gc
