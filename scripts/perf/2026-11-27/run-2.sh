#!/bin/bash
cd /tmp/jmh
O="-f 1 -wi 10 -w 1s -i 5 -r 1s -rf json"
for j in old new2 new2 old; do
  n=$(ls r2-axis-$j-*.json 2>/dev/null | wc -l)
  java -jar $j.jar "AxisEndToEndBenchmark" -p cell=SEARCH_XML,SEARCH_EVENTS $O -rff r2-axis-$j-$n.json > r2-axis-$j-$n.log 2>&1
  java -jar $j.jar "JsonHitBenchmark" -p source=CLIENT_OBJECTS_POJO,CLIENT_EVENTS_POJO $O -rff r2-json-$j-$n.json > r2-json-$j-$n.log 2>&1
done
echo DONE > done2
