#!/bin/bash
# the second, quieter run: before (231af6d) and after (this session's main, with call()'s outcome
# allocating nothing when nobody asks for it), interleaved before/after/after/before
cd "${JMH_DIR:-/tmp/jmh32}"
O="-f 1 -wi 5 -w 1s -i 5 -r 1s -rf json"
for j in before after2 after2 before; do
  n=$(ls r2-hit-$j-*.json 2>/dev/null | wc -l)
  java -jar $j.jar "HitThroughputBenchmark.oneThread" $O -rff r2-hit-$j-$n.json > r2-hit-$j-$n.log 2>&1
  java -jar $j.jar "AxisEndToEndBenchmark" -p cell=SEARCH_XML,SEARCH_EVENTS,SEARCH_OBJECT \
    $O -rff r2-axis-$j-$n.json > r2-axis-$j-$n.log 2>&1
  java -jar $j.jar "JsonHitBenchmark" -p source=CLIENT_OBJECTS_POJO,CLIENT_EVENTS_POJO \
    $O -rff r2-json-$j-$n.json > r2-json-$j-$n.log 2>&1
done
echo DONE > done2
