#!/bin/sh
# JaxWsHitBenchmark's uncached call with CXF's default HTTP conduit (the JDK HttpClient) and with
# its URLConnection conduit (-Dorg.apache.cxf.transport.http.forceURLConnection=true), alternated;
# then the miss cells against a new query per call, URLConnection conduit.
# usage (after ./mvnw -q -pl tools/benchmarks -am package -DskipTests):
#   sh scripts/benchmarks/cxf-conduit-2026-11-29/run.sh
set -e
JAR=tools/benchmarks/target/benchmarks.jar
OUT=${OUT:-src/site/resources/benchmarks/cxf-conduit-2026-11-29}
URLC=-Dorg.apache.cxf.transport.http.forceURLConnection=true
mkdir -p "$OUT"
for r in 1-httpclient 2-urlconnection 3-urlconnection 4-httpclient; do
    case $r in *urlconnection) set -- -jvmArgsAppend "$URLC" ;; *) set -- ;; esac
    uptime > "$OUT/load-$r.txt"
    java -jar $JAR JaxWsHitBenchmark -p path=UNCACHED,XML_MISS -wi 10 -w 1 -i 10 -r 1 -f 1 \
        "$@" -rf json -rff "$OUT/conduit-$r.json" > /dev/null
    uptime >> "$OUT/load-$r.txt"
done
uptime > "$OUT/load-5-miss-urlconnection.txt"
java -jar $JAR JaxWsHitBenchmark -p path=UNIQUE_UNCACHED,XML_MISS,OBJECT_MISS -wi 10 -w 1 \
    -i 10 -r 1 -f 1 -jvmArgsAppend "$URLC" -rf json -rff "$OUT/conduit-5-miss-urlconnection.json" \
    > /dev/null
uptime >> "$OUT/load-5-miss-urlconnection.txt"
