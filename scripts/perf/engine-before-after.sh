#!/bin/bash
# Every hit and miss cell of the engine, before and after a change, interleaved
# before/after/after/before in one run on one machine. before.jar and after.jar are
# tools/benchmarks/target/benchmarks.jar built at each commit
# (./mvnw -q -pl tools/benchmarks -am package -DskipTests); results go beside them (JMH_DIR).
set -euo pipefail
cd "${JMH_DIR:?set JMH_DIR to the folder holding before.jar and after.jar}"
O="-f 1 -wi 5 -w 1s -i 5 -r 1s -rf json"
shopt -s nullglob
for j in before after after before; do
  runs=(axis-$j-*.json)
  n=${#runs[@]}
  java -jar $j.jar "AxisEndToEndBenchmark" \
    -p cell=SEARCH_XML,SEARCH_EVENTS,SEARCH_OBJECT,SEARCH_XML_MISS,SEARCH_EVENTS_MISS,SEARCH_OBJECT_MISS \
    $O -rff axis-$j-$n.json > axis-$j-$n.log 2>&1
  java -jar $j.jar "JsonHitBenchmark" -p source=CLIENT_OBJECTS_POJO,CLIENT_EVENTS_POJO \
    $O -rff json-$j-$n.json > json-$j-$n.log 2>&1
  java -jar $j.jar "HitThroughputBenchmark.oneThread" $O -rff hit-$j-$n.json > hit-$j-$n.log 2>&1
done
echo DONE > done
