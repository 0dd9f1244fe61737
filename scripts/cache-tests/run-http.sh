#!/usr/bin/env bash
# Measures cache-http's CachingHttpClient with the http-tests/cache-tests suite, as a private
# cache. See README.md beside this script.
#
#   scripts/cache-tests/run-http.sh [--publish] [TEST_ID ...]
#
# --publish copies the results to src/site/resources/cache-tests/CLIENT/.
#
# Environment:
#   CACHE_TESTS_DIR     a checkout of http-tests/cache-tests (default: cloned into
#                       library/cache-http/target/cache-tests/suite at CACHE_TESTS_COMMIT)
#   CACHE_TESTS_COMMIT  the suite's commit to clone (default: the one of the published run)
#   CACHE_TESTS_REPO    where to clone it from (default: the suite's GitHub repository)
#   ORIGIN_PORT, PROXY_PORT  loopback ports (default 18090, 18091)
#   MVN_FLAGS           flags for ./mvnw (default: -o -q)
#   DUMP=1              with TEST_IDs: print every request and response the suite sees
#   CLIENT              the caching client measured: cache-http (default), or, in the same
#                       harness for comparison, httpclient5 (Apache HttpClient 5's cache) or
#                       okhttp (OkHttp 3's Cache)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/scripts/cache-tests"
CLIENT=${CLIENT:-cache-http}
OUT="$ROOT/library/cache-http/target/cache-tests/$CLIENT"
SITE="$ROOT/src/site/resources/cache-tests/$CLIENT"
COMMIT=${CACHE_TESTS_COMMIT:-b55b8bda3dbb8c927c04e85bd8d496a8caa3e4ba}
ORIGIN_PORT=${ORIGIN_PORT:-18090}
PROXY_PORT=${PROXY_PORT:-18091}
read -r -a MVN <<< "${MVN_FLAGS:--o -q}"
PUBLISH=0
if [[ "${1:-}" == "--publish" ]]; then
  PUBLISH=1
  shift
fi
IDS=("$@")
if [[ $PUBLISH == 1 && ${#IDS[@]} -gt 0 ]]; then
  echo "--publish takes the full run only" >&2
  exit 2
fi

command -v node >/dev/null || { echo "node is missing: apt-get install nodejs npm" >&2; exit 1; }
mkdir -p "$OUT"
START=$(date +%s)

# 1. the suite, and its client's one runtime dependency (undici, for the 1xx tests)
SUITE=${CACHE_TESTS_DIR:-$ROOT/library/cache-http/target/cache-tests/suite}
if [[ ! -f "$SUITE/tests/index.mjs" ]]; then
  git clone -q "${CACHE_TESTS_REPO:-https://github.com/http-tests/cache-tests.git}" "$SUITE"
  git -C "$SUITE" checkout -q "$COMMIT"
fi
if [[ ! -d "$SUITE/node_modules/undici" ]]; then
  (cd "$SUITE" && npm install --omit=dev --no-audit --no-fund --loglevel=error)
fi
if [[ "$(git -C "$SUITE" rev-parse --show-toplevel 2>/dev/null)" == "$(cd "$SUITE" && pwd -P)" ]]; then
  SUITE_REV=$(git -C "$SUITE" rev-parse HEAD)
else
  SUITE_REV="not a git checkout; taken for $COMMIT"
fi

# 2. cache-http and the proxy, with the reactor's own cache-core (never an installed one)
(cd "$ROOT" && ./mvnw "${MVN[@]}" -pl library/cache-http -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/cache-tests.classpath -Dmdep.includeScope=test)
CP="$ROOT/library/cache-http/target/test-classes:$ROOT/library/cache-http/target/classes"
CP="$CP:$(cat "$ROOT/library/cache-http/target/cache-tests.classpath")"

# 3. the suite's origin server and the proxy, both on loopback; stopped on exit
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${PIDS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
}
trap cleanup EXIT
wait_for() { # file text
  for _ in $(seq 1 100); do
    grep -q "$2" "$1" 2>/dev/null && return 0
    sleep 0.2
  done
  echo "timed out waiting for '$2' in $1:" >&2
  cat "$1" >&2
  exit 1
}
(cd "$SUITE" && exec env npm_config_port="$ORIGIN_PORT" npm_config_protocol=http \
  npm_config_pidfile="$OUT/origin.pid" \
  node --import "$HERE/loopback.mjs" test-engine/server/server.mjs) > "$OUT/origin.log" 2>&1 &
PIDS+=($!)
wait_for "$OUT/origin.log" "Listening on"
java -cp "$CP" io.github.wscache.http.cachetests.CacheTestsProxy \
  --origin "http://127.0.0.1:$ORIGIN_PORT" --port "$PROXY_PORT" \
  --log "$OUT/exchanges.jsonl" --client "$CLIENT" > "$OUT/proxy.log" 2>&1 &
PIDS+=($!)
wait_for "$OUT/proxy.log" "Listening on"
BUILT=$(date +%s)

# 4. the suite's client against the proxy
node --no-warnings "$HERE/run-suite.mjs" "$SUITE" "http://127.0.0.1:$PROXY_PORT" "${IDS[@]}" \
  > "$OUT/results.json"
RAN=$(date +%s)
cleanup
trap - EXIT

# 5. the count over the tests that apply to a private cache
node "$HERE/summarize.mjs" "$SUITE" "$OUT/results.json" "$OUT" "$OUT/exchanges.jsonl" "$CLIENT"
cat > "$OUT/run.txt" <<INFO
date: $(date -u +%Y-%m-%dT%H:%M:%SZ)
client: $(sed -n 's/^Listening on .* through //p' "$OUT/proxy.log")
suite: http-tests/cache-tests $SUITE_REV
wscache: $(git -C "$ROOT" rev-parse HEAD)$(git -C "$ROOT" diff --quiet HEAD -- library/cache-core library/cache-http || echo ' (with uncommitted changes)')
java: $(java -version 2>&1 | head -1)
node: $(node --version)
build and start: $((BUILT - START)) s; suite run: $((RAN - BUILT)) s
INFO
cat "$OUT/run.txt"
if [[ $PUBLISH == 1 ]]; then
  mkdir -p "$SITE"
  cp "$OUT/results.json" "$OUT/summary.json" "$OUT/summary.md" "$OUT/exchanges.jsonl" \
    "$OUT/run.txt" "$SITE/"
  echo "published to $SITE"
  SUMMARIES=()
  for c in cache-http httpclient5 okhttp; do
    [[ -f "$ROOT/src/site/resources/cache-tests/$c/summary.json" ]] &&
      SUMMARIES+=("$ROOT/src/site/resources/cache-tests/$c/summary.json")
  done
  node "$HERE/compare.mjs" "$ROOT/src/site/resources/cache-tests" "${SUMMARIES[@]}" > /dev/null
fi
