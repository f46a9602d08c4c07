#!/bin/bash
# The runs of docs/pekko.md and docs/reactor.md, JDK 17 and 25, 2 vCPUs, quiet
# machine, from the repository root. integ.jar: jctools-benchmarks/target/benchmarks.jar built
# with `mvn -B -q -DskipTests package` at the commit that added PekkoMailboxes and ReactorSinks.
# Each directory of launches was packed with `ratio.py --merge DIR DIR.json`.
set -eu
R=jctools-benchmarks/results/2026-11-25-integrations
B="-wi 3 -i 5 -w 1s -r 1s"
bash jctools-benchmarks/scripts/rounds.sh $R/pekko-jdk17 java integ.jar PekkoMailboxes 6 mailbox \
  pekko,pekkoSingleConsumer,jcq,jcqPadded,jctools $B
bash jctools-benchmarks/scripts/rounds.sh $R/reactor-jdk17 java integ.jar ReactorSinks 6 queue reactor,jcq,jctools $B
# JDK 25, 4 rounds:
J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
bash jctools-benchmarks/scripts/rounds.sh $R/pekko-jdk25 $J25 integ.jar PekkoMailboxes 4 mailbox pekko,jcq,jcqPadded,jctools $B
bash jctools-benchmarks/scripts/rounds.sh $R/reactor-jdk25 $J25 integ.jar ReactorSinks 4 queue reactor,jcq,jctools $B
# Read, e.g.: python3 jctools-benchmarks/scripts/ratio.py --paired $R/pekko-jdk17.json jcq pekko - fanIn
