#!/bin/bash
# no cache at all beside the hits, in one run of the after jar: the uncached call, a bypass
# (the cache in the path, the operation not cached) and the three hit representations
cd "${JMH_DIR:-/tmp/jmh32}"
java -jar after3.jar "AxisEndToEndBenchmark" \
  -p cell=SEARCH_UNCACHED,SEARCH_BYPASS,SEARCH_XML,SEARCH_EVENTS,SEARCH_OBJECT \
  -f 1 -wi 5 -w 1s -i 5 -r 1s -rf json -rff r4-axis-after3.json > r4-axis-after3.log 2>&1
echo DONE > done4
