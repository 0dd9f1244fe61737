#!/bin/sh
# issues 36 and 38: the engine's own share of an object-level miss (EngineMissBenchmark
# OBJECT_MISS_STORED over its floor OBJECT_PASS), before and after RetainedSize stopped marking
# strings and primitive arrays in its identity set, jars alternated (before, after, before,
# after), with MISS_STORED (the message level, which weighs no object graph) as the control.
# usage: sh run.sh before.jar after.jar; then python3 summary.py OUT > OUT/summary.md
OUT=${OUT:-src/site/resources/benchmarks/object-miss-weight-2026-11-29}
sh "$(dirname "$0")/../alternate-jars.sh" "$OUT" "$1" "$2" EngineMissBenchmark \
    -p path=OBJECT_PASS,OBJECT_MISS_STORED,MISS_STORED -f 2 -wi 10 -w 1 -i 5 -r 1 -prof gc
