#!/bin/bash
# Netty 4.2 event loops with JCQ's task queues against Netty's own (EventLoopBench): task submission
# from 1, 2 and 4 threads to one loop, and a loopback echo round trip; a fresh JVM per group, thread
# count and round, groups shuffled in each round; then the per-round ratios (mean ± 99.9% interval).
# usage: netty-loops.sh OUT_DIR JAVA JAR ROUNDS
# env: THREADS (default "1 2 4"), TASKS (per pass, default 4000000), TRIPS (echo round trips per
#      pass, default 50000), LOOP_GROUPS (submit; default "jcq netty jcq-default netty-default";
#      EventLoopBench also has jctools-vh and jctools-unsafe),
#      ECHO_GROUPS (default "jcq netty"; empty to skip), JVM_OPTS (added to every launch)
set -u
OUT=$1 JAVA=$2 JAR=$3 ROUNDS=$4
THREADS=${THREADS:-1 2 4}
LOOP_GROUPS=${LOOP_GROUPS:-jcq netty jcq-default netty-default}
ECHO_GROUPS=${ECHO_GROUPS-jcq netty}
mkdir -p "$OUT"
run() {
  line=$(timeout -s KILL 300 "$JAVA" ${JVM_OPTS:-} -Xms1g -Xmx1g -cp "$JAR" org.jcq.benchmarks.netty.EventLoopBench "$@" \
    2>>"$OUT/stderr.txt" | tail -1)
  echo "$round $line" | tee -a "$OUT/runs.txt"
}
for round in $(seq 1 "$ROUNDS"); do
  for t in $THREADS; do
    for g in $(printf "%s\n" $LOOP_GROUPS | shuf); do
      run submit "$g" "$t" "${TASKS:-4000000}"
    done
  done
  for g in $(printf '%s\n' $ECHO_GROUPS | shuf); do
    run echo "$g" "${TRIPS:-50000}"
  done
done
python3 - "$OUT/runs.txt" <<'PY'
import sys, math, statistics as st
from collections import defaultdict
sub = defaultdict(dict)   # (round, threads) -> group -> tasks/s
echo = defaultdict(dict)  # round -> group -> (mean us, p99 us)
unsafe = set()
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) == 6 and f[1] == 'submit':
        sub[(int(f[0]), int(f[3]))][f[2]] = float(f[4]); unsafe.add(f[5])
    elif len(f) == 7 and f[1] == 'echo':
        echo[int(f[0])][f[2]] = (float(f[4]), float(f[5])); unsafe.add(f[6])
T999 = {1: 636.6, 2: 31.6, 3: 12.9, 4: 8.61, 5: 6.87, 6: 5.96, 7: 5.41, 8: 5.04, 9: 4.78, 10: 4.59, 11: 4.44, 12: 4.32}
def interval(r):
    if len(r) < 2:
        return f"{st.mean(r):.2f} ({len(r)} round)"
    h = T999.get(len(r) - 1, 3.29) * st.stdev(r) / math.sqrt(len(r))
    return f"{st.mean(r):.2f} ± {h:.2f} ({len(r)} rounds; min {min(r):.2f}, max {max(r):.2f})"
print(f"Netty may use sun.misc.Unsafe: {sorted(unsafe)}")
for t in sorted({k[1] for k in sub}):
    rows = [v for k, v in sub.items() if k[1] == t]
    for g in sorted({g for r in rows for g in r}):
        rates = [r[g] for r in rows if g in r]
        print(f"submit {t} thread(s) {g:14} mean {st.mean(rates)/1e6:.2f} M tasks/s (min {min(rates)/1e6:.2f}, max {max(rates)/1e6:.2f})")
    for ours, theirs in (('jcq', 'netty'), ('jcq', 'jctools-vh'), ('jcq', 'jctools-unsafe'), ('jcq-default', 'netty-default')):
        r = [row[ours] / row[theirs] for row in rows if ours in row and theirs in row]
        if r:
            print(f"submit {t} thread(s) {ours} / {theirs}: {interval(r)}")
if echo:
    for g in sorted({g for r in echo.values() for g in r}):
        m = [r[g][0] for r in echo.values() if g in r]
        p = [r[g][1] for r in echo.values() if g in r]
        print(f"echo {g:6} round trip mean {st.mean(m):.1f} us (min {min(m):.1f}, max {max(m):.1f}); p99 mean {st.mean(p):.1f} us")
    r = [row['netty'][0] / row['jcq'][0] for row in echo.values() if 'jcq' in row and 'netty' in row]
    if r:
        print(f"echo speed jcq / netty (netty's mean round trip over jcq's): {interval(r)}")
PY
