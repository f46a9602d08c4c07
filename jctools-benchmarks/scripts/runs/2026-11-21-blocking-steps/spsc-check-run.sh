#!/bin/bash
# What ran for this folder (from the repository root, idle machine, one run at a time; the queues'
# code is that of 09fe17b). The first three sets ran through a draft of ../../scripts/alternate.sh (same
# rounds and options) on a jar whose QueueBaseline had offerAndPollRun under the name
# offerAndPollLoop; the JSON was merged with `../../scripts/ratio.py --merge`.
set -u
R=jctools-benchmarks/results/2026-11-21-blocking-spsc-check
J17=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
JAR=jctools-benchmarks/target/benchmarks.jar
O=(-wi 3 -i 5 -w 500ms -r 500ms)
A=SpscBlockingArrayQueue B=SpscArrayQueue
run() { # NAME JAVA BENCH
  jctools-benchmarks/scripts/alternate.sh /tmp/$1 $2 $JAR "$3" 40 $A $B "${O[@]}"
  python3 jctools-benchmarks/scripts/ratio.py --merge /tmp/$1 $R/$1.json
  python3 jctools-benchmarks/scripts/ratio.py --paired $R/$1.json $A $B
}
run jdk25-offerAndPoll $J25 'QueueBaseline.offerAndPoll$'
run jdk17-offerAndPoll $J17 'QueueBaseline.offerAndPoll$'
run jdk25-offerAndPollRun $J25 'QueueBaseline.offerAndPollRun'
run jdk25-burst $J25 'QueueBurstCost.burst'
# perfasm-*.txt: -prof 'perfasm:intelSyntax=false;events=cpu-clock' with the hsdis of
# ../../tools/hsdis-capstone.c on LD_LIBRARY_PATH (see each file's head for the JMH options).
