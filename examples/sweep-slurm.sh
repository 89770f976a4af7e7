#!/usr/bin/env bash
# Runs a metasched sweep as a Slurm job array: one array task per shard, then one merge (docs/sweep.md). Submit it
# from the repository root, which every node sees at the same path (a shared file system), traces beside it:
#
#   mkdir -p results       # Slurm writes each task's output there and does not create the folder
#   sbatch --array=1-8 examples/sweep-slurm.sh examples/sweep-policies.yaml 8
#   # when all 8 tasks are done:
#   ./metasched sweep-merge results/sweep-sweep-policies-shard-*-of-8 -o results/sweep-policies
#
# Every shard runs the cells whose id falls in it (a fixed partition by cell id), so the merged cells.csv and
# summary.csv equal those of a single run on one machine; sweep-merge refuses a shard that is missing, given twice or
# not complete. All tasks may start at once on an unbuilt checkout: ./metasched builds the jar once, under a lock,
# while the others wait (./metasched --version on the login node builds it beforehand). Not run in CI (no Slurm
# there); running it with SLURM_ARRAY_TASK_ID=1..N started together does what the array does.
#SBATCH --job-name=metasched-sweep
#SBATCH --cpus-per-task=2
#SBATCH --time=01:00:00
#SBATCH --output=results/slurm-%A-%a.out
set -euo pipefail
spec=${1:?usage: sbatch --array=1-N sweep-slurm.sh SPEC N}
shards=${2:?usage: sbatch --array=1-N sweep-slurm.sh SPEC N}
i=${SLURM_ARRAY_TASK_ID:?run it with sbatch --array=1-N}
# sbatch starts the script in the directory it was submitted from (a copy of the script runs elsewhere)
cd "${SLURM_SUBMIT_DIR:-.}"
stem=$(basename "${spec%.*}")
./metasched sweep --spec "$spec" --shard "$i/$shards" --threads "${SLURM_CPUS_PER_TASK:-1}" --no-progress \
    -o "results/sweep-$stem-shard-$i-of-$shards"
