#!/usr/bin/env bash
# ddtb-build-mpi under mpirun with 2 ranks: the tables equal the reference
# byte for byte and both ranks built units (each its shard of a round); then a
# run that finds half of the 12-card units done by a shard of ddtb-build
# build keeps them and still gives the same bytes.
#   mpi_test.sh MPIEXEC DDTB_BUILD_MPI DDTB_BUILD REF_DIR WORK_DIR [CARDS]
set -euo pipefail
source "$(dirname "$0")/common.sh"
mpiexec=$1 mpi_build=$2 build=$3 ref=$4 work=$5 cards=${6:-12}
rm -rf "$work"
mkdir -p "$work"
# Open MPI refuses to run as root unless told; CI runs as root.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# No network probing beyond this machine.
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
run_mpi() { "$mpiexec" -np 2 --oversubscribe --bind-to none "$mpi_build" "$@"; }

echo "== 1. from nothing"
run_mpi --cards "$cards" --out "$work/a" --threads 1 --unit-size 32 | tee "$work/a.log"
same_tables "$ref" "$work/a" "$cards"
line=$(grep "^$cards-card layers: units per rank" "$work/a.log")
if [[ ! $line =~ units\ per\ rank\ ([0-9]+)\ \([0-9]+\ CPU-s\),\ ([0-9]+) ]] ||
   (( BASH_REMATCH[1] == 0 || BASH_REMATCH[2] == 0 )); then
  echo "FAIL: both ranks should have built units: $line"
  exit 1
fi

echo "== 2. resuming from units a shard left"
mkdir -p "$work/b"
for (( c = 4; c < cards; c += 4 )); do cp "$ref"/ddtb-$c-*.tbl "$work/b/"; done
"$build" build --cards "$cards" --out "$work/b" --shard 0/2 --unit-size 32 --threads 1 --quiet
run_mpi --cards "$cards" --out "$work/b" --threads 1 --unit-size 32 | tee "$work/b.log"
grep -q "done by an earlier run" "$work/b.log"
if ! grep -qE "^$cards-card (no-trump|trump) *:" "$work/b.log"; then
  echo "FAIL: no line for the $cards-card exact layers in the MPI run's output"
  exit 1
fi
if grep -E "^$cards-card (no-trump|trump) *:.* 0 done by an earlier run" "$work/b.log"; then
  echo "FAIL: the units the shard built were not kept"
  exit 1
fi
same_tables "$ref" "$work/b" "$cards"
