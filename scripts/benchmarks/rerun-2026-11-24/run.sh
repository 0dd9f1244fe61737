#!/bin/sh
# issue 15/18 re-measure: the benchmarks.jar of 617a6a3 (start of this session, "before") and of
# this commit ("after"), one JMH invocation per suite, before then after, same cells and settings.
cd "$(dirname "$0")"
OPTS="-f 1 -wi 3 -i 5 -w 1 -r 1"
for jar in before after; do
  J=/tmp/bench-$jar.jar
  java -jar $J ReplayFloorBenchmark $OPTS -rf json -rff floor-$jar.json > floor-$jar.log 2>&1
  java -jar $J SearchHitBenchmark -p representation=XML,EVENTS,AUTO,HAND_COPY $OPTS -rf json -rff search-$jar.json > search-$jar.log 2>&1
  java -jar $J SpellingHitBenchmark -p representation=XML,EVENTS,AUTO $OPTS -rf json -rff spelling-$jar.json > spelling-$jar.log 2>&1
  java -jar $J SearchPojoHitBenchmark -p representation=AUTO,REFLECTION,HAND_COPY $OPTS -rf json -rff pojo-$jar.json > pojo-$jar.log 2>&1
  java -jar $J JsonHitBenchmark -p source=BYTES_RECORD,EVENTS_RECORD,OBJECT_RECORD,HANDCOPY_RECORD,BYTES_POJO,EVENTS_POJO,OBJECT_POJO,HANDCOPY_POJO $OPTS -rf json -rff json-$jar.json > json-$jar.log 2>&1
  java -jar $J KeyBenchmark -p method=AUTO $OPTS -rf json -rff key-$jar.json > key-$jar.log 2>&1
  java -jar $J AxisEndToEndBenchmark -p cell=SPELLING_UNCACHED,SPELLING_XML,SPELLING_EVENTS,SPELLING_OBJECT,SEARCH_UNCACHED,SEARCH_XML,SEARCH_EVENTS,SEARCH_OBJECT $OPTS -rf json -rff e2e-$jar.json > e2e-$jar.log 2>&1
done
