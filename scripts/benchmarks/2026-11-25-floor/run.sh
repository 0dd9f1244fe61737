#!/bin/sh
# The end-to-end suite with the floor cell (SEARCH_EVENTS_FLOOR), 2026-11-25, fourth session.
# bench.jar: tools/benchmarks/target/benchmarks.jar built from c823ca9 (the full run) and e60164e
# (the re-run of the minUses: 2 cells: c823ca9's tear-down check allowed no store at all, and
# admission's frequency sketch keeps the odd colliding query, so those three cells failed the
# check although their timings are sound). OpenJDK 17.0.15 and Temurin 25, load average
# 1.3-1.6, nothing else running; 1 fork, 25 x 1 s warm-up, 5 x 1 s measured per cell.
cd "$(dirname "$0")"
java -jar bench.jar AxisEndToEndBenchmark -rf json -rff AxisEndToEnd-jdk17.json
java -jar bench.jar AxisEndToEndBenchmark -p cell=SEARCH_UNIQUE_UNCACHED,SEARCH_XML_UNKEPT,SEARCH_EVENTS_UNKEPT,SEARCH_OBJECT_UNKEPT -rf json -rff AxisEndToEnd-jdk17-unkept-rerun.json
/usr/lib/jvm/temurin-25-jdk-amd64/bin/java -jar bench.jar AxisEndToEndBenchmark -p cell=SEARCH_XML,SEARCH_EVENTS,SEARCH_EVENTS_FLOOR -rf json -rff AxisEndToEnd-jdk25-search.json
