#!/bin/sh
# issue 38's closing runs, part 2 (2026-11-28, twelfth session): the full JMH set (every
# benchmark with its annotations' defaults: 1 fork, 3 x 1 s warm-up, 5 x 1 s measurement per
# cell), on a machine with nothing else running, then the report (Tables 6-9, targets, figures).
# Writes machine.md (date, JDK, load average at start and end, commit) beside the results.
# usage (from the repository root, after
#   ./mvnw -q -f tools/benchmarks/pom.xml package -DskipTests):
#   sh scripts/closing-2026-11-28/jmh-full.sh
set -e
OUT=src/site/resources/benchmarks/2026-11-28-closing
JAR=tools/benchmarks/target/benchmarks.jar
mkdir -p "$OUT"
{
    echo "JDK: $(java -version 2>&1 | head -1)"
    echo "commit: $(git rev-parse --short HEAD)"
    echo "cores: $(nproc)"
    echo "start: $(date -u +%FT%TZ) $(uptime)"
} > "$OUT/machine.md"
# (the logs are not kept: the JSON files hold every iteration)
java -jar "$JAR" -rf json -rff "$OUT/jmh.json" > /tmp/jmh-full-run.log 2>&1
echo "end: $(date -u +%FT%TZ) $(uptime)" >> "$OUT/machine.md"
java -cp "$JAR" io.github.wscache.benchmarks.report.Report "$OUT/jmh.json" "$OUT" \
    > "$OUT/report.log" 2>&1
# then the cells near their targets again, two forks each (the error bars of the full set are
# wider than the differences there):
java -jar "$JAR" -f 2 SearchPojoHitBenchmark -p representation=AUTO,HAND_COPY \
    -rf json -rff "$OUT/near-pojo.json" > /tmp/jmh-near.log 2>&1
java -jar "$JAR" -f 2 ReplayFloorBenchmark -p source=PLAIN,EVENTS \
    -rf json -rff "$OUT/near-replay.json" >> /tmp/jmh-near.log 2>&1
java -jar "$JAR" -f 2 TierHitBenchmark -p cell=RAW_GET,XML_L2,EVENTS_L2,OBJECT_L2 \
    -rf json -rff "$OUT/near-tier.json" >> /tmp/jmh-near.log 2>&1
echo "near-target reruns end: $(date -u +%FT%TZ) $(uptime)" >> "$OUT/machine.md"
# the copier's and the replay floor's cells settle only after the annotations' 3 s of warm-up
# (HAND_COPY: 2.6 us in its first measured second, 79 ns from the third): again with 10 s
java -jar "$JAR" -f 2 -wi 10 -i 10 SearchPojoHitBenchmark -p representation=AUTO,HAND_COPY \
    -rf json -rff "$OUT/near-pojo-long.json" >> /tmp/jmh-near.log 2>&1
java -jar "$JAR" -f 2 -wi 10 -i 10 ReplayFloorBenchmark -p source=PLAIN,EVENTS \
    -rf json -rff "$OUT/near-replay-long.json" >> /tmp/jmh-near.log 2>&1
echo "long warm-up reruns end: $(date -u +%FT%TZ) $(uptime)" >> "$OUT/machine.md"
# the JSON catalog's copier row (issue 38: OBJECT_POJO / HANDCOPY_POJO) and cache-http's object
# and events hits against the bare token replay, with the same longer warm-up
java -jar "$JAR" -f 2 -wi 10 -i 10 JsonHitBenchmark \
    -p source=OBJECT_POJO,HANDCOPY_POJO,OBJECT_RECORD,HANDCOPY_RECORD,CLIENT_OBJECTS_POJO,CLIENT_EVENTS_POJO,EVENTS_POJO \
    -rf json -rff "$OUT/near-json-long.json" >> /tmp/jmh-near.log 2>&1
echo "JSON reruns end: $(date -u +%FT%TZ) $(uptime)" >> "$OUT/machine.md"
