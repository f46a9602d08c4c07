#!/bin/bash
# A queue's 1P1C batches (QueueBatchThroughput, batches of 32 and 256, capacity 131072; the queue is
# $Q, MpmcArrayQueue by default) after the bounded wait for a claimed run (jar "new"), before it
# (298a17c, jar "head"), and JCTools 4.0.7's Unsafe and VarHandle twins: one single-fork launch of
# each per round, in an order shuffled every round; each launch's JSON is saved as ROUND-LABEL.json with its qType
# renamed to LABEL, so that `ratio.py --paired DIR A B pollsMade - batchSize=32` pairs them.
# usage: run.sh OUT_DIR JAVA ROUNDS NEW_JAR HEAD_JAR [GC]
# as run (new: /tmp/final.jar built at 9e3397a; head: /tmp/head.jar built at 298a17c):
#   Q=MpmcArrayQueue run.sh /tmp/fin/mpmc-jdk17 java 6 /tmp/final.jar /tmp/head.jar
#   Q=MpscArrayQueue run.sh /tmp/fin/mpsc-jdk17 java 6 /tmp/final.jar /tmp/head.jar
#   Q=MpmcArrayQueue run.sh /tmp/fin/mpmc-jdk25 /usr/lib/jvm/temurin-25-jdk-amd64/bin/java 3 /tmp/final.jar /tmp/head.jar
#   Q=MpscArrayQueue run.sh /tmp/fin/mpsc-jdk25 /usr/lib/jvm/temurin-25-jdk-amd64/bin/java 3 /tmp/final.jar /tmp/head.jar
set -u
OUT=$1 JAVA=$2 R=$3 NEW=$4 HEAD=$5 GC=${6:-G1} Q=${Q:-MpmcArrayQueue}
mkdir -p "$OUT"
U=() FORK_U=()
if "$JAVA" --sun-misc-unsafe-memory-access=allow -version > /dev/null 2>&1; then
  U=(--sun-misc-unsafe-memory-access=allow) FORK_U=(-jvmArgsPrepend --sun-misc-unsafe-memory-access=allow)
fi
SPECS=("new=$NEW:$Q" "head=$HEAD:$Q" "unsafe=$NEW:JCTools.$Q" "vh=$NEW:JCToolsVH.$Q")
for r in $(seq 1 "$R"); do
  for spec in $(printf '%s\n' "${SPECS[@]}" | shuf); do
    label=${spec%%=*} rest=${spec#*=}
    jar=${rest%%:*} q=${rest#*:}
    "$JAVA" "${U[@]}" -jar "$jar" QueueBatchThroughput -p qType="$q" -p batchSize=32,256 -p qCapacity=131072 \
      -f 1 -wi 2 -i 5 -w 1s -r 1s -jvmArgsAppend "-Xms1g -Xmx1g -XX:+Use${GC}GC" "${FORK_U[@]}" \
      -rf json -rff "$OUT/$r-$label.json" > "$OUT/$r-$label.txt" 2>&1
    sed -i "s/\"qType\" : \"$q\"/\"qType\" : \"$label\"/" "$OUT/$r-$label.json"
    echo "$r $label done"
  done
done
# One thread, before and after (QueueBaseline.fillAndDrain and fillAndDrain256, 4 rounds), for Q in
# MpmcArrayQueue and MpscArrayQueue:
#   alternate-jars.sh /tmp/fin/one-thread-$Q java 'QueueBaseline.fillAndDrain(256)?$' 4 $Q head /tmp/head.jar \
#     new /tmp/final.jar -wi 2 -i 3 -w 500ms -r 500ms -jvmArgsAppend "-Xms1g -Xmx1g"
# Packed with ratio.py --merge DIR FILE.json (mpmc-jdk17.json, ..., one-thread-mpsc.json); read with
#   ratio.py --paired mpmc-jdk17.json new unsafe pollsMade - batchSize=32      (and vh, head; 256)
#   ratio.py --paired one-thread-mpmc.json new head - fillAndDrain256
