#!/bin/sh
# The end-to-end cells with the suite's new default warm-up (25 x 1 s; see
# AxisEndToEndBenchmark): every cell that reaches the server, and the hits beside them.
# uncached-long-warmup.json is the 15 s probe that showed the 3 s warm-up was too short.
cd "$(dirname "$0")"
java -jar /tmp/bench-after3.jar AxisEndToEndBenchmark -p cell=SPELLING_UNCACHED,SPELLING_BYPASS,SEARCH_UNCACHED,SEARCH_BYPASS,SEARCH_UNIQUE_UNCACHED,SEARCH_XML_MISS,SEARCH_EVENTS_MISS,SEARCH_OBJECT_MISS,SEARCH_XML_UNKEPT,SEARCH_EVENTS_UNKEPT,SEARCH_OBJECT_UNKEPT,SPELLING_XML,SPELLING_EVENTS,SEARCH_XML,SEARCH_EVENTS -rf json -rff AxisEndToEnd-warm-after.json > AxisEndToEnd-warm-after.log 2>&1
