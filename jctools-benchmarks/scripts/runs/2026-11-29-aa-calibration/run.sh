#!/bin/bash
# What "ahead in k of 8 rounds" can tell on this machine (docs/measurements/2026-11-29-aa-calibration.md):
# A/A runs, six labels launching one jar and queue (MpscArrayQueue) in configs.sh's rotated rounds,
# each launch with its own layout pad; and the same bytes under two jar names, fixed and under a
# fresh name of random length per launch. cur.jar: jctools-benchmarks/target/benchmarks.jar of 3d2b5b3
# (mvn -B -q -pl jctools-core,jctools-benchmarks package -DskipTests); lr.jar and lr2.jar: two copies
# of one benchmarks.jar (any build). J17/J25: the JDKs. Read:
#   java -cp benchmarks.jar org.jcq.benchmarks.tools.Calibrate out/aa17 labels=a,b,c,d,e,f   (and aa25, aa25o)
#   java -cp benchmarks.jar org.jcq.benchmarks.tools.Calibrate out/names labels=lrF,lr2F,lrR,lr2R
# Pack: Pack out/ forks.csv.gz.
set -e
C=${C:-$(dirname "$0")/../../configs.sh}
J17=${J17:-java}
J25=${J25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
O="-wi 3 -i 3 -w 400ms -r 400ms"
L="a=cur.jar:MpscArrayQueue b=cur.jar:MpscArrayQueue c=cur.jar:MpscArrayQueue d=cur.jar:MpscArrayQueue"
L="$L e=cur.jar:MpscArrayQueue f=cur.jar:MpscArrayQueue"
bash $C out/aa17 $J17 16 'QueueBaseline.fillAndDrain$' $L -- $O
bash $C out/aa25 $J25 16 'QueueBaseline.fillAndDrain$' $L -- $O
bash $C out/aa25o $J25 16 'QueueBaseline.offerAndPoll$' $L -- $O
# One jar's bytes under two names: lrF/lr2F as named, lrR/lr2R through a link of random length made
# anew for each launch (names.txt: its length); rotated as configs.sh rotates, a layout pad each.
B='QueueBaseline.offerAndPoll$' Q=MpscArrayQueue
mkdir -p out/names/jars
CFG=(lrF lr2F lrR lr2R)
for round in 1 2 3 4 5 6 7 8; do
  for k in 0 1 2 3; do
    label=${CFG[$(((k + round - 1) % 4))]}
    case $label in
      lrF) jar=lr.jar ;;
      lr2F) jar=lr2.jar ;;
      *R) len=$((RANDOM % 200)); rm -f out/names/jars/*.jar
          jar=out/names/jars/j$(head -c $len /dev/zero | tr '\0' x).jar
          ln -s "$PWD/${label%R}.jar" "$jar"; echo "$round $label $len" >> out/names/names.txt ;;
    esac
    pad=$((RANDOM % 4096)); echo "$round $label $pad" >> out/names/layout.txt
    b=out/names/$round-$label
    $J25 --sun-misc-unsafe-memory-access=allow -jar "$jar" "$B" -p qType=$Q -f 1 $O \
      -jvmArgsPrepend "--sun-misc-unsafe-memory-access=allow -Djcq.layout=$(head -c $pad /dev/zero | tr '\0' x)" \
      -rf json -rff $b.json > $b.txt 2>&1
    sed -i "s/\"qType\" : \"$Q\"/\"qType\" : \"$label\"/" $b.json
  done
done
