#!/bin/bash
# The runs of docs/measurements/2026-11-25-performance.md, in the order they were made. Each jar is
# jctools-benchmarks/target/benchmarks.jar as `mvn -B -q -DskipTests package` built it at the named
# commit (copied aside before the next build); run from the repository root on a quiet machine.
#   ec5b9b7.jar: ec5b9b7 (the consumers' clears without the class check; MPSC fill claims its batch)
#   fd6e0eb.jar: fd6e0eb (MpscArrayQueue.drain in one loop; the relaxed throughput group)
#   fd6e0eb-clearFirst.jar: fd6e0eb with SpscArrayQueue.poll storing null before its index (not kept)
set -eu
R=jctools-benchmarks/results/2026-11-25-performance
A=jctools-benchmarks/scripts/alternate.sh
B="-wi 3 -i 5 -w 500ms -r 500ms"
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java

# 1. Single thread, ours against the JCTools Unsafe twin: offerAndPoll, offerAndPollRun, fillAndDrain.
#    (The packed jdk17-MpscArrayQueue and jdk17-MpscUnboundedArrayQueue files are the reruns of 6.)
for q in SpscArrayQueue MpscArrayQueue SpscUnboundedArrayQueue MpscUnboundedArrayQueue; do
  bash $A $R/jdk17-$q java ec5b9b7.jar 'QueueBaseline' 8 $q JCTools.$q $B
done
for q in SpscArrayQueue MpscArrayQueue; do
  bash $A $R/jdk25-$q $J25 ec5b9b7.jar 'QueueBaseline' 6 $q JCTools.$q $B
done
# Read: python3 $R/../../scripts/ratio.py --paired $R/jdk17-SpscArrayQueue.json SpscArrayQueue JCTools.SpscArrayQueue - offerAndPoll

# 2. The store order of SpscArrayQueue.poll, 1P1C (pollsMade), 16 launches each.
bash jctools-benchmarks/scripts/alternate-jars.sh $R/tpt-jdk17-spsc-order java 'QueueThroughput.tpt$' 16 \
  SpscArrayQueue indexFirst fd6e0eb.jar clearFirst fd6e0eb-clearFirst.jar -p backoff=none $B

# 3. 1P1C regimes, ours against the twin, strict (tpt) and relaxed (tptRelaxed) groups in each launch.
for q in SpscArrayQueue MpscArrayQueue SpmcArrayQueue MpmcArrayQueue; do
  bash $A $R/tpt-jdk17-$q java fd6e0eb.jar 'QueueThroughput.tpt' 16 $q JCTools.$q -p backoff=none $B
done
bash $A $R/tpt-jdk17-SpscUnboundedArrayQueue java fd6e0eb.jar 'QueueThroughput.tpt$' 10 \
  SpscUnboundedArrayQueue JCTools.SpscUnboundedArrayQueue -p backoff=none $B
# Read: python3 $R/regimes.py $R/tpt-jdk17-MpscArrayQueue.json tpt MpscArrayQueue JCTools.MpscArrayQueue

# 4. Round trip of bursts of 1, 10 and 100 through a ring of 2 threads, ns per burst (lower is better).
for q in SpscArrayQueue MpscArrayQueue; do
  bash $A $R/rtt-jdk17-$q java fd6e0eb.jar 'QueueRoundTrip' 6 $q JCTools.$q -p burstSize=1,10,100 -p ringSize=2 $B
done
# Read: python3 $R/rtt.py $R/rtt-jdk17-SpscArrayQueue.json SpscArrayQueue JCTools.SpscArrayQueue

# 5. Against JCTools' own VarHandle edition, single thread.
for q in SpscArrayQueue MpscArrayQueue; do
  bash $A $R/vh-jdk17-$q java fd6e0eb.jar 'QueueBaseline.offerAndPoll$' 6 $q JCToolsVH.$q $B
done

# Each OUT_DIR above was then packed into OUT_DIR.json (`ratio.py --merge OUT_DIR OUT_DIR.json`) and
# its per-launch files removed; ratio.py --paired, regimes.py and rtt.py read the packed files as
# they read the folders.

# Before / after checks quoted in the doc (3 rounds each, not kept): alternate-jars.sh with the build
# before a change as A and the build with it as B, e.g. for the linked-array batch fill:
#   bash jctools-benchmarks/scripts/alternate-jars.sh /tmp/ab java 'QueueBaseline' 3 MpscUnboundedArrayQueue \
#     before fd6e0eb.jar after batch-fill.jar $B

# 6. Last, with the final code (final.jar: the commit after 2bbe6b8's docs, same code as 2bbe6b8):
#    1P1C on JDK 25, QueueBaseline of the linked-array queues on JDK 25, and the JDK 17 QueueBaseline
#    rows of the two MPSC queues again (their fill and drain had changed since section 1's run).
for q in SpscArrayQueue MpscArrayQueue; do
  bash $A $R/tpt-jdk25-$q $J25 final.jar 'QueueThroughput.tpt' 8 $q JCTools.$q -p backoff=none $B
done
for q in SpscUnboundedArrayQueue MpscUnboundedArrayQueue; do
  bash $A $R/jdk25-$q $J25 final.jar 'QueueBaseline' 6 $q JCTools.$q $B
done
for q in MpscArrayQueue MpscUnboundedArrayQueue; do
  bash $A $R/jdk17-$q java final.jar 'QueueBaseline' 8 $q JCTools.$q $B
done
# The chart: python3 $R/chart.py docs/measurements/2026-11-25-ours-over-twin.svg
