#!/usr/bin/env bash
# The Slurm launchers without Slurm:
#  1. the environment path: ddtb-build build --shard slurm in three "array
#     tasks" (SLURM_ARRAY_TASK_* set by hand, one array starting at 1),
#     merged per card count, equals the reference byte for byte; bad or
#     missing variables are refused;
#  2. scripts/slurm/submit.sh with a stand-in sbatch (fake-sbatch), its
#     recorded jobs run in dependency order with the array variables set
#     (fake-slurm-run): the arrays, merges and the final verify all succeed
#     and the tables equal the reference;
#  3. a failing array task stops the chain at its merge (afterok), and
#     submitting again resumes.
#   slurm_test.sh DDTB_BUILD REF_DIR SCRIPTS_DIR WORK_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/common.sh"
build=$1 ref=$2 scripts=$3 work=$4
rm -rf "$work"
mkdir -p "$work"

echo "== 1. --shard slurm from the environment, 12 cards, arrays 0-2 and 1-3"
out=$work/env
# 12 cards twice: the exact layers, then the bound layers derived from them.
for cards in 4 8 12 12; do
  lo=$(( cards == 8 ? 1 : 0 ))
  for (( t = lo; t < lo + 3; t++ )); do
    SLURM_ARRAY_TASK_ID=$t SLURM_ARRAY_TASK_MIN=$lo SLURM_ARRAY_TASK_COUNT=3 \
      "$build" build --cards "$cards" --out "$out" --shard slurm --threads 1 --unit-size 64 --quiet
  done
  "$build" merge "$out" --cards "$cards"
done
same_tables "$ref" "$out" 12
expect_fail 2 "SLURM_ARRAY_TASK_ID" env -u SLURM_ARRAY_TASK_ID -u SLURM_ARRAY_TASK_COUNT \
  "$build" build --cards 4 --out "$work/none" --shard slurm
expect_fail 2 "not one of the array's 3 tasks" env SLURM_ARRAY_TASK_ID=3 \
  SLURM_ARRAY_TASK_COUNT=3 "$build" build --cards 4 --out "$work/none" --shard slurm
expect_fail 2 "--shard '3/3': needs i/N" "$build" build --cards 4 --out "$work/none" --shard 3/3

echo "== 2. submit.sh through a stand-in sbatch, 12 cards (two rounds at 12), 3 tasks per array"
export FAKE_SLURM_DIR=$work/slurm
mkdir -p "$work/bin"
ln -sf "$here/fake-sbatch" "$work/bin/sbatch"
PATH=$work/bin:$PATH bash "$scripts/submit.sh" --out "$work/chain" --cards 12 --tasks 3 \
  --build "$build" --sbatch "--partition=test --time=10" --verify "--solver-positions 100"
"$here/fake-slurm-run"
same_tables "$ref" "$work/chain" 12
grep -h "all checks passed" "$FAKE_SLURM_DIR"/jobs/*/out

echo "== 3. a failing task stops the chain; submitting again resumes"
export FAKE_SLURM_DIR=$work/slurm-fail
out=$work/fail
mkdir -p "$out"
# A file where task 2's unit directory must go makes its unit writes fail.
echo "not a directory" > "$out/ddtb-4-trump.units"
PATH=$work/bin:$PATH bash "$scripts/submit.sh" --out "$out" --cards 8 --tasks 2 \
  --build "$build" --no-verify
if "$here/fake-slurm-run"; then
  echo "FAIL: the chain succeeded with a failing task"
  exit 1
fi
[[ ! -e $out/ddtb-4-trump.tbl && ! -e $out/ddtb-8-nt.tbl ]] || { echo "FAIL: merged past a failed task"; exit 1; }
rm "$out/ddtb-4-trump.units"
export FAKE_SLURM_DIR=$work/slurm-again
PATH=$work/bin:$PATH bash "$scripts/submit.sh" --out "$out" --cards 8 --tasks 2 \
  --build "$build" --no-verify
"$here/fake-slurm-run"
same_tables "$ref" "$out" 8
