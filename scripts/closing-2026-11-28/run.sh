#!/bin/sh
# issue 38's closing runs, part 1 (2026-11-28), on a machine with nothing else running:
#  1. the portal's full run (PortalLoad --full: 150 s JVM warm-up, 3 s + 12 s per point, the
#     seven representations x 1 and 25 clients x 0-100 % hits), about 21 minutes;
#  2. the Pet Shop at the paper's durations (3 min warm-up + 3 min measured per run) for the cells
#     the targets name: F0 and Fproxy at 200 ms with 5 and 15 users, and at 50 and 400 ms
#     with 5 users (8 runs, about 50 minutes). The other deployments, user counts and Figure 13
#     at these durations take about 2.5 hours more: not in this part.
# Each writes machine.md (date, JDK, load average at start and end, commit) beside its results.
# usage (from the repository root, after
#   ./mvnw -q -pl samples/portal,samples/petshop -am package -DskipTests):
#   sh scripts/closing-2026-11-28/run.sh
set -e
PORTAL=src/site/resources/portal/2026-11-28-closing/full
PETSHOP=src/site/resources/petshop/2026-11-28-closing-paper-durations
machine() { # out phase
    {
        [ "$2" = start ] && echo "JDK: $(java -version 2>&1 | head -1)"
        [ "$2" = start ] && echo "commit: $(git rev-parse --short HEAD)"
        echo "$2: $(date -u +%FT%TZ) $(uptime)"
    } >> "$1/machine.md"
}
mkdir -p "$PORTAL" "$PETSHOP"
: > "$PORTAL/machine.md"
machine "$PORTAL" start
java -cp samples/portal/target/portal-demo.jar io.github.wscache.portal.load.PortalLoad \
    --full --out "$PORTAL" > "$PORTAL/run.log" 2>&1
machine "$PORTAL" end
: > "$PETSHOP/machine.md"
machine "$PETSHOP" start
java -cp samples/petshop/target/petshop-sample.jar io.github.wscache.petshop.load.PetShopLoad \
    --full --deployments F0,Fproxy --users 5,15 --other-rtts 50,400 --cacheable-shares none \
    --no-hosting --warmup-s 180 --measure-s 180 --out "$PETSHOP" > "$PETSHOP/run.log" 2>&1
machine "$PETSHOP" end
