#!/bin/bash
# What ran for this folder (from the repository root, idle machine, code at 7247540):
set -u
R=jctools-benchmarks/results/2026-11-21-blocking-c0
cp jctools-benchmarks/target/benchmarks.jar /tmp/bench-c0.jar
jctools-benchmarks/scripts/blocking-1p1c.sh $R /tmp/bench-c0.jar
# Then, the jar before C0 (/tmp/bench-handoff.jar, built at 07f3b89) against this one:
jctools-benchmarks/scripts/ab.sh $R/ab /tmp/bench-handoff.jar /tmp/bench-c0.jar 6 MpscBlockingArrayQueue,MpmcBlockingArrayQueue,JDK.ArrayBlockingQueue 1,1
jctools-benchmarks/scripts/ab.sh $R/ab-npnc /tmp/bench-handoff.jar /tmp/bench-c0.jar 4 MpmcBlockingArrayQueue,JDK.ArrayBlockingQueue 2,2
