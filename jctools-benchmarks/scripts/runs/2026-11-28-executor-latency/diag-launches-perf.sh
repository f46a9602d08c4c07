#!/bin/bash
O=$1; N=$2; shift 2; mkdir -p $O
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
JAR=${JAR:-/work/jars/instr.jar}
configs=("$@"); n=${#configs[@]}
for round in $(seq 1 $N); do
  for k in $(seq 0 $((n-1))); do
    c=${configs[$(((k + round - 1) % n))]}; IFS='|' read -r lab q jo <<< "$c"
    perf stat -x, -e task-clock,context-switches,cpu-migrations -o $O/perf-$round-$lab.txt $J25 -Xms1g -Xmx1g $jo -cp $JAR org.jcq.benchmarks.executor.ExecutorBench mode=latency qType=$q workerKind=${KIND:-virtual} workers=2 submitters=1 warmupMillis=1000 durationMillis=${DUR:-3000} > $O/out-$round-$lab.txt 2>&1
    line=$(grep -E "^(executor-bench|PARKING|POS)" $O/out-$round-$lab.txt | tr "\n" " ")
    pf=$(grep -v '^#' $O/perf-$round-$lab.txt | awk -F, 'NF>2{printf "%s=%s ", $3, $1}')
    echo "round=$round cfg=\"$lab\" $line $pf" >> $O/runs.txt
  done
done
echo done >> $O/runs.txt
