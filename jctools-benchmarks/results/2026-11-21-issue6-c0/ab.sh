#!/bin/bash
# A/B, side by side: the benchmark jar before C0 (built at 07f3b89, whose blocking queues are those
# of 5df0610 but for comments) and after it (7247540), alternating one fork of each, 6 rounds;
# BlockingThroughput 1P1C on JDK 25 with platform threads, MPSC and MPMC and ArrayBlockingQueue.
set -u
cd /work/main
R=jctools-benchmarks/results/2026-11-21-issue6-c0/ab
mkdir -p $R
J25="/usr/lib/jvm/temurin-25-jdk-amd64/bin/java --sun-misc-unsafe-memory-access=allow"
Q=MpscBlockingArrayQueue,MpmcBlockingArrayQueue,JDK.ArrayBlockingQueue
for round in 1 2 3 4 5 6; do
  for side in before after; do
    jar=/tmp/bench-c0.jar; [ $side = before ] && jar=/tmp/bench-handoff.jar
    $J25 -jar $jar BlockingThroughput -p qType=$Q -tg 1,1 -f 1 -wi 3 -i 5 -w 1s -r 1s \
      -jvmArgsAppend --sun-misc-unsafe-memory-access=allow -rf json -rff $R/$side-$round.json > $R/$side-$round.txt 2>&1
    echo "$side $round $(grep -E '^BlockingThroughput.blocking:takesMade' $R/$side-$round.txt | awk '{printf "%s %s  ", $3, $6}')"
  done
done
