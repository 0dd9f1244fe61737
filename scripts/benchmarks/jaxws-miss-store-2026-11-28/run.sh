#!/bin/sh
# issue 36: a CXF client's miss against no cache, before and after the miss path stopped building
# a response's whole metadata to learn its age (and read a repeated Date once), in one session:
# JaxWsMissInterleaved (call by call, rotating ports, calling thread's CPU) with the jar of the
# commit before and the jar after, alternated three times so that drift hits both alike.
# usage: run.sh before.jar after.jar
cd "$(dirname "$0")"
OUT=../../../src/site/resources/benchmarks/jaxws-miss-store-2026-11-28
mkdir -p "$OUT"
uptime > "$OUT/load.txt"
for round in 1 2 3; do
    for side in before after; do
        if [ $side = before ]; then J=$1; else J=$2; fi
        java -cp "$J" io.github.wscache.benchmarks.report.JaxWsMissInterleaved 3000 \
            "$OUT/misses-$side-$round.md" > "$OUT/misses-$side-$round.log" 2>&1
    done
done
uptime >> "$OUT/load.txt"
