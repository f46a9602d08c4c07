#!/bin/bash
# The blocking queues' set, for one results folder: BlockingThroughput 1P1C, 8 forks, the three
# blocking queues against ArrayBlockingQueue on JDK 17, JDK 25 virtual and JDK 25 platform
# threads; then IdleConsumerCpu on JDK 17 and 25. Run from the repository root on an idle machine.
# usage: blocking-1p1c.sh RESULTS_DIR JAR   (JAR: a copy of jctools-benchmarks/target/benchmarks.jar)
set -u
R=$1 JAR=$2
BQ=SpscBlockingArrayQueue,MpscBlockingArrayQueue,MpmcBlockingArrayQueue,JDK.ArrayBlockingQueue
J17=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
U="--sun-misc-unsafe-memory-access=allow"
B="BlockingThroughput -p qType=$BQ -tg 1,1 -wi 3 -i 5 -w 1s -r 1s"
run() { # tag java args...
  local tag=$1 J=$2; shift 2
  echo "== $tag $(date +%T)"
  $J -jar $JAR "$@" -rf json -rff $R/$tag.json > $R/$tag.txt 2>&1
  grep -E "^BlockingThroughput.blocking:takesMade" $R/$tag.txt
}
run blocking-jdk17 $J17 $B -f 8
run blocking-virtual-jdk25 "$J25 $U" $B -f 8 -jvmArgsAppend "-Djmh.executor=VIRTUAL $U"
run blocking-platform-jdk25 "$J25 $U" $B -f 8 -jvmArgsAppend $U
echo "== idle $(date +%T)"
$J17 -cp $JAR org.jcq.benchmarks.tools.IdleConsumerCpu idleMillis=2000 > $R/idle-jdk17.txt 2>&1; cat $R/idle-jdk17.txt
$J25 $U -cp $JAR org.jcq.benchmarks.tools.IdleConsumerCpu idleMillis=2000 > $R/idle-jdk25.txt 2>&1; cat $R/idle-jdk25.txt
echo "== end $(date +%T)"
