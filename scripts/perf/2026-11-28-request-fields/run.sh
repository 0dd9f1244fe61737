#!/bin/sh
# issue 38: cache-http's hit before and after the request's fields are looked at once (a GET
# with none of the fields that bypass the cache or make it conditional is decided without seven
# lookups): JsonHitBenchmark's two client cells, two jars alternated twice in one session.
# usage: run.sh before.jar after.jar
cd "$(dirname "$0")"
OUT=../../../src/site/resources/benchmarks/perf-2026-11-28-request-fields
mkdir -p "$OUT"
{ java -version 2>&1; echo "start: $(date -u) $(uptime)"; } > "$OUT/env.txt"
for round in 1 2; do
    for side in before after; do
        if [ $side = before ]; then J=$1; else J=$2; fi
        java -jar "$J" JsonHitBenchmark -p source=CLIENT_OBJECTS_POJO,CLIENT_EVENTS_POJO \
            -f 2 -wi 8 -i 5 -prof gc -rf json -rff "$OUT/$side-$round.json" \
            > "$OUT/$side-$round.log" 2>&1
    done
done
echo "end: $(date -u) $(uptime)" >> "$OUT/env.txt"
# then, with the after jar alone: the client cells beside no cache (BYTES_POJO: the ~10 KB
# document bound from its bytes, as a call without a cache does after the network; EVENTS_POJO:
# the bare token replay) and the peers' caches on the same document, in one run
java -jar "$2" JsonHitBenchmark \
    -p source=CLIENT_OBJECTS_POJO,CLIENT_EVENTS_POJO,EVENTS_POJO,BYTES_POJO,OKHTTP_POJO,HTTPCLIENT5_POJO \
    -f 2 -wi 8 -i 5 -rf json -rff "$OUT/after-beside-no-cache.json" \
    > "$OUT/after-beside-no-cache.log" 2>&1
