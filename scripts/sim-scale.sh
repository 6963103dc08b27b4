#!/usr/bin/env bash
# The occ model against N = 10^2 .. 10^5 on one thread: prints a Markdown table of events/s, wall time and memory.
# Usage: scripts/sim-scale.sh [JAR] (default: the CLI jar that ./backoff builds). Each N runs 100,000 / N runs, so
# every line simulates 100,000 client-runs; "simulation" is the simulator's own figure, "wall" the whole command
# (JVM start, simulation, CSV, charts, HTML). Memory: a second run of each N with -XX:+UseSerialGC -Xmx32m and a GC
# log; "live heap" is the largest heap left after a collection. The machine is shared: the load is printed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JAR="${1:-$ROOT/backoff-cli/target/backoff-cli.jar}"
OUT="$(mktemp -d)"
echo "| N | runs | events | simulation (s) | events/s | wall (s) | max RSS (MB) | live heap, -Xmx32m (MB) | load |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---|"
for n in 100 1000 10000 100000; do
  runs=$((100000 / n))
  args=(simulate --clients "$n" --runs "$runs" --strategies full-jitter --threads 1 --out "$OUT" -q)
  /usr/bin/time -f '%e %M' -o "$OUT/time" java -jar "$JAR" "${args[@]}" > "$OUT/stdout"
  line=$(tail -1 "$OUT/stdout") # "65,647,222 events in 6.72 s (9.8 M events/s)"
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  java -XX:+UseSerialGC -Xmx32m -Xlog:gc:file="$OUT/gc.log" -jar "$JAR" "${args[@]}" > /dev/null
  live=$(grep -o '[0-9]*M->[0-9]*M' "$OUT/gc.log" | sed 's/.*->//; s/M//' | sort -n | tail -1)
  printf "| %s | %s | %s | %s | %s M | %s | %s | %s | %s |\n" "$n" "$runs" "$(echo "$line" | awk '{print $1}')" \
    "$(echo "$line" | awk '{print $4}')" "$(echo "$line" | sed 's/.*(\(.*\) M events\/s).*/\1/')" \
    "$(cut -d' ' -f1 "$OUT/time")" "$(( $(cut -d' ' -f2 "$OUT/time") / 1024 ))" "${live:-n/a}" "$load"
done
rm -rf "$OUT"
