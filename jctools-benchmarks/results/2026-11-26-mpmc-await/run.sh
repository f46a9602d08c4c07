#!/bin/bash
# A queue's 1P1C batches (QueueBatchThroughput, batches of 32 and 256, capacity 131072; the queue is
# $Q, MpmcArrayQueue by default) after the bounded wait for a claimed run (jar "new"), before it
# (298a17c, jar "head"), and JCTools 4.0.7's Unsafe and VarHandle twins: one single-fork launch of
# each per round, in an order shuffled every round; each launch's JSON is saved as ROUND-LABEL.json with its qType
# renamed to LABEL, so that `ratio.py --paired DIR A B pollsMade - batchSize=32` pairs them.
# usage: run.sh OUT_DIR JAVA ROUNDS NEW_JAR HEAD_JAR [GC]
# as run: run.sh jdk17 java 6 /tmp/new.jar /tmp/head.jar                      (new: 718980c)
#         run.sh jdk25 /usr/lib/jvm/temurin-25-jdk-amd64/bin/java 4 /tmp/new.jar /tmp/head.jar
#         Q=MpscArrayQueue run.sh mpsc-jdk17 java 6 /tmp/mpsc.jar /tmp/head.jar  (new: the MPSC drain's wait)
#         Q=MpscArrayQueue run.sh mpsc-jdk25 /usr/lib/jvm/temurin-25-jdk-amd64/bin/java 4 /tmp/mpsc.jar /tmp/head.jar
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
# One thread, before and after (QueueBaseline.fillAndDrain and fillAndDrain256, 6 rounds):
#   alternate-jars.sh /tmp/onethread java 'QueueBaseline.fillAndDrain(256)?$' 6 MpmcArrayQueue head /tmp/head.jar \
#     new /tmp/new.jar -wi 2 -i 3 -w 500ms -r 500ms -jvmArgsAppend "-Xms1g -Xmx1g"
# Packed with ratio.py --merge DIR FILE.json into jdk17.json, jdk25.json and one-thread-jdk17.json; read with
#   ratio.py --paired jdk17.json new unsafe pollsMade - batchSize=32      (and vh, head; 256)
#   ratio.py --paired one-thread-jdk17.json new head - fillAndDrain256
