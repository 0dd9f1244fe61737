#!/bin/sh
# issue 36: a CXF client's misses against no cache, call by call (JaxWsMissInterleaved: three
# ports and an uncached control in one JVM, a new query every call, rotating order, 3,000
# rounds after 2,000, the calling thread's CPU per call), on CXF's URLConnection conduit, then
# its default (the JDK HttpClient), then URLConnection again.
# usage: sh run.sh [benchmarks.jar]
J=${1:-tools/benchmarks/target/benchmarks.jar}
OUT=${OUT:-src/site/resources/benchmarks/jaxws-misses-urlconnection-2026-11-29}
mkdir -p "$OUT"
for r in 1-urlconnection 2-httpclient 3-urlconnection; do
    case $r in
        *urlconnection) O=-Dorg.apache.cxf.transport.http.forceURLConnection=true ;;
        *) O= ;;
    esac
    java $O -cp "$J" io.github.wscache.benchmarks.report.JaxWsMissInterleaved 3000 \
        "$OUT/$r.md" > /dev/null 2>&1
done
