#!/usr/bin/env bash
# ddtb-build's refusals as a user meets them on the command line: bad shard
# specs, a missing directory, and merge refusing a gap, a corrupt, truncated,
# duplicate or misnamed unit and a unit built with other parameters — each
# with exit status 1 or 2, a message naming the unit or file, and no table
# (or temporary file) left behind. Then the intact units merge to the
# reference bytes and verify passes. Last, repack: compressed tables
# repacked raw are the reference's bytes, and a repack refused (units in the
# directory, a damaged chunk) changes nothing.
#   cli_errors_test.sh DDTB_BUILD REF_DIR WORK_DIR
set -euo pipefail
source "$(dirname "$0")/common.sh"
build=$1 ref=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
fails=0
check() { "$@" || fails=$((fails + 1)); }

echo "== bad arguments"
check expect_fail 2 "--shard '3/3': needs i/N" "$build" build --cards 8 --out "$work/x" --shard 3/3
check expect_fail 2 "--shard '-1/4': needs i/N" "$build" build --cards 8 --out "$work/x" --shard -1/4
check expect_fail 2 "--shard '1/0': needs i/N" "$build" build --cards 8 --out "$work/x" --shard 1/0
check expect_fail 2 "--shard 'two/4': needs i/N" "$build" build --cards 8 --out "$work/x" --shard two/4
check expect_fail 2 "--shard slurm needs SLURM_ARRAY_TASK_ID" env -u SLURM_ARRAY_TASK_ID \
  -u SLURM_ARRAY_TASK_COUNT "$build" build --cards 8 --out "$work/x" --shard slurm
check expect_fail 2 "--shard slurm: SLURM_ARRAY_TASK_ID='x' is not a number" env SLURM_ARRAY_TASK_ID=x \
  SLURM_ARRAY_TASK_COUNT=4 "$build" build --cards 8 --out "$work/x" --shard slurm
check expect_fail 2 "--store needs auto, raw, zstd or packed" "$build" build --cards 8 --out "$work/x" --store lz4
check expect_fail 2 "--store needs auto, raw or zstd" "$build" merge "$work/x" --store fast
check expect_fail 2 "merge writes a layer as built" "$build" merge "$work/x" --store packed
check expect_fail 2 "$work/missing: not a directory" "$build" merge "$work/missing"
echo "a file" > "$work/file"
check expect_fail 2 "--out $work/file: not a directory" "$build" build --cards 8 --out "$work/file"
if [[ -e $work/x ]]; then
  echo "FAIL: a refused run created $work/x"
  fails=$((fails + 1))
fi
mkdir "$work/x"
check expect_fail 1 "cannot merge 8-card layers without the layers below: $work/x/ddtb-4-nt.tbl" \
  "$build" merge "$work/x" --cards 8

echo "== merge refusals, 8-card no-trump units of 16 partitions (31 units)"
dir=$work/tb
mkdir -p "$dir"
cp "$ref"/ddtb-4-*.tbl "$dir/"
"$build" build --cards 8 --out "$dir" --shard 0/1 --unit-size 16 --threads 2 --quiet
units=$dir/ddtb-8-nt.units
cp -a "$units" "$work/kept"

echo "== info on layers being built"
# has TEXT...: the last info output holds every TEXT.
has() {
  for want in "$@"; do
    if [[ $info != *"$want"* ]]; then
      echo "FAIL: ddtb-build info printed: $info (want: $want)"
      fails=$((fails + 1))
    fi
  done
}
info=$("$build" info "$dir")
has "$units: being built: 31 of 31 units of 16 partitions done, 100.0% of the layer's canonical states (all: 'ddtb-build merge'" \
  "ddtb-4-nt.tbl: 4 cards no-trump"
rm "$units/u000004.unit" "$units/u000030.unit"
info=$("$build" info "$dir")
has "$units: being built: 29 of 31 units of 16 partitions done" "('ddtb-build build' resumes)"
rm -rf "$units"
cp -a "$work/kept" "$units"
# Units of another unit size, to mix in.
mkdir -p "$work/wide"
cp "$ref"/ddtb-4-*.tbl "$work/wide/"
"$build" build --cards 8 --out "$work/wide" --shard 0/1 --unit-size 32 --threads 2 --quiet

# refused STATUS TEXT1 TEXT2: merge refuses with both texts, writes no table
# and leaves no temporary file; then the units are restored.
refused() {
  local err rc=0
  err=$("$build" merge "$dir" --cards 8 --keep-units 2>&1 >/dev/null) || rc=$?
  if [[ $rc -ne $1 || $err != *"$2"* || $err != *"$3"* ]]; then
    echo "FAIL: merge exited $rc (want $1) with: $err (want: $2 ... $3)"
    fails=$((fails + 1))
  else
    echo "ok: ${err%%$'\n'*}"
  fi
  if [[ -e $dir/ddtb-8-nt.tbl ]] || ls "$dir" | grep -q 'tmp'; then
    echo "FAIL: a refused merge left a table or a temporary file: $(ls "$dir")"
    fails=$((fails + 1))
  fi
  rm -rf "$units" "$dir/ddtb-8-trump.tbl"
  cp -a "$work/kept" "$units"
}

rm "$units/u000004.unit"
refused 1 "1 of 31 units missing in $units" "unit 4 (partitions 64-79)"

rm "$units/u000004.unit" "$units/u000017.unit" "$units/u000030.unit"
refused 1 "3 of 31 units missing" "unit 30 (partitions 480-482)"

# A flipped byte in the payload: the partition it falls in is named.
size=$(stat -c %s "$units/u000009.unit")
printf '\xff' | dd of="$units/u000009.unit" bs=1 seek=$((size - 20)) conv=notrunc status=none
refused 1 "$units/u000009.unit" "checksum mismatch"

truncate -s 100 "$units/u000012.unit"
refused 1 "$units/u000012.unit" "delete the file and rerun the build"

cp "$units/u000004.unit" "$units/u000040.unit"
refused 1 "$units/u000040.unit holds unit 4 (partitions 64-79)" "duplicate unit"

cp "$units/u000004.unit" "$units/u000005.unit"
refused 1 "$units/u000005.unit holds unit 4 (partitions 64-79)" "duplicate unit"

mv "$units/u000004.unit" "$units/u000041.unit"
refused 1 "$units/u000041.unit holds unit 4" "is not named u000004.unit"

cp "$work/wide/ddtb-8-nt.units/u000015.unit" "$units/u000015.unit"
refused 1 "$units/u000015.unit was built with other parameters" "unit size 32 (expected 16)"

# A layer below that is not what its name says (the 4-card trump table
# copied over the no-trump one) is refused before any unit is read. (Units
# built over other lower tables: Units.MergeRefuses... in
# ddtb_distributed_test.)
cp "$dir/ddtb-4-nt.tbl" "$work/nt4"
cp "$dir/ddtb-4-trump.tbl" "$dir/ddtb-4-nt.tbl"
check expect_fail 1 "$dir/ddtb-4-nt.tbl holds the 4-card trump layer, not the 4-card no-trump" \
  "$build" merge "$dir" --cards 8
check expect_fail 1 "$dir/ddtb-4-nt.tbl holds the 4-card trump layer" \
  "$build" build --cards 8 --out "$dir" --shard 0/2
cp "$work/nt4" "$dir/ddtb-4-nt.tbl"
if [[ -e $dir/ddtb-8-nt.tbl ]]; then
  echo "FAIL: a table was written over a wrong layer below"
  fails=$((fails + 1))
fi

echo "== intact: merge, compare, verify"
"$build" merge "$dir" --cards 8
same_tables "$ref" "$dir" 8 || fails=$((fails + 1))
"$build" verify "$dir" --threads 2 --solver-positions 200 | tail -1
echo "== sample --count: layer sizes and what one unit reaches below"
info=$("$build" sample --cards 12 --count)
has "12 cards no-trump: 6996 partitions" "12 cards trump   : 25645 partitions" \
  "of the 2054 partitions of the layer below on average (100 units drawn, seed 1)"

echo "== --store zstd: the same sets, compressed, verified"
z=$work/zstd
mkdir -p "$z"
cp "$ref"/ddtb-4-*.tbl "$z/"
"$build" build --cards 8 --out "$z" --store zstd --threads 2 --quiet
for k in nt trump; do
  want=$("$build" info "$ref" | grep "ddtb-8-$k.tbl:" | grep -o '[0-9]* sets')
  info=$("$build" info "$z" | grep "ddtb-8-$k.tbl:")
  has "$want" "params 0x1300"
  if cmp -s "$ref/ddtb-8-$k.tbl" "$z/ddtb-8-$k.tbl"; then
    echo "FAIL: --store zstd wrote the same bytes as the reference's raw 8-card $k table"
    fails=$((fails + 1))
  fi
done
"$build" verify "$z" --threads 2 --solver-positions 200 | tail -1

echo "== repack: zstd back to raw gives the reference's bytes; refusals leave the tables as they were"
check expect_fail 2 "--store needs packed, auto, raw or zstd" "$build" repack "$z" --store lz4
check expect_fail 2 "$work/missing: not a directory" "$build" repack "$work/missing"
"$build" repack "$z" --store raw --threads 2 | tail -1
same_tables "$ref" "$z" 8 || fails=$((fails + 1))
for f in "$ref"/ddtb-[48]-*.tbl; do
  cmp "$f" "$z/$(basename "$f")" || fails=$((fails + 1))
done
cp -r "$z" "$work/zstd-before"
mkdir "$z/ddtb-12-nt.units"
check expect_fail 1 "$z/ddtb-12-nt.units: work units of an unfinished build" "$build" repack "$z"
rmdir "$z/ddtb-12-nt.units"
# A damaged chunk (a byte of the last 8-card trump chunk flipped): named, and
# no file changed or left behind.
size=$(stat -c %s "$z/ddtb-8-trump.tbl")
printf '\xff' | dd of="$z/ddtb-8-trump.tbl" bs=1 seek=$((size - 20)) conv=notrunc status=none
cp "$z/ddtb-8-trump.tbl" "$work/zstd-before/ddtb-8-trump.tbl"
check expect_fail 1 "$z/ddtb-8-trump.tbl" "$build" repack "$z" --store zstd
if ! diff -r "$z" "$work/zstd-before" > /dev/null; then
  echo "FAIL: a refused repack changed $z: $(diff -rq "$z" "$work/zstd-before")"
  fails=$((fails + 1))
fi

if (( fails )); then
  echo "$fails check(s) failed"
  exit 1
fi
echo "all refusals as expected"
