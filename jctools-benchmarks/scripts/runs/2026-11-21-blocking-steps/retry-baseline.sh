#!/bin/bash
# One thread, nobody waits: the blocking SPSC queue against its non-blocking twin on JDK 25, 16
# forks (the fast path is that of 07f3b89; the earlier 8-fork run found the twin bimodal).
set -u
cd /work/main
R=jctools-benchmarks/results/2026-11-21-blocking-retry
U="--sun-misc-unsafe-memory-access=allow"
/usr/lib/jvm/temurin-25-jdk-amd64/bin/java $U -jar /tmp/bench-retry.jar QueueBaseline \
  -p qType=SpscBlockingArrayQueue,SpscArrayQueue -f 16 -wi 3 -i 5 -w 500ms -r 500ms -jvmArgsAppend $U \
  -rf json -rff $R/baseline-spsc-jdk25.json > $R/baseline-spsc-jdk25.txt 2>&1
grep -E "^QueueBaseline" $R/baseline-spsc-jdk25.txt
