#!/bin/sh
# issues 36 and 38: does a CXF client's miss cost more than an uncached call once the cache's
# own code is compiled by the JIT's last tier? JaxWsMissInterleaved (four ports of one JVM, a
# new query every call, rotating order, 3,000 measured rounds, the calling thread's CPU per
# call) after 2,000 unmeasured rounds, as every earlier run, and after 20,000, alternated, on
# CXF's default conduit; then the same two on the URLConnection conduit.
# usage: sh run.sh [benchmarks.jar]
J=${1:-tools/benchmarks/target/benchmarks.jar}
OUT=${OUT:-src/site/resources/benchmarks/jaxws-misses-warmup-2026-11-29}
mkdir -p "$OUT"
{ java -version 2>&1; echo "start: $(date -u +%FT%TZ) $(uptime)"; } > "$OUT/machine.txt"
for r in 1-2000 2-20000 3-2000 4-20000 5-urlconnection-2000 6-urlconnection-20000; do
    case $r in
        *urlconnection*) O=-Dorg.apache.cxf.transport.http.forceURLConnection=true ;;
        *) O= ;;
    esac
    java $O -cp "$J" io.github.wscache.benchmarks.report.JaxWsMissInterleaved 3000 \
        "$OUT/$r.md" "${r##*-}" > /dev/null 2>&1
done
echo "end: $(date -u +%FT%TZ) $(uptime)" >> "$OUT/machine.txt"
