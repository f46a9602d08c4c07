# Paired per-round ratio of alternate.sh launches of QueueRoundTrip, per burst size (ns per burst,
# lower is better). usage: rtt.py OUT_DIR|MERGED.json QTYPE_A QTYPE_B
import json,glob,sys,math,statistics as st
sys.path.insert(0, __file__.rsplit("/",2)[0])
from ratio import tq, launches
d,qa,qb=sys.argv[1:4]
s={}
for name,results in launches(d).items():
    rnd,q=name.split("-",1)
    for r in results:
        s.setdefault(r["params"]["burstSize"],{}).setdefault(q,{})[int(rnd)]=r["primaryMetric"]["score"]
for b in sorted(s,key=int):
    a,c=s[b][qa],s[b][qb]; rs=sorted(set(a)&set(c)); x=[a[i]/c[i] for i in rs]
    print(f"burst {b}: {len(x)} rounds, {qa} / {qb} = {st.mean(x):.3f} ± {tq(len(x))*st.stdev(x)/math.sqrt(len(x)):.3f} (ns/burst {st.mean(a[i] for i in rs):.0f} / {st.mean(c[i] for i in rs):.0f})")
