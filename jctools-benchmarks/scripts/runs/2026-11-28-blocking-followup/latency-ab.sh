#!/bin/bash
# configs "qType|extra args"
O=$1; JAR=$2; shift 2; mkdir -p $O
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
configs=("$@")
for round in $(seq 1 ${ROUNDS:-8}); do
  n=${#configs[@]}
  for k in $(seq 0 $((n-1))); do
    c=${configs[$(((k + round - 1) % n))]}; q=${c%%|*}; extra=${c#*|}
    line=$($J25 --sun-misc-unsafe-memory-access=allow ${JOPTS:-} -Xms1g -Xmx1g -cp ${CPX:-}$JAR org.jcq.benchmarks.executor.ExecutorBench mode=latency qType=$q workerKind=${KIND:-virtual} workers=2 submitters=1 warmupMillis=1000 durationMillis=${DUR:-3000} $extra 2>&1 | grep '^executor-bench' | tail -1)
    echo "round=$round cfg=\"$c\" $line" >> $O/runs.txt
  done
done
echo done >> $O/runs.txt
