#!/bin/sh
# issue 38: cache-http's object hit (JsonHitBenchmark CLIENT_OBJECTS_POJO) against the bare
# token replay (EVENTS_POJO), before and after the client stopped building its two vary values
# per call and cache-core stopped making a Cache-Control builder for a request without the
# header; jars alternated (before, after, before, after), 2 forks, 10 x 1 s after 10 x 1 s,
# -prof gc.
# usage: sh run.sh before.jar after.jar
OUT=${OUT:-src/site/resources/benchmarks/http-object-hit-2026-11-29}
mkdir -p "$OUT"
{ java -version 2>&1; echo "start: $(date -u +%FT%TZ) $(uptime)"; } > "$OUT/machine.txt"
n=0
for jar in "$1" "$2" "$1" "$2"; do
    n=$((n + 1))
    case $jar in "$1") which=before ;; *) which=after ;; esac
    java -jar "$jar" JsonHitBenchmark -p source=CLIENT_OBJECTS_POJO,EVENTS_POJO -f 2 -wi 10 \
        -w 1 -i 10 -r 1 -prof gc -rf json -rff "$OUT/$n-$which.json" > /dev/null 2>&1
done
echo "end: $(date -u +%FT%TZ) $(uptime)" >> "$OUT/machine.txt"
