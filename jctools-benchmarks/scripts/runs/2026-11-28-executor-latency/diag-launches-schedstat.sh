#!/bin/bash
O=$1; N=$2; shift 2; mkdir -p $O
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
JAR=${JAR:-/work/jars/instr.jar}
configs=("$@"); n=${#configs[@]}
for round in $(seq 1 $N); do
  for k in $(seq 0 $((n-1))); do
    c=${configs[$(((k + round - 1) % n))]}; IFS='|' read -r lab q jo <<< "$c"
    $J25 -Xms1g -Xmx1g $jo -cp $JAR org.jcq.benchmarks.executor.ExecutorBench mode=latency qType=$q workerKind=${KIND:-virtual} workers=2 submitters=1 warmupMillis=1000 durationMillis=${DUR:-3000} > $O/out-$round-$lab.txt 2>&1 &
    pid=$!
    sleep 1.6
    for t in /proc/$pid/task/*; do echo "A $(cat $t/comm | tr ' ' _) $(cat $t/schedstat) $(grep -E '^(nr_migrations|nr_switches|nr_voluntary_switches|nr_involuntary_switches)' $t/sched | awk '{printf "%s ", $3}')"; done > $O/s1-$round-$lab.txt 2>/dev/null
    sleep 2
    for t in /proc/$pid/task/*; do echo "B $(cat $t/comm | tr ' ' _) $(cat $t/schedstat) $(grep -E '^(nr_migrations|nr_switches|nr_voluntary_switches|nr_involuntary_switches)' $t/sched | awk '{printf "%s ", $3}')"; done > $O/s2-$round-$lab.txt 2>/dev/null
    wait $pid
    line=$(grep -E "^(executor-bench|POS)" $O/out-$round-$lab.txt | tr "\n" " ")
    echo "round=$round cfg=\"$lab\" $line" >> $O/runs.txt
  done
done
echo done >> $O/runs.txt
