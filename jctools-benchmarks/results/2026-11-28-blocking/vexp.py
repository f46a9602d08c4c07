import sys
import re, statistics as st
from collections import defaultdict
d = defaultdict(lambda: defaultdict(list))
for line in open(sys.argv[1]):
    m = re.match(r'round=(\d+) opts="([^"]*)" (.*)', line)
    if not m: continue
    f = dict(t.split('=', 1) for t in m.group(3).split() if '=' in t)
    key = f.get('qType', '?')[:8] + ' ' + m.group(2)
    mode = f.get('mode')
    if mode == 'latency': d[key]['p50'].append(float(f['p50Us'])); d[key]['p99'].append(float(f['p99Us'])); d[key]['p999'].append(float(f['p999Us']))
    elif mode == 'throughput': d[key]['tps'].append(float(f['tasksPerSecond'])/1e6)
for k, v in d.items():
    print(f"{k:70s} " + ' '.join(f"{m}: med {st.median(x):.1f} [{' '.join(f'{y:.0f}' for y in x)}]" for m, x in v.items()))
