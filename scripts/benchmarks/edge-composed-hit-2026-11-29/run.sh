#!/bin/bash
# issue 38: the edge's cached-page throughput against Varnish 7.1 before and after a change to
# the edge's hit path, alternated in one session. EdgeComparison (Pet Shop, 200 ms WAN, wrk with
# 8 connections, 20 s warm-up, median of 3 x 10 s per edge, Varnish in the same run) from two
# builds of the Pet Shop, each a copy of samples/petshop/target/{petshop-sample.jar,lib}:
#   bash run.sh OUT BEFORE_DIR AFTER_DIR [ORDER]   (ORDER default: "B A A B")
cd "$(dirname "$0")/../../.."
OUT=${1:?out dir}; B=${2:?before dir}; A=${3:?after dir}; ORDER=${4:-B A A B}
mkdir -p "$OUT"
i=0
for v in $ORDER; do
  i=$((i + 1))
  if [ "$v" = B ]; then dir=$B; else dir=$A; fi
  s=$(date +%s)
  java -cp "$dir/petshop-sample.jar" io.github.wscache.petshop.edge.EdgeComparison \
    --wan-ms 200 --out "$OUT/$i-$v" > "$OUT/$i-$v.log" 2>&1
  echo "$i $v $(( $(date +%s) - s ))s load $(cut -d' ' -f1-3 /proc/loadavg)" \
    "$(tail -1 "$OUT/$i-$v/edge-vs-varnish.csv")" >> "$OUT/summary.txt"
done
