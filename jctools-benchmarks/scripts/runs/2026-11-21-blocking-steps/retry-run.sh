#!/bin/bash
# What ran for this folder (from the repository root, idle machine, code at a8b9bb7):
set -u
R=jctools-benchmarks/results/2026-11-21-blocking-retry
cp jctools-benchmarks/target/benchmarks.jar /tmp/bench-retry.jar
jctools-benchmarks/scripts/blocking-1p1c.sh $R /tmp/bench-retry.jar
# C0 without the one try (/tmp/bench-c0.jar, 7247540) against this jar:
jctools-benchmarks/scripts/ab.sh $R/ab /tmp/bench-c0.jar /tmp/bench-retry.jar 4 MpscBlockingArrayQueue,MpmcBlockingArrayQueue,JDK.ArrayBlockingQueue 1,1
# Then baseline.sh, and jcstress (see README.md).
