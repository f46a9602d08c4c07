import sys, json, glob, statistics as st, math
T999 = {1: 636.6, 2: 31.6, 3: 12.92, 4: 8.61, 5: 6.87, 6: 5.96, 7: 5.41, 8: 5.04, 9: 4.78}
NAMES = {'rt1-17': 'round trip, burst 1, JDK 17 (ns)', 'rt1-25v': 'round trip, burst 1, virtual, JDK 25 (ns)',
         'bt11-17': '1P1C put/take, JDK 17 (ops/µs)', 'btNN-17': '2P1C put/take, JDK 17 (ops/µs)',
         'bt11-25v': '1P1C put/take, virtual, JDK 25 (ops/µs)'}
d, a = sys.argv[1], sys.argv[2]
bs = sys.argv[3:]
def score(f):
    return json.load(open(f))[0]['primaryMetric']['score']
for tag in ['bt11-17', 'btNN-17', 'bt11-25v', 'rt1-17', 'rt1-25v']:
    lower = tag.startswith('rt')
    name = NAMES[tag]
    if tag == 'btNN-17' and 'mpmc' in d: name = '2P2C put/take, JDK 17 (ops/µs)'
    cells = []
    meds = {}
    for b in [a] + bs:
        v = [score(f) for f in sorted(glob.glob(f'{d}/*-{b}-{tag}.json'))]
        if v: meds[b] = st.median(v)
    if a not in meds: continue
    row = [name] + [f'{meds.get(b, float("nan")):.4g}' for b in [a] + bs]
    for b in bs:
        r = []
        for fa in sorted(glob.glob(f'{d}/*-{a}-{tag}.json')):
            rnd = fa.split('/')[-1].split('-')[0]
            try: r.append(score(fa) / score(f'{d}/{rnd}-{b}-{tag}.json'))
            except Exception: pass
        if len(r) < 2: row.append('-'); continue
        h = T999[len(r) - 1] * st.stdev(r) / math.sqrt(len(r))
        won = sum(1 for x in r if (x < 1 if lower else x > 1))
        row.append(f'{st.mean(r):.2f} ± {h:.2f} ({won} of {len(r)})')
    print('| ' + ' | '.join(row) + ' |')
