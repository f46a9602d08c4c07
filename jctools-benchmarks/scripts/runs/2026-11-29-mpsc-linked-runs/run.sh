#!/bin/bash
# Issue 36, item 1: the MPSC linked-array queues' fill in runs of slots on JDK 24+ (new.jar: the
# commit that brought it) beside the code before (cur.jar: 613b598) and JCTools' VarHandle edition,
# JDK 25, fill 32 and 256 then drain (docs/measurements/2026-11-29-mpsc-batches.md, last section).
# Pack: Pack lr/ forks.csv.gz.
set -e
C=${C:-$(dirname "$0")/../../configs.sh}
J25=${J25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
for q in MpscUnboundedArrayQueue MpscChunkedArrayQueue MpscGrowableArrayQueue; do
  bash $C lr/$q $J25 8 'QueueBaseline.fillAndDrain(256)?$' new=new.jar:$q cur=cur.jar:$q vh=cur.jar:JCToolsVH.$q -- -wi 3 -i 4 -w 500ms -r 500ms
done
