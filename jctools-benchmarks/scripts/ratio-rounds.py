# Per-round ratios of two labels' JMH scores from blocking-protocols.sh (files ROUND-LABEL-TAG.json):
# mean ratio A/B with 95% and 99.9% t intervals over rounds, and in how many rounds A scored higher.
# usage: ratio-rounds.py DIR LABEL_A LABEL_B TAG [SECONDARY_METRIC]
import glob, json, math, statistics as st, sys
T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23, 12: 2.18, 15: 2.13, 20: 2.09, 30: 2.04}
T999 = {1: 636.6, 2: 31.6, 3: 12.92, 4: 8.61, 5: 6.87, 6: 5.96, 7: 5.41, 8: 5.04, 9: 4.78, 10: 4.59, 12: 4.32, 15: 4.07, 20: 3.85, 30: 3.65}
def t(table, df):
    return table[max(k for k in table if k <= df)]
d, a, b, tag = sys.argv[1:5]
metric = sys.argv[5] if len(sys.argv) > 5 else None
def score(f):
    r = json.load(open(f))[0]
    return (r["primaryMetric"] if metric is None else r["secondaryMetrics"][metric])["score"]
ratios, sa, sb = [], [], []
for fa in sorted(glob.glob(f"{d}/*-{a}-{tag}.json")):
    rnd = fa.split("/")[-1].split("-")[0]
    try:
        x, y = score(fa), score(f"{d}/{rnd}-{b}-{tag}.json")
    except (OSError, IndexError, KeyError, ValueError):
        continue
    sa.append(x); sb.append(y); ratios.append(x / y)
n = len(ratios)
if n < 2:
    sys.exit(f"{tag}: {n} paired rounds")
m, sd = st.mean(ratios), st.stdev(ratios)
print(f"{tag:8s} {a}/{b} n={n} mean={m:.3f} 95%±{t(T95, n - 1) * sd / math.sqrt(n):.3f} "
      f"99.9%±{t(T999, n - 1) * sd / math.sqrt(n):.3f} A>B in {sum(r > 1 for r in ratios)}/{n} "
      f"median A={st.median(sa):.4g} B={st.median(sb):.4g} ratios={' '.join(f'{r:.2f}' for r in ratios)}")
