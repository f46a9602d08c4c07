#!/bin/bash
# Any number of configurations side by side, one fork at a time: each round launches BENCH once
# per configuration LABEL=JAR:QTYPE (a queue from a jar), in an order rotated from round to round
# (round 1 in the order given), a JVM each; each launch's JSON is saved as ROUND-LABEL.json with
# its qType renamed to LABEL, and the round's two-thread ping-pong time (where the two vCPUs sit;
# where the first jar has PingPong) goes to pingpong.txt. Read with
#   java -cp benchmarks.jar org.jcq.benchmarks.tools.Ratio OUT_DIR a=LABEL_A b=LABEL_B,LABEL_C
# usage: configs.sh OUT_DIR JAVA ROUNDS BENCH LABEL=JAR:QTYPE... [-- JMH options]
# e.g.   configs.sh /tmp/mpsc java 8 'QueueBaseline.fillAndDrain' new=new.jar:MpscArrayQueue \
#          cur=cur.jar:MpscArrayQueue vh=cur.jar:JCToolsVH.MpscArrayQueue -- -wi 3 -i 4 -w 500ms -r 500ms
# Prints each launch's first score as it goes.
# Each launch's JVM gets -Djcq.layout=<a string of 0 to 4095 x's, drawn anew per launch>, its length
# in layout.txt: where the JVM's first objects land moves with anything that allocates before them
# (a longer jar path, a system property), and that alone moved a one-thread benchmark by a tenth in
# every round (docs/benchmark-guide.md, "Layout"); drawn per launch, it is spread, not a bias of one
# configuration. Ratio, Peers and Pack ignore the property. LAYOUT=fixed leaves it out.
set -u
OUT=$1 JAVA=$2 ROUNDS=$3 BENCH=$4
shift 4
CONFIGS=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do CONFIGS+=("$1"); shift; done
[ $# -gt 0 ] && shift
mkdir -p "$OUT"
# JDK 24 and later warn about JMH's use of sun.misc.Unsafe (and JCTools' Unsafe edition needs it)
# unless told to allow it: host and forks.
U=() FORK_ARGS=""
if "$JAVA" --sun-misc-unsafe-memory-access=allow -version > /dev/null 2>&1; then
  U=(--sun-misc-unsafe-memory-access=allow) FORK_ARGS="--sun-misc-unsafe-memory-access=allow"
fi
LAYOUT=${LAYOUT:-shuffle}
n=${#CONFIGS[@]}
first=${CONFIGS[0]#*=}
PINGPONG=""
if unzip -l "${first%%:*}" org/jcq/benchmarks/tools/PingPong.class > /dev/null 2>&1; then
  PINGPONG=org.jcq.benchmarks.tools.PingPong
fi
for round in $(seq 1 "$ROUNDS"); do
  if [ -n "$PINGPONG" ]; then
    echo "$round $("$JAVA" "${U[@]}" -cp "${first%%:*}" "$PINGPONG")" >> "$OUT/pingpong.txt"
  fi
  for k in $(seq 0 $((n - 1))); do
    c=${CONFIGS[$(((k + round - 1) % n))]}
    label=${c%%=*} rest=${c#*=}
    jar=${rest%%:*} q=${rest#*:}
    b="$OUT/$round-$label"
    FORK=()
    if [ "$LAYOUT" = fixed ]; then
      [ -n "$FORK_ARGS" ] && FORK=(-jvmArgsPrepend "$FORK_ARGS")
    else
      pad=$((RANDOM % 4096))
      echo "$round $label $pad" >> "$OUT/layout.txt"
      FORK=(-jvmArgsPrepend "${FORK_ARGS:+$FORK_ARGS }-Djcq.layout=$(head -c "$pad" /dev/zero | tr '\0' x)")
    fi
    "$JAVA" "${U[@]}" -jar "$jar" "$BENCH" -p qType="$q" -f 1 "$@" "${FORK[@]}" -rf json -rff "$b.json" \
      > "$b.txt" 2>&1
    sed -i "s/\"qType\" : \"$q\"/\"qType\" : \"$label\"/" "$b.json"
    echo "$round $label $(grep -E '^[A-Za-z]+\.[A-Za-z]+ ' "$b.txt" | awk '{print $(NF-3)}' | head -1)"
  done
done
