#!/bin/bash
# The Axis2 stub hits that a shorter run could not tell apart from noise (object level and
# events), base (231af6d) against head, with two forks and ten iterations each, interleaved
# base/head/head/base. JMH_DIR holds base.jar and head.jar.
set -euo pipefail
cd "${JMH_DIR:?set JMH_DIR to the folder holding base.jar and head.jar}"
O="-f 2 -wi 5 -w 1s -i 10 -r 1s -rf json"
shopt -s nullglob
for j in base head head base; do
  runs=(i32l-$j-*.json)
  n=${#runs[@]}
  java -jar $j.jar "AxisEndToEndBenchmark" -p cell=SPELLING_OBJECT,SEARCH_OBJECT,SEARCH_EVENTS \
    $O -rff i32l-$j-$n.json > i32l-$j-$n.log 2>&1
done
echo DONE > i32l-done
