import sys, math, statistics as st
from collections import defaultdict
T999 = {1: 636.6, 2: 31.6, 3: 12.9, 4: 8.61, 5: 6.87, 6: 5.96, 7: 5.41, 8: 5.04}
OURS = 'MpmcUnboundedBlockingArrayQueue'
THEIRS = ['JDK.LinkedBlockingQueue', 'JDK.ArrayBlockingQueue', 'JDK.LinkedTransferQueue']
runs = defaultdict(lambda: defaultdict(dict))
for path in sys.argv[1:]:
    for line in open(path):
        f = dict(t.split('=', 1) for t in line.split() if '=' in t)
        if 'qType' not in f: continue
        runs[(f['jdk'], f['workerKind'], f['mode'], int(f['submitters']))][int(f['round'])][f['qType']] = f
def iv(r, higher):
    h = T999[len(r) - 1] * st.stdev(r) / math.sqrt(len(r)); won = sum(1 for x in r if (x > 1) == higher and x != 1)
    return f"{st.mean(r):.2f} ± {h:.2f} ({won}/{len(r)})"
print("| JDK, workers | Submitters | ours (M tasks/s) | LBQ | ABQ | LTQ | ours / LBQ | ours / ABQ | ours / LTQ |")
print("|---|---|---|---|---|---|---|---|---|")
for key in sorted(k for k in runs if k[2] == 'throughput'):
    jdk, kind, mode, s = key; rounds = runs[key]
    med = lambda q: st.median(float(r[q]['tasksPerSecond']) for r in rounds.values() if q in r) / 1e6
    cells = [f"{jdk}, {kind}", str(s), f"{med(OURS):.1f}"] + [f"{med(q):.1f}" for q in THEIRS]
    for q in THEIRS:
        cells.append(iv([float(r[OURS]['tasksPerSecond']) / float(r[q]['tasksPerSecond']) for r in rounds.values() if OURS in r and q in r], True))
    print("| " + " | ".join(cells) + " |")
print()
print("| JDK, workers | p50 ours / LBQ / ABQ / LTQ (µs) | p99 ours / LBQ / ABQ / LTQ (µs) | p99.9 ours / LTQ (µs) | p99 ours / LTQ | p99 ours / ABQ | p99 ours / LBQ |")
print("|---|---|---|---|---|---|---|")
for key in sorted(k for k in runs if k[2] == 'latency'):
    jdk, kind, mode, s = key; rounds = runs[key]
    med = lambda q, m: st.median(float(r[q][m]) for r in rounds.values() if q in r)
    qs = [OURS] + THEIRS
    ratio = lambda q, m: iv([float(r[OURS][m]) / float(r[q][m]) for r in rounds.values() if OURS in r and q in r], False)
    print(f"| {jdk}, {kind} | " + " / ".join(f"{med(q, 'p50Us'):.1f}" for q in qs) + " | " + " / ".join(f"{med(q, 'p99Us'):.1f}" for q in qs)
          + f" | {med(OURS, 'p999Us'):.0f} / {med('JDK.LinkedTransferQueue', 'p999Us'):.0f} | {ratio('JDK.LinkedTransferQueue', 'p99Us')} | {ratio('JDK.ArrayBlockingQueue', 'p99Us')} | {ratio('JDK.LinkedBlockingQueue', 'p99Us')} |")
