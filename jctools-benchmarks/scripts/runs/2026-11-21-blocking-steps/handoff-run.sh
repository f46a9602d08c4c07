#!/bin/bash
# Blocking queues, after the hand-off (a signal uses up the registration): the full side-by-side set.
set -u
cd /work/main
R=jctools-benchmarks/results/2026-11-21-blocking-handoff
JAR=/tmp/bench-handoff.jar
cp jctools-benchmarks/target/benchmarks.jar $JAR
Q6=SpscBlockingArrayQueue,SpscArrayQueue,MpscBlockingArrayQueue,MpscArrayQueue,MpmcBlockingArrayQueue,MpmcArrayQueue
BQ=SpscBlockingArrayQueue,MpscBlockingArrayQueue,MpmcBlockingArrayQueue,JDK.ArrayBlockingQueue
run() { # jdk tag args...
  local J=$1 tag=$2; shift 2
  echo "== $tag $(date +%T)"
  $J -jar $JAR "$@" -rf json -rff $R/$tag.json > $R/$tag.txt 2>&1
  grep -E "^(QueueBaseline|BlockingThroughput.blocking:takesMade|QueueRoundTrip)" $R/$tag.txt
}
J17=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
U="--sun-misc-unsafe-memory-access=allow"
run $J17 blocking-jdk17 BlockingThroughput -p qType=$BQ -tg 1,1 -f 8 -wi 3 -i 5 -w 1s -r 1s
run "$J25 $U" blocking-virtual-jdk25 BlockingThroughput -p qType=$BQ -tg 1,1 -f 8 -wi 3 -i 5 -w 1s -r 1s -jvmArgsAppend "-Djmh.executor=VIRTUAL $U"
run $J17 baseline-jdk17 QueueBaseline -p qType=$Q6 -f 8 -wi 3 -i 5 -w 500ms -r 500ms
run "$J25 $U" baseline-jdk25 QueueBaseline -p qType=$Q6 -f 8 -wi 3 -i 5 -w 500ms -r 500ms -jvmArgsAppend $U
run $J17 roundtrip-jdk17 QueueRoundTrip -p qType=$Q6 -p ringSize=2 -p burstSize=1,100 -f 4 -wi 3 -i 5 -w 500ms -r 500ms
echo "== idle $(date +%T)"
$J17 -cp $JAR org.jcq.benchmarks.tools.IdleConsumerCpu idleMillis=2000 > $R/idle-jdk17.txt 2>&1; cat $R/idle-jdk17.txt
$J25 $U -cp $JAR org.jcq.benchmarks.tools.IdleConsumerCpu idleMillis=2000 > $R/idle-jdk25.txt 2>&1; cat $R/idle-jdk25.txt
echo "== end $(date +%T)"
# Run afterwards, on its own (same jar): JDK 25 with platform threads.
# $J25 $U -jar $JAR BlockingThroughput -p qType=$BQ -tg 1,1 -f 8 -wi 3 -i 5 -w 1s -r 1s -jvmArgsAppend $U -rf json -rff $R/blocking-platform-jdk25.json
