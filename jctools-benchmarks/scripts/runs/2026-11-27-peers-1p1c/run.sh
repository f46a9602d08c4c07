#!/bin/bash
# The 1P1C rows (QueueThroughput tpt and tptRelaxed, one producer and one consumer, capacity or
# chunk 131072, no back-off, -Xms1g -Xmx1g, G1) that the 2026-11-26 peers run left out: on JDK 17
# the linked-array and linked-node queues and the blocking consumer, on JDK 25 the four array
# queues; 16 launches each, every round one launch per queue of the row in a rotated order.
# Jar built from e853da6 (`mvn -B -q -DskipTests package`, copied to /tmp/tpt.jar), 2026-11-27,
# 2 vCPUs. From the repository root:
set -eu
P=jctools-benchmarks/scripts/peers.sh
J=${JAR:-/tmp/tpt.jar}
J25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
O=${1:-/tmp}
QUEUES="SpscLinkedQueue MpscLinkedQueue SpscUnboundedArrayQueue MpscUnboundedArrayQueue MpscBlockingConsumerArrayQueue \
SpscChunkedArrayQueue MpscChunkedArrayQueue SpscGrowableArrayQueue MpscGrowableArrayQueue" TPT_ROUNDS=16 \
  bash $P "$O/p17" java "$J" tpt
QUEUES="SpscArrayQueue MpscArrayQueue SpmcArrayQueue MpmcArrayQueue" TPT_ROUNDS=16 bash $P "$O/p25" "$J25" "$J" tpt
python3 jctools-benchmarks/scripts/peers.py --pack "$O/p17" jctools-benchmarks/results/2026-11-27-peers-1p1c/jdk17
python3 jctools-benchmarks/scripts/peers.py --pack "$O/p25" jctools-benchmarks/results/2026-11-27-peers-1p1c/jdk25
# Read: python3 jctools-benchmarks/scripts/peers.py jctools-benchmarks/results/2026-11-27-peers-1p1c/jdk17 "JDK 17"
