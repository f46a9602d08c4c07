#!/bin/bash
# Wait protocols side by side: the same blocking benchmarks for several (jar, queue) pairs, so a
# queue built from an older commit (another wait protocol) runs beside today's. Paired,
# interleaved rounds: in each round every configuration once, in an order rotated from round to
# round, a fresh JVM per launch; the two-thread ping-pong time of each round's start is recorded
# (the two vCPUs' placement: about 100 or about 540 ns). Then, once per configuration, idle CPU and
# the hand-off through a full queue.
# Benchmarks: BlockingThroughput 1P1C (JDK 17) and 2P1C or 2P2C (GROUP mpsc or mpmc; none for
# spsc), 1P1C on virtual threads (JDK 25); BlockingRoundTrip with bursts of 1 on platform threads
# (JDK 17) and virtual ones (JDK 25); IdleConsumerCpu (JDK 17, 25); PutHandOff (JDK 25).
# usage: blocking-protocols.sh OUT_DIR ROUNDS GROUP LABEL=JAR:QTYPE ...
#   e.g. blocking-protocols.sh /tmp/mpsc 8 mpsc new=new.jar:MpscBlockingConsumerArrayQueue \
#          old-core=old.jar:MpscBlockingConsumerArrayQueue old-waitroom=old.jar:MpscBlockingArrayQueue
# env: J17, J25, PINGPONG (a command printing the ping-pong time; default: org.jcq.benchmarks.tools.PingPong
#      from the first configuration's jar if it has it), JMH (JMH options,
#      default "-f 1 -wi 2 -i 4 -w 1s -r 1s")
# Pair the JSON with: java -cp benchmarks.jar org.jcq.benchmarks.tools.Ratio OUT_DIR a=LABEL_A-TAG b=LABEL_B-TAG
# (TAG: bt11-17, btNN-17, bt11-25v, rt1-17, rt1-25v; add lower=true for the round trips, rt*).
set -u
R=$1 ROUNDS=$2 G=$3
shift 3
CONFIGS=("$@")
mkdir -p "$R"
J17=${J17:-/usr/lib/jvm/java-17-openjdk-amd64/bin/java}
J25=${J25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
J25U=("$J25" --sun-misc-unsafe-memory-access=allow)
U=(-jvmArgsPrepend --sun-misc-unsafe-memory-access=allow)
read -r -a O <<< "${JMH:--f 1 -wi 2 -i 4 -w 1s -r 1s}"
case $G in
  mpsc) TG2="2,1" ;;
  mpmc) TG2="2,2" ;;
  *) TG2="" ;;
esac
n=${#CONFIGS[@]}
first=${CONFIGS[0]#*=}
if [ -z "${PINGPONG:-}" ] && unzip -l "${first%%:*}" org/jcq/benchmarks/tools/PingPong.class > /dev/null 2>&1; then
  PINGPONG="$J17 -cp ${first%%:*} org.jcq.benchmarks.tools.PingPong"
fi
for round in $(seq 1 "$ROUNDS"); do
  [ -n "${PINGPONG:-}" ] && echo "$round $($PINGPONG)" >> "$R/pingpong.txt"
  for k in $(seq 0 $((n - 1))); do
    c=${CONFIGS[$(((k + round) % n))]}
    label=${c%%=*} rest=${c#*=}
    jar=${rest%%:*} q=${rest#*:}
    b="$R/$round-$label"
    "$J17" -jar "$jar" BlockingThroughput -p qType="$q" -tg 1,1 "${O[@]}" -rf json -rff "$b-bt11-17.json" > "$b-bt11-17.txt" 2>&1
    [ -n "$TG2" ] && "$J17" -jar "$jar" BlockingThroughput -p qType="$q" -tg "$TG2" "${O[@]}" -rf json -rff "$b-btNN-17.json" > "$b-btNN-17.txt" 2>&1
    "${J25U[@]}" -jar "$jar" BlockingThroughput -p qType="$q" -tg 1,1 "${O[@]}" "${U[@]}" -jvmArgsAppend -Djmh.executor=VIRTUAL \
      -rf json -rff "$b-bt11-25v.json" > "$b-bt11-25v.txt" 2>&1
    "$J17" -jar "$jar" BlockingRoundTrip -p qType="$q" -p burstSize=1 -p threadKind=platform "${O[@]}" -rf json -rff "$b-rt1-17.json" > "$b-rt1-17.txt" 2>&1
    "${J25U[@]}" -jar "$jar" BlockingRoundTrip -p qType="$q" -p burstSize=1 -p threadKind=virtual "${O[@]}" "${U[@]}" \
      -rf json -rff "$b-rt1-25v.json" > "$b-rt1-25v.txt" 2>&1
    echo "$round $label $(date +%T)"
  done
done
for c in "${CONFIGS[@]}"; do
  label=${c%%=*} rest=${c#*=}
  jar=${rest%%:*} q=${rest#*:}
  "$J17" -cp "$jar" org.jcq.benchmarks.tools.IdleConsumerCpu qTypes="$q" idleMillis=2000 > "$R/idle-$label-17.txt" 2>&1
  "${J25U[@]}" -cp "$jar" org.jcq.benchmarks.tools.IdleConsumerCpu qTypes="$q" idleMillis=2000 > "$R/idle-$label-25.txt" 2>&1
  "${J25U[@]}" -cp "$jar" org.jcq.benchmarks.tools.PutHandOff qTypes="$q" threadKinds=platform,virtual producers=1,3 capacities=4,64 \
    > "$R/puthandoff-$label-25.txt" 2>&1
done
