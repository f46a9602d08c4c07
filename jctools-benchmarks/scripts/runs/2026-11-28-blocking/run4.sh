#!/bin/bash
# Issue 35's measurements after 4a18223 (virtual threads park untimed), on an otherwise idle machine.
set -u
NEW=/work/jars/new-4a18223.jar
OLD=/work/jars/base.jar
B=/work/main/jctools-benchmarks/results
O=/work/bench/run4
J17=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
mkdir -p $O
echo "start $(date +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> $O/log
QUEUES="MpmcUnboundedBlockingArrayQueue JDK.LinkedBlockingQueue JDK.ArrayBlockingQueue JDK.LinkedTransferQueue" JDKS=25 KINDS25=virtual \
  WARMUP_MS=1000 DURATION_MS=1500 MODES="throughput latency" bash $B/executor-bench.sh $O/exec-virtual $NEW 8 > $O/exec-virtual.out 2>&1 || true
echo "exec virtual done $(date +%T)" >> $O/log
bash $B/blocking-protocols.sh $O/proto-mpsc 8 mpsc new=$NEW:MpscBlockingConsumerArrayQueue oldcore=$OLD:MpscBlockingConsumerArrayQueue waitroom=$OLD:MpscBlockingArrayQueue >> $O/log 2>&1
bash $B/blocking-protocols.sh $O/proto-mpmc 8 mpmc new=$NEW:MpmcBlockingArrayQueue waitroom=$OLD:MpmcBlockingArrayQueue >> $O/log 2>&1
bash $B/blocking-protocols.sh $O/proto-spsc 8 spsc new=$NEW:SpscBlockingArrayQueue waitroom=$OLD:SpscBlockingArrayQueue >> $O/log 2>&1
echo "protocols done $(date +%T)" >> $O/log
for pair in "SpscBlockingArrayQueue SpscArrayQueue" "MpscBlockingConsumerArrayQueue MpscArrayQueue" "MpmcBlockingArrayQueue MpmcArrayQueue" "MpmcUnboundedBlockingArrayQueue MpmcUnboundedXaddArrayQueue"; do
  set -- $pair
  bash $B/alternate.sh $O/fast-baseline-17/$1 $J17 $NEW 'QueueBaseline.offerAndPoll$' 8 $1 $2 -wi 3 -i 4 -w 500ms -r 500ms >> $O/log 2>&1
done
echo "fast done $(date +%T)" >> $O/log
QUEUES="MpmcUnboundedBlockingArrayQueue MpmcBlockingArrayQueue JDK.LinkedBlockingQueue JDK.ArrayBlockingQueue JDK.LinkedTransferQueue" \
  WARMUP_MS=1000 MODES="idle" bash $B/executor-bench.sh $O/exec-idle $NEW 1 > $O/exec-idle.out 2>&1 || true
echo "ALL DONE $(date +%T)" >> $O/log
