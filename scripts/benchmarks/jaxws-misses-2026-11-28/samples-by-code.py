"""Groups a JFR recording's execution samples of one thread by the code they are in.

usage: jfr print --events jdk.ExecutionSample rec.jfr > samples.txt
       python3 samples-by-code.py samples.txt jmh-worker

Each sample goes to the first group, from the top of its stack, that one of its frames belongs
to (the cache's engine and Caffeine, cache-jaxws, CXF with JAXB and Woodstox, the benchmark);
the rest is the JDK's. Then the engine's frames, counted once per sample that holds them.
"""
import collections
import re
import sys

GROUPS = [
    ('engine+caffeine', ('io.github.wscache.core', 'com.github.benmanes')),
    ('cache-jaxws', ('io.github.wscache.jaxws',)),
    ('cxf/jaxb/woodstox', ('org.apache.cxf', 'org.glassfish', 'com.ctc', 'jakarta',
                           'com.sun.xml')),
    ('benchmark', ('io.github.wscache.benchmarks', 'org.openjdk')),
]

text = open(sys.argv[1]).read()
thread = sys.argv[2]
groups = collections.Counter()
engine = collections.Counter()
n = 0
for event in text.split('jdk.ExecutionSample')[1:]:
    m = re.search(r'sampledThread = "([^"]*)"', event)
    if not m or thread not in m.group(1):
        continue
    frames = re.findall(r'^\s+([\w.$<>]+)\(.*?\)\s+line:', event, re.M)
    if not frames:
        continue
    n += 1
    group = 'jdk/other'
    for f in frames:
        hit = next((g for g, prefixes in GROUPS if f.startswith(prefixes)), None)
        if hit:
            group = hit
            break
    groups[group] += 1
    for f in set(frames):
        if f.startswith(('io.github.wscache', 'com.github.benmanes')):
            engine[f] += 1
print(n, 'samples of', thread)
for g, c in groups.most_common():
    print('%6d %5.1f %%  %s' % (c, 100.0 * c / n, g))
print('frames (inclusive):')
for f, c in engine.most_common(40):
    print('%6d  %s' % (c, f))
