#!/bin/bash
# before/after in one session: old = 9fb04bc (session start), new = main; A B B A order
cd /tmp/jmh
O="-f 1 -wi 10 -w 1s -i 5 -r 1s -rf json"
for round in 1 2; do
  if [ $round = 1 ]; then order="old new"; else order="new old"; fi
  for j in $order; do
    java -jar $j.jar "AxisEndToEndBenchmark" -p cell=SEARCH_XML,SEARCH_EVENTS,SEARCH_EVENTS_MISS $O -rff axis-$j-$round.json > axis-$j-$round.log 2>&1
    java -jar $j.jar "JsonHitBenchmark" -p source=CLIENT_OBJECTS_POJO,CLIENT_EVENTS_POJO $O -rff json-$j-$round.json > json-$j-$round.log 2>&1
  done
done
echo DONE > done
