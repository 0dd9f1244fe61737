#!/bin/sh
# issues 36 and 38: the engine's own share of a message-level miss, without I/O
# (EngineMissBenchmark at its annotations' settings: 2 forks, 10 x 1 s warm-up, 5 x 1 s), with
# JMH's GC profiler for the bytes allocated per call.
# usage: run.sh benchmarks.jar
cd "$(dirname "$0")"
OUT=../../../src/site/resources/benchmarks/engine-miss-2026-11-28
mkdir -p "$OUT"
{ java -version 2>&1; echo "start: $(date -u) $(uptime)"; } > "$OUT/env.txt"
java -jar "$1" EngineMissBenchmark -prof gc -rf json -rff "$OUT/jmh.json" > "$OUT/jmh.log" 2>&1
echo "end: $(date -u) $(uptime)" >> "$OUT/env.txt"
