import sys,collections,statistics,math
d=collections.defaultdict(dict); order=[]
for l in open(sys.argv[1]):
  f=l.split()
  if len(f)<3: continue
  r,lab,v=int(f[0]),f[1],float(f[2]); d[lab][r]=v
  if lab not in order: order.append(lab)
base=sys.argv[2] if len(sys.argv)>2 else order[0]
for lab in order:
  v=[d[lab][r] for r in sorted(d[lab])]
  print(lab.ljust(12),'med %.1f'%statistics.median(v),' '.join('%.1f'%x for x in v))
for lab in order:
  if lab==base: continue
  rs=[d[lab][r]/d[base][r] for r in sorted(d[lab]) if r in d[base]]
  m=statistics.mean(rs); sd=statistics.stdev(rs) if len(rs)>1 else 0
  print('%s/%s: mean %.2f sd %.2f med %.2f, higher in %d of %d'%(lab,base,m,sd,statistics.median(rs),sum(x>1 for x in rs),len(rs)))
