import sys, statistics as st, math, re
from collections import defaultdict
T999 = {1: 636.6, 2: 31.6, 3: 12.92, 4: 8.61, 5: 6.87, 6: 5.96, 7: 5.41, 8: 5.04}
def iv(r, higher=True):
    h = T999[len(r)-1]*st.stdev(r)/math.sqrt(len(r)); won = sum(1 for x in r if (x > 1) == higher and x != 1)
    return f"{st.mean(r):.2f} ± {h:.2f} ({won} of {len(r)})"
d = sys.argv[1]
runs = defaultdict(dict)
for line in open(f"{d}/netty/runs.txt"):
    p = line.split()
    if len(p) < 6: continue
    rnd, label, g, t, v = p[0], p[1], p[3], p[4], float(p[5])
    runs[(g, t)].setdefault(rnd, {})[label] = v
for (g, t), by in sorted(runs.items()):
    r = [x['new'] / x['old'] for x in by.values() if 'new' in x and 'old' in x]
    new = st.median([x['new'] for x in by.values()]); old = st.median([x['old'] for x in by.values()])
    print(f"netty {g} submitters={t}: new/old {iv(r)} median new {new/1e6:.2f} M/s old {old/1e6:.2f} M/s")
pk = defaultdict(dict)
for line in open(f"{d}/pekko/runs.txt"):
    m = re.match(r"(\d+) (\w+) round \d+ (\w+)\s+senders ran.*delivered\s+(\d+) dead letters\s+(\d+).*max/min ([\d.]+)", line)
    if m:
        rnd, label, box, deliv, dead, fair = m.groups()
        pk[(box, rnd)][label] = (int(deliv), int(dead), float(fair))
for box in ['jcq', 'pekko']:
    rows = [v for (b, r), v in pk.items() if b == box and 'new' in v and 'old' in v]
    if not rows: continue
    r = [v['new'][0] / v['old'][0] for v in rows]
    print(f"pekko {box}: delivered new/old {iv(r)}; dead letters new median {st.median([v['new'][1] for v in rows])} old {st.median([v['old'][1] for v in rows])}; max/min new median {st.median([v['new'][2] for v in rows]):.2f} old {st.median([v['old'][2] for v in rows]):.2f}")
