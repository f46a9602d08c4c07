#!/bin/bash
# Virtual workers' hand-off after idle: spin variants of the taker's W0 (patched Parking on the classpath).
O=/work/bench/vexp2; mkdir -p $O
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
CP=/tmp/vspin2/classes:/work/jars/new-4a18223.jar
configs=("MpmcUnboundedBlockingArrayQueue|-Dx.vspin=20000" "MpmcUnboundedBlockingArrayQueue|-Dx.vspin=0" "MpmcUnboundedBlockingArrayQueue|-Dx.vspin=5000" "JDK.LinkedTransferQueue|-Dx.none=1")
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
