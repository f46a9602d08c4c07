#!/bin/bash
# Virtual workers: W0 spin and W2 early park variants (patched Parking on the class path).
O=/work/bench/vexp3; mkdir -p $O
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
CP=/tmp/vspin3/classes:/work/jars/new-4a18223.jar
configs=("MpmcUnboundedBlockingArrayQueue|-Dx.vspin=20000" "MpmcUnboundedBlockingArrayQueue|-Dx.vspin=0" "MpmcUnboundedBlockingArrayQueue|-Dx.vspin=0 -Dx.vearly=true" "JDK.LinkedTransferQueue|-Dx.none=1" "JDK.ArrayBlockingQueue|-Dx.none=1")
for round in 1 2 3 4 5 6 7 8; do
  for mode in latency throughput; do
    subs=1; [ $mode = throughput ] && subs=4
    n=${#configs[@]}
    for k in $(seq 0 $((n-1))); do
      c=${configs[$(((k + round - 1) % n))]}; q=${c%%|*}; opts=${c#*|}
      line=$($J25 --sun-misc-unsafe-memory-access=allow $opts -Xms1g -Xmx1g -cp $CP org.jcq.benchmarks.executor.ExecutorBench mode=$mode qType=$q workerKind=virtual workers=2 submitters=$subs warmupMillis=1000 durationMillis=1500 2>&1 | grep '^executor-bench' | tail -1)
      echo "round=$round opts=\"$opts\" $line" >> $O/runs.txt
    done
  done
done
echo done >> $O/runs.txt
