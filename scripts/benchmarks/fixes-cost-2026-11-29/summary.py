"""Prints the alternated runs of run.sh (tier/ and http/) as Markdown tables: each cell's time
per operation and bytes allocated per operation, run by run.

usage: python3 summary.py OUT   (the folder run.sh wrote)
"""
import glob
import json
import os
import sys

for part in ('tier', 'http'):
    files = sorted(glob.glob(os.path.join(sys.argv[1], part, '[0-9]-*.json')))
    if not files:
        continue
    rows = {}
    for f in files:
        for r in json.load(open(f)):
            cell = '/'.join(r['params'].values())
            m = r['primaryMetric']
            alloc = r['secondaryMetrics'].get('gc.alloc.rate.norm', {}).get('score', 0)
            rows.setdefault(cell, []).append((os.path.basename(f)[:-5], m['score'],
                                              m['scoreError'], m['scoreUnit'], alloc))
    print('### ' + part + '\n')
    print('| cell | ' + ' | '.join(r[0] for r in next(iter(rows.values()))) + ' |')
    print('|---|' + '---:|' * len(next(iter(rows.values()))))
    for cell, runs in rows.items():
        print('| `%s` (%s) | ' % (cell, runs[0][3]) + ' | '.join(
            '%.2f ± %.2f, %s B' % (s, e, format(round(a), ',')) for _, s, e, _, a in runs)
            + ' |')
    print()
