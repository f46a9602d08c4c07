#!/bin/bash
# Every queue beside its Unsafe-free peers (JCTools' VarHandle and Atomic editions), JCTools'
# Unsafe edition (the limit) and, where they exist, Agrona's and the JDK's queues: one command for
# the tables of docs/peers.md. Each phase runs rounds.sh per queue: every round launches one JMH fork
# per queue of the row, in an order rotated from round to round, so Ratio and Peers can pair them.
#
# usage: peers.sh OUT_DIR JAVA JAR PHASE...
#   base   QueueBaseline (offerAndPoll, offerAndPollRun, fillAndDrain, fillAndDrain256,
#          fillAndDrainWaiting), one thread, capacity (or chunk) 1024, $BASE_ROUNDS rounds (default 8)
#   base-batch  base's fillAndDrain and fillAndDrain256 alone, for the batch queues, into base-batch/
#          (Peers shows them in place of base's: to refresh the batch rows without the rest)
#   tpt    QueueThroughput tpt and tptRelaxed, 1 producer and 1 consumer, no back-off,
#          $TPT_ROUNDS launches (default 16)
#   batch  QueueBatchThroughput, producer fill / consumer drain, batchSize 32 and 256, the batch
#          queues beside JCTools' Unsafe edition, $TPT_ROUNDS launches
#   stpar  the one-thread batch forms (fillAndDrain, fillAndDrain256, fillAndDrainWaiting) of the
#          batch queues beside the Unsafe edition with -XX:+UseParallelGC, $BASE_ROUNDS rounds
#   old    as stpar, with G1 and JMH's -gc true: a full collection before each iteration moves the
#          ring to the old generation, as it is for a long-lived queue, where each reference store
#          into it takes G1's card-marking slow path; $GC_ROUNDS rounds
#   gc     QueueThroughput of every queue and its peers with -XX:+UseParallelGC and -XX:+UseZGC,
#          $GC_ROUNDS launches (default 4), and MpmcArrayQueue's row with $TPT_ROUNDS
# Every JVM gets -Xms1g -Xmx1g (as the issue's harness did); JMH settings in $JMH.
# Read: java -cp benchmarks.jar org.jcq.benchmarks.tools.Peers OUT_DIR > tables.md
#   (or pack first: org.jcq.benchmarks.tools.Pack OUT_DIR forks.csv.gz, then Peers forks.csv.gz)
# e.g.  bash jctools-benchmarks/scripts/peers.sh /tmp/peers17 java jctools-benchmarks/target/benchmarks.jar base tpt
set -u
OUT=$1 JAVA=$2 JAR=$3
shift 3
HERE=$(cd "$(dirname "$0")" && pwd)
BASE_ROUNDS=${BASE_ROUNDS:-8}
TPT_ROUNDS=${TPT_ROUNDS:-16}
GC_ROUNDS=${GC_ROUNDS:-4}
JMH=${JMH:--wi 2 -i 3 -w 200ms -r 200ms}
HEAP="-Xms1g -Xmx1g"

# The queues that have a twin in JCTools' VarHandle or Atomic edition, and the anchors of each.
# ($QUEUES and $BATCH_QUEUES narrow a run.)
QUEUES=${QUEUES:-"SpscArrayQueue MpscArrayQueue SpmcArrayQueue MpmcArrayQueue SpscChunkedArrayQueue \
SpscUnboundedArrayQueue SpscGrowableArrayQueue MpscChunkedArrayQueue MpscUnboundedArrayQueue \
MpscGrowableArrayQueue MpscBlockingConsumerArrayQueue SpscLinkedQueue MpscLinkedQueue"}
BATCH_QUEUES=${BATCH_QUEUES:-"SpscArrayQueue MpscArrayQueue SpmcArrayQueue MpmcArrayQueue SpscChunkedArrayQueue \
SpscUnboundedArrayQueue SpscGrowableArrayQueue MpscChunkedArrayQueue MpscUnboundedArrayQueue \
MpscGrowableArrayQueue"}
anchors() {
  case $1 in
    SpscArrayQueue) echo ",Agrona.OneToOneConcurrentArrayQueue,JDK.ArrayBlockingQueue" ;;
    MpscArrayQueue) echo ",Agrona.ManyToOneConcurrentArrayQueue,JDK.ArrayBlockingQueue" ;;
    MpmcArrayQueue) echo ",Agrona.ManyToManyConcurrentArrayQueue,JDK.ArrayBlockingQueue" ;;
    MpscLinkedQueue|MpscUnboundedArrayQueue) echo ",JDK.ConcurrentLinkedQueue" ;;
    *) echo "" ;;
  esac
}
row() {
  local q=$1 v="$1,JCToolsVH.$1"
  [ "$q" != MpscBlockingConsumerArrayQueue ] && v="$v,JCToolsAtomic.$q"
  echo "$v,JCTools.$q$(anchors "$q")"
}
run() { # run DIR BENCH ROUNDS VALUES [JMH options]
  local dir=$1 bench=$2 rounds=$3 values=$4
  shift 4
  bash "$HERE/rounds.sh" "$dir" "$JAVA" "$JAR" "$bench" "$rounds" qType "$values" $JMH "$@"
}

for phase in "$@"; do
  case $phase in
    base)
      for q in $QUEUES; do
        run "$OUT/base/$q" 'QueueBaseline' "$BASE_ROUNDS" "$(row "$q")" -p qCapacity=1024 -jvmArgsAppend "$HEAP"
      done ;;
    base-batch)
      for q in $BATCH_QUEUES; do
        run "$OUT/base-batch/$q" 'QueueBaseline.fillAndDrain(256)?$' "$BASE_ROUNDS" "$(row "$q")" -p qCapacity=1024 -jvmArgsAppend "$HEAP"
      done ;;
    tpt)
      for q in $QUEUES; do
        run "$OUT/tpt/$q" 'QueueThroughput.tpt' "$TPT_ROUNDS" "$(row "$q")" -p backoff=none -jvmArgsAppend "$HEAP"
      done ;;
    batch)
      for q in $BATCH_QUEUES; do
        run "$OUT/batch/$q" 'QueueBatchThroughput' "$TPT_ROUNDS" "$q,JCTools.$q" -p batchSize=32,256 -jvmArgsAppend "$HEAP"
      done ;;
    stpar)
      for q in $BATCH_QUEUES; do
        run "$OUT/stpar/$q" 'QueueBaseline.fillAndDrain' "$BASE_ROUNDS" "$q,JCTools.$q" \
          -p qCapacity=1024 -jvmArgsAppend "$HEAP -XX:+UseParallelGC"
      done ;;
    old)
      for q in $BATCH_QUEUES; do
        run "$OUT/old/$q" 'QueueBaseline.(offerAndPoll|fillAndDrain|fillAndDrain256|fillAndDrainWaiting)$' "$GC_ROUNDS" "$q,JCTools.$q" \
          -p qCapacity=1024 -gc true -jvmArgsAppend "$HEAP"
      done ;;
    gc)
      for gc in ParallelGC ZGC; do
        run "$OUT/gc-$gc/MpmcArrayQueue" 'QueueThroughput.tpt' "$TPT_ROUNDS" "$(row MpmcArrayQueue)" \
          -p backoff=none -jvmArgsAppend "$HEAP -XX:+Use$gc"
        for q in $QUEUES; do
          [ "$q" = MpmcArrayQueue ] && continue
          run "$OUT/gc-$gc/$q" 'QueueThroughput.tpt' "$GC_ROUNDS" "$(row "$q")" \
            -p backoff=none -jvmArgsAppend "$HEAP -XX:+Use$gc"
        done
      done ;;
    *) echo "unknown phase $phase" >&2; exit 2 ;;
  esac
done
