#!/bin/bash
# The runs behind docs/measurements/2026-11-27-netty-event-loops.md (2 vCPUs, nothing else
# running): netty-loops.sh, 6 rounds on JDK 17 and on JDK 25.
# usage: run.sh JAR   (jctools-benchmarks/target/benchmarks.jar)
set -u
JAR=$1 HERE=$(dirname "$0")
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
bash "$HERE/../netty-loops.sh" "$HERE/jdk17" java "$JAR" 6 > "$HERE/jdk17.summary" 2>&1
bash "$HERE/../netty-loops.sh" "$HERE/jdk25" $J25 "$JAR" 6 > "$HERE/jdk25.summary" 2>&1
