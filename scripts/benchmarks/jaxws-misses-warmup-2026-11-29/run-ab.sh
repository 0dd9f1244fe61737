#!/bin/sh
# issues 36 and 38: the CXF client's misses after 20,000 unmeasured rounds (run.sh), with the
# jar before and after RetainedSize stopped marking strings and primitive arrays, alternated:
# URLConnection conduit before, after, before, after; then the default conduit before, after.
# usage: sh run-ab.sh before.jar after.jar
OUT=${OUT:-src/site/resources/benchmarks/jaxws-misses-warmup-2026-11-29}
mkdir -p "$OUT"
echo "ab start: $(date -u +%FT%TZ) $(uptime)" >> "$OUT/machine.txt"
n=0
for step in "url $1 before" "url $2 after" "url $1 before" "url $2 after" \
        "default $1 before" "default $2 after"; do
    set -- $step "$1" "$2"
    n=$((n + 1))
    case $1 in
        url) O=-Dorg.apache.cxf.transport.http.forceURLConnection=true; c=urlconnection ;;
        *) O=; c=httpclient ;;
    esac
    java $O -cp "$2" io.github.wscache.benchmarks.report.JaxWsMissInterleaved 3000 \
        "$OUT/ab-$n-$c-$3.md" 20000 > /dev/null 2>&1
    shift 3
done
echo "ab end: $(date -u +%FT%TZ) $(uptime)" >> "$OUT/machine.txt"
# and once with the JIT's log, to see when the cache's methods are compiled (compilation-2000.txt
# keeps the lines of the cache's main methods):
# java -Dorg.apache.cxf.transport.http.forceURLConnection=true -XX:+PrintCompilation -cp after.jar \
#     io.github.wscache.benchmarks.report.JaxWsMissInterleaved 3000 /tmp/pc.md 2000 > /tmp/pc.log
