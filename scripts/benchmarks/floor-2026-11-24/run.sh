#!/bin/sh
# issue 15: the "before" jar (commit d6b53ea: reference cells added, library unchanged) and the
# "after" jar, one JMH invocation each, back to back, same cells and settings.
SEL='ReplayFloorBenchmark|SearchHitBenchmark|SpellingHitBenchmark|KeyBenchmark|AxisEndToEndBenchmark'
for jar in before after; do
  java -jar /tmp/replay-$jar.jar "$SEL" \
    -p representation=XML,EVENTS -p method=AUTO -p operation=SEARCH,SPELLING \
    -p cell=SPELLING_XML,SPELLING_EVENTS,SEARCH_XML,SEARCH_EVENTS \
    -f 1 -wi 3 -i 5 -w 1 -r 1 -rf json -rff floor-$jar.json > floor-$jar.log 2>&1
done
