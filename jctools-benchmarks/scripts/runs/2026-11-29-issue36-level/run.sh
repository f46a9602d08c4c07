#!/bin/bash
# Issue 36's cells short of 7 of 8 rounds, measured for an interval rather than a count
# (docs/measurements/2026-11-29-aa-calibration.md, "The short cells, measured for an interval"):
# ours and the peer only, 24 rounds each (configs.sh, a layout pad per launch). cur.jar:
# jctools-benchmarks/target/benchmarks.jar of 3d2b5b3 (core as of 244d736). About 35 minutes. Read:
#   java -cp benchmarks.jar org.jcq.benchmarks.tools.Ratio forks.csv.gz a=ours b=vh,unsafe by=source confidence=0.95
# Pack: Pack out/ forks.csv.gz.
set -e
C=${C:-$(dirname "$0")/../../configs.sh}
J17=${J17:-java}
J25=${J25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
O="-wi 3 -i 3 -w 400ms -r 400ms"
for j in 17 25; do
  J=J$j
  bash $C out/mpmc$j ${!J} 24 'QueueBaseline.offerAndPoll$' ours=cur.jar:MpmcArrayQueue \
    vh=cur.jar:JCToolsVH.MpmcArrayQueue -- $O
  bash $C out/mpsc$j ${!J} 24 'QueueBaseline.fillAndDrain$' ours=cur.jar:MpscArrayQueue \
    vh=cur.jar:JCToolsVH.MpscArrayQueue -- $O
done
bash $C out/mpsc256-17 $J17 24 'QueueBaseline.fillAndDrain256$' ours=cur.jar:MpscArrayQueue \
  vh=cur.jar:JCToolsVH.MpscArrayQueue -- $O
bash $C out/growable17 $J17 24 'QueueBaseline.fillAndDrain$' ours=cur.jar:MpscGrowableArrayQueue \
  vh=cur.jar:JCToolsVH.MpscGrowableArrayQueue -- $O
for q in MpscGrowableArrayQueue MpscBlockingConsumerArrayQueue MpscUnboundedArrayQueue; do
  bash $C out/$q-25 $J25 24 'QueueBaseline.fillAndDrain$' ours=cur.jar:$q vh=cur.jar:JCToolsVH.$q -- $O
done
bash $C out/spsc25 $J25 24 'QueueBaseline.fillAndDrain$' ours=cur.jar:SpscArrayQueue \
  unsafe=cur.jar:JCTools.SpscArrayQueue -- $O
