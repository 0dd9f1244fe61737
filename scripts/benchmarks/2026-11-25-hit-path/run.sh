#!/bin/sh
# issue 15: the hit path through the stub and the baseline the issue names, 2026-11-25 (third
# session). before = benchmarks.jar of 1b8ce35 (start of the session) with the XML_AXIOM cell
# of 83990ed added, so both sides have it; after = ae9f1ba. Table 6-9 suites (keys, the four
# hit suites, hit throughput, scaling), the replay floor, JSON hits and every end-to-end cell:
# before then after, same settings (1 fork, 3 x 1 s warm-up, 5 x 1 s measurement).
# Tables: python3 ../2026-11-25/compare.py . > compare.md
cd "$(dirname "$0")"
OPTS="-f 1 -wi 3 -i 5 -w 1 -r 1"
{ java -version 2>&1; echo "start: $(uptime)"; } > env.txt
for jar in before after; do
  J=/tmp/bench-$jar.jar
  for suite in KeyBenchmark SpellingHitBenchmark CachedPageHitBenchmark SearchHitBenchmark SearchPojoHitBenchmark ReplayFloorBenchmark AxisEndToEndBenchmark HitThroughputBenchmark ScalingCopyBenchmark; do
    java -jar $J $suite $OPTS -rf json -rff $suite-$jar.json > $suite-$jar.log 2>&1
  done
  java -jar $J JsonHitBenchmark -p source=BYTES_RECORD,EVENTS_RECORD,OBJECT_RECORD,HANDCOPY_RECORD,BYTES_POJO,EVENTS_POJO,OBJECT_POJO,HANDCOPY_POJO $OPTS -rf json -rff JsonHitBenchmark-$jar.json > JsonHitBenchmark-$jar.log 2>&1
  echo "$jar done: $(uptime)" >> env.txt
done
echo "end: $(uptime)" >> env.txt
