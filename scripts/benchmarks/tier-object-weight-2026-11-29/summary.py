"""Prints the alternated TierHitBenchmark runs (RAW_GET, OBJECT_L2) as a Markdown table.

usage: python3 summary.py OUT   (the folder run.sh wrote)
"""
import glob
import json
import os
import sys

print('| run | `RAW_GET` µs | `OBJECT_L2` µs (its two forks) | ratio | `OBJECT_L2` bytes per hit |')
print('|---|---:|---:|---:|---:|')
for f in sorted(glob.glob(os.path.join(sys.argv[1], '[0-9]-*.json'))):
    cells = {r['params']['cell']: r for r in json.load(open(f))}
    g, o = cells['RAW_GET']['primaryMetric'], cells['OBJECT_L2']['primaryMetric']
    forks = ', '.join('%.1f' % (sum(x) / len(x)) for x in o['rawData'])
    alloc = cells['OBJECT_L2']['secondaryMetrics']['gc.alloc.rate.norm']['score']
    print('| %s | %.1f ± %.1f | %.1f ± %.1f (%s) | %.2f× | %s |' % (
        os.path.basename(f)[:-5], g['score'], g['scoreError'], o['score'], o['scoreError'],
        forks, o['score'] / g['score'], format(round(alloc), ',')))
