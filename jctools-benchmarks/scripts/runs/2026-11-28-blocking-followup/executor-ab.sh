#!/bin/bash
# ExecutorBench throughput, two jars alternating: exec-ab.sh OUT ROUNDS QTYPE SUBMITTERS... ; env A, B jars, J java, KIND
O=$1; ROUNDS=$2; Q=$3; shift 3; mkdir -p $O
J=${J:-/usr/lib/jvm/java-17-openjdk-amd64/bin/java}
for r in $(seq 1 $ROUNDS); do
  for s in "$@"; do
    for lab in $( [ $((r%2)) = 1 ] && echo "a b" || echo "b a"); do
      jar=$A; [ $lab = b ] && jar=$B
      line=$($J -Xms1g -Xmx1g -cp $jar org.jcq.benchmarks.executor.ExecutorBench mode=throughput qType=$Q workerKind=${KIND:-platform} workers=2 submitters=$s warmupMillis=1000 durationMillis=1500 2>&1 | grep '^executor-bench' | tail -1)
      echo "$r $lab-s$s $(echo "$line" | grep -o 'tasksPerSecond=[0-9]*' | cut -d= -f2)" >> $O/sum.txt
    done
  done
done
echo done >> $O/sum.txt
