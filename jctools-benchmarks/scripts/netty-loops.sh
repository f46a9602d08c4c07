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
# The per-round ratios (org.jcq.benchmarks.tools.Ratio reads runs.txt's result lines).
RATIO="$JAVA -cp $JAR org.jcq.benchmarks.tools.Ratio $OUT/runs.txt"
$RATIO a=jcq b=netty,jctools-vh,jctools-unsafe metric=tasksPerSecond where=mode:submit
$RATIO a=jcq-default b=netty-default metric=tasksPerSecond where=mode:submit
$RATIO a=jcq b=netty metric=meanUs where=mode:echo lower=true
$RATIO a=jcq b=netty metric=p99Us where=mode:echo lower=true
