# Every cell of the closing full JMH set (2026-11-28) beside the same cell of the last full set
# (2026-11-25, its "after" files), with the ratio; different days on the same VM, so the ratio
# holds the machine's drift too (the portal's unchanged `none` control moved 0.78x between them).
# python3 scripts/closing-2026-11-28/compare.py > src/site/resources/benchmarks/2026-11-28-closing/compare.md
import glob, json, os
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                    'src', 'site', 'resources', 'benchmarks')


def load(files):
    out = {}
    for f in files:
        txt = open(f).read()
        if not txt.strip():
            continue
        for r in json.loads(txt):
            suite, method = r['benchmark'].split('.')[-2:]
            params = ','.join(f"{v}" for k, v in sorted(r.get('params', {}).items()))
            m = r['primaryMetric']
            out[(suite, method, params)] = (m['score'], m['scoreError'], m['scoreUnit'])
    return out


old = load(glob.glob(os.path.join(root, '2026-11-25', '*-after.json')))
new = load([os.path.join(root, '2026-11-28-closing', 'jmh.json')])
print("# The closing full JMH set (2026-11-28) beside the last full set (2026-11-25)\n")
print("Written by `scripts/closing-2026-11-28/compare.py`. Lower is better for time units,")
print("higher for ops/time. Different days: the ratio holds the machine's drift too.\n")
for suite in sorted({k[0] for k in new}):
    print(f"\n### {suite}\n")
    print("| cell | 2026-11-25 | 2026-11-28 | unit | 28 / 25 |")
    print("|---|---:|---:|---|---:|")
    for k in sorted(k for k in new if k[0] == suite):
        s, e, u = new[k]
        cell = f"{k[1]} {k[2]}".strip()
        if k in old:
            so, eo, _ = old[k]
            print(f"| {cell} | {so:,.3f} ± {eo:,.3f} | {s:,.3f} ± {e:,.3f} | {u} | {s / so:.2f} |")
        else:
            print(f"| {cell} | – | {s:,.3f} ± {e:,.3f} | {u} | – |")
