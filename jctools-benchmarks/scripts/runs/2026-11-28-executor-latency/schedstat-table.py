import sys,glob,re,os
d=sys.argv[1]
for f in sorted(glob.glob(d+'/s1-*.txt')):
    tag=f.split('s1-')[1][:-4]
    a={};b={}
    for src,dst in ((f,a),(f.replace('/s1-','/s2-'),b)):
        for i,l in enumerate(open(src)):
            p=l.split()
            if len(p)<8: continue
            dst[(i,p[1])]=list(map(int,p[2:8]))
    run=[l for l in open(d+'/runs.txt') if 'cfg="%s"'%tag.split('-')[1] in l and l.startswith('round=%s '%tag.split('-')[0])]
    p=re.search(r'p50Us=([\d.]+).*p99Us=([\d.]+)',run[0]) if run else None
    print('==',tag,'p50 %s p99 %s'%(p.group(1),p.group(2)) if p else '')
    for k in b:
        if k in a:
            x=[bb-aa for aa,bb in zip(a[k],b[k])]
            if x[0]>20e6: print('   %-16s run %6.0f ms wait %6.0f ms slices %7d vol %7d invol %6d'%(k[1],x[0]/1e6,x[1]/1e6,x[2],x[4],x[5]))
