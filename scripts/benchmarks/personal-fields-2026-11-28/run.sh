#!/bin/sh
# issue 38 (the edge's hit path; every integration's call): which request fields make a request
# personal, read by Credentials.personalFields (CURRENT) and by the rule as read before
# 2026-11-28 (REFERENCE, kept in the benchmark), for an anonymous and a signed-in browser
# request. PersonalFieldsBenchmark at its annotations' settings (2 forks, 5 x 1 s warm-up,
# 5 x 1 s), with JMH's GC profiler for the bytes allocated per request.
# usage: run.sh benchmarks.jar
cd "$(dirname "$0")"
OUT=../../../src/site/resources/benchmarks/personal-fields-2026-11-28
mkdir -p "$OUT"
{ java -version 2>&1; echo "start: $(date -u) $(uptime)"; } > "$OUT/env.txt"
java -jar "$1" PersonalFieldsBenchmark -prof gc -rf json -rff "$OUT/jmh.json" > "$OUT/jmh.log" 2>&1
echo "end: $(date -u) $(uptime)" >> "$OUT/env.txt"
