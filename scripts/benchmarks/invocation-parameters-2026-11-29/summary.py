"""Per run and cell: time per call and bytes allocated per call (-prof gc)."""
import json
import pathlib
import sys

out = pathlib.Path(sys.argv[1])
print("| run | benchmark | cell | time | ± | unit | B allocated per call |")
print("|---|---|---|---:|---:|---|---:|")
for f in sorted(out.glob("*.json")):
    for r in json.loads(f.read_text()):
        m = r["primaryMetric"]
        alloc = r["secondaryMetrics"].get("gc.alloc.rate.norm", {}).get("score", float("nan"))
        bench = r["benchmark"].split(".")[-2]
        cell = ",".join(r["params"].values())
        print(f"| {f.stem} | {bench} | {cell} | {m['score']:,.2f} | {m['scoreError']:,.2f} | "
              f"{m['scoreUnit']} | {alloc:,.0f} |")
