#!/bin/bash
# The runs behind docs/measurements/2026-11-27-log4j-async-appender.md (2 vCPUs, nothing else
# running). JAR: jctools-benchmarks/target/benchmarks.jar of the change; OLD: the same built at
# d65ddd2 (before it), for PutHandOff's before/after.
# usage: run.sh JAR OLD_JAR
set -u
JAR=$1 OLD=$2 HERE=$(dirname "$0")
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
U=--sun-misc-unsafe-memory-access=allow
EVENTS=300000 bash "$HERE/../../scripts/log4j-async.sh" "$HERE/jdk17" java "$JAR" 4 > "$HERE/jdk17.summary" 2>&1
EVENTS=300000 bash "$HERE/../../scripts/log4j-async.sh" "$HERE/jdk25" $J25 "$JAR" 4 > "$HERE/jdk25.summary" 2>&1
mkdir -p "$HERE/puthandoff"
for round in 1 2 3; do
  for v in old new; do
    j=$JAR; [ $v = old ] && j=$OLD
    $J25 $U -cp "$j" org.jcq.benchmarks.tools.PutHandOff threadKinds=platform,virtual producers=1,3 capacities=4,64 \
      > "$HERE/puthandoff/$round-$v.txt" 2>&1
  done
done
