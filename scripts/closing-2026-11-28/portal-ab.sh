#!/bin/sh
# issue 38's closing runs, part 1 (2026-11-28): the portal's 0 % and 100 % hit points at 25
# clients, the build of the 2026-11-25 full run (9820855) against this one, alternated
# (old, new, new, old) in one session, 60 s JVM warm-up and 3 s + 12 s per point, for events,
# reflection and none. Says whether the full run's lower numbers are this machine or the code.
# usage: portal-ab.sh OLD_JAR NEW_JAR (portal-demo.jar of each build)
set -e
OUT=src/site/resources/portal/2026-11-28-closing/ab
mkdir -p "$OUT"
echo "start: $(date -u +%FT%TZ) $(uptime)" > "$OUT/env.txt"
java -version 2>&1 | head -1 >> "$OUT/env.txt"
n=0
for which in old new new old; do
    n=$((n + 1))
    [ "$which" = old ] && jar=$1 || jar=$2
    java -cp "$jar" io.github.wscache.portal.load.PortalLoad --representations events,reflection,none \
        --clients 25 --ratios 0,100 --warmup-ms 3000 --measure-ms 12000 --jit-warmup-ms 60000 \
        --out "$OUT/$n-$which" > "$OUT/$n-$which.log" 2>&1
done
echo "end: $(date -u +%FT%TZ) $(uptime)" >> "$OUT/env.txt"
