#!/bin/bash
# How far one queue's one-thread offer+poll moves from fork to fork on this machine: six forks
# each of JCQ's and JCTools' VarHandle edition's SpscChunkedArrayQueue and SpscUnboundedArrayQueue,
# under G1 and ParallelGC, and an 8-round paired run of the chunked queue against its twin.
# usage: run.sh OUT_DIR JAR   (JDK 17, 2 vCPUs, nothing else running)
set -eu
OUT=$1 JAR=$2 HERE=$(dirname "$0")
mkdir -p "$OUT"
for gc in G1 Parallel; do
  for q in SpscChunkedArrayQueue JCToolsVH.SpscChunkedArrayQueue SpscUnboundedArrayQueue JCToolsVH.SpscUnboundedArrayQueue; do
    java -jar "$JAR" 'QueueBaseline.offerAndPoll$' -p qType=$q -p qCapacity=1024 -f 6 -wi 2 -i 2 \
      -w 500ms -r 500ms -jvmArgsAppend -XX:+Use${gc}GC > "$OUT/f-$gc-$q.txt" 2>&1
    echo "$gc $q $(grep -E '^Iteration   2' "$OUT/f-$gc-$q.txt" | awk '{printf "%d ", $3}')"
  done
done | tee "$OUT/forks.txt"
bash "$HERE/../../scripts/alternate.sh" "$OUT/paired" java "$JAR" 'QueueBaseline.offerAndPoll$' 8 \
  SpscChunkedArrayQueue JCToolsVH.SpscChunkedArrayQueue -p qCapacity=1024 -wi 2 -i 3 -w 500ms -r 500ms
python3 "$HERE/../../scripts/ratio.py" --paired "$OUT/paired" SpscChunkedArrayQueue JCToolsVH.SpscChunkedArrayQueue
