#!/bin/bash
# the third run, the object-level hits only: before (231af6d) and after (the client's last outcome
# kept in a holder set once per ServiceContext), interleaved before/after/after/before
cd "${JMH_DIR:-/tmp/jmh32}"
O="-f 1 -wi 5 -w 1s -i 5 -r 1s -rf json"
for j in before after3 after3 before; do
  n=$(ls r3-axis-$j-*.json 2>/dev/null | wc -l)
  java -jar $j.jar "AxisEndToEndBenchmark" -p cell=SPELLING_OBJECT,SEARCH_OBJECT \
    $O -rff r3-axis-$j-$n.json > r3-axis-$j-$n.log 2>&1
done
echo DONE > done3
