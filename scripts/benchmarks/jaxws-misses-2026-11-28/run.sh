#!/bin/sh
# issue 36: a CXF client's miss against no cache, call by call, with a second uncached port as
# the control and the calling thread's CPU time per call (JaxWsMissInterleaved), then JFR at a
# 1 ms sampling period on the object-level and message-level miss cells of JaxWsHitBenchmark
# (the calling thread's samples, grouped by the code they are in).
# usage: run.sh benchmarks.jar
cd "$(dirname "$0")"
J=$1
OUT=../../../src/site/resources/benchmarks/jaxws-misses-2026-11-28
mkdir -p "$OUT"
java -cp "$J" io.github.wscache.benchmarks.report.JaxWsMissInterleaved 3000 \
    "$OUT/misses-interleaved-cpu.md" > "$OUT/misses-interleaved-cpu.log" 2>&1
P=/usr/lib/jvm/java-17-openjdk-amd64/lib/jfr/profile.jfc
sed '/<event name="jdk.ExecutionSample">/,/<\/event>/s#<setting name="period" control="method-sampling-java-interval">[^<]*<#<setting name="period" control="method-sampling-java-interval">1 ms<#' \
    "$P" > /tmp/wscache-1ms.jfc
for cell in OBJECT_MISS XML_MISS; do
    java -jar "$J" JaxWsHitBenchmark -p path=$cell -f 1 -wi 5 -w 2 -i 3 -r 5 \
        -jvmArgsAppend "-XX:StartFlightRecording=filename=/tmp/wscache-$cell.jfr,settings=/tmp/wscache-1ms.jfc" \
        > "$OUT/jfr-$cell.log" 2>&1
done
T=$(ls -d /usr/lib/jvm/temurin-25* 2>/dev/null | head -1)/bin/jfr
[ -x "$T" ] || T=jfr
for cell in OBJECT_MISS XML_MISS; do
    "$T" print --events jdk.ExecutionSample /tmp/wscache-$cell.jfr > /tmp/wscache-$cell.txt
    python3 samples-by-code.py /tmp/wscache-$cell.txt jmh-worker > "$OUT/jfr-$cell.txt"
done
