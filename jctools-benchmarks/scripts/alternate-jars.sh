#!/bin/bash
# Before and after, side by side, one fork at a time: a one-fork launch of BENCH for one qType from
# each of two jars (built from two commits), in turns (A then B in odd rounds, B then A in even
# ones), ROUNDS times, on the given java. Each launch's JSON is saved as ROUND-LABEL.json with its
# qType renamed to LABEL, so that `java -cp benchmarks.jar org.jcq.benchmarks.tools.Ratio OUT_DIR a=LABEL_A b=LABEL_B`
# pairs them as it pairs alternate.sh's launches.
# usage: alternate-jars.sh OUT_DIR JAVA BENCH ROUNDS QTYPE LABEL_A JAR_A LABEL_B JAR_B [JMH options]
# e.g.   alternate-jars.sh /tmp/mpsc17 java 'QueueBaseline.offerAndPoll$' 20 MpscArrayQueue \
#          before /tmp/before.jar after jctools-benchmarks/target/benchmarks.jar -wi 3 -i 5 -w 500ms -r 500ms
set -u
R=$1 JAVA=$2 BENCH=$3 ROUNDS=$4 Q=$5 LA=$6 JA=$7 LB=$8 JB=$9
shift 9
# Two configurations of configs.sh, which alternates them (A first in odd rounds).
exec bash "$(dirname "$0")/configs.sh" "$R" "$JAVA" "$ROUNDS" "$BENCH" "$LA=$JA:$Q" "$LB=$JB:$Q" -- "$@"
