#!/bin/sh
# Reproducible builds: builds every published jar (and the CLI archives) twice from clean, then compares them byte
# for byte. Exit 0 if every file is identical, 1 otherwise (listing the ones that differ).
#   scripts/check-reproducible.sh            # offline (-o) if the local repository has everything
#   MVN_ARGS="-B" scripts/check-reproducible.sh
# Tests are skipped: they do not change what is packaged. Takes two package builds (a few minutes on 2 cores).
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
cd "$ROOT"
MVN_ARGS=${MVN_ARGS:--B -o}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/backoff-repro.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM

build() {
  echo "check-reproducible: build $1 ..." >&2
  # shellcheck disable=SC2086
  ./mvnw $MVN_ARGS -q clean package -DskipTests >"$WORK/build-$1.log" 2>&1 || {
    echo "check-reproducible: build $1 failed; its log:" >&2
    tail -50 "$WORK/build-$1.log" >&2
    exit 2
  }
  mkdir -p "$WORK/$1"
  # Every archive a release ships: module jars, -sources and -javadoc jars, the CLI's tar.gz and zip.
  find . -path ./backoff-bench -prune -o -path ./backoff-testbed -prune -o -path '*/target/*' -prune -o -type d -name target -print | while read -r t; do
    for f in "$t"/*.jar "$t"/*.tar.gz "$t"/*.zip; do
      [ -f "$f" ] || continue
      mkdir -p "$WORK/$1/$(dirname "$f")"
      cp "$f" "$WORK/$1/$f"
    done
  done
}

build 1
build 2

cd "$WORK/1"
count=0
different=0
for f in $(find . -type f | sort); do
  count=$((count + 1))
  if cmp -s "$f" "$WORK/2/$f"; then
    echo "same      $f"
  else
    echo "DIFFERENT $f"
    different=$((different + 1))
  fi
done
if [ "$count" -eq 0 ]; then
  echo "check-reproducible: no archives were built" >&2
  exit 2
fi
if [ "$different" -ne 0 ]; then
  echo "check-reproducible: $different of $count archives differ between two builds of the same sources" >&2
  exit 1
fi
echo "check-reproducible: all $count archives are byte for byte identical across two clean builds"
