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
mkdir -p "$R"
# JDK 24 and later warn about JMH's use of sun.misc.Unsafe unless told to allow it.
U=() FORK_U=()
if "$JAVA" --sun-misc-unsafe-memory-access=allow -version > /dev/null 2>&1; then
  U=(--sun-misc-unsafe-memory-access=allow) FORK_U=(-jvmArgsPrepend --sun-misc-unsafe-memory-access=allow)
fi
for round in $(seq 1 "$ROUNDS"); do
  order="$LA $LB"
  [ $((round % 2)) -eq 0 ] && order="$LB $LA"
  for label in $order; do
    jar=$JA
    [ "$label" = "$LB" ] && jar=$JB
    "$JAVA" "${U[@]}" -jar "$jar" "$BENCH" -p qType="$Q" -f 1 "$@" "${FORK_U[@]}" \
      -rf json -rff "$R/$round-$label.json" > "$R/$round-$label.txt" 2>&1
    sed -i "s/\"qType\" : \"$Q\"/\"qType\" : \"$label\"/" "$R/$round-$label.json"
    echo "$round $label $(grep -E '^[A-Za-z]+\.[A-Za-z]+ ' "$R/$round-$label.txt" | awk '{print $(NF-3)}' | head -1)"
  done
done
