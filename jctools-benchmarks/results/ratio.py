# Ratio of two qTypes' per-fork means, with a 99.9% interval (t over forks), from JMH JSON files.
import json,glob,sys,math,statistics as st
T={2:636.6,3:31.6,4:12.92,5:8.61,6:6.87,7:5.96,8:5.41,9:5.04,10:4.78,11:4.59,12:4.44,13:4.32,14:4.22,15:4.14,16:4.07,18:3.97,20:3.88,24:3.77}
def tq(n):
    k=max(x for x in T if x<=n); return T[k]
def forks(files, q, metric=None, extra=None):
    """Per-fork means of the primary metric (or secondary `metric`) of qType `q`."""
    out=[]
    for f in files:
        for b in json.load(open(f)):
            if b["params"]["qType"]!=q or (extra and any(b["params"].get(k)!=v for k,v in extra.items())):
                continue
            m = b["primaryMetric"] if metric is None else b["secondaryMetrics"][metric]
            out += [sum(r)/len(r) for r in m["rawData"]]
    return out
def ratio(a,b):
    ma,mb=st.mean(a),st.mean(b)
    ea=tq(len(a))*st.stdev(a)/math.sqrt(len(a)); eb=tq(len(b))*st.stdev(b)/math.sqrt(len(b))
    r=ma/mb; return r, r*math.sqrt((ea/ma)**2+(eb/mb)**2), ma, ea, mb, eb
if __name__=="__main__":
    # usage: ratio.py 'glob' qTypeA qTypeB [secondaryMetric|-] [param=value ...]
    pat, qa, qb = sys.argv[1], sys.argv[2], sys.argv[3]
    metric = sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] != "-" else None
    extra = dict(a.split("=",1) for a in sys.argv[5:])
    files=sorted(glob.glob(pat))
    a,b=forks(files,qa,metric,extra),forks(files,qb,metric,extra)
    r,e,ma,ea,mb,eb=ratio(a,b)
    print(f"{pat}: {qa} {ma:.1f}±{ea:.1f} (n={len(a)}) / {qb} {mb:.1f}±{eb:.1f} (n={len(b)}) = {r:.3f} ± {e:.3f}")
