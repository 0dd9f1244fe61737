#!/bin/sh
# issue 15/18: the full JMH set on the quietest machine we can get, 2026-11-25.
# before = benchmarks.jar of ccc2061 (start of the session; same cache-core/http/axis code as
# 924f666), after = this session's main. Table 6-9 suites (keys, the four hit suites, hit
# throughput, scaling), the replay floor, JSON hits and end-to-end: before then after;
# annotation defaults (1 fork, 3 x 1 s warm-up, 5 x 1 s measurement).
cd "$(dirname "$0")"
OPTS="-f 1 -wi 3 -i 5 -w 1 -r 1"
{ java -version 2>&1; echo "start: $(uptime)"; } > env.txt
for jar in before after; do
  J=/tmp/bench-$jar.jar
  for suite in KeyBenchmark SpellingHitBenchmark CachedPageHitBenchmark SearchHitBenchmark SearchPojoHitBenchmark ReplayFloorBenchmark; do
    java -jar $J $suite $OPTS -rf json -rff $suite-$jar.json > $suite-$jar.log 2>&1
  done
  java -jar $J JsonHitBenchmark -p source=BYTES_RECORD,EVENTS_RECORD,OBJECT_RECORD,HANDCOPY_RECORD,BYTES_POJO,EVENTS_POJO,OBJECT_POJO,HANDCOPY_POJO $OPTS -rf json -rff JsonHitBenchmark-$jar.json > JsonHitBenchmark-$jar.log 2>&1
  echo "$jar done: $(uptime)" >> env.txt
done
# the rest, this session's code only
J=/tmp/bench-after.jar
java -jar $J AxisEndToEndBenchmark $OPTS -rf json -rff AxisEndToEndBenchmark-after.json > AxisEndToEndBenchmark-after.log 2>&1
java -jar $J HitThroughputBenchmark $OPTS -rf json -rff HitThroughputBenchmark-after.json > HitThroughputBenchmark-after.log 2>&1
java -jar $J ScalingCopyBenchmark $OPTS -rf json -rff ScalingCopyBenchmark-after.json > ScalingCopyBenchmark-after.log 2>&1
java -jar $J JsonHitBenchmark -p source=CLIENT_OBJECTS_POJO,CLIENT_EVENTS_POJO,OKHTTP_POJO,HTTPCLIENT5_POJO $OPTS -rf json -rff JsonClients-after.json > JsonClients-after.log 2>&1
echo "end: $(uptime)" >> env.txt
