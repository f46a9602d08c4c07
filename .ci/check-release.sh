#!/usr/bin/env bash
# Release check: builds what would go to Maven Central (mvn -Prelease, tests skipped) and checks
#  1. for every published project (the parent POM, jctools-core, jctools-experimental,
#     jcq-pekko, jcq-reactor, jcq-log4j, jcq-netty): the POM metadata Central requires (name, description, url,
#     licenses, scm, developers), read from the effective POM, and the main jar, sources jar and
#     javadoc jar in target/;
#  2. that the tool modules (benchmarks, concurrency tests) are not deployed;
#  3. that jctools-core's three jars are byte for byte the same when built again from a copy of
#     the sources in another directory (a reproducible build).
# Signing and deploying are not part of it (docs/releasing.md). Arguments are passed to every mvn
# call, e.g. -o to work offline. Run by .ci/run after the tests, so it reuses their classes.
set -euo pipefail
cd "$(dirname "$0")/.."

published=jcq-parent,jctools-core,jctools-experimental,jcq-pekko,jcq-reactor,jcq-log4j,jcq-netty
tools=jctools-benchmarks,jctools-concurrency-test
start=$SECONDS
work=target/release-check
rm -rf "$work"
mkdir -p "$work"

echo "== Release build: mvn -Prelease -DskipTests package (published modules)"
# The parent is listed too (-pl .), and jctools-core is in the reactor, so the other modules take
# core from this build and never from the local repository.
mvn -B -ntp "$@" -q -Prelease -DskipTests package -pl .,jctools-core,jctools-experimental,jcq-pekko,jcq-reactor,jcq-log4j,jcq-netty

echo "== Effective POMs of the whole reactor (help:effective-pom)"
mvn -B -ntp "$@" -q -Prelease help:effective-pom -Doutput="$PWD/$work/effective-pom.xml"
java .ci/CheckRelease.java "$work/effective-pom.xml" published="$published" tools="$tools"

echo "== Reproducibility: jctools-core built again from a copy of the sources"
copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
# The tracked and the new (not ignored) files of the parent and core, as they are in the work
# tree; with -f the parent is found through core's relativePath, so no other module is needed.
git ls-files -z -c -o --exclude-standard -- pom.xml LICENSE jctools-core \
  | tar --null -cf - -T - | tar -xf - -C "$copy"
mvn -B -ntp "$@" -q -Prelease -DskipTests package -f "$copy/jctools-core/pom.xml"
different=0
shopt -s nullglob
jars=("$copy"/jctools-core/target/jctools-core-*.jar)
# Core's three jars, no more and no fewer.
if [ "${#jars[@]}" -ne 3 ]; then
  echo "FAIL the second build made ${#jars[@]} jctools-core jars, not 3"
  different=1
fi
for jar in "${jars[@]}"; do
  name="jctools-core/target/$(basename "$jar")"
  if cmp -s "$jar" "$name"; then
    echo "ok   $(basename "$jar"): the same in both builds"
  else
    echo "FAIL $(basename "$jar"): differs between the two builds, or missing in $name (stale classes? try mvn clean)"
    different=1
  fi
done
if [ "$different" -ne 0 ]; then
  exit 1
fi

echo "== Release check passed in $((SECONDS - start)) s"
