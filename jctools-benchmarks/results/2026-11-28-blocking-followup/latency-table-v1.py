import sys,re,collections,statistics
d=collections.defaultdict(dict)
for l in open(sys.argv[1]):
  m=re.search(r'round=(\d+)',l); q=re.search(r'qType=(\S+)',l)
  if not m or not q: continue
  kv=dict(re.findall(r'(\w+)=([\d.]+)',l)); d[q.group(1)][int(m.group(1))]=kv
qs=list(d)
for key in ['p50Us','p99Us','p999Us']:
  print(key)
  for q in qs: 
    v=[float(d[q][r][key]) for r in sorted(d[q])]
    print('  ',q[:24].ljust(24),'med %.1f'%statistics.median(v),' '.join('%.0f'%x for x in v))
  base=qs[-1]
  for q in qs[:-1]:
    rs=[float(d[q][r][key])/float(d[base][r][key]) for r in sorted(d[q]) if r in d[base]]
    print('   %s/%s ratios med %.2f, better in %d of %d'%(q[:12],base[:12],statistics.median(rs),sum(x<1 for x in rs),len(rs)))
