#!/usr/bin/env bash
# Killing ddtb-build build (SIGKILL) at random moments and running it again
# until it finishes gives byte for byte the tables of the plain
# reference build, and leaves nothing behind; so does killing ddtb-build
# merge at random moments.
#   kill_resume_test.sh DDTB_BUILD REF_DIR WORK_DIR [CARDS] [KILLS] [MAX_DELAY_MS] [SEED]
#                       [MERGE_MAX_DELAY_MS]
# Each run is killed after a random delay of up to MAX_DELAY_MS (default
# 3000: a 12-card build takes 3-10 s here, a restart less), each merge after
# up to MERGE_MAX_DELAY_MS (default MAX_DELAY_MS / 4). An empty SEED draws
# one.
set -euo pipefail
source "$(dirname "$0")/common.sh"
build=$1 ref=$2 work=$3 cards=${4:-12} kills=${5:-8} max_ms=${6:-3000}
seed=${7:-$((RANDOM * 32768 + RANDOM))} merge_ms=${8:-$((max_ms / 4))}
RANDOM=$seed
echo "seed $seed (pass it as the 7th argument to draw the same delays)"
rm -rf "$work"
mkdir -p "$work"
out=$work/tables
killed=0 chains=0 runs=0
# Kill runs until KILLS kills have happened. A run that finishes before its
# kill completes a chain of killed-and-resumed runs: its tables are compared
# with the reference, then the directory is emptied for the next chain.
while (( killed < kills && runs < 4 * kills )); do
  runs=$((runs + 1))
  ms=$(( 20 + (RANDOM * 32768 + RANDOM) % max_ms ))
  delay=$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))
  "$build" build --cards "$cards" --out "$out" --threads 2 --unit-size 64 --quiet \
    > "$work/run-$runs.log" 2>&1 &
  pid=$!
  sleep "$delay"
  kill -KILL "$pid" 2>/dev/null || true
  rc=0
  wait "$pid" 2>/dev/null || rc=$?
  if (( rc == 137 )); then
    killed=$((killed + 1))
    units=$(find "$out" -name 'u*.unit' 2>/dev/null | wc -l)
    tmps=$(find "$out" -name '*.tmp*' 2>/dev/null | wc -l)
    tables=$(cd "$out" 2>/dev/null && ls ddtb-*.tbl 2>/dev/null | sed 's/^ddtb-//; s/\.tbl$//' | tr '\n' ' ')
    echo "run $runs: killed after ${delay}s; on disk: $units unit files, $tmps temporary files, tables: ${tables:-none}"
  elif (( rc == 0 )); then
    chains=$((chains + 1))
    echo "run $runs: finished before its kill at ${delay}s"
    same_tables "$ref" "$out" "$cards"
    rm -rf "$out"
  else
    echo "FAIL: run $runs exited $rc:"
    cat "$work/run-$runs.log"
    exit 1
  fi
done
echo "final run:"
"$build" build --cards "$cards" --out "$out" --threads 2 --unit-size 64 --quiet
echo "$killed runs killed, $((chains + 1)) chains of runs completed"
same_tables "$ref" "$out" "$cards"

# The merge alone, killed at random moments (a build spends little of its
# time there): the units of the last card count built by a shard run, then
# `merge` killed after up to MERGE_MAX_DELAY_MS until KILLS merges were
# killed or one finished, then run to the end.
echo "merge killed at random moments:"
out=$work/merge
rm -rf "$out"
mkdir -p "$out"
for (( c = 4; c < cards; c += 4 )); do cp "$ref"/ddtb-$c-*.tbl "$out/"; done
"$build" build --cards "$cards" --out "$out" --shard 0/1 --threads 2 --unit-size 64 --quiet > /dev/null
killed=0
for (( k = 0; k < kills; k++ )); do
  ms=$(( 5 + (RANDOM * 32768 + RANDOM) % merge_ms ))
  delay=$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))
  "$build" merge "$out" --cards "$cards" --threads 2 > "$work/merge-$k.log" 2>&1 &
  pid=$!
  sleep "$delay"
  kill -KILL "$pid" 2>/dev/null || true
  rc=0
  wait "$pid" 2>/dev/null || rc=$?
  if (( rc == 137 )); then
    killed=$((killed + 1))
    echo "merge $k: killed after ${delay}s; on disk: $(cd "$out" && ls -A | tr '\n' ' ')"
  elif (( rc == 0 )); then
    echo "merge $k: finished before its kill at ${delay}s"
    break
  else
    echo "FAIL: merge $k exited $rc:"
    cat "$work/merge-$k.log"
    exit 1
  fi
done
"$build" merge "$out" --cards "$cards" --threads 2
echo "$killed merges killed"
# The second round of a sharded build: the bound layers derived from the
# exact layers just merged.
"$build" build --cards "$cards" --out "$out" --shard 0/1 --threads 2 --unit-size 64 --quiet > /dev/null
"$build" merge "$out" --cards "$cards" --threads 2
same_tables "$ref" "$out" "$cards"
