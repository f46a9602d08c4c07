#!/bin/bash
# put/take hand-off, new vs current jar, every blocking shape: BlockingThroughput 1P1C JDK17, NP-C JDK17, 1P1C virtual JDK25
O=$1; ROUNDS=$2; mkdir -p $O
J17=/usr/lib/jvm/java-17-openjdk-amd64/bin/java; J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
labels=("cur|${CUR:?jar of 4bca8cb}" "new|${NEW:?jar of d9bac42}")
OPTS="-f 1 -wi 2 -i 4 -w 1s -r 1s"
for r in $(seq 1 $ROUNDS); do
  echo "$r $($J17 -cp ${NEW} org.jcq.benchmarks.tools.PingPong)" >> $O/pingpong.txt
  for k in 0 1; do
    c=${labels[$(((k + r) % 2))]}; lab=${c%%|*}; jar=${c#*|}
    for sq in "spsc SpscBlockingArrayQueue" "mpsc MpscBlockingConsumerArrayQueue" "mpmc MpmcBlockingArrayQueue"; do
      s=${sq%% *}; q=${sq#* }
      b=$O/$r-$lab-$s
      $J17 -jar $jar BlockingThroughput -p qType=$q -tg 1,1 $OPTS > $b-11-17.txt 2>&1
      echo "$r $lab $s 11-17 $(grep 'blocking:takesMade' $b-11-17.txt | tail -1 | awk '{print $(NF-3)}')" >> $O/sum.txt
      tg=""; [ $s = mpsc ] && tg=2,1; [ $s = mpmc ] && tg=2,2
      if [ -n "$tg" ]; then
        $J17 -jar $jar BlockingThroughput -p qType=$q -tg $tg $OPTS > $b-NN-17.txt 2>&1
        echo "$r $lab $s NN-17 $(grep 'blocking:takesMade' $b-NN-17.txt | tail -1 | awk '{print $(NF-3)}')" >> $O/sum.txt
      fi
      $J25 --sun-misc-unsafe-memory-access=allow -jar $jar BlockingThroughput -p qType=$q -tg 1,1 $OPTS -jvmArgsAppend "--sun-misc-unsafe-memory-access=allow -Djmh.executor=VIRTUAL" > $b-11-25v.txt 2>&1
      echo "$r $lab $s 11-25v $(grep 'blocking:takesMade' $b-11-25v.txt | tail -1 | awk '{print $(NF-3)}')" >> $O/sum.txt
    done
  done
done
echo done >> $O/sum.txt
