#!/bin/bash
# Issue 6, C0 with one try before every wait (commit a8b9bb7):
# BlockingThroughput 1P1C against ArrayBlockingQueue on JDK 17, JDK 25 virtual and JDK 25 platform
# threads; idle CPU. Then ab.sh: the jar before the one try (7247540) against this one.
set -u
cd /work/main
R=jctools-benchmarks/results/2026-11-21-issue6-retry
JAR=/tmp/bench-retry.jar
cp jctools-benchmarks/target/benchmarks.jar $JAR
BQ=SpscBlockingArrayQueue,MpscBlockingArrayQueue,MpmcBlockingArrayQueue,JDK.ArrayBlockingQueue
J17=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
U="--sun-misc-unsafe-memory-access=allow"
B="BlockingThroughput -p qType=$BQ -tg 1,1 -wi 3 -i 5 -w 1s -r 1s"
run() { # tag jar java args...
  local tag=$1 jar=$2 J=$3; shift 3
  echo "== $tag $(date +%T)"
  $J -jar $jar "$@" -rf json -rff $R/$tag.json > $R/$tag.txt 2>&1
  grep -E "^BlockingThroughput.blocking:takesMade" $R/$tag.txt
}
run blocking-jdk17 $JAR $J17 $B -f 8
run blocking-virtual-jdk25 $JAR "$J25 $U" $B -f 8 -jvmArgsAppend "-Djmh.executor=VIRTUAL $U"
run blocking-platform-jdk25 $JAR "$J25 $U" $B -f 8 -jvmArgsAppend $U
echo "== idle $(date +%T)"
$J17 -cp $JAR org.jcq.benchmarks.IdleConsumerCpu idleMillis=2000 > $R/idle-jdk17.txt 2>&1; cat $R/idle-jdk17.txt
$J25 $U -cp $JAR org.jcq.benchmarks.IdleConsumerCpu idleMillis=2000 > $R/idle-jdk25.txt 2>&1; cat $R/idle-jdk25.txt
echo "== ab $(date +%T)"
$R/ab.sh
echo "== end $(date +%T)"
