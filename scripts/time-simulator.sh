#!/usr/bin/env bash
# Times the simulator's default sweep (model occ, N = 10..190:10, 5 strategies, 100 runs), JVM start and report
# writing included, as docs/benchmarks.md reports it. Needs hyperfine (apt-get install -y hyperfine); extra
# arguments go to SimulationMain.
#
#   scripts/time-simulator.sh [SimulationMain options...]
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl backoff-sim -am install -DskipTests
./mvnw -B -q -pl backoff-sim dependency:build-classpath -Dmdep.outputFile="$PWD/target/sim-classpath.txt" \
  -DincludeScope=runtime
cp="backoff-sim/target/classes:$(cat target/sim-classpath.txt)"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
java -cp "$cp" io.github.backoff.sim.SimulationMain --out "$out" --quiet "$@"
hyperfine --warmup 2 --runs 10 "java -cp $cp io.github.backoff.sim.SimulationMain --out $out --quiet $*"
