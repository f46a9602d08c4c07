#!/bin/bash
# How every run under jctools-benchmarks/results/ was put in its packed form on 2026-11-29: each
# run's raw.tar.xz (as committed at 05a1dd3) unpacked; the result lines the older harness versions
# printed positionally rewritten as the key=value lines they print now (the same numbers); then
#   forks.csv.gz  every measurement, one row per fork and metric, the run settings once
#                 (org.jcq.benchmarks.tools.Pack: JMH's JSON, JMH's console where no JSON was kept,
#                 the harnesses' result lines);
#   logs.tar.xz   what is not a measurement: diagnostics (perf, schedstat, compilation logs),
#                 environments, ping-pong times, old Compare reports and their tables.
# JMH's JSON and consoles are not kept beside forks.csv.gz: it holds their numbers.
# The eight 2026-11-21-blocking-* development steps go into one folder, 2026-11-21-blocking-steps,
# a subfolder per step (docs/measurements/2026-11-21-blocking-steps.md is their history note).
# The rewritten lines go into files of their own (NAME-kv.txt) beside the originals, which Pack
# does not read and logs.tar.xz keeps as they were.
# usage: repack-2026-11-29.sh BENCHMARKS_JAR   (from the repository root, in a clone holding 05a1dd3)
set -eu
JAR=$1
RES=jctools-benchmarks/results
W=$(mktemp -d)
for t in $(git ls-tree -r --name-only 05a1dd3 -- "$RES" | grep '/raw\.tar\.xz$'); do
  run=$(basename "$(dirname "$t")")
  mkdir -p "$W/$run" && git show "05a1dd3:$t" | tar -xJ -C "$W/$run"
done
for f in environment.txt summary.txt; do  # committed beside that run's raw.tar.xz
  git show "05a1dd3:$RES/2026-11-28-executor-latency/$f" > "$W/2026-11-28-executor-latency/$f"
done

# Log4j2 (AsyncAppenderBench before it printed key=value): "ROUND QUEUE THREADS EVENTS/S IDLE-MS"
for f in "$W"/2026-11-27-log4j/jdk*/runs.txt "$W"/2026-11-28-blocking/run3/log4j-*/runs.txt; do
  awk 'NF == 5 { printf "%s log4j-async-appender qType=%s threads=%s eventsPerSecond=%s idleCpuMs=%s\n", $1, $2, $3, $4, $5 }' \
    "$f" > "${f%.txt}-kv.txt"
done
# Netty (EventLoopBench before key=value): "ROUND [LABEL] submit GROUP THREADS TASKS/S UNSAFE" and
# "ROUND [LABEL] echo GROUP 1 MEAN-US P99-US UNSAFE"
for f in "$W"/2026-11-27-netty/*/runs.txt "$W"/2026-11-28-blocking/run3/netty/runs.txt; do
  awk '{ l = ""; if ($2 != "submit" && $2 != "echo") { l = " label=" $2; $2 = ""; $0 = $0; }
         if ($2 == "submit") printf "%s netty-event-loop%s mode=submit qType=%s threads=%s tasksPerSecond=%s unsafe=%s\n", $1, l, $3, $4, $5, $6;
         else if ($2 == "echo") printf "%s netty-event-loop%s mode=echo qType=%s meanUs=%s p99Us=%s unsafe=%s\n", $1, l, $3, $5, $6, $7 }' \
    "$f" > "${f%.txt}-kv.txt"
done
# Pekko (MailboxOverload before its result line): the "round K MAILBOX senders ran ..." lines, with
# the round given by the script (run3) or by K (the 2026-11-27 consoles, three rounds per launch)
pekko() {  # $1: "script" (each line starts with the script's round and label) or "console"
  awk -v mode="$1" '
    /senders=[0-9]+ seconds=/ { for (i = 1; i <= NF; i++) { if ($i ~ /^senders=/) s = substr($i, 9); if ($i ~ /^capacity=/) c = substr($i, 10) } }
    / senders ran / { for (i = 1; i <= NF; i++) { if ($i == "round") { r = $(i + 1); m = $(i + 2) }
                        if ($i == "sent") sent = $(i + 1); if ($i == "delivered" && $(i - 1) != "per-sender") del = $(i + 1)
                        if ($i == "letters") dead = $(i + 1); if ($i == "unaccounted") un = $(i + 1); if ($i == "max/min") mm = $(i + 1) }
      p = (mode == "script") ? $1 " label=" $2 : r + 1
      printf "%s pekko-mailbox-overload qType=%s senders=%s capacity=%s sent=%s delivered=%s deadLetters=%s unaccounted=%s maxOverMin=%s\n", p, m, s, c, sent, del, dead, un, mm }'
}
f="$W"/2026-11-28-blocking/run3/pekko/runs.txt
pekko script < "$f" > "${f%.txt}-kv.txt"
for f in "$W"/2026-11-27-pekko-overload/*.txt; do pekko console < "$f" > "${f%.txt}-kv.txt"; done
# Executor A/B (executor-ab.sh's sum.txt): "ROUND LABEL-sSUBMITTERS TASKS/S"
f="$W"/2026-11-28-blocking-followup/exec-ab/sum.txt
awk 'NF == 3 { split($2, p, "-s"); printf "%s executor-bench label=%s qType=MpmcBlockingArrayQueue submitters=%s tasksPerSecond=%s\n", $1, p[1], p[2], $3 }' \
  "$f" > "${f%.txt}-kv.txt"

# PutHandOff (before its result lines): its table rows "QTYPE KIND PRODUCERS CAPACITY NS MIN MAX
# ELEMENTS", one file per launch (ROUND-LABEL.txt, puthandoff-LABEL-JDK.txt), or with "LABEL jdkN
# ROUND" before each row (2026-11-25-reliability); one puthandoff-kv.txt per folder
grep -rl --include='*.txt' 'ns/elem' "$W" | LC_ALL=C sort | while read -r f; do
  b=$(basename "$f" .txt)
  [ "$b" = summary ] && continue
  if [[ $b =~ ^([0-9]+)-(.+)$ ]]; then r=${BASH_REMATCH[1]} l=${BASH_REMATCH[2]}
  elif [[ $b =~ ^puthandoff-(.+)-[0-9]+$ ]]; then r=1 l=${BASH_REMATCH[1]}
  else r=1 l=$b; fi
  awk -v r="$r" -v l="$l" '
    NF == 8 && ($2 == "platform" || $2 == "virtual") {
      printf "%s put-hand-off label=%s qType=%s threadKind=%s producers=%s capacity=%s nsPerElement=%s minNs=%s maxNs=%s elements=%s\n", r, l, $1, $2, $3, $4, $5, $6, $7, $8 }
    NF == 11 && ($5 == "platform" || $5 == "virtual") { sub(/^jdk/, "", $2)
      printf "%s jdk=%s put-hand-off label=%s qType=%s threadKind=%s producers=%s capacity=%s nsPerElement=%s minNs=%s maxNs=%s elements=%s\n", $3, $2, $1, $4, $5, $6, $7, $8, $9, $10, $11 }' \
    "$f" >> "$(dirname "$f")/puthandoff-kv.txt"
done

# The development steps of the blocking queues, one folder.
mkdir -p "$W"/2026-11-21-blocking-steps
for d in "$W"/2026-11-21-blocking-*; do
  [ "$d" = "$W"/2026-11-21-blocking-steps ] && continue
  mv "$d" "$W/2026-11-21-blocking-steps/${d##*/2026-11-21-blocking-}"
done

for d in "$W"/*/; do
  run=$(basename "$d")
  mkdir -p "$RES/$run"
  # Each executor launch's own output repeats its line in the script's runs.txt.
  java -cp "$JAR" org.jcq.benchmarks.tools.Pack "$d" "$RES/$run/forks.csv.gz" exclude='/raw/r[0-9]+-'
  [ "$(zcat "$RES/$run/forks.csv.gz" | grep -vc '^#\|^source,')" = 0 ] && rm "$RES/$run/forks.csv.gz"
  (cd "$d" && find . -type f ! -name '*.json' -print0 | while IFS= read -r -d '' f; do
     case "$f" in *-kv.txt) continue ;; esac
     head -c 15 "$f" | grep -q '^# JMH version' || printf '%s\n' "${f#./}"; done | LC_ALL=C sort > "$W/$run.list")
  if [ -s "$W/$run.list" ]; then
    tar -C "$d" -cJf "$RES/$run/logs.tar.xz" --owner=0 --group=0 --mtime=2026-11-29 -T "$W/$run.list"
  fi
done
rm -rf "$W"
