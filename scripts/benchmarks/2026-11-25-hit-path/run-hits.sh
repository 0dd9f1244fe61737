#!/bin/sh
# The three hit suites again, after XML_AXIOM was made to build the envelope as the generated
# stub does and EVENTS_AS_STORED was added (aa5b258): before = 1b8ce35's code with aa5b258's
# benchmarks module, after = aa5b258. Replaces those suites' files from run.sh.
cd "$(dirname "$0")"
OPTS="-f 1 -wi 3 -i 5 -w 1 -r 1"
echo "hits start: $(uptime)" >> env.txt
for jar in before after; do
  J=/tmp/bench-${jar}2.jar
  for suite in SpellingHitBenchmark CachedPageHitBenchmark SearchHitBenchmark; do
    java -jar $J $suite $OPTS -rf json -rff $suite-$jar.json > $suite-$jar.log 2>&1
  done
  echo "hits $jar done: $(uptime)" >> env.txt
done
