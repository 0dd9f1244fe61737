#!/bin/sh
# Runs one JMH command with two benchmark jars in turn, before, after, before, after, so that
# a change is measured against the build before it in one session; writes OUT/1-before.json,
# OUT/2-after.json, ... and OUT/machine.txt (JDK, start and end with the load average).
# usage: sh alternate-jars.sh OUT before.jar after.jar JMH-ARGUMENTS...
OUT=$1
BEFORE=$2
AFTER=$3
shift 3
mkdir -p "$OUT"
{ java -version 2>&1; echo "start: $(date -u +%FT%TZ) $(uptime)"; } > "$OUT/machine.txt"
n=0
for jar in "$BEFORE" "$AFTER" "$BEFORE" "$AFTER"; do
    n=$((n + 1))
    if [ "$jar" = "$BEFORE" ]; then which=before; else which=after; fi
    java -jar "$jar" "$@" -rf json -rff "$OUT/$n-$which.json" > /dev/null 2>&1
done
echo "end: $(date -u +%FT%TZ) $(uptime)" >> "$OUT/machine.txt"
