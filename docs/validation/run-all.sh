#!/usr/bin/env bash
# Simulates every trace in the traces folder under fcfs, easy and conservative and prints the markdown table of
# docs/validation.md. usage (from the repository root): docs/validation/run-all.sh [TRACES_DIR]
set -euo pipefail
traces=${1:-../shared/traces}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "| trace | policy | P | jobs | skipped | rejected | killed | mean wait (s) | mean response (s) | mean bounded slowdown | utilization | makespan (s) | LoC (%) | wall (s) |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for f in "$traces"/*.swf.gz; do
  name=$(basename "$f" .swf.gz)
  for p in fcfs easy conservative; do
    start=$(date +%s.%N)
    ./metasched simulate --workload "$f" --policy "$p" --out "$out/$name-$p" >/dev/null
    end=$(date +%s.%N)
    python3 - "$out/$name-$p/summary.json" "$name" "$p" "$(echo "$end - $start" | bc)" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
print(f"| {sys.argv[2]} | {sys.argv[3]} | {s['processors']} | {s['jobs']} | {s['skipped']} | {s['rejected']} | "
      f"{s['killed']} | {s['meanWait']:.1f} | {s['meanResponse']:.1f} | {s['meanBoundedSlowdown']:.2f} | "
      f"{s['utilization']:.4f} | {s['makespan']} | {s['lossOfCapacityPercent']:.3f} | {float(sys.argv[4]):.2f} |")
PY
  done
done
