#!/bin/bash
# Several values of one JMH parameter, side by side: ROUNDS rounds, each running a one-fork launch
# of BENCH per value, the values' order rotated from round to round. Each launch's JSON is saved as
# ROUND-VALUE.json with the parameter renamed to qType, so that
# `java -cp benchmarks.jar org.jcq.benchmarks.tools.Ratio OUT_DIR a=A b=B` pairs any two values by round
# (as it pairs alternate.sh's launches).
# usage: rounds.sh OUT_DIR JAVA JAR BENCH ROUNDS PARAM V1,V2,... [JMH options]
# e.g.   rounds.sh /tmp/pekko java benchmarks.jar PekkoMailboxes 6 mailbox pekko,jcq,jctools
set -u
R=$1 JAVA=$2 JAR=$3 BENCH=$4 ROUNDS=$5 PARAM=$6 VALUES=$7
shift 7
mkdir -p "$R"
IFS=, read -r -a values <<< "$VALUES"
n=${#values[@]}
U=() FORK_U=()
if "$JAVA" --sun-misc-unsafe-memory-access=allow -version > /dev/null 2>&1; then
  U=(--sun-misc-unsafe-memory-access=allow) FORK_U=(-jvmArgsPrepend --sun-misc-unsafe-memory-access=allow)
fi
for round in $(seq 1 "$ROUNDS"); do
  for k in $(seq 0 $((n - 1))); do
    v=${values[$(((k + round - 1) % n))]}
    "$JAVA" "${U[@]}" -jar "$JAR" "$BENCH" -p "$PARAM=$v" -f 1 "$@" "${FORK_U[@]}" \
      -rf json -rff "$R/$round-$v.json" > "$R/$round-$v.txt" 2>&1
    sed -i "s/\"$PARAM\" : \"$v\"/\"qType\" : \"$v\"/" "$R/$round-$v.json"
    echo "$round $v $(grep -E '^[A-Za-z]+\.[A-Za-z]+ ' "$R/$round-$v.txt" | awk '{print $1, $(NF-3)}' | tr '\n' ' ')"
  done
done
