#!/bin/bash
# interleaved before/after rounds of the hit cells; JSON per run
cd /tmp/bench
for round in 1 2 3; do
  for v in before after; do
    java -jar /tmp/bench-$v.jar 'HitThroughputBenchmark.oneThread' -p value=AUTO,REFERENCE \
      -f 1 -wi 2 -i 3 -w 1s -r 1s -rf json -rff hit-$v-$round.json > hit-$v-$round.log 2>&1
    java -jar /tmp/bench-$v.jar 'AxisEndToEndBenchmark' -p cell=SPELLING_EVENTS,SEARCH_EVENTS,SEARCH_XML,SEARCH_OBJECT \
      -f 1 -wi 2 -i 3 -w 1s -r 1s -rf json -rff axis-$v-$round.json > axis-$v-$round.log 2>&1
  done
done
echo DONE > done.txt
