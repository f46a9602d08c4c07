#!/bin/bash
# Issue 38 on JDK 25: what the checked mode, the exact bound and the Flight Recorder events cost the
# unchecked, rounded rings (docs/measurements/2026-11-29-issue38-costs.md, "JDK 25"), and how much a
# launch's layout alone moves the one-thread MPSC figure. Benchmark jars in the current folder:
# s1.jar = s22.jar = lr.jar = lr2.jar = lq.jar the shipped build (401945e); p1.jar = p22.jar the build
# before the checked mode (c423d8e); c1.jar = c38.jar = c3.jar the checked-mode build (6f6194f); made
# with `mvn -B -q -pl jctools-benchmarks -am package -DskipTests` at each commit. J25: Temurin 25.
# Pack: Pack out/ forks.csv.gz.
set -e
C=${C:-$(dirname "$0")/../../configs.sh}
J25=${J25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
O="-wi 3 -i 3 -w 400ms -r 400ms"
B='QueueBaseline.offerAndPoll$'
# configs.sh before its layout pad: every launch below but out/shuffle's ran without it.
export LAYOUT=fixed
# The same jar under other names (MpscArrayQueue, one thread), twice.
bash $C out/names $J25 8 "$B" lr=lr.jar:MpscArrayQueue c38=c38.jar:MpscArrayQueue lr2=lr2.jar:MpscArrayQueue -- $O
bash $C out/names2 $J25 8 "$B" lr=lr.jar:MpscArrayQueue lq=lq.jar:MpscArrayQueue c3=c3.jar:MpscArrayQueue \
  lr2=lr2.jar:MpscArrayQueue c38=c38.jar:MpscArrayQueue -- $O
# The builds, each under two names: compare names of one length (s1/p1/c1, s22/p22).
for q in SpscArrayQueue MpscArrayQueue SpmcArrayQueue MpmcArrayQueue; do
  bash $C out/one/$q $J25 8 "$B" s1=s1.jar:$q p1=p1.jar:$q c1=c1.jar:$q s22=s22.jar:$q p22=p22.jar:$q -- $O
  bash $C out/1p1c/$q $J25 8 'QueueThroughput.tpt$' s1=s1.jar:$q p1=p1.jar:$q c1=c1.jar:$q s22=s22.jar:$q \
    p22=p22.jar:$q -- -p backoff=none $O
done
# One jar and name, a system property of 0, 1000, 2000 and 3000 characters (rotated as configs.sh does).
mkdir -p out/pad
PADS=(0 1000 2000 3000)
for round in 1 2 3 4 5 6 7 8; do
  for k in 0 1 2 3; do
    L=${PADS[$(((k + round - 1) % 4))]}
    b=out/pad/$round-pad$L
    $J25 --sun-misc-unsafe-memory-access=allow -jar s1.jar "$B" -p qType=MpscArrayQueue -f 1 $O \
      -jvmArgsPrepend "--sun-misc-unsafe-memory-access=allow -Djcq.pad=$(head -c $L /dev/zero | tr '\0' x)" \
      -rf json -rff $b.json > $b.txt 2>&1
    sed -i "s/\"qType\" : \"MpscArrayQueue\"/\"qType\" : \"pad$L\"/" $b.json
  done
done
# configs.sh's layout pad, drawn per launch.
unset LAYOUT
bash $C out/shuffle $J25 8 "$B" s1=s1.jar:MpscArrayQueue p1=p1.jar:MpscArrayQueue lr2=lr2.jar:MpscArrayQueue \
  p22=p22.jar:MpscArrayQueue -- $O
