#!/bin/bash
# The runs of docs/measurements/2026-11-25-compact-queues.md, JDK 17, from the repository root on a quiet machine.
#   before.jar: jctools-benchmarks/target/benchmarks.jar built at 3d892c2 (before the compact editions)
#   after.jar:  the same built at e4611d4 (the algorithms in Base* classes, padded and compact editions)
# Each directory of launches was packed into one JSON with `ratio.py --merge DIR DIR.json`.
set -eu
R=jctools-benchmarks/results/2026-11-25-compact
B="-wi 3 -i 5 -w 500ms -r 500ms"

# 1. The padded editions before and after the refactor: single thread, offer then poll.
for q in SpscArrayQueue MpscArrayQueue MpmcArrayQueue MpscUnboundedArrayQueue; do
  bash jctools-benchmarks/scripts/alternate-jars.sh $R/refactor-jdk17-$q java 'QueueBaseline.offerAndPoll$' 6 $q \
    before before.jar after after.jar $B
done
# Read: python3 jctools-benchmarks/scripts/ratio.py --paired $R/refactor-jdk17-MpscArrayQueue.json after before

# 2. What padding buys: 1P1C (QueueThroughput tpt, no back-off), padded against compact, paired.
for pair in "SpscArrayQueue SpscUnpaddedArrayQueue" "MpscArrayQueue MpscUnpaddedArrayQueue" \
    "MpscUnboundedArrayQueue MpscUnboundedUnpaddedArrayQueue"; do
  set -- $pair
  bash jctools-benchmarks/scripts/alternate.sh $R/tpt-jdk17-$1 java after.jar 'QueueThroughput.tpt$' 8 $1 $2 -p backoff=none $B
done
# Read: python3 jctools-benchmarks/scripts/ratio.py --paired $R/tpt-jdk17-SpscArrayQueue.json SpscUnpaddedArrayQueue SpscArrayQueue

# 3. What padding costs: empty footprint of every edition (FootprintParityTest asserts the comparison):
#    java -cp after.jar org.jcq.benchmarks.tools.Footprint capacity=1024 out=$R/footprint-1024.csv \
#      qTypes=<each padded and compact edition and its JCTools twin, as listed in footprint-1024.csv>

# 4. JDK 25: the refactor (SPSC, MPSC) and what padding buys (SPSC, MPSC), 6 rounds each.
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
for q in SpscArrayQueue MpscArrayQueue; do
  bash jctools-benchmarks/scripts/alternate-jars.sh $R/refactor-jdk25-$q $J25 'QueueBaseline.offerAndPoll$' 6 $q \
    before before.jar after after.jar $B
done
for pair in "SpscArrayQueue SpscUnpaddedArrayQueue" "MpscArrayQueue MpscUnpaddedArrayQueue"; do
  set -- $pair
  bash jctools-benchmarks/scripts/alternate.sh $R/tpt-jdk25-$1 $J25 after.jar 'QueueThroughput.tpt$' 6 $1 $2 -p backoff=none $B
done
