#!/bin/bash
# Issue 38: what the checked mode, the exact bound and the Flight Recorder events cost the unchecked,
# rounded queues with no recording (docs/measurements/2026-11-29-issue38-costs.md). Three builds'
# benchmark jars in the current folder: pre.jar (c423d8e, before the checked mode), c38.jar
# (6f6194f, the checked mode and toString), final.jar (b3a5116, the exact bound and the events).
# One-thread offer+poll and 1P1C throughput of the four rings, 8 paired rounds each, JDK 17; then
# the SPMC ring's offer without the exact bound's test (nobranch.jar: b3a5116 with
# BaseSpmcArrayQueue.offer's "|| (bound <= mask && aheadOfBound(...))" removed) and with it as a
# statement of its own (v2.jar), told by the array's length (len.jar) and tested first with the exact
# offer a method of its own (top.jar, the shipped form, also "fix"). Pack: Pack out/ forks.csv.gz.
set -e
C=${C:-$(dirname "$0")/../../configs.sh}
O="-wi 3 -i 4 -w 500ms -r 500ms"
for q in SpscArrayQueue MpscArrayQueue SpmcArrayQueue MpmcArrayQueue; do
  bash $C out/one/$q java 8 'QueueBaseline.offerAndPoll$' pre=pre.jar:$q c38=c38.jar:$q fin=final.jar:$q -- $O
  # SpscArrayQueue's 1P1C run took every backoff (none, yield, park); the others backoff=none.
  bash $C out/1p1c/$q java 8 'QueueThroughput.tpt$' pre=pre.jar:$q c38=c38.jar:$q fin=final.jar:$q -- -p backoff=none $O
done
bash $C out/spmcvar java 8 'QueueBaseline.offerAndPoll$' fin=final.jar:SpmcArrayQueue nob=nobranch.jar:SpmcArrayQueue c38=c38.jar:SpmcArrayQueue -- $O
bash $C out/spmcvar2 java 8 'QueueBaseline.offerAndPoll$' fin=final.jar:SpmcArrayQueue nob=nobranch.jar:SpmcArrayQueue v2=v2.jar:SpmcArrayQueue -- $O
bash $C out/spmcvar3 java 8 'QueueBaseline.offerAndPoll$' fin=final.jar:SpmcArrayQueue nob=nobranch.jar:SpmcArrayQueue len=len.jar:SpmcArrayQueue -- $O
bash $C out/spmcvar4 java 8 'QueueBaseline.offerAndPoll$' top=top.jar:SpmcArrayQueue nob=nobranch.jar:SpmcArrayQueue fin=final.jar:SpmcArrayQueue -- $O
bash $C out/spmcfix java 8 'QueueBaseline.offerAndPoll$' fix=top.jar:SpmcArrayQueue c38=c38.jar:SpmcArrayQueue pre=pre.jar:SpmcArrayQueue -- $O
bash $C out/mpmc1p1c java 8 'QueueThroughput.tpt$' fix=top.jar:MpmcArrayQueue c38=c38.jar:MpmcArrayQueue pre=pre.jar:MpmcArrayQueue -- -p backoff=none $O
