"""Prints the alternated EngineMissBenchmark runs as a Markdown table.

usage: python3 summary.py OUT   (the folder run.sh wrote)
Per run and cell: ns per call (mean +- error) and bytes allocated per call; then the object
level's own share (OBJECT_MISS_STORED - OBJECT_PASS) per run.
"""
import glob
import json
import os
import sys

out = sys.argv[1]
runs = sorted(glob.glob(os.path.join(out, '[0-9]-*.json')))
cells = ['OBJECT_PASS', 'OBJECT_MISS_STORED', 'MISS_STORED']
rows = {}
for f in runs:
    name = os.path.basename(f)[:-5]
    for r in json.load(open(f)):
        cell = r['params']['path']
        m = r['primaryMetric']
        alloc = r['secondaryMetrics'].get('gc.alloc.rate.norm', {}).get('score')
        rows.setdefault(name, {})[cell] = (m['score'], m['scoreError'], alloc)
print('| run | ' + ' | '.join(cells) + ' | object level\'s own share |')
print('|---|' + '---:|' * (len(cells) + 1))
for name in sorted(rows):
    r = rows[name]
    parts = ['%s ± %s ns, %s B' % (format(round(r[c][0]), ','), format(round(r[c][1]), ','),
                                   format(round(r[c][2]), ',')) if c in r else '' for c in cells]
    share = r['OBJECT_MISS_STORED'][0] - r['OBJECT_PASS'][0]
    bytes_ = r['OBJECT_MISS_STORED'][2] - r['OBJECT_PASS'][2]
    print('| %s | %s | %s ns, %s B |' % (name, ' | '.join(parts), format(round(share), ','),
                                       format(round(bytes_), ',')))
