# Ratio of two qTypes' per-fork means, with a 99.9% interval (t over forks), from JMH JSON files;
# with --paired, the per-round ratio of alternate.sh's launches (--merge packs them in one file).
import json,glob,sys,math,statistics as st
T={2:636.6,3:31.6,4:12.92,5:8.61,6:6.87,7:5.96,8:5.41,9:5.04,10:4.78,11:4.59,12:4.44,13:4.32,14:4.22,15:4.14,16:4.07,18:3.97,20:3.88,24:3.77,
   31:3.65,40:3.56,60:3.46,120:3.37}
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
def launches(source):
    """alternate.sh's launches as {"ROUND-QTYPE": JMH results}: from its folder, or from the one
    JSON file that --merge makes of that folder."""
    if source.endswith(".json"):
        return json.load(open(source))
    return {f.rsplit("/",1)[-1][:-5]: json.load(open(f)) for f in glob.glob(source+"/*.json")}
def paired(source, qa, qb, metric=None, bench=None, extra=None):
    """Rounds of alternate.sh: the ratio a/b within each round, its mean with a 99.9% t interval
    over rounds, and each side's per-round scores; with bench, only the benchmark whose name ends
    in ".bench" (a launch that ran several); with extra, only the results with those parameter
    values (a launch that ran several, e.g. -p batchSize=32,256)."""
    ra,rb={},{}
    for name,results in launches(source).items():
        rnd,q=name.split("-",1)
        for b in results:
            if extra and any(b["params"].get(k)!=v for k,v in extra.items()):
                continue
            if q in (qa,qb) and b["params"]["qType"]==q and (bench is None or b["benchmark"].endswith("."+bench)):
                m = b["primaryMetric"] if metric is None else b["secondaryMetrics"][metric]
                (ra if q==qa else rb)[int(rnd)]=m["score"]
    rounds=sorted(set(ra)&set(rb))
    r=[ra[i]/rb[i] for i in rounds]
    return st.mean(r), tq(len(r))*st.stdev(r)/math.sqrt(len(r)), len(r), [ra[i] for i in rounds], [rb[i] for i in rounds]
if __name__=="__main__" and len(sys.argv)>1 and sys.argv[1]=="--merge":
    # usage: ratio.py --merge OUT_DIR_OF_alternate.sh MERGED.json
    json.dump(dict(sorted(launches(sys.argv[2]).items())), open(sys.argv[3],"w"), indent=1)
elif __name__=="__main__" and len(sys.argv)>1 and sys.argv[1]=="--paired":
    # usage: ratio.py --paired OUT_DIR_OF_alternate.sh|MERGED.json qTypeA qTypeB [secondaryMetric|-]
    #            [benchmarkMethod|-] [param=value ...]
    metric = sys.argv[5] if len(sys.argv) > 5 and sys.argv[5] != "-" else None
    bench = sys.argv[6] if len(sys.argv) > 6 and sys.argv[6] != "-" else None
    extra = dict(a.split("=",1) for a in sys.argv[7:])
    m,e,n,a,b=paired(sys.argv[2],sys.argv[3],sys.argv[4],metric,bench,extra)
    g=lambda xs: " ".join("%.3g" % x for x in sorted(xs))
    print(f"{sys.argv[2]}: {n} rounds, {sys.argv[3]} / {sys.argv[4]} per round = {m:.3f} ± {e:.3f}"
          f" ({sys.argv[3]} higher in {sum(x > y for x, y in zip(a, b))} of {n};"
          f" means {st.mean(a):.3g} / {st.mean(b):.3g}); sorted scores: {g(a)} / {g(b)}")
elif __name__=="__main__":
    # usage: ratio.py 'glob' qTypeA qTypeB [secondaryMetric|-] [param=value ...]
    pat, qa, qb = sys.argv[1], sys.argv[2], sys.argv[3]
    metric = sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] != "-" else None
    extra = dict(a.split("=",1) for a in sys.argv[5:])
    files=sorted(glob.glob(pat))
    a,b=forks(files,qa,metric,extra),forks(files,qb,metric,extra)
    r,e,ma,ea,mb,eb=ratio(a,b)
    print(f"{pat}: {qa} {ma:.1f}±{ea:.1f} (n={len(a)}) / {qb} {mb:.1f}±{eb:.1f} (n={len(b)}) = {r:.3f} ± {e:.3f}")
