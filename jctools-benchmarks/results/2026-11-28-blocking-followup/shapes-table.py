import sys,collections,statistics,math
T999={1:636.6,2:31.6,3:12.92,4:8.61,5:6.87,6:5.96,7:5.41,8:5.04,9:4.78,10:4.59,11:4.44,15:4.07}
d=collections.defaultdict(dict)
for l in open(sys.argv[1]):
  f=l.split()
  if len(f)<5: continue
  r,lab,s,b,v=int(f[0]),f[1],f[2],f[3],float(f[4]); d[(s,b)].setdefault(lab,{})[r]=v
for key in sorted(d):
  A=d[key].get('new',{}); B=d[key].get('cur',{})
  rs=[A[r]/B[r] for r in sorted(A) if r in B]
  if not rs: continue
  m=statistics.mean(rs); hw=T999.get(len(rs)-1,4)*statistics.stdev(rs)/math.sqrt(len(rs)) if len(rs)>1 else 0
  print('%-5s %-7s new med %7.1f cur med %7.1f  new/cur %.2f ± %.2f (new higher in %d of %d) [%s]'%(key[0],key[1],statistics.median(A.values()),statistics.median(B.values()),m,hw,sum(x>1 for x in rs),len(rs),' '.join('%.2f'%x for x in rs)))
