#!/usr/bin/env bash
# http-tests/cache-tests against cache-edge as a shared cache: the suite's server as the origin,
# the edge in front of it with its defaults, the suite's client through the edge. Counts the
# tests that apply to a shared cache (not browser_only). Needs what run-http.sh needs; uses the
# suite checkout run-http.sh makes (or CACHE_TESTS_DIR).
# Usage, from the repository root: scripts/cache-tests/run-edge.sh [--publish]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/scripts/cache-tests"
SUITE=${CACHE_TESTS_DIR:-$ROOT/library/cache-http/target/cache-tests/suite}
OUT="$ROOT/edge/cache-edge/target/cache-tests"
mkdir -p "$OUT"
[[ -f "$SUITE/tests/index.mjs" ]] || { echo "no suite at $SUITE: run scripts/cache-tests/run-http.sh once" >&2; exit 1; }
(cd "$ROOT" && ./mvnw -o -q -f edge/cache-edge/pom.xml compile dependency:build-classpath \
  -Dmdep.outputFile=target/edge.classpath)
CP="$ROOT/edge/cache-edge/target/classes:$(cat "$ROOT/edge/cache-edge/target/edge.classpath")"
(cd "$SUITE" && exec env npm_config_port=18290 npm_config_protocol=http \
  npm_config_pidfile="$OUT/origin.pid" \
  node --import "$HERE/loopback.mjs" test-engine/server/server.mjs) > "$OUT/origin.log" 2>&1 &
ORIGIN=$!
java -cp "$CP" io.github.wscache.edge.EdgeServer --origin http://127.0.0.1:18290 \
  --address 127.0.0.1 --port 18291 --admin-port off > "$OUT/edge.log" 2>&1 &
EDGE=$!
trap 'kill $EDGE $ORIGIN 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do grep -q "wscache-edge on" "$OUT/edge.log" && break; sleep 0.2; done
node --no-warnings "$HERE/run-suite.mjs" "$SUITE" http://127.0.0.1:18291 > "$OUT/results.json"
node "$HERE/count-shared.mjs" "$SUITE" "$OUT/results.json" | tee "$OUT/summary.txt"
if [[ "${1:-}" == "--publish" ]]; then
  cp "$OUT/results.json" "$ROOT/src/site/resources/edge-conformance/cache-tests-results.json"
  { echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"; echo "wscache: $(git -C "$ROOT" rev-parse HEAD)";
    echo "suite: $(git -C "$SUITE" rev-parse HEAD 2>/dev/null || echo unknown)"; cat "$OUT/summary.txt"; } \
    > "$ROOT/src/site/resources/edge-conformance/cache-tests-summary.txt"
fi
