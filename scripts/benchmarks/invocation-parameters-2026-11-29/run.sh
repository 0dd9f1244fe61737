#!/bin/sh
# The object hits before and after Invocation.Builder took the parameters of a stub or proxy
# call as two arrays at once (sized once) instead of one by one into two lists of four that
# doGoogleSearch's ten parameters grew three times: CXF's objects proxy (JaxWsHitBenchmark
# OBJECT_HIT), Axis2's stub (AxisEndToEndBenchmark SEARCH_OBJECT, ten parameters, and
# SPELLING_OBJECT, two) and, as a control whose path keys one XML parameter,
# SpellingHitBenchmark XML. Jars alternated, 2 forks x 8 x 1 s after 8 x 1 s, with -prof gc
# (bytes allocated per call, which does not depend on the machine's load).
# usage: BEFORE=benchmarks-before.jar AFTER=benchmarks-after.jar sh run.sh
OUT=${OUT:-src/site/resources/benchmarks/invocation-parameters-2026-11-29}
mkdir -p "$OUT"
{ java -version 2>&1; echo "start: $(date -u +%FT%TZ) $(uptime)"; } > "$OUT/machine.txt"
for r in 1-before 2-after 3-after 4-before; do
    case $r in *before) J=$BEFORE ;; *) J=$AFTER ;; esac
    java -jar "$J" 'JaxWsHitBenchmark|AxisEndToEndBenchmark|SpellingHitBenchmark' \
        -p path=OBJECT_HIT -p cell=SEARCH_OBJECT,SPELLING_OBJECT -p representation=XML \
        -f 2 -wi 8 -w 1 -i 8 -r 1 -prof gc -rf json -rff "$OUT/$r.json" > /dev/null
done
echo "end: $(date -u +%FT%TZ) $(uptime)" >> "$OUT/machine.txt"
# Then, against no cache in one run (the after jar): the object hits beside the uncached calls
# (the same client and service, every call sent), 2 forks x 5 x 1 s after 5 x 1 s.
java -jar "$AFTER" 'JaxWsHitBenchmark|AxisEndToEndBenchmark' -p path=OBJECT_HIT,UNCACHED \
    -p cell=SEARCH_OBJECT,SEARCH_UNCACHED -f 2 -wi 5 -w 1 -i 5 -r 1 -prof gc \
    -rf json -rff "$OUT/5-after-vs-uncached.json" > /dev/null
