#!/bin/bash
# Issue 36's rows, every one from this command (docs/peers.md, "Issue 36's rows"): the MPSC and
# SPSC batches (QueueBaseline.fillAndDrain: fill 32 then drain 32; fillAndDrain256) and the MPMC
# ring's one-thread offer+poll, ours beside JCTools 4.0.7's VarHandle and Unsafe editions, 8 paired
# rounds (configs.sh: one JVM per launch, the three in rotated order, a layout pad drawn per
# launch), on JDK 17 and on Temurin 25. JAR: the benchmark jar of the code measured (default the
# build's). Pack: Pack out/ forks.csv.gz. Read: Ratio forks.csv.gz a=ours b=vh,unsafe by=source.
set -e
C=${C:-$(dirname "$0")/../../configs.sh}
JAR=${JAR:-jctools-benchmarks/target/benchmarks.jar}
O="-wi 3 -i 3 -w 400ms -r 400ms"
for J in java ${J25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}; do
  v=$("$J" -XshowSettings:properties -version 2>&1 | sed -n 's/.*java.specification.version = //p')
  for q in MpscArrayQueue MpscBlockingConsumerArrayQueue MpscChunkedArrayQueue MpscGrowableArrayQueue \
      MpscUnboundedArrayQueue SpscArrayQueue; do
    bash $C out/jdk$v/$q "$J" 8 'QueueBaseline.fillAndDrain(256)?$' ours=$JAR:$q vh=$JAR:JCToolsVH.$q \
      unsafe=$JAR:JCTools.$q -- $O
  done
  bash $C out/jdk$v/MpmcArrayQueue "$J" 8 'QueueBaseline.offerAndPoll$' ours=$JAR:MpmcArrayQueue \
    vh=$JAR:JCToolsVH.MpmcArrayQueue unsafe=$JAR:JCTools.MpmcArrayQueue -- $O
done
