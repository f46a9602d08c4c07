#!/bin/bash
# Issue 36, item 2: MpmcArrayQueue's one-thread offer+poll beside JCTools' VarHandle edition, before
# and after the consumer stopped looking for removal marks the queue cannot hold and both sides stopped
# loading the sequence array again after their CAS (docs/measurements/2026-11-29-mpsc-batches.md,
# "Item 2"). Jars in the current folder: m1.jar the code before (3fa96cf), m2.jar with the consumer's
# two changes only, m3.jar with the producer's as well (the shipped code); `mvn -B -q -pl
# jctools-benchmarks -am package -DskipTests`. Pack: Pack out/ forks.csv.gz.
set -e
C=${C:-$(dirname "$0")/../../configs.sh}
J25=${J25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
B='QueueBaseline.offerAndPoll$'
O="-wi 3 -i 3 -w 400ms -r 400ms"
bash $C out/before java 8 "$B" ours=m1.jar:MpmcArrayQueue vh=m1.jar:JCToolsVH.MpmcArrayQueue -- $O
bash $C out/take java 8 "$B" new=m2.jar:MpmcArrayQueue cur=m1.jar:MpmcArrayQueue vh=m2.jar:JCToolsVH.MpmcArrayQueue -- $O
bash $C out/jdk17 java 8 "$B" new=m3.jar:MpmcArrayQueue cur=m1.jar:MpmcArrayQueue vh=m3.jar:JCToolsVH.MpmcArrayQueue -- $O
bash $C out/jdk25 $J25 8 "$B" new=m3.jar:MpmcArrayQueue cur=m1.jar:MpmcArrayQueue vh=m3.jar:JCToolsVH.MpmcArrayQueue -- $O
# perfasm (cpu-clock; the hsdis of jctools-benchmarks/tools/hsdis-capstone.c), JDK 17, one launch each:
for q in m1.jar:MpmcArrayQueue m1.jar:JCToolsVH.MpmcArrayQueue m3.jar:MpmcArrayQueue; do
  java -jar ${q%%:*} "$B" -p qType=${q#*:} -p qCapacity=1024 -f 1 -wi 3 -i 3 -w 1s -r 1s \
    -prof 'perfasm:events=cpu-clock' > perfasm-${q%%.jar*}-${q#*:}.txt 2>&1
done
