#!/bin/bash
# ludolog on Slurm: one run split into SHARDS shards by a job array, and a job that
# merges their results once every task has ended.
#
#   RUN="check hex -O size=9 --games 20000" SHARDS=8 bash slurm-check.sh   # submits both
#   cat results/merged.txt                                                 # afterwards
#
# RUN is the command without --shard/--json: `check ...` or `perft ...`.  Run this on
# the login node: it submits itself as the array (each task runs its shard on the
# cores it is given) and the merge as a job that depends on the whole array.
#SBATCH --job-name=ludolog-shard
#SBATCH --cpus-per-task=4
#SBATCH --time=02:00:00
set -u
LUDOLOG=${LUDOLOG:-ludolog}
RESULTS=${RESULTS:-results}

if [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then
    : "${RUN:?set RUN, e.g. RUN=\"check hex -O size=9 --games 20000\"}"
    SHARDS=${SHARDS:-8}
    mkdir -p "$RESULTS"
    export RUN SHARDS LUDOLOG RESULTS
    array=$(sbatch --parsable --array=1-"$SHARDS" --output="$RESULTS/shard-%a.log" "$0") || exit 1
    merge=$(sbatch --parsable --job-name=ludolog-merge --dependency=afterany:"$array" \
        --output="$RESULTS/merged.txt" \
        --wrap="$LUDOLOG merge $RESULTS/shard-*.json") || exit 1
    echo "shards: job $array; merge: job $merge, its report in $RESULTS/merged.txt"
    exit 0
fi

# one task: shard K of the array's N (written under a temporary name, then renamed)
K=$SLURM_ARRAY_TASK_ID
OUT=$RESULTS/shard-$K.json
# exit 1 with a result is a mismatch, which the merge reports; no result is an error
$LUDOLOG $RUN --shard "$K/$SHARDS" --threads "${SLURM_CPUS_PER_TASK:-1}" --json > "$OUT.tmp" \
    || [ -s "$OUT.tmp" ] || exit 2
mv "$OUT.tmp" "$OUT"
