#!/bin/bash
# issue 32, second part: every hit and miss cell before (231af6d) and after (this session's main),
# interleaved in one run on one machine: before.jar and after.jar are tools/benchmarks/target/benchmarks.jar
# built at each commit (./mvnw -q -pl benchmarks -am package -DskipTests)
cd "${JMH_DIR:-/tmp/jmh32}"
O="-f 1 -wi 5 -w 1s -i 5 -r 1s -rf json"
for j in before after; do
  java -jar $j.jar "AxisEndToEndBenchmark" \
    -p cell=SEARCH_XML,SEARCH_EVENTS,SEARCH_OBJECT,SEARCH_XML_MISS,SEARCH_EVENTS_MISS,SEARCH_OBJECT_MISS \
    $O -rff axis-$j.json > axis-$j.log 2>&1
  java -jar $j.jar "JsonHitBenchmark" -p source=CLIENT_OBJECTS_POJO,CLIENT_EVENTS_POJO \
    $O -rff json-$j.json > json-$j.log 2>&1
  java -jar $j.jar "HitThroughputBenchmark.oneThread" $O -rff hit-$j.json > hit-$j.log 2>&1
done
echo DONE > done
