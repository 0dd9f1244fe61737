#!/bin/sh
# issue 15: the replay reader's rework (names resolved when asked, scopes only for declaring
# elements, small hot paths), 2026-11-25. before = benchmarks.jar of 2788dd0, after = 40a071a.
# Every cell that replays a recording, and its reference cells, before then after, in one run;
# 2 forks x 3 x 1 s warm-up, 8 x 1 s measurement. Tables: python3 ../2026-11-25/compare.py . > compare.md
cd "$(dirname "$0")"
OPTS="-f 2 -wi 3 -i 8 -w 1 -r 1"
{ java -version 2>&1; echo "start: $(uptime)"; } > env.txt
for jar in before after; do
  J=/tmp/bench-replay-$jar.jar
  java -jar $J ReplayFloorBenchmark $OPTS -rf json -rff ReplayFloorBenchmark-$jar.json > ReplayFloorBenchmark-$jar.log 2>&1
  java -jar $J SearchHitBenchmark -p representation=XML,EVENTS,XML_TOKENS_ONLY,EVENTS_ONLY $OPTS -rf json -rff SearchHitBenchmark-$jar.json > SearchHitBenchmark-$jar.log 2>&1
  java -jar $J SpellingHitBenchmark -p representation=XML,EVENTS $OPTS -rf json -rff SpellingHitBenchmark-$jar.json > SpellingHitBenchmark-$jar.log 2>&1
  java -jar $J CachedPageHitBenchmark -p representation=XML,EVENTS $OPTS -rf json -rff CachedPageHitBenchmark-$jar.json > CachedPageHitBenchmark-$jar.log 2>&1
  java -jar $J AxisEndToEndBenchmark -p cell=SEARCH_XML,SEARCH_EVENTS,SPELLING_XML,SPELLING_EVENTS,PAGE_XML,PAGE_EVENTS $OPTS -rf json -rff AxisEndToEndBenchmark-$jar.json > AxisEndToEndBenchmark-$jar.log 2>&1
  echo "$jar done: $(uptime)" >> env.txt
done
echo "end: $(uptime)" >> env.txt
