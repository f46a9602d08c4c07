#!/bin/bash
O=$1; N=$2; Q=$3; mkdir -p $O
for round in $(seq 1 $N); do
  java -Xms1g -Xmx1g -cp ${JAR:-/work/jars/jit.jar} org.jcq.benchmarks.executor.ExecutorBench mode=throughput qType=$Q workerKind=platform workers=2 submitters=2 warmupMillis=2000 durationMillis=3000 > $O/out-$round.txt 2>&1 &
  pid=$!; sleep 2.5
  for t in /proc/$pid/task/*; do echo "A $(cat $t/comm | tr ' ' _) $(cat $t/schedstat) $(grep -E '^(nr_switches|nr_voluntary_switches|nr_involuntary_switches)' $t/sched | awk '{printf "%s ", $3}')"; done > $O/s1-$round-x.txt 2>/dev/null
  sleep 2
  for t in /proc/$pid/task/*; do echo "B $(cat $t/comm | tr ' ' _) $(cat $t/schedstat) $(grep -E '^(nr_switches|nr_voluntary_switches|nr_involuntary_switches)' $t/sched | awk '{printf "%s ", $3}')"; done > $O/s2-$round-x.txt 2>/dev/null
  wait $pid
  echo "round=$round cfg=\"x\" $(grep -o 'tasksPerSecond=[0-9]*' $O/out-$round.txt) p50Us=0 p99Us=0" >> $O/runs.txt
done
