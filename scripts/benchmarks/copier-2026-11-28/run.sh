#!/bin/sh
# issue 38, automatic copier: the JDK collection and map nodes before and after one change, two
# benchmark jars (built from the commit before the change and from the change), run alternately
# twice so that drift on this machine falls on both: every object cell of Tables 6-9 and the JSON
# catalog, each with its hand-written copy beside it.
# usage: run.sh before.jar after.jar [extra JMH options]
cd "$(dirname "$0")"
ROOT=../../..
BEFORE=$1
AFTER=$2
shift 2
OUT=$ROOT/src/site/resources/benchmarks/copier-2026-11-28
mkdir -p "$OUT"
CELLS='(JsonHitBenchmark|SearchPojoHitBenchmark|SearchHitBenchmark|SpellingHitBenchmark|ScalingCopyBenchmark)'
PARAMS="-p source=OBJECT_RECORD,HANDCOPY_RECORD,OBJECT_POJO,HANDCOPY_POJO,CLIENT_OBJECTS_POJO,EVENTS_POJO"
PARAMS="$PARAMS -p representation=REFLECTION,CLONE,AUTO,HAND_COPY"
{ java -version 2>&1; echo "start: $(date -u) $(uptime) $*"; } >> "$OUT/env.txt"
for round in 1 2; do
    for side in before after; do
        if [ $side = before ]; then J=$BEFORE; else J=$AFTER; fi
        # shellcheck disable=SC2086 # PARAMS is a list of options
        java -jar "$J" "$CELLS" $PARAMS -f 1 -wi 3 -w 2 -i 5 -r 2 "$@" \
            -rf json -rff "$OUT/$side-$round.json" > "$OUT/$side-$round.log" 2>&1
        echo "$side $round end: $(date -u) $(uptime)" >> "$OUT/env.txt"
    done
done
# the two cells that came out slower above (their code does not meet the changed nodes: ADB
# beans and arrays only), again with three forks each, before and after in turn
if [ "${RECHECK:-1}" = 1 ]; then
    for side in before after; do
        if [ $side = before ]; then J=$BEFORE; else J=$AFTER; fi
        java -jar "$J" '(SearchHitBenchmark|ScalingCopyBenchmark)' -p representation=AUTO,HAND_COPY \
            -p elements=1000 -f 3 -wi 3 -w 2 -i 5 -r 2 "$@" \
            -rf json -rff "$OUT/recheck-$side.json" > "$OUT/recheck-$side.log" 2>&1
        echo "recheck $side end: $(date -u) $(uptime)" >> "$OUT/env.txt"
    done
fi
