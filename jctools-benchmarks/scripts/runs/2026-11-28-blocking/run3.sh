#!/bin/bash
# Issue 35's remaining measurements, one after another on an otherwise idle machine.
set -u
NEW=/work/jars/new-751c973.jar
OLD=/work/jars/base.jar
B=/work/main/jctools-benchmarks/results
O=/work/bench/run3
J17=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
mkdir -p $O
# (started by hand on an idle machine)
echo "start $(date +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> $O/log
# 1. Executors.
QUEUES="MpmcUnboundedBlockingArrayQueue JDK.LinkedBlockingQueue JDK.ArrayBlockingQueue JDK.LinkedTransferQueue" \
  WARMUP_MS=1000 DURATION_MS=1500 MODES="throughput latency" bash $B/executor-bench.sh $O/exec $NEW 8 > $O/exec.out 2>&1 || true
QUEUES="MpmcUnboundedBlockingArrayQueue MpmcBlockingArrayQueue JDK.LinkedBlockingQueue JDK.ArrayBlockingQueue JDK.LinkedTransferQueue" \
  WARMUP_MS=1000 MODES="idle" bash $B/executor-bench.sh $O/exec-idle $NEW 1 > $O/exec-idle.out 2>&1 || true
echo "exec done $(date +%T)" >> $O/log
# 2. Log4j2's async appender.
bash $B/log4j-async.sh $O/log4j-17 $J17 $NEW 8 1 4 > $O/log4j-17.out 2>&1
bash $B/log4j-async.sh $O/log4j-25 $J25 $NEW 8 1 4 > $O/log4j-25.out 2>&1
echo "log4j done $(date +%T)" >> $O/log
# 3. Netty's default loops and Pekko's bounded mailbox: old protocol (base.jar) against new, paired rounds.
mkdir -p $O/netty $O/pekko
for round in 1 2 3 4 5 6 7 8; do
  echo "$round $($J17 -cp $NEW org.jcq.benchmarks.tools.PingPong)" >> $O/netty/pingpong.txt
  order="old new"; [ $((round % 2)) -eq 0 ] && order="new old"
  for label in $order; do
    jar=$NEW; [ $label = old ] && jar=$OLD
    for t in 1 4; do
      for g in jcq-default netty-default; do
        line=$(timeout -s KILL 300 $J17 -Xms1g -Xmx1g -cp $jar org.jcq.benchmarks.netty.EventLoopBench submit $g $t 4000000 2>>$O/netty/stderr.txt | tail -1)
        echo "$round $label $line" >> $O/netty/runs.txt
      done
    done
    timeout -s KILL 300 $J17 -cp $jar org.jcq.benchmarks.pekko.MailboxOverload senders=4 seconds=2 capacity=64 pushTimeOutMillis=5 workMicros=20 rounds=1 2>>$O/pekko/stderr.txt | sed "s/^/$round $label /" >> $O/pekko/runs.txt
  done
done
echo "netty pekko done $(date +%T)" >> $O/log
# 4. Wait protocols side by side (MPSC done in run2).
bash $B/blocking-protocols.sh $O/proto-mpmc 8 mpmc new=$NEW:MpmcBlockingArrayQueue waitroom=$OLD:MpmcBlockingArrayQueue >> $O/log 2>&1
bash $B/blocking-protocols.sh $O/proto-spsc 8 spsc new=$NEW:SpscBlockingArrayQueue waitroom=$OLD:SpscBlockingArrayQueue >> $O/log 2>&1
echo "protocols done $(date +%T)" >> $O/log
# 5. The fast path beside the non-blocking twin (nobody waits).
for pair in "SpscBlockingArrayQueue SpscArrayQueue" "MpscBlockingConsumerArrayQueue MpscArrayQueue" "MpmcBlockingArrayQueue MpmcArrayQueue" "MpmcUnboundedBlockingArrayQueue MpmcUnboundedXaddArrayQueue"; do
  set -- $pair
  bash $B/alternate.sh $O/fast-baseline-17 $J17 $NEW 'QueueBaseline.offerAndPoll$' 8 $1 $2 -wi 3 -i 4 -w 500ms -r 500ms >> $O/log 2>&1
done
echo "ALL DONE $(date +%T)" >> $O/log
