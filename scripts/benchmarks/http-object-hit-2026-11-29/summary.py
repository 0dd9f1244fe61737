"""Prints the alternated JsonHitBenchmark runs (CLIENT_OBJECTS_POJO over EVENTS_POJO).

usage: python3 summary.py OUT   (the folder run.sh wrote)
"""
import glob
import json
import os
import sys

print('| run | `CLIENT_OBJECTS_POJO` ns | bytes | `EVENTS_POJO` ns (the bare replay) | ratio |')
print('|---|---:|---:|---:|---:|')
for f in sorted(glob.glob(os.path.join(sys.argv[1], '[0-9]-*.json'))):
    cells = {r['params']['source']: r for r in json.load(open(f))}
    o, e = cells['CLIENT_OBJECTS_POJO'], cells['EVENTS_POJO']
    om, em = o['primaryMetric'], e['primaryMetric']
    alloc = o['secondaryMetrics']['gc.alloc.rate.norm']['score']
    print('| %s | %s ± %s | %s | %s ± %s | %.2f× |' % (
        os.path.basename(f)[:-5], format(round(om['score']), ','),
        format(round(om['scoreError']), ','), format(round(alloc), ','),
        format(round(em['score']), ','), format(round(em['scoreError']), ','),
        om['score'] / em['score']))
