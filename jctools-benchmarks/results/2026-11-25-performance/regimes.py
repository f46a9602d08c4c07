# Per-fork pollsMade of alternate.sh launches and their fast/slow split (the rule of the report's Regimes).
# usage: regimes.py OUT_DIR|MERGED.json BENCHMARK_METHOD|- LABEL...
import json,glob,sys,statistics as st
sys.path.insert(0, __file__.rsplit("/",2)[0] if "/" in __file__ else "..")
from ratio import launches
def forkmeans(d, label, metric="pollsMade", bench=None):
    out={}
    for name,results in launches(d).items():
        rnd,q=name.split("-",1)
        if q!=label: continue
        for r in results:
            if bench and not r["benchmark"].endswith("."+bench): continue
            raw=r["secondaryMetrics"][metric]["rawData"][0]
            out[int(rnd)]=sum(raw)/len(raw)
    return out
def regimes(xs, gap=1.5):
    s=sorted(xs); split=0; w=1
    for i in range(1,len(s)):
        if s[i-1]>0 and s[i]/s[i-1]>w: w=s[i]/s[i-1]; split=i
    if split==0 or st.mean(s[split:]) < gap*st.mean(s[:split]): split=0
    fast=s[split:]; slow=s[:split]
    return len(fast),len(slow),(st.mean(fast) if fast else float('nan')),(st.mean(slow) if slow else float('nan'))
d=sys.argv[1]; bench=sys.argv[2] if len(sys.argv)>2 and sys.argv[2]!='-' else None
labels=sys.argv[3:]
for l in labels:
    m=forkmeans(d,l,bench=bench)
    xs=[m[k] for k in sorted(m)]
    f,s,fm,sm=regimes(xs)
    print(f"{l}: {len(xs)} forks, mean {st.mean(xs):.1f}, fast {f} (mean {fm:.1f}), slow {s} (mean {sm:.1f}); forks: {' '.join('%.0f'%x for x in sorted(xs))}")
