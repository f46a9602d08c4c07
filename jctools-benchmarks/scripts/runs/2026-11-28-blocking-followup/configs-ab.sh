#!/bin/bash
# BlockingThroughput, configs "label|jvm opts", rotated per round; JDK 17 platform unless V=1 (JDK 25 virtual)
O=$1; Q=$2; ROUNDS=$3; shift 3; mkdir -p $O
J=/usr/lib/jvm/java-17-openjdk-amd64/bin/java; X=""
[ "${V:-0}" = 1 ] && J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java && X="-Djmh.executor=VIRTUAL"
# CP: the patched Parking classes (patch-pause.py, javac --release 11 against the jar) first, then the
# benchmarks jar of 4bca8cb, e.g. CP=/tmp/pause/classes:benchmarks-4bca8cb.jar
CP=${CP:?patched classes:benchmarks jar}
configs=("$@"); n=${#configs[@]}
for r in $(seq 1 $ROUNDS); do
  for k in $(seq 0 $((n-1))); do
    c=${configs[$(((k + r) % n))]}; label=${c%%|*}; opts=${c#*|}
    $J -cp $CP org.openjdk.jmh.Main ${BENCH:-BlockingThroughput} -p qType=$Q ${PARAMS:-} -tg ${TG:-1,1} -f 1 -wi ${WI:-2} -i ${I:-4} -w 1s -r 1s -jvmArgsAppend "$opts $X" -rf json -rff $O/$r-$label.json > $O/$r-$label.txt 2>&1
    echo "$r $label $(grep -E "${SCORE:-blocking:takesMade}" $O/$r-$label.txt | tail -1 | awk '{print $(NF-3), $(NF-1)}')" >> $O/sum.txt
  done
done
echo done >> $O/sum.txt
