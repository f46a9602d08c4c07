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
  if unzip -l "$JAR" org/jcq/benchmarks/tools/PingPong.class > /dev/null 2>&1; then
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
# The per-round ratios (org.jcq.benchmarks.tools.Ratio reads runs.txt's result lines); the appender's
# idle CPU is in each line (idleCpuMs).
"$JAVA" -cp "$JAR" org.jcq.benchmarks.tools.Ratio "$OUT/runs.txt" a=jcq b=jctools,abq metric=eventsPerSecond
