import sys,re,collections,statistics
d=collections.defaultdict(dict); order=[]
for l in open(sys.argv[1]):
  m=re.search(r'round=(\d+) cfg="([^"]*)"',l)
  if not m: continue
  c=m.group(2); 
  if c not in order: order.append(c)
  kv=dict(re.findall(r'(\w+)=([\d.]+)',l)); d[c][int(m.group(1))]=kv
for key in ['p50Us','p99Us','p999Us']:
  print(key)
  for q in order:
    v=[float(d[q][r][key]) for r in sorted(d[q]) if key in d[q][r]]
    print('  ',q[:40].ljust(40),'med %.1f'%statistics.median(v),' '.join('%.0f'%x for x in v))
  base=order[-1]
  for q in order[:-1]:
    rs=[float(d[q][r][key])/float(d[base][r][key]) for r in sorted(d[q]) if r in d[base] and key in d[q][r] and key in d[base][r]]
    print('   %s / %s: med %.2f, better in %d of %d'%(q[:30],base[:20],statistics.median(rs),sum(x<1 for x in rs),len(rs)))
