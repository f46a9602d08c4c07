#!/bin/bash
# A/B, side by side: the benchmark jar with C0 only while a grant is outstanding (7247540) and the
# one with C0's one try before every wait (a8b9bb7), alternating one fork of each, 4 rounds;
# BlockingThroughput 1P1C on JDK 25 with platform threads, MPSC and MPMC and ArrayBlockingQueue.
set -u
cd /work/main
R=jctools-benchmarks/results/2026-11-21-issue6-retry/ab
mkdir -p $R
J25="/usr/lib/jvm/temurin-25-jdk-amd64/bin/java --sun-misc-unsafe-memory-access=allow"
Q=MpscBlockingArrayQueue,MpmcBlockingArrayQueue,JDK.ArrayBlockingQueue
for round in 1 2 3 4; do
  for side in before after; do
    jar=/tmp/bench-retry.jar; [ $side = before ] && jar=/tmp/bench-c0.jar
    $J25 -jar $jar BlockingThroughput -p qType=$Q -tg 1,1 -f 1 -wi 3 -i 5 -w 1s -r 1s \
      -jvmArgsAppend --sun-misc-unsafe-memory-access=allow -rf json -rff $R/$side-$round.json > $R/$side-$round.txt 2>&1
    echo "$side $round $(grep -E '^BlockingThroughput.blocking:takesMade' $R/$side-$round.txt | awk '{printf "%s %s  ", $3, $6}')"
  done
done
