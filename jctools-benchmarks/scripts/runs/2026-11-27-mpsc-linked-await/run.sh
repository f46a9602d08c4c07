#!/bin/bash
# MpscUnboundedArrayQueue's 1P1C batches (QueueBatchThroughput, batches of 32 and 256, chunk
# 131072) after the bounded wait for a claimed run in the MPSC linked-array drain (jar "new",
# built from e853da6, which added it), before it ("head", a1cdc85), and JCTools 4.0.7's Unsafe
# and VarHandle twins; then one thread (QueueBaseline fillAndDrain, fillAndDrain256) before and
# after. The 1P1C runner is the one of 2026-11-26-mpmc-await (one launch per jar and queue per
# round, order shuffled per round, -wi 2 -i 5 -w 1s -r 1s, -Xms1g -Xmx1g, G1).
# As run (2026-11-27, 2 vCPUs), from the repository root:
set -eu
R=jctools-benchmarks/results
NEW=${NEW:-/tmp/new.jar} HEAD=${HEAD:-/tmp/head.jar} OUT=${1:-/tmp/r}
Q=MpscUnboundedArrayQueue bash $R/2026-11-26-mpmc-await/run.sh "$OUT/mpscu-jdk17" java 6 "$NEW" "$HEAD"
Q=MpscUnboundedArrayQueue bash $R/2026-11-26-mpmc-await/run.sh "$OUT/mpscu-jdk25" \
  /usr/lib/jvm/temurin-25-jdk-amd64/bin/java 3 "$NEW" "$HEAD"
bash $R/alternate-jars.sh "$OUT/one-thread-mpscu" java 'QueueBaseline.fillAndDrain(256)?$' 4 MpscUnboundedArrayQueue \
  head "$HEAD" new "$NEW" -wi 2 -i 3 -w 500ms -r 500ms -jvmArgsAppend "-Xms1g -Xmx1g"
# Packed with ratio.py --merge DIR FILE.json; read with
#   ratio.py --paired mpscu-jdk17.json new unsafe pollsMade - batchSize=32     (and vh, head; 256)
#   ratio.py --paired one-thread-mpscu.json new head - 'QueueBaseline.fillAndDrain'   (and fillAndDrain256)
