#!/bin/bash
# LPRQ on trial (issue 36, item 4): jctools-experimental's two PRQ queues beside MpmcArrayQueue,
# MpmcUnboundedXaddArrayQueue and JCTools' MPMC ring (Unsafe and VarHandle editions), one fork
# per queue per round, rounds rotated (configs.sh): one thread (QueueBaseline.offerAndPoll), 1P1C,
# and oversubscribed 4P4C and 8P8C (MpqThroughput, pollsMade) on the machine's cores.
# usage: run.sh OUT_DIR JAVA BENCHMARKS_JAR [ROUNDS]
# On a machine with the cores, the same with THREADS="8,8 16,16 32,32" in the environment.
set -u
OUT=$1 JAVA=$2 JAR=$3 ROUNDS=${4:-8}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
Q=(lprq="$JAR":Experimental.MpmcLprqQueue prq="$JAR":Experimental.MpmcPrqArrayQueue
   mpmc="$JAR":MpmcArrayQueue xadd="$JAR":MpmcUnboundedXaddArrayQueue
   jct="$JAR":JCTools.MpmcArrayQueue jctvh="$JAR":JCToolsVH.MpmcArrayQueue)
JMH=(-wi 3 -i 4 -w 500ms -r 500ms)
bash "$HERE/configs.sh" "$OUT/one-thread" "$JAVA" "$ROUNDS" 'QueueBaseline.offerAndPoll$' "${Q[@]}" -- "${JMH[@]}"
for tg in ${THREADS:-1,1 4,4 8,8}; do
  bash "$HERE/configs.sh" "$OUT/tg${tg/,/x}" "$JAVA" "$ROUNDS" 'MpqThroughput' "${Q[@]}" -- "${JMH[@]}" -tg "$tg"
done
