#!/bin/bash
# The Pet Shop at 200 ms and 15 users, 3 min warm-up + 3 min measured per run, before and after
# the edge's origin-connection check (ef80abd): F0 (no edge, from this checkout), Fproxy from a
# checkout of 6597d87 (BEFORE), Fproxy from this checkout; nothing else running.
# usage (from the repository root, both checkouts built with
#   ./mvnw -q -pl samples/petshop -am package -DskipTests):
#   BEFORE=/path/to/checkout-of-6597d87 bash scripts/closing-2026-11-28/petshop-origin-check.sh
set -e
HERE=$(pwd)
OUT=$HERE/src/site/resources/petshop/2026-11-29-origin-check
run() { # name checkout deployment
  mkdir -p "$OUT/$1"
  echo "start: $(date -u +%FT%TZ) $(uptime)" > "$OUT/$1/machine.md"
  (cd "$2" && java -cp samples/petshop/target/petshop-sample.jar \
    io.github.wscache.petshop.load.PetShopLoad --full --deployments "$3" --users 15 \
    --other-rtts none --cacheable-shares none --no-hosting --warmup-s 180 --measure-s 180 \
    --out "$OUT/$1" > "$OUT/$1/run.log" 2>&1)
  echo "end: $(date -u +%FT%TZ) $(uptime)" >> "$OUT/$1/machine.md"
}
run f0 "$HERE" F0
run fproxy-before "$BEFORE" Fproxy
run fproxy-after "$HERE" Fproxy
