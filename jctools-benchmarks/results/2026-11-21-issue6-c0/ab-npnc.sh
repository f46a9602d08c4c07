#!/bin/bash
# A/B as ab.sh, for 2P2C (4 threads on 2 cores): MPMC and ArrayBlockingQueue, JDK 25 platform
# threads, 4 rounds, to see that C0 (which yields while it spins) costs nothing when threads
# outnumber cores.
set -u
cd /work/main
R=jctools-benchmarks/results/2026-11-21-issue6-c0/ab-npnc
mkdir -p $R
J25="/usr/lib/jvm/temurin-25-jdk-amd64/bin/java --sun-misc-unsafe-memory-access=allow"
Q=MpmcBlockingArrayQueue,JDK.ArrayBlockingQueue
for round in 1 2 3 4; do
  for side in before after; do
    jar=/tmp/bench-c0.jar; [ $side = before ] && jar=/tmp/bench-handoff.jar
    $J25 -jar $jar BlockingThroughput -p qType=$Q -tg 2,2 -f 1 -wi 3 -i 5 -w 1s -r 1s \
      -jvmArgsAppend --sun-misc-unsafe-memory-access=allow -rf json -rff $R/$side-$round.json > $R/$side-$round.txt 2>&1
    echo "$side $round $(grep -E '^BlockingThroughput.blocking:takesMade' $R/$side-$round.txt | awk '{printf "%s %s  ", $3, $6}')"
  done
done
