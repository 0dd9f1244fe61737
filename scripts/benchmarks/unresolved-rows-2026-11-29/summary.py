"""Per round: the two cells' scores, the replay's ratio and the Axis2 hit's part over its floor."""
import json
import pathlib
import statistics
import sys

out = pathlib.Path(sys.argv[1])


def cells(name):
    rows = {}
    for r in json.loads((out / name).read_text()):
        key = next(iter(r["params"].values()))
        m = r["primaryMetric"]
        forks = m["rawData"]
        medians = [statistics.median(f) for f in forks]
        rows[key] = (m["score"], m["scoreError"], statistics.median(sum(forks, [])), medians,
                     m["scoreUnit"])
    return rows


print("| round | cell | mean | ± | median | fork medians | unit |")
print("|---|---|---:|---:|---:|---|---|")
ratios, parts = [], []
for rnd in (1, 2, 3):
    rep = cells(f"replay-{rnd}.json")
    axis = cells(f"axis-{rnd}.json")
    for k, v in list(rep.items()) + list(axis.items()):
        print(f"| {rnd} | {k} | {v[0]:,.1f} | {v[1]:,.1f} | {v[2]:,.1f} | "
              + ", ".join(f"{x:,.1f}" for x in v[3]) + f" | {v[4]} |")
    ratios.append((rep["EVENTS"][0] / rep["PLAIN"][0], rep["EVENTS"][2] / rep["PLAIN"][2]))
    parts.append((axis["SEARCH_EVENTS"][0] - axis["SEARCH_EVENTS_FLOOR"][0],
                  axis["SEARCH_EVENTS"][2] - axis["SEARCH_EVENTS_FLOOR"][2]))
print()
print("| round | replay EVENTS / PLAIN, means | medians | Axis2 events hit - floor, means | medians |")
print("|---|---:|---:|---:|---:|")
for i, (r, p) in enumerate(zip(ratios, parts), 1):
    print(f"| {i} | {r[0]:.3f}x | {r[1]:.3f}x | {p[0]:.3f} | {p[1]:.3f} |")
