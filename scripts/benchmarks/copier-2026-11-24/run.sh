#!/bin/sh
# issue 15, the automatic copier: "before" = benchmarks.jar built from main (31ec7e6), "after" =
# the copier branch (0e48296). Four rounds, before then after, same cells and settings; then the
# CPU-time harness (CpuHarness.java, thread CPU time per hit, cells interleaved) on each jar.
SEL='SearchPojoHitBenchmark|SearchHitBenchmark'
for round in 1 2 3 4; do
  for jar in before after; do
    java -jar /tmp/copier-$jar.jar "$SEL" -p representation=REFLECTION,AUTO,HAND_COPY \
      -f 1 -wi 3 -i 5 -w 1 -r 1 -rf json -rff copier-$jar-$round.json > copier-$jar-$round.log 2>&1
  done
done
for jar in before after; do
  java -cp /tmp/copier-$jar.jar CpuHarness.java > cpu-$jar.txt
done
# best 1-s iteration per cell over the four rounds (20 iterations):
python3 - <<'PY'
import glob, json
for jar in ("before", "after"):
    cells = {}
    for f in sorted(glob.glob(f"copier-{jar}-*.json")):
        for r in json.load(open(f)):
            key = r["benchmark"].split(".")[-2] + " " + r["params"]["representation"]
            cells.setdefault(key, []).extend(x for fork in r["primaryMetric"]["rawData"] for x in fork)
    for key, v in sorted(cells.items()):
        print(jar, key, "min %.1f" % min(v))
PY
