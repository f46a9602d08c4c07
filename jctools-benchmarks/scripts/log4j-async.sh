#!/bin/bash
# Log4j2's AsyncAppender with each queue (AsyncAppenderBench: JCQ's factory, Log4j2's JCTools
# factory, ArrayBlockingQueue), a fresh JVM per queue, thread count and round, queues shuffled in
# each round; then the per-round ratios of JCQ to each other queue (mean ± 99.9% interval).
# usage: log4j-async.sh OUT_DIR JAVA JAR ROUNDS [THREADS...]   (default threads: 1 4)
# env: EVENTS (per thread, default 500000), BUFFER (default 1024), IDLE_MS (default 2000),
#      QUEUES (default "jcq jctools abq"), JVM_OPTS (added to every launch)
set -u
OUT=$1 JAVA=$2 JAR=$3 ROUNDS=$4
shift 4
THREADS=${*:-1 4}
QUEUES=${QUEUES:-jcq jctools abq}
mkdir -p "$OUT"
for round in $(seq 1 "$ROUNDS"); do
  # Where the two vCPUs sit this round (PingPong: about 100 or about 540 ns a hand-off).
  if unzip -l "$JAR" org/jcq/benchmarks/PingPong.class > /dev/null 2>&1; then
    echo "$round $("$JAVA" -cp "$JAR" org.jcq.benchmarks.tools.PingPong)" >> "$OUT/pingpong.txt"
  fi
  for t in $THREADS; do
    for q in $(printf '%s\n' $QUEUES | shuf); do
      line=$(timeout -s KILL 300 "$JAVA" ${JVM_OPTS:-} -Xms1g -Xmx1g -cp "$JAR" org.jcq.benchmarks.log4j.AsyncAppenderBench \
        "$q" "$t" "${EVENTS:-500000}" "${BUFFER:-1024}" "${IDLE_MS:-2000}" 2>>"$OUT/stderr.txt" | tail -1)
      echo "$round $line" | tee -a "$OUT/runs.txt"
    done
  done
done
python3 - "$OUT/runs.txt" <<'PY'
import sys, math, statistics as st
from collections import defaultdict
runs = defaultdict(dict)          # (round, threads) -> queue -> (rate, idle)
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) == 5:
        runs[(int(f[0]), int(f[2]))][f[1]] = (float(f[3]), float(f[4]))
T999 = {1: 636.6, 2: 31.6, 3: 12.9, 4: 8.61, 5: 6.87, 6: 5.96, 7: 5.41, 8: 5.04, 9: 4.78, 10: 4.59, 11: 4.44, 12: 4.32}
queues = sorted({q for v in runs.values() for q in v})
for t in sorted({k[1] for k in runs}):
    rows = [v for k, v in runs.items() if k[1] == t]
    for q in queues:
        rates = [r[q][0] for r in rows if q in r]
        idle = [r[q][1] for r in rows if q in r]
        print(f"{t} thread(s) {q:8} events/s mean {st.mean(rates)/1e6:.3f} M (min {min(rates)/1e6:.3f}, max {max(rates)/1e6:.3f}); appender idle CPU {st.mean(idle):.1f} ms per idle period")
    for other in queues:
        if other == 'jcq':
            continue
        r = [row['jcq'][0] / row[other][0] for row in rows if 'jcq' in row and other in row]
        if len(r) > 1:
            h = T999.get(len(r) - 1, 3.29) * st.stdev(r) / math.sqrt(len(r))
            print(f"{t} thread(s) jcq / {other}: {st.mean(r):.2f} ± {h:.2f} ({len(r)} rounds, jcq ahead in {sum(x > 1 for x in r)})")
PY
