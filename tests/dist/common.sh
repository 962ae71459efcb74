# Shared by the distributed tests' scripts (sourced).

# same_tables REF DIR CARDS: every table file of 4..CARDS cards in DIR
# (exact and bound layers) is byte for byte the reference's, and DIR holds
# nothing else (no unit directories, no temporary files).
same_tables() {
  local ref=$1 dir=$2 cards=$3 c f name bad=0 want=0
  for (( c = 4; c <= cards; c += 4 )); do
    for f in "$ref"/ddtb-$c-nt.tbl "$ref"/ddtb-$c-trump.tbl "$ref"/ddtb-$c-*-ge*.tbl; do
      [[ -e $f ]] || continue
      name=${f##*/}
      want=$((want + 1))
      if ! cmp -s "$f" "$dir/$name"; then
        echo "FAIL: $dir/$name differs from the reference $f"
        bad=1
      fi
    done
  done
  # Two exact layers per card count, and from 12 cards two bound layers per
  # threshold 2 .. tricks - 1.
  local expect=0
  for (( c = 4; c <= cards; c += 4 )); do
    expect=$((expect + 2 + (c >= 12 ? 2 * (c / 4 - 2) : 0)))
  done
  if (( want != expect )); then
    echo "FAIL: the reference $ref has $want table files of up to $cards cards, not $expect"
    bad=1
  fi
  local extra
  extra=$(cd "$dir" && ls -A | grep -v '^ddtb-[0-9]*-\(nt\|trump\)\(-ge[0-9]*\)\?\.tbl$' || true)
  if [[ -n $extra ]]; then
    echo "FAIL: left in $dir: $extra"
    bad=1
  fi
  (( bad == 0 )) && echo "tables of $dir equal the reference byte for byte ($want files)"
  return $bad
}

# expect_fail STATUS TEXT COMMAND...: the command exits with STATUS and
# prints TEXT on standard error.
expect_fail() {
  local want=$1 text=$2 err rc=0
  shift 2
  err=$("$@" 2>&1 >/dev/null) || rc=$?
  if [[ $rc -ne $want || $err != *"$text"* ]]; then
    echo "FAIL: '$*' exited $rc (want $want) with: $err (want: $text)"
    return 1
  fi
  echo "ok: '$*' refused: ${err%%$'\n'*}"
}
