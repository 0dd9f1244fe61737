#!/bin/sh
# issue 14: a hit before the redesign (22ff8da) and after (main), one JMH invocation each, back to back
for jar in before after; do
  java -jar /tmp/i14-$jar.jar 'HitThroughputBenchmark.oneThread|AxisEndToEndBenchmark' \
    -p cell=SPELLING_EVENTS,SPELLING_OBJECT,SEARCH_EVENTS,SEARCH_OBJECT \
    -f 1 -wi 3 -i 5 -w 1 -r 1 -rf json -rff hit-$jar.json > hit-$jar.log 2>&1
done
