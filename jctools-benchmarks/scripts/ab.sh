#!/bin/bash
# A/B, side by side: BlockingThroughput on JDK 25 with platform threads, one fork of the "before"
# jar, then one of the "after" jar, ROUNDS times; JSON and text per fork in OUT_DIR as
# before-N.* and after-N.*; pair them by N with
#   `java -cp benchmarks.jar org.jcq.benchmarks.tools.Ratio OUT_DIR a=after b=before`.
# usage: ab.sh OUT_DIR BEFORE_JAR AFTER_JAR ROUNDS QTYPES THREAD_GROUPS   (e.g. ... 6 MpscBlockingArrayQueue,JDK.ArrayBlockingQueue 1,1)
set -u
R=$1 BEFORE=$2 AFTER=$3 ROUNDS=$4 Q=$5 TG=$6
mkdir -p $R
J25="/usr/lib/jvm/temurin-25-jdk-amd64/bin/java --sun-misc-unsafe-memory-access=allow"
for round in $(seq 1 $ROUNDS); do
  for side in before after; do
    jar=$AFTER; [ $side = before ] && jar=$BEFORE
    $J25 -jar $jar BlockingThroughput -p qType=$Q -tg $TG -f 1 -wi 3 -i 5 -w 1s -r 1s \
      -jvmArgsPrepend --sun-misc-unsafe-memory-access=allow -rf json -rff $R/$side-$round.json > $R/$side-$round.txt 2>&1
    echo "$side $round $(grep -E '^BlockingThroughput.blocking:takesMade' $R/$side-$round.txt | awk '{printf "%s %s  ", $3, $6}')"
  done
done
