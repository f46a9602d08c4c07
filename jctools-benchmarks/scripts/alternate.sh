#!/bin/bash
# Side by side, one fork at a time: a one-fork launch of BENCH for each of two qTypes, in turns
# (A then B in odd rounds, B then A in even ones), ROUNDS times, on the given java; JSON and text
# per launch in OUT_DIR as ROUND-QTYPE.*. Pair them with
#   `java -cp benchmarks.jar org.jcq.benchmarks.tools.Ratio OUT_DIR a=QTYPE_A b=QTYPE_B`.
# usage: alternate.sh OUT_DIR JAVA JAR BENCH ROUNDS QTYPE_A QTYPE_B [more JMH options]
# e.g.   alternate.sh $R/jdk25 /usr/lib/jvm/temurin-25-jdk-amd64/bin/java benchmarks.jar \
#          'QueueBaseline.offerAndPoll$' 40 SpscBlockingArrayQueue SpscArrayQueue -wi 3 -i 5 -w 500ms -r 500ms
set -u
R=$1 JAVA=$2 JAR=$3 BENCH=$4 ROUNDS=$5 A=$6 B=$7
shift 7
mkdir -p "$R"
# JDK 24 and later warn about JMH's use of sun.misc.Unsafe unless told to allow it.
U=() FORK_U=()
if "$JAVA" --sun-misc-unsafe-memory-access=allow -version > /dev/null 2>&1; then
  U=(--sun-misc-unsafe-memory-access=allow) FORK_U=(-jvmArgsPrepend --sun-misc-unsafe-memory-access=allow)
fi
for round in $(seq 1 "$ROUNDS"); do
  order="$A $B"
  [ $((round % 2)) -eq 0 ] && order="$B $A"
  for q in $order; do
    "$JAVA" "${U[@]}" -jar "$JAR" "$BENCH" -p qType="$q" -f 1 "$@" "${FORK_U[@]}" \
      -rf json -rff "$R/$round-$q.json" > "$R/$round-$q.txt" 2>&1
    echo "$round $q $(grep -E '^[A-Za-z]+\.[A-Za-z]+ ' "$R/$round-$q.txt" | awk '{print $(NF-3)}' | head -1)"
  done
done
