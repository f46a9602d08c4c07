#!/bin/bash
# The runs behind docs/peers.md (2026-11-26, 2 vCPUs), in the order they ran, from the repository
# root after `mvn -B -q -DskipTests package`. The jar of the first run was built from commit
# 9b3fbef, that of the others from 166f2f3: the queues are the same in both (what changed between
# them is the experimental blocking queues' drain and QueueBaseline's batch count), and the
# first run's fillAndDrain and fillAndDrain256 rows, void because of that count, were replaced by
# the base-batch run. Each run writes one folder of launches per row; peers.py --pack trims them
# into the JSON files beside this script.
set -eu
P=jctools-benchmarks/scripts/peers.sh
J=jctools-benchmarks/target/benchmarks.jar
J25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
A="SpscArrayQueue MpscArrayQueue SpmcArrayQueue MpmcArrayQueue"
O17=${1:-/tmp/peers}/jdk17 O25=${1:-/tmp/peers}/jdk25

# JDK 17, one thread: the rows of the array and linked-array queues, 8 rounds.
QUEUES="SpscArrayQueue MpscArrayQueue SpmcArrayQueue MpmcArrayQueue SpscChunkedArrayQueue \
SpscUnboundedArrayQueue SpscGrowableArrayQueue MpscChunkedArrayQueue MpscUnboundedArrayQueue \
MpscGrowableArrayQueue" bash $P "$O17" java $J base
bash $P "$O17" java $J base-batch
# JDK 25, one thread: the four array queues.
QUEUES="$A" bash $P "$O25" "$J25" $J base
# JDK 17, 1P1C: the four array queues, 16 launches; batches beside the Unsafe twin, 16 launches.
QUEUES="$A" bash $P "$O17" java $J tpt
BATCH_QUEUES="$A SpscUnboundedArrayQueue MpscUnboundedArrayQueue" bash $P "$O17" java $J batch
# JDK 17, 1P1C of MpmcArrayQueue's row with ParallelGC and ZGC, 8 launches each.
QUEUES=MpmcArrayQueue TPT_ROUNDS=8 bash $P "$O17" java $J gc
# JDK 17, one thread: the linked-node queues and the blocking consumer, 8 rounds.
QUEUES="SpscLinkedQueue MpscLinkedQueue MpscBlockingConsumerArrayQueue" bash $P "$O17" java $J base
# JDK 25: 1P1C batches of the SPSC and MPSC rings (8 launches), and the one-thread batches of the
# SPSC and MPSC unbounded linked-array queues.
BATCH_QUEUES="SpscArrayQueue MpscArrayQueue" TPT_ROUNDS=8 bash $P "$O25" "$J25" $J batch
BATCH_QUEUES="SpscUnboundedArrayQueue MpscUnboundedArrayQueue" bash $P "$O25" "$J25" $J base-batch

for d in "$O17" "$O25"; do
  python3 jctools-benchmarks/scripts/peers.py --pack "$d" "jctools-benchmarks/results/2026-11-26-peers/$(basename "$d")"
done

# MpmcArrayQueue's 1P1C batches before the run-claiming drain and fill (a jar built from c90f486,
# /tmp/before.jar) and after (this build), 6 alternating rounds:
#   bash jctools-benchmarks/scripts/alternate-jars.sh /tmp/mpmcab java QueueBatchThroughput 6 MpmcArrayQueue \
#     before /tmp/before.jar after $J -p batchSize=32,256 -p qCapacity=131072 -wi 2 -i 3 -w 200ms -r 200ms -jvmArgsAppend "-Xms1g -Xmx1g"
#   python3 jctools-benchmarks/scripts/ratio.py --merge /tmp/mpmcab jctools-benchmarks/results/2026-11-26-peers/mpmc-batch-before-after/launches.json
# JCTools' Unsafe edition with Unsafe memory access denied (JDK 24+; unsafe-denied-jdk25.txt):
#   java --sun-misc-unsafe-memory-access=deny -cp $J jctools-benchmarks/results/2026-11-26-peers/UnsafeDenied.java
