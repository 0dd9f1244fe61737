#!/bin/sh
# issues 36 and 38: the engine's own share of an object-level miss (EngineMissBenchmark
# OBJECT_MISS_STORED over its floor OBJECT_PASS), before and after RetainedSize stopped marking
# strings and primitive arrays in its identity set, jars alternated (before, after, before,
# after), with MISS_STORED (the message level, which weighs no object graph) as the control.
# usage: sh run.sh before.jar after.jar
OUT=${OUT:-src/site/resources/benchmarks/object-miss-weight-2026-11-29}
mkdir -p "$OUT"
{ java -version 2>&1; echo "start: $(date -u +%FT%TZ) $(uptime)"; } > "$OUT/machine.txt"
n=0
for jar in "$1" "$2" "$1" "$2"; do
    n=$((n + 1))
    case $jar in "$1") which=before ;; *) which=after ;; esac
    java -jar "$jar" EngineMissBenchmark -p path=OBJECT_PASS,OBJECT_MISS_STORED,MISS_STORED \
        -f 2 -wi 10 -w 1 -i 5 -r 1 -prof gc -rf json -rff "$OUT/$n-$which.json" > /dev/null 2>&1
done
echo "end: $(date -u +%FT%TZ) $(uptime)" >> "$OUT/machine.txt"
