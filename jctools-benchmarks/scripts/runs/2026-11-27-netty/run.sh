#!/bin/bash
# The runs behind docs/measurements/2026-11-27-netty-event-loops.md (2 vCPUs, nothing else
# running): netty-loops.sh, 6 rounds on JDK 17 and on JDK 25; two JDK 17 reruns (JCTools' editions
# beside, and 4 threads alone in 12 rounds); PutHandOff before (OLD_JAR, built at baf28f9) and
# after the blocking consumer's shared code.
# usage: run.sh JAR OLD_JAR   (jctools-benchmarks/target/benchmarks.jar of this change, and of baf28f9)
set -u
JAR=$1 OLD=$2 HERE=$(dirname "$0")
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
U=--sun-misc-unsafe-memory-access=allow
bash "$HERE/../../scripts/netty-loops.sh" "$HERE/jdk17" java "$JAR" 6 > "$HERE/jdk17.summary" 2>&1
bash "$HERE/../../scripts/netty-loops.sh" "$HERE/jdk25" $J25 "$JAR" 6 > "$HERE/jdk25.summary" 2>&1
THREADS="1 4" LOOP_GROUPS="jcq netty jctools-vh jctools-unsafe" ECHO_GROUPS="" \
  bash "$HERE/../../scripts/netty-loops.sh" "$HERE/jdk17-peers" java "$JAR" 6 > "$HERE/jdk17-peers.summary" 2>&1
THREADS="4" LOOP_GROUPS="jcq netty" ECHO_GROUPS="" \
  bash "$HERE/../../scripts/netty-loops.sh" "$HERE/jdk17-4threads" java "$JAR" 12 > "$HERE/jdk17-4threads.summary" 2>&1
THREADS="1 4" LOOP_GROUPS="jcq netty jcq-xadd" ECHO_GROUPS="" \
  bash "$HERE/../../scripts/netty-loops.sh" "$HERE/jdk17-xadd" java "$JAR" 6 > /dev/null 2>&1
mkdir -p "$HERE/puthandoff"
for round in 1 2 3; do
  for v in old new; do
    j=$JAR; [ $v = old ] && j=$OLD
    $J25 $U -cp "$j" org.jcq.benchmarks.tools.PutHandOff threadKinds=platform,virtual producers=1,3 capacities=4,64 \
      > "$HERE/puthandoff/$round-$v.txt" 2>&1
  done
done
for round in 1 2 3 4 5 6 7 8; do
  for v in old new; do
    j=$JAR; [ $v = old ] && j=$OLD
    echo "$round $v $($J25 $U -cp "$j" org.jcq.benchmarks.tools.PutHandOff threadKinds=platform producers=1 capacities=4,64 2>&1 \
      | grep '^MpscBlocking' | awk '{printf "%s ", $5}')"
  done
done > "$HERE/puthandoff/platform1-8rounds.txt"
