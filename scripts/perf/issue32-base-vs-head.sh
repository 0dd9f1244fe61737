#!/bin/bash
# Issue 32's criterion "every hit at least as fast as before", against the commit the issue's
# work started from: base.jar (231af6d) and head.jar (the commit measured), interleaved
# base/head/head/base in one run, the hit cells that an earlier run left unproven (object-level
# and events hits through the Axis2 stub) and cache-http's hits. JMH_DIR holds both jars.
set -euo pipefail
cd "${JMH_DIR:?set JMH_DIR to the folder holding base.jar and head.jar}"
O="-f 1 -wi 5 -w 1s -i 8 -r 1s -rf json"
shopt -s nullglob
for j in base head head base; do
  runs=(i32-axis-$j-*.json)
  n=${#runs[@]}
  java -jar $j.jar "AxisEndToEndBenchmark" \
    -p cell=SPELLING_OBJECT,SEARCH_OBJECT,SEARCH_EVENTS,SEARCH_XML \
    $O -rff i32-axis-$j-$n.json > i32-axis-$j-$n.log 2>&1
  java -jar $j.jar "JsonHitBenchmark" -p source=CLIENT_OBJECTS_POJO,CLIENT_EVENTS_POJO \
    $O -rff i32-json-$j-$n.json > i32-json-$j-$n.log 2>&1
done
echo DONE > i32-done
