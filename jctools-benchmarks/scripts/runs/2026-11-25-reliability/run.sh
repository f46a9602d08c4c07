#!/bin/bash
# What ran for this folder (from the repository root, one run at a time, nothing else running).
# "before" is the benchmarks jar of d959cd6 (the code before the reliability fixes), "after" that of their
# last code change; each built with `mvn -B -q -DskipTests package` in its own checkout.
set -u
R=jctools-benchmarks/results/2026-11-25-reliability
S=jctools-benchmarks/scripts/alternate-jars.sh
J17=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
BEFORE=/tmp/before.jar AFTER=/tmp/after3.jar
# after3: the code before MpscArrayQueue's last change (74b8e0b), which touched only the wait for a
# claimed head, a path one thread never takes; after4: the last code change of the reliability fixes.
AFTER4=/tmp/after4.jar
O=(-wi 3 -i 5 -w 500ms -r 500ms)
baseline() { # JDK QTYPE ROUNDS: QueueBaseline.offerAndPoll, one fork per launch, alternating
  local J=$J17; [ "$1" = 25 ] && J=$J25
  $S /tmp/qb/jdk$1-$2 $J 'QueueBaseline.offerAndPoll$' $3 $2 before $BEFORE after $AFTER "${O[@]}"
  python3 jctools-benchmarks/scripts/ratio.py --merge /tmp/qb/jdk$1-$2 $R/baseline-jdk$1-$2.json
  python3 jctools-benchmarks/scripts/ratio.py --paired $R/baseline-jdk$1-$2.json after before
}
baseline 17 MpmcArrayQueue 8
baseline 25 MpmcArrayQueue 8
baseline 17 MpscArrayQueue 8
baseline 25 MpscArrayQueue 8
baseline 17 MpscBlockingConsumerArrayQueue 6
baseline 17 MpscUnboundedXaddArrayQueue 6
baseline 17 MpmcUnboundedXaddArrayQueue 6
AFTER=$AFTER4  # the JDK 25 rows of these three ran last, against the final code
baseline 25 MpscBlockingConsumerArrayQueue 6
baseline 25 MpscUnboundedXaddArrayQueue 6
baseline 25 MpmcUnboundedXaddArrayQueue 6
# Hand-off through a full MpscBlockingConsumerArrayQueue (PutHandOff: producers put, one consumer
# takes; ns per element, median of 10 rounds of 200 ms), before (3c17590: PutHandOff, no fix yet)
# and after, alternating, on JDK 25 (platform and virtual threads) and JDK 17 (platform).
# puthandoff.txt: first with after3 (4 rounds on JDK 25, 4 on JDK 17), then "after4" rows.
PH_BEFORE=/tmp/ph-before.jar
for i in 1 2; do for v in before after4; do
  jar=$AFTER4; [ $v = before ] && jar=$PH_BEFORE
  $J25 -cp $jar org.jcq.benchmarks.tools.PutHandOff qTypes=MpscBlockingConsumerArrayQueue | sed "s/^/$v jdk25 $i /"
  $J17 -cp $jar org.jcq.benchmarks.tools.PutHandOff qTypes=MpscBlockingConsumerArrayQueue threadKinds=platform | sed "s/^/$v jdk17 $i /"
done; done | tee -a $R/puthandoff.txt
