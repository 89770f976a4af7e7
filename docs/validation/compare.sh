#!/usr/bin/env bash
# Compares metasched's start times job by job with the naive reference simulator.
# usage: docs/validation/compare.sh TRACE POLICY [FIRST_N_JOBS]     (run from the repository root)
set -euo pipefail
trace=$1; policy=$2; n=${3:-0}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
limit=(); [ "$n" != 0 ] && limit=(--jobs "$n")
./metasched simulate --workload "$trace" --policy "$policy" "${limit[@]}" --out "$tmp/out" >/dev/null
tail -n +2 "$tmp/out/jobs.csv" | cut -d, -f1,3 | tr ',' ' ' > "$tmp/metasched.txt"
if [ "$n" != 0 ]; then
  python3 docs/validation/reference_sim.py "$trace" "$policy" "$n" > "$tmp/reference.txt"
else
  python3 docs/validation/reference_sim.py "$trace" "$policy" > "$tmp/reference.txt"
fi
echo "$policy $(basename "$trace") jobs=$(wc -l < "$tmp/metasched.txt") differing-starts=$(diff "$tmp/metasched.txt" "$tmp/reference.txt" | grep -c '^<' || true)"
