#!/bin/bash
# latency-mode ExecutorBench, configs "label|jar|qType", rotated per round
O=$1; ROUNDS=$2; shift 2; mkdir -p $O
J25=${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
configs=("$@"); n=${#configs[@]}
for round in $(seq 1 $ROUNDS); do
  for k in $(seq 0 $((n-1))); do
    c=${configs[$(((k + round - 1) % n))]}; IFS='|' read -r lab jar q <<< "$c"
    line=$($J25 -Xms1g -Xmx1g -cp $jar org.jcq.benchmarks.executor.ExecutorBench mode=latency qType=$q workerKind=${KIND:-virtual} workers=2 submitters=1 warmupMillis=1000 durationMillis=3000 2>&1 | grep '^executor-bench' | tail -1)
    echo "round=$round cfg=\"$lab\" $line" >> $O/runs.txt
  done
done
echo done >> $O/runs.txt
