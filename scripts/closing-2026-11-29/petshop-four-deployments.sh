#!/bin/bash
# Issue 38's Pet Shop cell with all four deployments at the long durations: 200 ms WAN, 15 users,
# 3 min warm-up + 3 min measured per deployment (F0, Fdb, Fremoting, Fproxy, in that order, one
# PetShopLoad run), nothing else running on the machine.
# usage (from the repository root, after ./mvnw -q -pl samples/petshop -am package -DskipTests):
#   bash scripts/closing-2026-11-29/petshop-four-deployments.sh [results folder name]
# (run 1: 2026-11-29-four-deployments; run 2, after the driver stopped closing its own
# connections, JDK-8304701: 2026-11-29-four-deployments-driver-fix)
set -e
OUT=$(pwd)/src/site/resources/petshop/${1:-2026-11-29-four-deployments}
mkdir -p "$OUT"
{ java -version 2>&1; echo "start: $(date -u +%FT%TZ) $(uptime)"; } > "$OUT/machine.md"
java -cp samples/petshop/target/petshop-sample.jar \
  io.github.wscache.petshop.load.PetShopLoad --full --deployments F0,Fdb,Fremoting,Fproxy \
  --users 15 --other-rtts none --cacheable-shares none --no-hosting --warmup-s 180 \
  --measure-s 180 --out "$OUT" > "$OUT/run.log" 2>&1
echo "end: $(date -u +%FT%TZ) $(uptime)" >> "$OUT/machine.md"
