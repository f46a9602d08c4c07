#!/bin/bash
# A ThreadPoolExecutor with each work queue (ExecutorBench): JCQ's MpmcUnboundedBlockingArrayQueue
# and MpmcBlockingArrayQueue against the JDK's LinkedBlockingQueue (what Executors.newFixedThreadPool
# uses), ArrayBlockingQueue and LinkedTransferQueue. Measurements: throughput from 1, 2 and 4
# submitting threads, hand-off latency after idle (bursts of 64), idle CPU; on JDK 17 (platform
# workers) and JDK 25 (platform and virtual workers). Paired, interleaved rounds: in each round, for
# each JDK, worker kind and measurement, every queue once, a fresh JVM each, in an order rotated from
# round to round (use a multiple of the number of queues, 5, so each queue takes each place equally
# often). Then each JCQ queue's per-round ratio to each JDK queue (org.jcq.benchmarks.tools.Ratio: mean
# ± 99.9% interval, rounds ahead, medians). Run on an otherwise idle machine.
# usage: executor-bench.sh OUT_DIR JAR ROUNDS
#   (JAR: a copy of jctools-benchmarks/target/benchmarks.jar, so a rebuild cannot change it mid-run)
# env: J17, J25 (the two JVMs), JDKS (default "17 25"), QUEUES (default the five above),
#      SUBMITTERS (default "1 2 4"), KINDS25 (worker kinds on JDK 25, default "platform virtual"),
#      MODES (default "throughput latency idle"), WORKERS (default 2), WARMUP_MS (default 5000),
#      DURATION_MS (default 5000), IDLE_MS (default 2000), JVM_OPTS (added to every launch)
# out:  OUT_DIR/raw/<tag>.txt (each launch's whole output), runs.txt (one result line per launch,
#       prefixed round=N jdk=N), failures.txt (launches without a result line), environment.txt,
#       pingpong.txt (each round's two-thread hand-off time), summary.txt (what is printed at the end)
set -u
OUT=$1 JAR=$2 ROUNDS=$3
J17=${J17:-/usr/lib/jvm/java-17-openjdk-amd64/bin/java}
J25=${J25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
JDKS=${JDKS:-17 25}
QUEUES=${QUEUES:-MpmcUnboundedBlockingArrayQueue MpmcBlockingArrayQueue JDK.LinkedBlockingQueue JDK.ArrayBlockingQueue JDK.LinkedTransferQueue}
SUBMITTERS=${SUBMITTERS:-1 2 4}
KINDS25=${KINDS25:-platform virtual}
MODES=${MODES:-throughput latency idle}
WORKERS=${WORKERS:-2}
WARMUP_MS=${WARMUP_MS:-5000} DURATION_MS=${DURATION_MS:-5000} IDLE_MS=${IDLE_MS:-2000}
[ -f "$JAR" ] || { echo "no such jar: $JAR" >&2; exit 2; }
read -r -a queues <<< "$QUEUES"
n=${#queues[@]}
mkdir -p "$OUT/raw"

kinds_of() { if [ "$1" = 17 ]; then echo platform; else echo "$KINDS25"; fi; }
java_of() { if [ "$1" = 17 ]; then echo "$J17"; else echo "$J25"; fi; }
submitters_of() { if [ "$1" = throughput ]; then echo "$SUBMITTERS"; else echo 1; fi; }
# Seconds a launch takes, roughly: the JVM, the warm-up, the window(s), the pool's end.
seconds_of() {
  if [ "$1" = idle ]; then echo $(((WARMUP_MS + 200 + 2 * IDLE_MS) / 1000 + 1)); else echo $(((WARMUP_MS + DURATION_MS) / 1000 + 1)); fi
}

{
  echo "date: $(date -Is)"
  echo "host: $(uname -a)"
  echo "cpus: $(nproc) x $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)"
  echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "jar: $JAR ($(sha256sum "$JAR" | cut -c1-16))"
  for jdk in $JDKS; do echo "jdk $jdk: $("$(java_of "$jdk")" -version 2>&1 | tr '\n' ' ')"; done
  echo "rounds=$ROUNDS queues=$QUEUES submitters=$SUBMITTERS kinds25=$KINDS25 modes=$MODES workers=$WORKERS"
  echo "warmupMillis=$WARMUP_MS durationMillis=$DURATION_MS idleMillis=$IDLE_MS jvmOpts=${JVM_OPTS:-}"
} > "$OUT/environment.txt"

total=0
for jdk in $JDKS; do
  for kind in $(kinds_of "$jdk"); do
    for mode in $MODES; do
      for s in $(submitters_of "$mode"); do total=$((total + n * $(seconds_of "$mode"))); done
    done
  done
done
echo "about $((total * ROUNDS / 60)) minutes ($ROUNDS rounds of $((total / 60)) min); results in $OUT"

for round in $(seq 1 "$ROUNDS"); do
  # Where the two vCPUs sit this round (PingPong: about 100 or about 540 ns a hand-off).
  if unzip -l "$JAR" org/jcq/benchmarks/tools/PingPong.class > /dev/null 2>&1; then
    echo "$round $("$J17" -cp "$JAR" org.jcq.benchmarks.tools.PingPong)" >> "$OUT/pingpong.txt"
  fi
  for jdk in $JDKS; do
    JAVA=$(java_of "$jdk")
    U=()
    if "$JAVA" --sun-misc-unsafe-memory-access=allow -version > /dev/null 2>&1; then
      U=(--sun-misc-unsafe-memory-access=allow)
    fi
    for kind in $(kinds_of "$jdk"); do
      for mode in $MODES; do
        for s in $(submitters_of "$mode"); do
          for k in $(seq 0 $((n - 1))); do
            q=${queues[$(((k + round - 1) % n))]}
            tag=r$round-jdk$jdk-$kind-$mode-s$s-$q
            # shellcheck disable=SC2086 # JVM_OPTS is a list of options
            timeout -s KILL 300 "$JAVA" "${U[@]}" ${JVM_OPTS:-} -Xms1g -Xmx1g -cp "$JAR" \
              org.jcq.benchmarks.executor.ExecutorBench mode="$mode" qType="$q" workerKind="$kind" \
              workers="$WORKERS" submitters="$s" warmupMillis="$WARMUP_MS" durationMillis="$DURATION_MS" \
              idleMillis="$IDLE_MS" > "$OUT/raw/$tag.txt" 2>&1
            line=$(grep '^executor-bench ' "$OUT/raw/$tag.txt" | tail -1)
            if [ -n "$line" ]; then
              echo "round=$round jdk=$jdk $line" | tee -a "$OUT/runs.txt"
            else
              echo "round=$round jdk=$jdk $tag: no result line (see raw/$tag.txt)" | tee -a "$OUT/failures.txt"
            fi
          done
        done
      done
    done
  done
done

# The per-round ratios of ours to each JDK queue (org.jcq.benchmarks.tools.Ratio reads runs.txt's
# result lines; idle CPU is near zero, so its ratios are noise: read its medians).
{
  RATIO="$J17 -cp $JAR org.jcq.benchmarks.tools.Ratio $OUT/runs.txt a=MpmcUnboundedBlockingArrayQueue,MpmcBlockingArrayQueue"
  RATIO="$RATIO b=JDK.LinkedBlockingQueue,JDK.ArrayBlockingQueue,JDK.LinkedTransferQueue"
  $RATIO metric=tasksPerSecond where=mode:throughput
  for m in p50Us p99Us p999Us maxUs; do $RATIO metric=$m where=mode:latency lower=true; done
  $RATIO metric=netCpuMsPerS where=mode:idle lower=true
} | tee "$OUT/summary.txt"
